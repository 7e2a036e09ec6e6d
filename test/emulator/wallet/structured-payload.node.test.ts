// sign_raw_payload's structured encodings in the emulator's wallet library: the EIP-712 digest
// of typed-data JSON and the EIP-7702 authorization digest, each compared with what viem
// (hashTypedData, hashAuthorization) and ethers (TypedDataEncoder.hash) compute for the same
// input, the JSON built the ways the hosted signer libraries build it (viem's
// serializeTypedData for @turnkey/viem, ethers' TypedDataEncoder.getPayload for
// @turnkey/ethers); signatures recovered by viem; each refusal a WalletError with its code.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hex } from '@scure/base';
import { concatHex, getAddress, hashTypedData, keccak256, numberToHex, recoverTypedDataAddress, serializeTypedData, toRlp, type TypedDataDefinition } from 'viem';
import { hashAuthorization, recoverAuthorizationAddress } from 'viem/utils';
import { TypedDataEncoder } from 'ethers';
import {
  WalletError, deriveAccount, eip7702AuthorizationDigest, signStructuredPayload, structuredPayloadDigest, type WalletErrorCode,
} from '../../../demo/emulator/wallet/index.ts';
import { ABANDON } from './vectors.ts';
import { MAIL_WITH_DOMAIN_TYPE } from '../../support/eip712-mail.ts';
import { eip2612Permit } from '../../support/permit-typed-data.ts';

const EIP712 = 'PAYLOAD_ENCODING_EIP712';
const EIP7702 = 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION';
const toHex = (bytes: Uint8Array) => `0x${hex.encode(bytes)}` as const;

const MAIL = MAIL_WITH_DOMAIN_TYPE;

/** Every atomic kind, signed integers, fixed and dynamic arrays, arrays of structs, a cycle-free nest. */
const KITCHEN = {
  domain: { name: 'Kitchen ✓', chainId: 8453n, salt: `0x${'ab'.repeat(32)}` },
  types: {
    EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'chainId', type: 'uint256' }, { name: 'salt', type: 'bytes32' }],
    Item: [{ name: 'id', type: 'uint8' }, { name: 'tags', type: 'string[]' }],
    Order: [
      { name: 'flag', type: 'bool' }, { name: 'delta', type: 'int256' }, { name: 'small', type: 'int8' }, { name: 'blob', type: 'bytes' },
      { name: 'short', type: 'bytes4' }, { name: 'who', type: 'address[2]' }, { name: 'items', type: 'Item[]' }, { name: 'grid', type: 'uint16[][]' },
      { name: 'max', type: 'uint256' }, { name: 'note', type: 'string' },
    ],
  },
  primaryType: 'Order',
  message: {
    flag: true, delta: -(2n ** 200n), small: -128, blob: '0xdeadbeef00', short: '0x01020304',
    who: ['0x1111111111111111111111111111111111111111', '0x2222222222222222222222222222222222222222'],
    items: [{ id: 255, tags: ['a', 'ü', ''] }, { id: 0, tags: [] }], grid: [[1, 2], [], [65535]],
    max: 2n ** 256n - 1n, note: 'مرحبا',
  },
} as const;

/** An EIP-2612 permit on Base, its nonce not zero. */
const BASE_PERMIT = eip2612Permit(2n ** 255n, 8453);
const PERMIT = { ...BASE_PERMIT, message: { ...BASE_PERMIT.message, nonce: 7n } };

/** The JSON @turnkey/viem sends: serializeTypedData of what viem's signTypedData hands the account (EIP712Domain added). */
function viemPayload(data: TypedDataDefinition): string {
  const domainFields = [
    ['name', 'string'], ['version', 'string'], ['chainId', 'uint256'], ['verifyingContract', 'address'], ['salt', 'bytes32'],
  ].filter(([name]) => (data.domain as Record<string, unknown> | undefined)?.[name!] !== undefined).map(([name, type]) => ({ name: name!, type: type! }));
  return serializeTypedData({ ...data, types: { EIP712Domain: domainFields, ...data.types } } as unknown as TypedDataDefinition);
}

/** The JSON @turnkey/ethers sends: JSON.stringify(TypedDataEncoder.getPayload(domain, types, message)). */
function ethersPayload(data: { domain: object; types: Record<string, readonly { name: string; type: string }[]>; message: object }): string {
  const { EIP712Domain: _, ...types } = data.types;
  return JSON.stringify(TypedDataEncoder.getPayload(data.domain, types as Record<string, { name: string; type: string }[]>, data.message));
}

async function refusal(fn: () => Promise<unknown>, code: WalletErrorCode): Promise<void> {
  await assert.rejects(fn, (error: unknown) => {
    assert.ok(error instanceof WalletError, `expected a WalletError ${code}, got ${String(error)}`);
    assert.equal(error.code, code);
    return true;
  });
}

