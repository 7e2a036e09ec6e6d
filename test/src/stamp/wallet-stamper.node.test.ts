// The wallet stamper (src/stamp/wallet-stamper.ts) in Node, without an emulator, so the mutation
// run of src/stamp reaches it (issue 26 item 2). Every stamp is checked against code this project
// did not write: the hosted @turnkey/wallet-stamper makes the same stamp for the same wallet and
// body, viem signs as the wallet and spells the personal_sign message, and noble's secp256k1
// verifies the DER signature over the EIP-191 digest of the body. The EIP-1193 error codes are the
// EIP's (4001 user rejected; 4901 chain disconnected; 4902 unrecognised chain, EIP-3326).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BaseEthereumWallet, WalletStamper } from '@turnkey/wallet-stamper';
import { privateKeyToAccount } from 'viem/accounts';
import { hashMessage, stringToHex, hexToBytes } from 'viem';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { EthereumWalletStamper, WALLET_STAMP_SCHEME_EIP191, walletError, walletRequest } from '../../../src/stamp/wallet-stamper.ts';
import { LatchError, isLatchError, type LatchErrorCode } from '../../../src/errors/latch-error.ts';
import { fromBase64Url } from '../../../src/encoding/base64url.ts';
import { fromHex } from '../../../src/encoding/hex.ts';
import { utf8Decode } from '../../../src/encoding/utf8.ts';

// Fixed keys: RFC 6979 signing makes every stamp here the same on every run.
const KEY_A = `0x${'4c'.repeat(32)}` as const;
const KEY_B = `0x${'1d'.repeat(32)}` as const;
const accountA = privateKeyToAccount(KEY_A);
const accountB = privateKeyToAccount(KEY_B);

type Request = { method: string; params?: readonly unknown[] | object };

/**
 * An EIP-1193 wallet holding `signer`'s key: personal_sign signs the hex message's bytes with
 * viem; `answer` may rewrite the signature (another wallet's form, a broken one).
 */
function wallet(signer = accountA, answer: (signature: `0x${string}`) => unknown = (s) => s) {
  const requests: Request[] = [];
  const provider = {
    async request(args: Request): Promise<unknown> {
      requests.push(args);
      if (args.method !== 'personal_sign') throw Object.assign(new Error('Unsupported method'), { code: 4200 });
      const [message] = args.params as [`0x${string}`, string];
      return answer(await signer.signMessage({ message: { raw: message } }));
    },
  };
  return { provider, requests };
}

const decode = (header: string) => JSON.parse(utf8Decode(fromBase64Url(header))) as Record<string, string>;

/** Rejects with a LatchError of `code` that says something (its message is never empty). */
async function refusedWith(run: Promise<unknown> | (() => unknown), code: LatchErrorCode): Promise<LatchError> {
  let caught: unknown;
  try {
    await (typeof run === 'function' ? run() : run);
  } catch (error) {
    caught = error;
  }
  assert.ok(isLatchError(caught), `expected a LatchError ${code}, got ${String(caught)}`);
  assert.equal(caught.code, code, caught.message);
  assert.ok(caught.message.trim().length > 10, `a message that says what failed, got ${JSON.stringify(caught.message)}`);
  return caught;
}

const BODIES = [
  JSON.stringify({ type: 'ACTIVITY_TYPE_STAMP_LOGIN', timestampMs: '1700000000000', organizationId: 'org', parameters: { publicKey: `02${'ab'.repeat(32)}` } }),
  '{"text":"ünïcødé ✓ 🔑"}',
  '',
];

/** Stamps `body` through wallets that answer v as 0/1 and the hex in uppercase, and an account typed in lowercase: all the same stamp. */
async function sameStampForEveryForm(body: string): Promise<void> {
  const reference = (await new EthereumWalletStamper(wallet().provider, accountA.address).stamp(body)).stampHeaderValue;
  const v01 = wallet(accountA, (s) => `${s.slice(0, 130)}${(Number.parseInt(s.slice(130), 16) - 27).toString(16).padStart(2, '0')}`);
  assert.equal((await new EthereumWalletStamper(v01.provider, accountA.address).stamp(body)).stampHeaderValue, reference);
  const upper = wallet(accountA, (s) => `0x${s.slice(2).toUpperCase()}`);
  assert.equal((await new EthereumWalletStamper(upper.provider, accountA.address).stamp(body)).stampHeaderValue, reference);
  // The account as typed in lowercase is the same account.
  const lower = new EthereumWalletStamper(wallet().provider, accountA.address.toLowerCase());
  assert.equal((await lower.stamp(body)).stampHeaderValue, reference);
}

