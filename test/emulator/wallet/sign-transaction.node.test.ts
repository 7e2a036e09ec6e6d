// sign_transaction (TRANSACTION_TYPE_ETHEREUM) against the emulator over HTTP, checked with code
// this project did not write: unsigned transactions built by viem's serializeTransaction (legacy
// with and without EIP-155, EIP-2930, EIP-1559 with an access list, a contract creation, EIP-7702
// with an authorization), signed by a wallet account; viem's parseTransaction /
// recoverTransactionAddress and ethers' Transaction.from recover that account and read back the
// same fields. A signed transaction changed afterwards recovers another address. Bad input is the
// service's 400 / 404 error shape, with no state change. The hosted client (@turnkey/core) sends
// the request itself once, to show the emulator takes its body.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { getAddress, parseTransaction, recoverTransactionAddress, serializeTransaction, type TransactionSerializable, type TransactionSerialized } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { Transaction } from 'ethers';
import { ApiKeyStamper, TurnkeyClient } from '@turnkey/core';
import { p256 } from '@noble/curves/nist.js';
import { startFixture, resultOf, type Fixture } from '../support/emulator-fixture.ts';
import { assertNoStateChange, assertServiceError } from '../support/assertions.ts';
import { senderWallet } from '../onramp/send-v2-bodies.ts';
import { rlpDecode, rlpEncode } from '../../../demo/emulator/wallet/index.ts';
import { toHex } from '../../../src/encoding/hex.ts';

const TO = '0x1111111111111111111111111111111111111111';
const ETHEREUM = 'TRANSACTION_TYPE_ETHEREUM';