describe('PAYLOAD_ENCODING_EIP712: the EIP-712 digest of typed-data JSON', () => {
  for (const [name, data] of [['Mail (nested structs)', MAIL], ['every kind of value', KITCHEN], ['an EIP-2612 permit', PERMIT]] as const) {
    it(`${name}: viem's and ethers' digests, from the JSON each hosted library sends`, async () => {
      const expected = hashTypedData(data as unknown as TypedDataDefinition);
      assert.equal(toHex(await structuredPayloadDigest(viemPayload(data as unknown as TypedDataDefinition), EIP712)), expected);
      const { EIP712Domain: _, ...types } = data.types as unknown as Record<string, { name: string; type: string }[]>;
      assert.equal(TypedDataEncoder.hash(data.domain, types, data.message), expected, 'the two oracles agree');
      assert.equal(toHex(await structuredPayloadDigest(ethersPayload(data as never), EIP712)), expected);
    });
  }

  it('without types.EIP712Domain the domain type is read from the fields present, as viem does', async () => {
    const json = JSON.stringify({ types: { Ping: [{ name: 'n', type: 'uint64' }] }, primaryType: 'Ping', domain: { name: 'X', chainId: '0x2105' }, message: { n: '18446744073709551615' } });
    const expected = hashTypedData({ types: { Ping: [{ name: 'n', type: 'uint64' }] }, primaryType: 'Ping', domain: { name: 'X', chainId: 8453 }, message: { n: 2n ** 64n - 1n } });
    assert.equal(toHex(await structuredPayloadDigest(json, EIP712)), expected);
  });

  it('a primary type of EIP712Domain signs the domain alone (viem sends no message)', async () => {
    const data = { types: { EIP712Domain: [{ name: 'name', type: 'string' }] }, primaryType: 'EIP712Domain', domain: { name: 'Only' } } as const;
    assert.equal(toHex(await structuredPayloadDigest(serializeTypedData(data), EIP712)), hashTypedData(data));
  });

  it('the signature over it is the account\'s: viem recovers the address', async () => {
    const eth = deriveAccount({ mnemonic: ABANDON, curve: 'CURVE_SECP256K1', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' });
    const sig = await signStructuredPayload({ privateKey: eth.privateKey, curve: 'CURVE_SECP256K1', payload: viemPayload(PERMIT), encoding: EIP712, hashFunction: 'HASH_FUNCTION_NO_OP' });
    const signature = `0x${sig.r}${sig.s}${sig.v === '00' ? '1b' : '1c'}` as const;
    assert.equal(await recoverTypedDataAddress({ ...PERMIT, signature }), getAddress(eth.address));
  });

  it('refuses what it cannot hash exactly, each with its code', async () => {
    const sign = (payload: string, over: Partial<Parameters<typeof signStructuredPayload>[0]> = {}) =>
      signStructuredPayload({ privateKey: new Uint8Array(32).fill(1), curve: 'CURVE_SECP256K1', payload, encoding: EIP712, hashFunction: 'HASH_FUNCTION_NO_OP', ...over });
    const good = viemPayload(MAIL);
    const mutate = (edit: (data: Record<string, any>) => void) => { // eslint-disable-line @typescript-eslint/no-explicit-any
      const data = JSON.parse(good) as Record<string, unknown>;
      edit(data);
      return JSON.stringify(data);
    };
    await sign(good); // the baseline signs
    await refusal(() => sign('{"types":'), 'PAYLOAD_INVALID');
    await refusal(() => sign('[]'), 'PAYLOAD_INVALID');
    await refusal(() => sign(mutate((d) => delete d.types)), 'PAYLOAD_INVALID');
    await refusal(() => sign(mutate((d) => delete d.message)), 'PAYLOAD_INVALID');
    await refusal(() => sign(mutate((d) => (d.primaryType = 'Letter'))), 'PAYLOAD_INVALID');
    await refusal(() => sign(mutate((d) => (d.types.Person[1].type = 'address160'))), 'PAYLOAD_INVALID');
    await refusal(() => sign(mutate((d) => (d.types.Person[0] = { name: 'name' }))), 'PAYLOAD_INVALID');
    await refusal(() => sign(mutate((d) => (d.message.to.wallet = '0x1234'))), 'PAYLOAD_INVALID');
    await refusal(() => sign(mutate((d) => delete d.message.contents)), 'PAYLOAD_INVALID');
    await refusal(() => sign(mutate((d) => (d.domain.chainId = 2 ** 53))), 'PAYLOAD_INVALID'); // not a safe integer: would sign another number
    await refusal(() => sign(mutate((d) => (d.domain.chainId = -1))), 'PAYLOAD_INVALID');
    const deep = mutate((d) => {
      let node: Record<string, unknown> = d.message.from;
      for (let i = 0; i < 70; i++) node = (node.extra = {}) as Record<string, unknown>;
    });
    await refusal(() => sign(deep), 'PAYLOAD_INVALID');
    await refusal(() => sign(good, { hashFunction: 'HASH_FUNCTION_KECCAK256' }), 'HASH_FUNCTION_UNSUPPORTED');
    await refusal(() => sign(good, { hashFunction: 'HASH_FUNCTION_MD5' }), 'HASH_FUNCTION_UNSUPPORTED');
    await refusal(() => sign(good, { curve: 'CURVE_ED25519', hashFunction: 'HASH_FUNCTION_NO_OP' }), 'PAYLOAD_ENCODING_UNSUPPORTED');
    await refusal(() => sign(''), 'PAYLOAD_INVALID');
  });
});

describe('PAYLOAD_ENCODING_EIP7702_AUTHORIZATION: Keccak-256(0x05 ‖ RLP([chain_id, address, nonce]))', () => {
  const cases = [
    { address: '0x2222222222222222222222222222222222222222', chainId: 1, nonce: 0 },
    { address: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC', chainId: 0, nonce: 127 },
    { address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', chainId: 8453, nonce: 128 },
    { address: '0x0000000000000000000000000000000000000000', chainId: 11155111, nonce: 2 ** 53 - 1 },
  ] as const;

  it("equals viem's hashAuthorization for the JSON @turnkey/viem sends (JSON.stringify({address, chainId, nonce}))", () => {
    for (const auth of cases) assert.equal(toHex(eip7702AuthorizationDigest(JSON.stringify(auth))), hashAuthorization(auth), JSON.stringify(auth));
  });

  it('integers beyond JSON numbers come as strings: the largest chain id and nonce, RLP-encoded as viem encodes them', () => {
    const chainId = 2n ** 256n - 1n;
    const nonce = 2n ** 64n - 1n;
    const json = JSON.stringify({ address: cases[0].address, chainId: `0x${chainId.toString(16)}`, nonce: nonce.toString() });
    // hashAuthorization's own composition, with viem's RLP, for integers it takes only as numbers.
    const expected = keccak256(concatHex(['0x05', toRlp([numberToHex(chainId), cases[0].address, numberToHex(nonce)])]));
    assert.equal(toHex(eip7702AuthorizationDigest(json)), expected);
  });

  it('the signature over it is the account\'s: viem recovers the address from the signed authorization', async () => {
    const eth = deriveAccount({ mnemonic: ABANDON, curve: 'CURVE_SECP256K1', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' });
    const auth = cases[2];
    const sig = await signStructuredPayload({ privateKey: eth.privateKey, curve: 'CURVE_SECP256K1', payload: JSON.stringify(auth), encoding: EIP7702, hashFunction: 'HASH_FUNCTION_NO_OP' });
    const recovered = await recoverAuthorizationAddress({ authorization: { ...auth, r: `0x${sig.r}`, s: `0x${sig.s}`, yParity: Number(sig.v) } });
    assert.equal(recovered, getAddress(eth.address));
  });

  it('refuses an authorization it cannot read exactly', () => {
    const bad: [unknown, string][] = [
      ['not json', 'not JSON'],
      [[], 'an array'],
      [{ chainId: 1, nonce: 0 }, 'no address'],
      [{ address: '0x1234', chainId: 1, nonce: 0 }, 'a short address'],
      [{ address: cases[0].address, nonce: 0 }, 'no chainId'],
      [{ address: cases[0].address, chainId: 1 }, 'no nonce'],
      [{ address: cases[0].address, chainId: 1, nonce: (2n ** 64n).toString() }, 'a nonce of 2^64'],
      [{ address: cases[0].address, chainId: 1, nonce: -1 }, 'a negative nonce'],
      [{ address: cases[0].address, chainId: 1.5, nonce: 0 }, 'a fractional chain id'],
      [{ address: cases[0].address, chainId: 2 ** 53, nonce: 0 }, 'an unsafe JSON number'],
      [{ address: cases[0].address, chainId: `0x1${'0'.repeat(64)}`, nonce: 0 }, 'a chain id of 2^256'],
      [{ address: cases[0].address, chainId: '01', nonce: 0 }, 'a decimal with a leading zero'],
    ];
    for (const [value, what] of bad) {
      const payload = typeof value === 'string' ? value : JSON.stringify(value);
      assert.throws(() => eip7702AuthorizationDigest(payload), (error: unknown) => error instanceof WalletError && error.code === 'PAYLOAD_INVALID', what);
    }
  });
});
