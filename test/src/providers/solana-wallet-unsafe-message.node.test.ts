// Issue 36's critical case against a real emulator: a dapp's solana:signMessage whose bytes are a
// transaction (a 1,000 SOL transfer built by @solana/web3.js and @solana/kit) is refused with
// ERR_WALLET_REQUEST_UNSAFE before the person is asked, and no request reaches the emulator (a
// fetch spy on the kit sees none; the emulator's state is unchanged). First, that the attack is
// real: the service signs the same bytes as a raw payload, and web3.js verifies that signature as
// the transaction's. Near misses (text, a Sign-In With Solana message) are signed, and tweetnacl
// verifies them.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import nacl from 'tweetnacl';
import { LAMPORTS_PER_SOL, PublicKey, SystemInstruction, Transaction } from '@solana/web3.js';
import { LatchKit } from '../../../src/kit/latch-kit.ts';
import type { SigningSession } from '../../../src/session/signing-session.ts';
import { registerSolanaWallet, type RegisteredSolanaWallet } from '../../../src/providers/solana.ts';
import type { RequestReview } from '../../../src/review/request-review.ts';
import { emulatorKitOptions, otpLogin, startEmulator, type TestEmulator } from '../kit/kit-emulator-support.ts';
import { kitTable, kitTransfer, lookupTable, key, siws, utf8, web3Legacy, web3V0 } from '../review/solana-attacks.ts';

(globalThis as { window?: EventTarget }).window ??= new EventTarget();

type SignMessage = (...inputs: { account: unknown; message: Uint8Array }[]) => Promise<readonly { signedMessage: Uint8Array; signature: Uint8Array }[]>;

describe('solana:signMessage refuses a transaction before the person is asked (emulator)', () => {
  let t: TestEmulator;
  let kit: LatchKit;
  let session: SigningSession;
  let registered: RegisteredSolanaWallet;
  let account: { address: string };
  let signMessage: SignMessage;
  const reviews: RequestReview[] = [];
  let requests = 0;

  before(async () => {
    t = await startEmulator();
    const spy: typeof fetch = (input, init) => (requests++, fetch(input, init));
    kit = new LatchKit(emulatorKitOptions(t, { fetch: spy }));
    const contact = `unsafe.${Date.now()}@example.com`;
    const login = await otpLogin(t, kit, contact, { userName: 'Solana User', wallet: { walletName: 'Main', accounts: [{ curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/501'/0'/0'", addressFormat: 'ADDRESS_FORMAT_SOLANA' }] } });
    session = login.session;
    registered = registerSolanaWallet({ session, approve: (review) => (reviews.push(review), true), origin: 'https://dapp.example' });
    const features = registered.wallet.features as unknown as { 'standard:connect': { connect(): Promise<{ accounts: readonly { address: string }[] }> }; 'solana:signMessage': { signMessage: SignMessage } };
    [account] = (await features['standard:connect'].connect()).accounts as [{ address: string }];
    signMessage = features['solana:signMessage'].signMessage;
  });

  after(async () => {
    registered?.unregister();
    kit?.dispose();
    await t?.emulator.stop();
  });

  it('the attack is real: the service signs a transfer\u2019s message bytes as a raw payload, and web3.js verifies it as the transaction\u2019s signature', async () => {
    const attack = web3Legacy(account.address);
    const activity = await session.submit('sign_raw_payload', { signWith: account.address, payload: Buffer.from(attack.message).toString('hex'), encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE' });
    const { r, s } = activity.result.signRawPayloadResult!;
    // The signature in the transaction's one slot, then the message: a transaction web3.js reads and checks.
    const signed = Transaction.from(Buffer.concat([Buffer.of(1), Buffer.from(r + s, 'hex'), attack.message]));
    assert.equal(signed.verifySignatures(), true);
    const transfer = SystemInstruction.decodeTransfer(signed.instructions[0]!);
    assert.equal(transfer.fromPubkey.toBase58(), account.address);
    assert.equal(transfer.lamports, 1_000n * BigInt(LAMPORTS_PER_SOL));
  });

  const ATTACKS: readonly [string, (victim: string) => Uint8Array][] = [
    ['web3.js legacy message: 1,000 SOL', (v) => web3Legacy(v).message],
    ['web3.js v0 message', (v) => web3V0(v).message],
    ['web3.js v0 message, destination from a lookup table', (v) => web3V0(v, lookupTable(key())).message],
    ['@solana/kit legacy message', (v) => kitTransfer(v, 'legacy').message],
    ['@solana/kit v0 message with a lookup table', (v) => kitTransfer(v, 0, kitTable()).message],
    ['web3.js whole serialized v0 transaction', (v) => web3V0(v).transaction],
    ['legacy message with bytes after it', (v) => Uint8Array.from([...web3Legacy(v).message, 1, 2, 3])],
    ['bytes that are not text', () => Uint8Array.of(0xde, 0xad, 0xbe, 0xef)],
  ];
  for (const [name, build] of ATTACKS) {
    it(`refused (ERR_WALLET_REQUEST_UNSAFE), nobody asked, nothing sent: ${name}`, async () => {
      const bytes = build(account.address);
      const state = t.emulator.state.snapshot();
      reviews.length = 0;
      requests = 0;
      // Alone, and after a harmless text in the same call: neither is signed.
      for (const inputs of [[{ account, message: bytes }], [{ account, message: utf8('hello') }, { account, message: bytes }]]) {
        await assert.rejects(signMessage(...inputs), (e: { code?: string }) => e.code === 'ERR_WALLET_REQUEST_UNSAFE');
      }
      assert.equal(reviews.length, 0);
      assert.equal(requests, 0);
      assert.equal(t.emulator.state.snapshot(), state);
    });
  }

  it('near misses are signed after the review: text and a Sign-In With Solana message (tweetnacl verifies)', async () => {
    reviews.length = 0;
    const texts = ['Sign in to dapp.example\nNonce: 42', siws(account.address), 'مرحبا ✓ 😀'];
    const out = await signMessage(...texts.map((text) => ({ account, message: utf8(text) })));
    for (const [i, text] of texts.entries()) {
      assert.equal(nacl.sign.detached.verify(utf8(text), out[i]!.signature, new PublicKey(account.address).toBytes()), true);
      assert.equal(reviews[i]!.message?.text, text);
    }
  });
});
