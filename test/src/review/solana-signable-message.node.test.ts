// What solana:signMessage refuses before the person is asked: bytes a Solana runtime would take as
// a transaction (built by the attacker's libraries, @solana/web3.js and @solana/kit: a 1,000 SOL
// transfer, legacy and v0, with and without a lookup table; the message alone, the whole
// serialized transaction, the message with bytes after it, a non-canonical length), and bytes that
// are not text. Near misses that must still be signed: text, a Sign-In With Solana message, text
// that starts like a message header. Each row names the defence that catches it, so narrowing the
// reader (legacy only, exact length only, canonical lengths only) fails a row.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Keypair, PublicKey, VersionedMessage } from '@solana/web3.js';
import { assertSignableSolanaMessage, isSolanaTransactionBytes, solanaMessageText } from '../../../src/review/solana-signable-message.ts';
import { key, kitTable, kitTransfer, lookupTable, nonCanonical, siws, utf8, web3Legacy, web3V0 } from './solana-attacks.ts';

const victim = key().toBase58();

/** Throws ERR_WALLET_REQUEST_UNSAFE, saying why. */
function refused(bytes: Uint8Array, why: RegExp): void {
  assert.throws(() => assertSignableSolanaMessage(bytes), (e: { code?: string; message?: string }) => e.code === 'ERR_WALLET_REQUEST_UNSAFE' && why.test(e.message ?? ''));
}

const legacy = web3Legacy(victim);
const v0 = web3V0(victim);
const v0Table = web3V0(victim, lookupTable(key()));
const kitLegacy = kitTransfer(victim, 'legacy');
const kitV0 = kitTransfer(victim, 0);
const kitV0Table = kitTransfer(victim, 0, kitTable());

const TRANSACTIONS: readonly [string, Uint8Array][] = [
  ['web3.js legacy message (1,000 SOL)', legacy.message],
  ['web3.js v0 message', v0.message],
  ['web3.js v0 message, destination from a lookup table', v0Table.message],
  ['kit legacy message', kitLegacy.message],
  ['kit v0 message', kitV0.message],
  ['kit v0 message, destination from a lookup table', kitV0Table.message],
  ['web3.js legacy, whole serialized transaction', legacy.transaction],
  ['web3.js v0, whole serialized transaction', v0.transaction],
  ['web3.js v0 with a table, whole serialized transaction', v0Table.transaction],
  ['kit v0 with a table, whole serialized transaction', kitV0Table.transaction],
  // The validators' signature check has covered the packet to its end, and the transaction is
  // read with trailing bytes allowed: a prefix is enough.
  ['legacy message + trailing bytes', Uint8Array.from([...legacy.message, 0, 1, 2, 3])],
  ['v0 message with a table + trailing text', Uint8Array.from([...v0Table.message, ...utf8(' hello')])],
  ['whole v0 transaction + trailing bytes', Uint8Array.from([...v0.transaction, 0xff])],
  // A reader that accepts non-canonical lengths: the key count (byte 3 legacy, 4 v0) in two bytes.
  ['legacy message, non-canonical key count', nonCanonical(legacy.message, 3)],
  ['v0 message, non-canonical key count', nonCanonical(v0.message, 4)],
  // Text built to read as one (40 signers, 122 keys of 'z', 33 instructions): the check does not lean on "not text".
  ['ASCII text built to read as a legacy message', utf8(`(  z${'z'.repeat(122 * 32 + 32)}!${`a ${'a'.repeat(32)} ${'a'.repeat(32)}`.repeat(33)} and after it, anything`)],
];

describe('solana:signMessage: what is refused before the person is asked', () => {
  it('the attacker\u2019s libraries read these bytes as the transaction (the attack is real)', () => {
    for (const bytes of [legacy.message, v0.message, v0Table.message, kitLegacy.message, kitV0.message, kitV0Table.message]) {
      const message = VersionedMessage.deserialize(bytes);
      assert.equal(message.staticAccountKeys[0]!.toBase58(), victim);
      assert.equal(message.header.numRequiredSignatures, 1);
    }
  });

  for (const [name, bytes] of TRANSACTIONS) {
    it(`refused as a transaction: ${name}`, () => {
      assert.equal(isSolanaTransactionBytes(bytes), true);
      if (name.startsWith('ASCII')) assert.equal(typeof solanaMessageText(bytes), 'string');
      refused(bytes, /is a Solana transaction/);
    });
  }

  it('random transactions (1-4 instructions, 2-20 keys, legacy and v0) are all read as transactions', () => {
    for (let n = 0; n < 200; n++) {
      const to = Keypair.generate().publicKey;
      const tx = n % 2 ? web3V0(victim, n % 4 === 1 ? lookupTable(to) : undefined) : web3Legacy(victim, to);
      assert.equal(isSolanaTransactionBytes(tx.message), true);
      assert.equal(isSolanaTransactionBytes(tx.transaction), true);
    }
  });

  it('bytes that are not text are refused (no standard framing signs them safely)', () => {
    for (const bytes of [Uint8Array.of(1, 2, 3), Uint8Array.of(0xff, 0xfe), new PublicKey(victim).toBytes(), utf8('pay\u0000 attention'), utf8('\u009bC1'), utf8('bell\u0007')]) {
      assert.equal(isSolanaTransactionBytes(bytes), false);
      refused(bytes, /not text/);
    }
  });

  it('a message header that does not fit is not a transaction (the runtime\u2019s own checks)', () => {
    const m = legacy.message;
    // read-only signers as many as the signers; read-only accounts past the keys; another version byte; cut short.
    for (const bytes of [Uint8Array.from([1, 1, ...m.subarray(2)]), Uint8Array.from([1, 0, 200, ...m.subarray(3)]), Uint8Array.from([0x81, ...v0.message.subarray(1)]), m.subarray(0, m.length - 1), v0.message.subarray(0, v0.message.length - 1)]) {
      assert.equal(isSolanaTransactionBytes(bytes), false);
    }
    // An instruction naming an account past the keys: out of range, no message.
    const data = legacy.message.slice();
    data[data.length - 14] = 9; // the last account index of the transfer (then data length 12, data)
    assert.equal(isSolanaTransactionBytes(data), false);
  });
});

describe('solana:signMessage: near misses still signed', () => {
  const TEXTS = [
    'Sign in to dapp.example\nNonce: 42',
    siws(victim),
    'مرحبا بالعالم ✓ 😀 — ñandú',
    // Starts like a legacy header (40 signers, 32 and 32 read-only, 122 keys), too short for its keys.
    '(  z: a header, then not enough bytes for 122 keys',
    'x'.repeat(20_000),
  ];
  for (const text of TEXTS) {
    it(`text is signable: ${JSON.stringify(text.slice(0, 40))}`, () => {
      const bytes = utf8(text);
      assert.equal(isSolanaTransactionBytes(bytes), false);
      assert.equal(solanaMessageText(bytes), text);
      assert.doesNotThrow(() => assertSignableSolanaMessage(bytes));
    });
  }

  it('no printable-ASCII or UTF-8 text of 0-3000 characters reads as a transaction (5,000 random texts)', () => {
    const alphabet = [...' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~\n\tñéمر😀'];
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let n = 0; n < 5000; n++) {
      const text = Array.from({ length: Math.floor(random() * 3000) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      assert.equal(isSolanaTransactionBytes(utf8(text)), false, text.slice(0, 60));
    }
  });
});