describe('EthereumWalletStamper: the hosted wallet stamper\'s stamp', () => {
  it('makes the stamp @turnkey/wallet-stamper makes: same key, scheme, r and s; X-Stamp, three fields', async () => {
    class Hosted extends BaseEthereumWallet {
      signMessage(message: string): Promise<`0x${string}`> {
        return accountA.signMessage({ message });
      }
    }
    const hosted = new WalletStamper(new Hosted());
    const { provider } = wallet();
    const ours = new EthereumWalletStamper(provider, accountA.address);
    assert.equal(ours.publicKey, '', 'no key before the first signature');
    for (const body of BODIES) {
      const stamp = await ours.stamp(body);
      const theirs = await hosted.stamp(body);
      assert.equal(stamp.stampHeaderName, 'X-Stamp');
      assert.equal(stamp.stampHeaderName, theirs.stampHeaderName);
      const a = decode(stamp.stampHeaderValue);
      const b = decode(theirs.stampHeaderValue);
      assert.deepEqual(Object.keys(a).sort(), ['publicKey', 'scheme', 'signature']);
      assert.equal(a.scheme, b.scheme);
      assert.equal(WALLET_STAMP_SCHEME_EIP191, b.scheme);
      assert.equal(a.publicKey, b.publicKey);
      const rs = (der: string) => secp256k1.Signature.fromBytes(fromHex(der), 'der');
      assert.equal(rs(a.signature).r, rs(b.signature).r);
      assert.equal(rs(a.signature).s, rs(b.signature).s);
      assert.equal(ours.publicKey, a.publicKey);
    }
  });

  it('the key is the wallet\'s compressed key and the DER signature verifies over the EIP-191 digest of the body', async () => {
    const { provider } = wallet();
    const ours = new EthereumWalletStamper(provider, accountA.address);
    const compressed = secp256k1.Point.fromHex(accountA.publicKey.slice(2)).toHex(true);
    for (const body of BODIES) {
      const fields = decode((await ours.stamp(body)).stampHeaderValue);
      assert.equal(fields.publicKey, compressed);
      const der = fromHex(fields.signature);
      // Strict DER: noble re-encodes the parsed signature to the very same bytes.
      assert.deepEqual(secp256k1.Signature.fromBytes(der, 'der').toBytes('der'), der);
      assert.equal(secp256k1.verify(der, hexToBytes(hashMessage(body)), fromHex(compressed), { prehash: false, format: 'der' }), true);
    }
  });

  it('asks personal_sign for the 0x-hex of the body\'s UTF-8 bytes and the account, nothing else', async () => {
    const { provider, requests } = wallet();
    await new EthereumWalletStamper(provider, accountA.address).stamp(BODIES[1]!);
    assert.deepEqual(requests, [{ method: 'personal_sign', params: [stringToHex(BODIES[1]!), accountA.address] }]);
  });

  it('takes v as 27/28 or 0/1 and the hex in either case: the same stamp (bodies whose v is 27 and 28)', async () => {
    // "body 2" signs with v = 27 and "body 0" with v = 28 under KEY_A (checked here, not assumed).
    for (const [body, v] of [['body 2', '1b'], ['body 0', '1c']] as const) {
      assert.equal((await accountA.signMessage({ message: body })).slice(130), v);
      await sameStampForEveryForm(body);
    }
  });
});


