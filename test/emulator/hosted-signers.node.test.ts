// The hosted service's own signer libraries sign typed data and EIP-7702 authorizations through
// the emulator's Activity API, in Node over real HTTP: a @turnkey/viem account
// (createAccount over a @turnkey/http TurnkeyClient stamped by @turnkey/api-key-stamper) and a
// @turnkey/ethers TurnkeySigner over the same client. None of their code is ours and none is
// changed: they send sign_raw_payload with PAYLOAD_ENCODING_EIP712 (the typed-data JSON) and
// PAYLOAD_ENCODING_EIP7702_AUTHORIZATION ({address, chainId, nonce}), HASH_FUNCTION_NO_OP, and
// assemble the signature themselves. viem's verifiers (verifyTypedData, verifyAuthorization)
// and ethers' verifyTypedData check each result against the wallet account's address.
// sign_raw_payloads is sent by the same client's generated signRawPayloads. Refusals answer in
// the service's error shape (400, gRPC 3) and change nothing.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createWalletClient, defineChain, getAddress, http, parseSignature, serializeTypedData, verifyTypedData, type TypedDataDefinition } from 'viem';
import { hashAuthorization, verifyAuthorization } from 'viem/utils';
import { verifyTypedData as ethersVerifyTypedData } from 'ethers';
import { TurnkeyClient } from '@turnkey/http';
import { ApiKeyStamper } from '@turnkey/api-key-stamper';
import { createAccount } from '@turnkey/viem';
import { TurnkeySigner } from '@turnkey/ethers';
import { p256 } from '@noble/curves/nist.js';
import { toHex } from '../../src/encoding/hex.ts';
import { startFixture, type Fixture } from './support/emulator-fixture.ts';
import { assertNoStateChange, assertServiceError } from './support/assertions.ts';
import { senderWallet } from './onramp/send-v2-bodies.ts';
import { MAIL } from '../support/eip712-mail.ts';
import { eip2612Permit } from '../support/permit-typed-data.ts';

/** An EIP-2612 permit of the largest amount, on Base. */
const PERMIT = eip2612Permit(2n ** 256n - 1n, 8453);

