// The EIP-712 digest (eth_signTypedData_v4) against viem's hashTypedData and ethers'
// TypedDataEncoder, which this project did not write: the EIP's own Mail example, nested structs,
// arrays of structs and of atomic values, fixed arrays, every atomic type (negative integers,
// bytesN, bytes, bool, address), domains with and without EIP712Domain and with a salt; then a
// raw secp256k1 signature over the digest that viem's and ethers' verifyTypedData accept, and
// the values that do not fit their types refused with ERR_INPUT_INVALID. Against the emulator, a
// wallet account signs the digest through the kit's ActivityClient (sign_raw_payload,
// HASH_FUNCTION_NO_OP) and viem and ethers recover that account from the typed data.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { hashTypedData, recoverTypedDataAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { TypedDataEncoder, verifyTypedData as ethersVerifyTypedData } from 'ethers';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { typedDataDigest, type TypedData } from '../../../src/signing/typed-data-digest.ts';
import { toHex } from '../../../src/encoding/hex.ts';
import { LatchError } from '../../../src/errors/latch-error.ts';
import { getAddress } from 'viem';
import { startFixture, type Fixture } from '../../emulator/support/emulator-fixture.ts';
import { clientFor } from '../../emulator/policy/org-users.ts';
import { MAIL_WITH_DOMAIN_TYPE } from '../../support/eip712-mail.ts';
import { eip2612Permit, permitBatch, permitSingle, permitTransferFrom } from '../../support/permit-typed-data.ts';

const MAIL = MAIL_WITH_DOMAIN_TYPE as unknown as TypedData;

const GROUP: TypedData = {
  types: {
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallets', type: 'address[]' },
    ],
    Group: [
      { name: 'title', type: 'string' },
      { name: 'members', type: 'Person[]' },
      { name: 'scores', type: 'int16[3]' },
      { name: 'tags', type: 'bytes4[]' },
      { name: 'blob', type: 'bytes' },
      { name: 'open', type: 'bool' },
      { name: 'id', type: 'bytes32' },
      { name: 'budget', type: 'uint128' },
    ],
  },
  primaryType: 'Group',
  domain: { name: 'Groups', chainId: 8453, salt: `0x${'ab'.repeat(32)}` },
  message: {
    title: 'Signers ✓ ünïcödé',
    members: [
      { name: 'Ada', wallets: ['0x1111111111111111111111111111111111111111', '0x2222222222222222222222222222222222222222'] },
      { name: 'Grace', wallets: [] },
    ],
    scores: [-32768, 0, 32767],
    tags: ['0xdeadbeef', '0x00000000'],
    blob: '0x0102030405',
    open: true,
    id: `0x${'0f'.repeat(32)}`,
    budget: '340282366920938463463374607431768211455',
  },
};

const asTypedData = (data: object) => data as unknown as TypedData;

/** EIP-2612's permit, the shape test/support/permit-typed-data.ts gives, its nonce a JSON number and its deadline a hex string (both taken as uint256). */
const EIP2612 = eip2612Permit(10n ** 24n);
const PERMIT: TypedData = asTypedData({ ...EIP2612, message: { ...EIP2612.message, nonce: 0, deadline: '0xffffffff' } });

/** viem and ethers want numbers as bigints where ours takes decimal or hex strings too. */
const forLibraries = (data: TypedData) => JSON.parse(JSON.stringify(data, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))) as TypedData;

const viemDigest = (data: TypedData) => hashTypedData(forLibraries(data) as never);
const ethersDigest = (data: TypedData) => {
  const { EIP712Domain: _, ...types } = data.types;
  return TypedDataEncoder.hash(data.domain as never, types as never, data.message);
};