describe('EthereumWalletStamper: what it refuses', () => {
  const body = BODIES[0]!;

  it('a signature by another account than the connected one (ERR_WALLET_STAMP_REFUSED), no key learnt', async () => {
    const stamper = new EthereumWalletStamper(wallet(accountB).provider, accountA.address);
    await refusedWith(stamper.stamp(body), 'ERR_WALLET_STAMP_REFUSED');
    assert.equal(stamper.publicKey, '');
  });

  it('a recovery id other than 0, 1, 27 or 28', async () => {
    for (const v of [2, 3, 26, 29, 0xff]) {
      const bad = wallet(accountA, (s) => `${s.slice(0, 130)}${v.toString(16).padStart(2, '0')}`);
      const stamper = new EthereumWalletStamper(bad.provider, accountA.address);
      await refusedWith(stamper.stamp(body), 'ERR_WALLET_STAMP_REFUSED');
      assert.equal(stamper.publicKey, '', `v = ${v}`);
    }
  });

  it('the other recovery id (27 <-> 28): another key, not the account\'s', async () => {
    const flipped = wallet(accountA, (s) => `${s.slice(0, 130)}${s.endsWith('1b') ? '1c' : '1b'}`);
    await refusedWith(new EthereumWalletStamper(flipped.provider, accountA.address).stamp(body), 'ERR_WALLET_STAMP_REFUSED');
  });

  it('anything but 0x and 130 hex digits', async () => {
    const answers: Array<(s: `0x${string}`) => unknown> = [
      (s) => s.slice(0, -2),
      (s) => `${s}00`,
      (s) => s.slice(2),
      (s) => `0X${s.slice(2)}`,
      (s) => ` ${s}`,
      (s) => `${s}\n`,
      (s) => `${s.slice(0, 10)}g${s.slice(11)}`,
      (s) => hexToBytes(s),
      // Objects that read as the signature: JSON-RPC answers a string, nothing else is taken.
      (s) => ({ toString: () => s }),
      (s) => new String(s),
      () => null,
      () => undefined,
      () => 42,
    ];
    for (const answer of answers) {
      const stamper = new EthereumWalletStamper(wallet(accountA, answer).provider, accountA.address);
      await refusedWith(stamper.stamp(body), 'ERR_WALLET_STAMP_REFUSED');
      assert.equal(stamper.publicKey, '');
    }
  });

  it('r or s that is not a signature (zero, or not below the group order): refused, noble\'s error as the cause', async () => {
    const n = secp256k1.Point.CURVE().n;
    for (const [r, s] of [[0n, 1n], [n, 1n], [1n, 0n], [1n, n]]) {
      const forged = wallet(accountA, (sig) => `0x${r.toString(16).padStart(64, '0')}${s.toString(16).padStart(64, '0')}${sig.slice(130)}`);
      const error = await refusedWith(new EthereumWalletStamper(forged.provider, accountA.address).stamp(body), 'ERR_WALLET_STAMP_REFUSED');
      assert.ok(error.cause instanceof Error, 'the curve library\'s refusal is kept as the cause');
    }
  });

  it('a wallet that says no: ERR_WALLET_REJECTED, its error as the cause', async () => {
    const no = Object.assign(new Error('User rejected the request.'), { code: 4001 });
    const provider = { request: async () => Promise.reject(no) };
    const error = await refusedWith(new EthereumWalletStamper(provider, accountA.address).stamp(body), 'ERR_WALLET_REJECTED');
    assert.equal(error.cause, no);
  });

  it('an account that is not 0x and 40 hex digits, at construction (ERR_WALLET_FAILED)', async () => {
    const hex40 = accountA.address.slice(2);
    for (const address of ['', hex40, `0x${hex40.slice(1)}`, `0x${hex40}0`, `0X${hex40}`, ` 0x${hex40}`, `0x${hex40} `, `x0x${hex40}`, `0x${hex40.slice(1)}g`]) {
      await refusedWith(() => new EthereumWalletStamper(wallet().provider, address), 'ERR_WALLET_FAILED');
    }
    assert.ok(new EthereumWalletStamper(wallet().provider, `0x${hex40.toUpperCase()}`));
  });
});

describe('walletError and walletRequest: EIP-1193 errors as LatchErrors', () => {
  const rpc = (code: unknown) => Object.assign(new Error('wallet says'), { code });

  it('4001 is a rejection, 4901 and 4902 the wrong chain, every other failure ERR_WALLET_FAILED; the wallet\'s error is the cause', () => {
    const cases: Array<[unknown, LatchErrorCode]> = [
      [rpc(4001), 'ERR_WALLET_REJECTED'],
      [rpc(4901), 'ERR_WALLET_WRONG_CHAIN'],
      [rpc(4902), 'ERR_WALLET_WRONG_CHAIN'],
      [rpc(4100), 'ERR_WALLET_FAILED'],
      [rpc(4200), 'ERR_WALLET_FAILED'],
      [rpc(4900), 'ERR_WALLET_FAILED'],
      [rpc(4903), 'ERR_WALLET_FAILED'],
      [rpc(-32603), 'ERR_WALLET_FAILED'],
      [rpc('4001'), 'ERR_WALLET_FAILED'],
      [rpc('4902'), 'ERR_WALLET_FAILED'],
      [new Error('no code'), 'ERR_WALLET_FAILED'],
      [null, 'ERR_WALLET_FAILED'],
      [undefined, 'ERR_WALLET_FAILED'],
      ['a string', 'ERR_WALLET_FAILED'],
    ];
    for (const [error, code] of cases) {
      const mapped = walletError(error);
      assert.ok(mapped instanceof LatchError);
      assert.equal(mapped.code, code, String((error as { code?: unknown } | null)?.code));
      assert.ok(mapped.message.length > 10);
      assert.equal(mapped.cause, error);
    }
  });

  it('a LatchError passes through as it is', () => {
    const own = new LatchError('ERR_WALLET_STAMP_REFUSED', 'kept');
    assert.equal(walletError(own), own);
  });

  it('walletRequest sends params only when given, and returns the answer', async () => {
    const seen: Request[] = [];
    const provider = { request: async (args: Request) => (seen.push(args), 'answer') };
    assert.equal(await walletRequest(provider, 'eth_requestAccounts'), 'answer');
    assert.equal(await walletRequest(provider, 'eth_chainId', []), 'answer');
    assert.equal(await walletRequest(provider, 'wallet_switchEthereumChain', [{ chainId: '0x1' }]), 'answer');
    assert.deepEqual(seen, [{ method: 'eth_requestAccounts' }, { method: 'eth_chainId', params: [] }, { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }]);
    assert.equal('params' in seen[0]!, false);
  });

  it('walletRequest turns the wallet\'s refusal into its LatchError', async () => {
    const provider = { request: async () => Promise.reject(rpc(4902)) };
    await refusedWith(walletRequest(provider, 'wallet_switchEthereumChain', [{ chainId: '0x89' }]), 'ERR_WALLET_WRONG_CHAIN');
  });
});