describe('sign_transaction (Ethereum) in the emulator', () => {
  let f: Fixture;
  let apiPublicKey: string;
  let apiSecret: Uint8Array;
  let address: `0x${string}`;
  let solAddress: string;
  const sign = (unsignedTransaction: string, signWith: string = address, type = ETHEREUM) =>
    f.submit('sign_transaction', f.demoOrgId, { signWith, unsignedTransaction, type });

  before(async () => {
    apiSecret = p256.utils.randomSecretKey();
    apiPublicKey = toHex(p256.getPublicKey(apiSecret, true));
    f = await startFixture({ rootApiKeys: [apiPublicKey] });
    const [eth, sol] = await senderWallet(f, 'signer');
    address = getAddress(eth);
    solAddress = sol;
  });
  after(() => f?.stop());

  /** A signed EIP-7702 authorization (by a throwaway key) for the type 4 case. */
  async function authorization() {
    const delegate = privateKeyToAccount(`0x${'11'.repeat(32)}`);
    return delegate.signAuthorization({ contractAddress: '0x2222222222222222222222222222222222222222', chainId: 1, nonce: 0 });
  }

  const cases = async (): Promise<[string, TransactionSerializable][]> => [
    ['legacy, EIP-155 (chain 1)', { type: 'legacy', chainId: 1, nonce: 7, gasPrice: 20_000_000_000n, gas: 21_000n, to: TO, value: 10n ** 18n }],
    ['legacy, pre-EIP-155 (no chain id)', { type: 'legacy', nonce: 0, gasPrice: 1n, gas: 21_000n, to: TO, value: 1n }],
    ['legacy on a large chain id (v above one byte)', { type: 'legacy', chainId: 11155111, nonce: 1, gasPrice: 2n, gas: 50_000n, to: TO, data: '0xdeadbeef' }],
    ['EIP-2930 with an access list', { type: 'eip2930', chainId: 10, nonce: 3, gasPrice: 5n, gas: 60_000n, to: TO, accessList: [{ address: TO, storageKeys: [`0x${'00'.repeat(31)}01`] }] }],
    ['EIP-1559', { type: 'eip1559', chainId: 8453, nonce: 42, maxFeePerGas: 3_000_000_000n, maxPriorityFeePerGas: 1_000_000n, gas: 21_000n, to: TO, value: 123_456_789n }],
    ['EIP-1559 contract creation with calldata and an access list', { type: 'eip1559', chainId: 1, nonce: 0, maxFeePerGas: 9n, maxPriorityFeePerGas: 1n, gas: 900_000n, data: `0x${'60'.repeat(300)}`, accessList: [{ address: TO, storageKeys: [] }] }],
    ['EIP-7702 with an authorization', { type: 'eip7702', chainId: 1, nonce: 1, maxFeePerGas: 9n, maxPriorityFeePerGas: 1n, gas: 100_000n, to: TO, authorizationList: [await authorization()] }],
  ];

  it('signs legacy, EIP-2930, EIP-1559 and EIP-7702 transactions: viem and ethers recover the account and read back the same fields', async () => {
    for (const [name, tx] of await cases()) {
      const unsigned = serializeTransaction(tx);
      const answer = resultOf(await sign(unsigned));
      const signed = answer.signedTransaction as string;
      assert.match(signed, /^[0-9a-f]+$/, `${name}: lowercase hex without 0x, as the service answers`);
      const serializedTransaction = `0x${signed}` as TransactionSerialized;
      assert.equal(await recoverTransactionAddress({ serializedTransaction }), address, `${name}: viem recovers the account`);
      assert.equal(Transaction.from(serializedTransaction).from, address, `${name}: ethers recovers the account`);
      const parsed = parseTransaction(serializedTransaction);
      for (const key of ['type', 'chainId', 'nonce', 'to', 'value', 'gas', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas'] as const) {
        const given = (tx as Record<string, unknown>)[key];
        if (given !== undefined) assert.deepEqual((parsed as Record<string, unknown>)[key], given, `${name}: ${key}`);
      }
      assert.equal(parsed.data ?? '0x', tx.data ?? '0x', `${name}: data`);
      // Re-serialized by viem with its signature, the transaction is byte for byte the emulator's.
      assert.equal(serializeTransaction(parsed as TransactionSerializable, { r: parsed.r!, s: parsed.s!, v: parsed.v, yParity: parsed.yParity } as never), serializedTransaction, `${name}: canonical`);
      if (tx.type === 'legacy') {
        const base = tx.chainId ? BigInt(tx.chainId) * 2n + 35n : 27n;
        assert.ok(parsed.v === base || parsed.v === base + 1n, `${name}: v is ${tx.chainId ? 'chainId·2 + 35/36 (EIP-155)' : '27/28'}`);
      }
      // With or without 0x, the same signature (RFC 6979).
      assert.equal(resultOf(await sign(unsigned.slice(2))).signedTransaction, signed, `${name}: 0x optional`);
    }
  });

  it('a signed transaction changed afterwards no longer recovers the account', async () => {
    const unsigned = serializeTransaction({ type: 'eip1559', chainId: 1, nonce: 5, maxFeePerGas: 10n, maxPriorityFeePerGas: 1n, gas: 21_000n, to: TO, value: 1000n });
    const signed = `0x${resultOf(await sign(unsigned)).signedTransaction as string}` as const;
    const parsed = parseTransaction(signed);
    const signature = { r: parsed.r!, s: parsed.s!, yParity: parsed.yParity! };
    for (const change of [{ value: 1001n }, { to: '0x2222222222222222222222222222222222222222' as const }, { chainId: 2 }, { nonce: 6 }]) {
      const tampered = serializeTransaction({ ...(parsed as TransactionSerializable), ...change } as TransactionSerializable, signature);
      assert.notEqual(await recoverTransactionAddress({ serializedTransaction: tampered as `0x02${string}` }), address, JSON.stringify(change, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v)));
      assert.notEqual(Transaction.from(tampered).from, address);
    }
    // The legacy chain id is in the signature (EIP-155): replayed on another chain, another signer.
    const legacySigned = resultOf(await sign(serializeTransaction({ type: 'legacy', chainId: 1, nonce: 0, gasPrice: 1n, gas: 21_000n, to: TO }))).signedTransaction as string;
    const legacy = parseTransaction(`0x${legacySigned}`);
    const replayed = serializeTransaction({ ...(legacy as TransactionSerializable), chainId: 56 } as TransactionSerializable, { r: legacy.r!, s: legacy.s!, v: 27n + BigInt(legacy.yParity!) });
    assert.notEqual(await recoverTransactionAddress({ serializedTransaction: replayed }), address);
  });

  it('refuses bad input with the service error shape and changes nothing', async () => {
    const good = serializeTransaction({ type: 'eip1559', chainId: 1, nonce: 5, maxFeePerGas: 10n, maxPriorityFeePerGas: 1n, gas: 21_000n, to: TO });
    const legacy = serializeTransaction({ type: 'legacy', chainId: 1, nonce: 1, gasPrice: 1n, gas: 21_000n, to: TO });
    const legacyFields = rlpDecode(Buffer.from(legacy.slice(2), 'hex')) as Uint8Array[];
    const typed = (fields: unknown[]) => `0x02${toHex(rlpEncode(fields as Uint8Array[]))}`;
    const goodFields = rlpDecode(Buffer.from(good.slice(4), 'hex')) as Uint8Array[];
    const signedAlready = resultOf(await sign(good)).signedTransaction as string;
    const bad: [string, string][] = [
      ['not hex', '0xzz'],
      ['odd length', `${good}0`],
      ['empty', '0x'],
      ['trailing bytes', `${good}00`],
      ['already signed (typed)', signedAlready],
      ['already signed (legacy)', `0x${toHex(rlpEncode([...legacyFields.slice(0, 6), Uint8Array.of(37), Uint8Array.of(1), Uint8Array.of(2)]))}`],
      ['a blob transaction', `0x03${good.slice(4)}`],
      ['an unknown type', `0x05${good.slice(4)}`],
      ['legacy with 7 fields', `0x${toHex(rlpEncode(legacyFields.slice(0, 7)))}`],
      ['a typed transaction missing a field', typed(goodFields.slice(0, 8))],
      ['an integer with a leading zero', typed([Uint8Array.of(0, 1), ...goodFields.slice(1)])],
      ['a 19-byte to', typed([...goodFields.slice(0, 5), new Uint8Array(19), ...goodFields.slice(6)])],
      ['a list where the value goes', typed([...goodFields.slice(0, 6), [], ...goodFields.slice(7)])],
      ['a non-canonical single byte', typed([Uint8Array.of(1), ...goodFields.slice(1)]).replace(/^0x02(..)01/, '0x02$18101')],
      ['a length running past the end', good.slice(0, -2)],
    ];
    await assertNoStateChange(f.emulator, async () => {
      for (const [name, unsignedTransaction] of bad) {
        const answer = await sign(unsignedTransaction);
        assert.equal(answer.status, 400, `${name}: ${JSON.stringify(answer.json)}`);
        assertServiceError(answer, 400, 3, 'REQUEST_INVALID');
      }
      assertServiceError(await sign(good, '0x' + '00'.repeat(20)), 404, 5, 'NOT_FOUND');
      assertServiceError(await sign(good, solAddress), 400, 3, 'REQUEST_INVALID', 'secp256k1');
      assertServiceError(await sign(good, address, 'TRANSACTION_TYPE_TRON'), 400, 3, 'REQUEST_INVALID', 'TRANSACTION_TYPE_ETHEREUM');
      assertServiceError(await sign(good, address, 'TRANSACTION_TYPE_SOLANA'), 400, 3, 'REQUEST_INVALID', 'Ed25519');
      assertServiceError(await sign(good, address, 'TRANSACTION_TYPE_DOGE'), 400, 3, 'REQUEST_INVALID');
      assertServiceError(await f.submit('sign_transaction', f.demoOrgId, { signWith: address, type: ETHEREUM }), 400, 3, 'REQUEST_INVALID', 'unsignedTransaction');
      // The V1 type (privateKeyId) is not this route's.
      const v1 = await f.submit('sign_transaction', f.demoOrgId, { privateKeyId: 'x', unsignedTransaction: good, type: ETHEREUM });
      assert.equal(v1.status, 400);
    });
  });

  it("the hosted client's own request (@turnkey/core signTransaction) is answered with a transaction viem recovers", async () => {
    const stamper = new ApiKeyStamper({ apiPublicKey, apiPrivateKey: toHex(apiSecret) });
    const tk = new TurnkeyClient({ apiBaseUrl: f.urls.apiUrl, organizationId: f.demoOrgId }, stamper as unknown as ConstructorParameters<typeof TurnkeyClient>[1]);
    const organizationId = f.demoOrgId;
    Object.assign(tk, { storageManager: { getActiveSession: async () => ({ organizationId, userId: 'root', publicKey: apiPublicKey }) } });
    tk.httpClient = tk.createHttpClient();
    const unsigned = serializeTransaction({ type: 'eip1559', chainId: 1, nonce: 9, maxFeePerGas: 10n, maxPriorityFeePerGas: 1n, gas: 21_000n, to: TO, value: 5n });
    const signed = await tk.signTransaction({
      walletAccount: { address, source: 'embedded' } as unknown as Parameters<TurnkeyClient['signTransaction']>[0]['walletAccount'],
      unsignedTransaction: unsigned,
      transactionType: ETHEREUM,
    });
    assert.equal(await recoverTransactionAddress({ serializedTransaction: `0x${signed}` as TransactionSerialized }), address);
    const activity = [...f.emulator.state.read.activities.values()].find((a) => (a.result.signTransactionResult as { signedTransaction?: string } | undefined)?.signedTransaction === signed);
    assert.equal(activity?.type, 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2');
    assert.deepEqual(Object.keys(activity!.intent), ['signTransactionIntentV2']);
  });
});