describe('EIP-712 typed data digest', () => {
  const cases: [string, TypedData][] = [
    ['the EIP-712 Mail example', MAIL],
    ['nested arrays of structs and every atomic type', GROUP],
    ['an EIP-2612 permit (no EIP712Domain given)', PERMIT],
    ["Permit2's PermitSingle (a nested struct, uint160 and uint48)", asTypedData(permitSingle(2n ** 160n - 1n))],
    ["Permit2's PermitBatch (an array of structs)", asTypedData(permitBatch([10n ** 6n, 2n ** 160n - 1n], 8453))],
    ["Permit2's PermitTransferFrom", asTypedData(permitTransferFrom(5n * 10n ** 17n))],
  ];
  for (const [name, data] of cases) {
    it(`${name}: equals viem's hashTypedData and ethers' TypedDataEncoder`, async () => {
      const ours = `0x${toHex(await typedDataDigest(data))}`;
      assert.equal(ours, viemDigest(data));
      assert.equal(ours, ethersDigest(forLibraries(data)));
    });
  }

  it('the published digest of the EIP-712 example', async () => {
    // The value the EIP lists for its Mail example (eip-712.md, "Example" → sign).
    assert.equal(toHex(await typedDataDigest(MAIL)), 'be609aee343fb3c4b28e1df9e632fca64fcfaede20f02e86244efddf30957bd2');
  });

  it('any changed field changes the digest (the message, the domain, the order of array items)', async () => {
    const base = toHex(await typedDataDigest(GROUP));
    const variants: TypedData[] = [
      { ...GROUP, message: { ...GROUP.message, open: false } },
      { ...GROUP, domain: { ...GROUP.domain, chainId: 1 } },
      { ...GROUP, message: { ...GROUP.message, scores: [0, -32768, 32767] } },
      { ...GROUP, message: { ...GROUP.message, title: 'Signers ✓ ünïcödé ' } },
    ];
    for (const variant of variants) {
      const digest = toHex(await typedDataDigest(variant));
      assert.notEqual(digest, base);
      assert.equal(`0x${digest}`, viemDigest(variant));
    }
  });

  it('a raw secp256k1 signature over the digest is one viem and ethers verifyTypedData accept', async () => {
    const privateKey = secp256k1.utils.randomSecretKey();
    const account = privateKeyToAccount(`0x${toHex(privateKey)}`);
    const recovered = secp256k1.sign(await typedDataDigest(MAIL), privateKey, { prehash: false, format: 'recovered' });
    const signature = `0x${toHex(recovered.slice(1))}${(27 + recovered[0]!).toString(16)}` as const;
    assert.equal(await recoverTypedDataAddress({ ...MAIL, signature } as never), account.address);
    const { EIP712Domain: _, ...types } = MAIL.types;
    assert.equal(ethersVerifyTypedData(MAIL.domain as never, types as never, MAIL.message, signature), account.address);
    const tampered = { ...MAIL, message: { ...MAIL.message, contents: 'Hello, Eve!' } };
    assert.notEqual(await recoverTypedDataAddress({ ...tampered, signature } as never), account.address);
  });

  it('refuses what does not fit its type with ERR_INPUT_INVALID, naming the field', async () => {
    const permit = (message: Record<string, unknown>) => ({ ...PERMIT, message: { ...PERMIT.message, ...message } });
    const cases: [TypedData, RegExp][] = [
      [permit({ value: -1 }), /Permit\.value/],
      [permit({ value: (1n << 256n).toString() }), /Permit\.value/],
      [permit({ owner: '0x1234' }), /Permit\.owner/],
      [permit({ nonce: 1.5 }), /Permit\.nonce/],
      [{ ...GROUP, message: { ...GROUP.message, scores: [1, 2] } }, /Group\.scores/],
      [{ ...GROUP, message: { ...GROUP.message, id: '0x01' } }, /Group\.id/],
      [{ ...GROUP, message: { ...GROUP.message, blob: 'nothex' } }, /Group\.blob/],
      [{ ...GROUP, message: { ...GROUP.message, open: 'yes' } }, /Group\.open/],
      [{ ...PERMIT, primaryType: 'Missing' }, /Missing/],
      [{ ...PERMIT, types: { Permit: [{ name: 'x', type: 'uint7' }] } }, /uint7/],
      [{ ...PERMIT, types: { Permit: [{ name: 'x', type: 'Unknown' }] } }, /Unknown/],
    ];
    for (const [index, [data, where]] of cases.entries()) {
      await assert.rejects(typedDataDigest(data), (error: unknown) => error instanceof LatchError && error.code === 'ERR_INPUT_INVALID' && where.test(error.message), `case ${index}`);
    }
  });
});

describe('EIP-712 signatures made by the service (the emulator)', () => {
  let f: Fixture;
  before(async () => {
    f = await startFixture();
  });
  after(() => f.stop());

  it("an Ethereum account signs the digest with sign_raw_payload; viem and ethers recover that account from the typed data", async () => {
    const client = clientFor(f, f.root);
    const wallet = client.result(
      await client.submit('create_wallet', {
        organizationId: f.demoOrgId,
        parameters: { walletName: 'typed', accounts: [{ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }] },
      }),
    );
    const address = getAddress(wallet.addresses[0]!);
    for (const data of [MAIL, PERMIT, GROUP]) {
      const signed = client.result(
        await client.submit('sign_raw_payload', {
          organizationId: f.demoOrgId,
          parameters: { signWith: address, payload: toHex(await typedDataDigest(data)), encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NO_OP' },
        }),
      );
      const v = Number.parseInt(signed.v, 16);
      const signature = `0x${signed.r.padStart(64, '0')}${signed.s.padStart(64, '0')}${(v < 27 ? v + 27 : v).toString(16)}` as const;
      assert.equal(await recoverTypedDataAddress({ ...forLibraries(data), signature } as never), address);
      const { EIP712Domain: _, ...types } = data.types;
      const plain = forLibraries(data);
      assert.equal(ethersVerifyTypedData(plain.domain as never, types as never, plain.message, signature), address);
    }
  });
});