const DELEGATE = '0x63c0c19a282a1B52b07dD5a65b58948A07DAE32B';
const base = defineChain({ id: 8453, name: 'Base', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:9'] } } });

interface RecordedActivity {
  type: string;
  intent: Record<string, Record<string, unknown>>;
  result: Record<string, unknown>;
}

describe('the hosted signer libraries (@turnkey/viem, @turnkey/ethers) sign typed data and authorizations through the emulator', () => {
  let f: Fixture;
  let client: TurnkeyClient;
  let address: `0x${string}`;
  let solAddress: string;
  const lastActivity = (): RecordedActivity => [...f.emulator.state.read.activities.values()].at(-1) as unknown as RecordedActivity;

  before(async () => {
    const secret = p256.utils.randomSecretKey();
    const apiPublicKey = toHex(p256.getPublicKey(secret, true));
    f = await startFixture({ rootApiKeys: [apiPublicKey] });
    const [eth, sol] = await senderWallet(f, 'hosted signers');
    address = getAddress(eth);
    solAddress = sol;
    client = new TurnkeyClient({ baseUrl: f.urls.apiUrl }, new ApiKeyStamper({ apiPublicKey, apiPrivateKey: toHex(secret) }));
  });
  after(() => f?.stop());

  it('@turnkey/viem: a wallet client signs typed data (nested structs, a permit at 2^256 - 1) that viem verifies', async () => {
    const account = await createAccount({ client, organizationId: f.demoOrgId, signWith: address });
    const wallet = createWalletClient({ account, chain: base, transport: http('http://127.0.0.1:9') });
    for (const data of [MAIL, PERMIT] as const) {
      const signature = await wallet.signTypedData(data as unknown as TypedDataDefinition);
      assert.equal(await verifyTypedData({ address, ...(data as unknown as TypedDataDefinition), signature }), true, data.primaryType);
      const activity = lastActivity();
      assert.equal(activity.type, 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2');
      assert.equal(activity.intent.signRawPayloadIntentV2!.encoding, 'PAYLOAD_ENCODING_EIP712');
      assert.equal(activity.intent.signRawPayloadIntentV2!.hashFunction, 'HASH_FUNCTION_NO_OP');
      // What the library sent is the typed-data JSON itself, not a digest.
      assert.equal(JSON.parse(activity.intent.signRawPayloadIntentV2!.payload as string).primaryType, data.primaryType);
    }
  });

  it('@turnkey/viem: an EIP-7702 authorization signed through the emulator is the account\'s (verifyAuthorization)', async () => {
    const account = await createAccount({ client, organizationId: f.demoOrgId, signWith: address });
    const wallet = createWalletClient({ account, chain: base, transport: http('http://127.0.0.1:9') });
    const authorization = await wallet.signAuthorization({ contractAddress: DELEGATE, chainId: 8453, nonce: 12 });
    assert.equal(authorization.address, DELEGATE);
    assert.equal(await verifyAuthorization({ address, authorization }), true);
    // A different nonce is a different authorization: the signature does not carry over.
    assert.equal(await verifyAuthorization({ address, authorization: { ...authorization, nonce: 13 } }), false);
    const intent = lastActivity().intent.signRawPayloadIntentV2!;
    assert.equal(intent.encoding, 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION');
    assert.deepEqual(JSON.parse(intent.payload as string), { address: DELEGATE, chainId: 8453, nonce: 12 });
  });

  it('@turnkey/ethers: TurnkeySigner.signTypedData gives a signature ethers and viem verify', async () => {
    // @turnkey/ethers resolves its own copy of @turnkey/http: the same class, another declaration.
    const signer = new TurnkeySigner({ client: client as unknown as ConstructorParameters<typeof TurnkeySigner>[0]['client'], organizationId: f.demoOrgId, signWith: address });
    for (const data of [MAIL, PERMIT] as const) {
      const types = data.types as unknown as Record<string, { name: string; type: string }[]>;
      const signature = await signer.signTypedData(data.domain, types, data.message);
      assert.equal(ethersVerifyTypedData(data.domain, types, data.message, signature), address, data.primaryType);
      assert.equal(await verifyTypedData({ address, ...(data as unknown as TypedDataDefinition), signature: signature as `0x${string}` }), true);
      assert.equal(lastActivity().intent.signRawPayloadIntentV2!.encoding, 'PAYLOAD_ENCODING_EIP712');
    }
  });

  it('sign_raw_payloads (the hosted client\'s signRawPayloads): typed data, authorizations and hex digests, in order', async () => {
    const typed = [MAIL, PERMIT].map(viemPayload);
    const auths = [{ address: DELEGATE, chainId: 1, nonce: 0 }, { address: DELEGATE, chainId: 8453, nonce: 7 }] as const;
    const send = (payloads: string[], encoding: 'PAYLOAD_ENCODING_EIP712' | 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION' | 'PAYLOAD_ENCODING_HEXADECIMAL') =>
      client.signRawPayloads({
        type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOADS', organizationId: f.demoOrgId, timestampMs: String(Date.now()),
        parameters: { signWith: address, payloads, encoding, hashFunction: 'HASH_FUNCTION_NO_OP' },
      });
    const signaturesOf = async (payloads: string[], encoding: Parameters<typeof send>[1]) => {
      const { activity } = await send(payloads, encoding);
      assert.equal(activity.status, 'ACTIVITY_STATUS_COMPLETED');
      const signatures = activity.result.signRawPayloadsResult!.signatures!;
      assert.equal(signatures.length, payloads.length);
      return signatures.map(({ r, s, v }) => `0x${r}${s}${v === '00' ? '1b' : '1c'}` as const);
    };
    const typedSigs = await signaturesOf(typed, 'PAYLOAD_ENCODING_EIP712');
    assert.equal(await verifyTypedData({ address, ...(MAIL as unknown as TypedDataDefinition), signature: typedSigs[0]! }), true);
    assert.equal(await verifyTypedData({ address, ...(PERMIT as unknown as TypedDataDefinition), signature: typedSigs[1]! }), true);
    const authSigs = await signaturesOf(auths.map((a) => JSON.stringify(a)), 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION');
    for (const [i, auth] of auths.entries()) {
      const { r, s, yParity } = parseSignature(authSigs[i]!);
      assert.equal(await verifyAuthorization({ address, authorization: { ...auth, r, s, yParity: yParity! } }), true);
    }
    const digests = auths.map((a) => hashAuthorization({ contractAddress: a.address, chainId: a.chainId, nonce: a.nonce }));
    const hexSigs = await signaturesOf(digests, 'PAYLOAD_ENCODING_HEXADECIMAL');
    // viem's digest of each authorization, signed as hex, gives the same (RFC 6979) signature.
    assert.deepEqual(hexSigs, authSigs);
  });

  it('refuses what it cannot sign exactly, in the service\'s error shape, and changes nothing', async () => {
    const good = viemPayload(MAIL);
    const one = (parameters: Record<string, unknown>) => assertNoStateChange(f.emulator, () => f.submit('sign_raw_payload', f.demoOrgId, parameters));
    const eip712 = { signWith: address, payload: good, encoding: 'PAYLOAD_ENCODING_EIP712', hashFunction: 'HASH_FUNCTION_NO_OP' };
    assertServiceError(await one({ ...eip712, payload: '{"types":{}' }), 400, 3, 'REQUEST_INVALID', 'JSON');
    assertServiceError(await one({ ...eip712, payload: good.replace('"Hello, Bob!"', '7') }), 400, 3, 'REQUEST_INVALID', 'EIP-712');
    assertServiceError(await one({ ...eip712, hashFunction: 'HASH_FUNCTION_KECCAK256' }), 400, 3, 'REQUEST_INVALID', 'HASH_FUNCTION_NO_OP');
    assertServiceError(await one({ ...eip712, signWith: solAddress, hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE' }), 400, 3, 'REQUEST_INVALID', 'secp256k1');
    const auth = { ...eip712, encoding: 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION' };
    assertServiceError(await one({ ...auth, payload: JSON.stringify({ address: DELEGATE, chainId: 1, nonce: (2n ** 64n).toString() }) }), 400, 3, 'REQUEST_INVALID', 'nonce');
    assertServiceError(await one({ ...auth, payload: JSON.stringify({ address: '0x12', chainId: 1, nonce: 0 }) }), 400, 3, 'REQUEST_INVALID', 'address');

    const many = (parameters: Record<string, unknown>) => assertNoStateChange(f.emulator, () => f.submit('sign_raw_payloads', f.demoOrgId, parameters));
    const batch = { signWith: address, payloads: [good, good], encoding: 'PAYLOAD_ENCODING_EIP712', hashFunction: 'HASH_FUNCTION_NO_OP' };
    assert.equal((await f.submit('sign_raw_payloads', f.demoOrgId, batch)).status, 200, 'the baseline batch signs');
    assertServiceError(await many({ ...batch, payloads: [good, '{}'] }), 400, 3, 'REQUEST_INVALID', 'EIP-712');
    assertServiceError(await many({ ...batch, payloads: [] }), 400, 3, 'REQUEST_INVALID', 'payloads');
    assertServiceError(await many({ ...batch, payloads: Array.from({ length: 101 }, () => good) }), 400, 3, 'REQUEST_INVALID', 'payloads');
    assertServiceError(await many({ ...batch, payloads: [good, 5] }), 400, 3, 'REQUEST_INVALID', 'payloads');
    assertServiceError(await many({ ...batch, signWith: '0x' + '00'.repeat(20) }), 404, 5);
  });
});

/** What @turnkey/viem sends for `data`: serializeTypedData with the EIP712Domain type viem's signTypedData adds. */
function viemPayload(data: typeof MAIL | typeof PERMIT): string {
  return serializeTypedData({ ...data, types: { EIP712Domain: domainTypes(data.domain), ...data.types } } as unknown as TypedDataDefinition);
}

/** The EIP712Domain type of a domain's present fields (what viem's signTypedData adds before the account sees it). */
function domainTypes(domain: Record<string, unknown>): { name: string; type: string }[] {
  const all = [['name', 'string'], ['version', 'string'], ['chainId', 'uint256'], ['verifyingContract', 'address'], ['salt', 'bytes32']] as const;
  return all.filter(([name]) => domain[name] !== undefined).map(([name, type]) => ({ name, type }));
}
