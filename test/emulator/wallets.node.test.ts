// Wallet activities over the wallet library: wallets with sign-up, accounts and pagination,
// real signatures, exports the core decrypts, imports the core encrypts; and the refusals.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ed25519 } from '@noble/curves/ed25519.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { pubkeyToAddress } from '@cosmjs/amino';
import { StrKey } from '@stellar/stellar-base';
import { WalletContractV3R2, WalletContractV4, WalletContractV5R1 } from '@ton/ton';
import { decryptExportBundle, decodeExportedMnemonic, decodeExportedPrivateKey } from '../../src/bundles/export-bundle.ts';
import { encryptToTarget } from '../../src/bundles/import-bundle.ts';
import { generateTargetKeyPair } from '../../src/bundles/hpke-suite.ts';
import { fromHex, toHex } from '../../src/encoding/hex.ts';
import { deriveAccount, addressFromPrivateKey } from '../../demo/emulator/wallet/index.ts';
import { startFixture, getJson, newTestKey, resultOf, subOrganizationWithKey } from './support/emulator-fixture.ts';
import { assertServiceError, assertNoStateChange } from './support/assertions.ts';
import type { Fixture, TestKey } from './support/emulator-fixture.ts';

const ETH = { curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' };
const SOL = { curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/501'/0'/0'", addressFormat: 'ADDRESS_FORMAT_SOLANA' };

describe('wallets', () => {
  let f: Fixture;
  let enclave: string;
  let org: string;
  let userId: string;
  let key: TestKey;
  before(async () => {
    f = await startFixture();
    enclave = (await getJson(`${f.urls.apiUrl}/__keys`)).json.enclavePublicKey as string;
    key = await newTestKey();
    const created = await subOrganizationWithKey(f, key, 'wallets', 'wanda');
    org = created.organizationId;
    userId = created.userId;
  });
  after(() => f.stop());

  it('signs up through the proxy with a wallet (addresses and an appProofs array)', async () => {
    const answer = await f.proxy('signup', { userName: 'w', apiKeys: [{ apiKeyName: 'k', publicKey: (await newTestKey()).id, curveType: 'API_KEY_CURVE_P256', expirationSeconds: '60' }], authenticators: [], oauthProviders: [], wallet: { walletName: 'Main', accounts: [ETH, SOL] } });
    assert.equal(answer.status, 200, JSON.stringify(answer.json));
    const wallet = answer.json.wallet as { walletId: string; addresses: string[] };
    assert.match(wallet.addresses[0]!, /^0x[0-9a-fA-F]{40}$/);
    assert.match(wallet.addresses[1]!, /^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    assert.ok(Array.isArray(answer.json.appProofs));
  });

  it('exports the wallet: the core decrypts the bundle to the mnemonic those addresses derive from', async () => {
    const created = resultOf(await f.submit('create_wallet', org, { walletName: 'export me', accounts: [ETH], mnemonicLength: 24 }, key));
    const target = await generateTargetKeyPair();
    const exported = resultOf(await f.submit('export_wallet', org, { walletId: created.walletId, targetPublicKey: target.publicKeyHex }, key));
    const mnemonic = decodeExportedMnemonic(await decryptExportBundle(exported.exportBundle as string, { target: target.keyPair, organizationId: org, enclavePublicKey: enclave }));
    assert.equal(mnemonic.split(' ').length, 24);
    assert.equal(deriveAccount({ mnemonic, curve: 'CURVE_SECP256K1', path: ETH.path, addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }).address, (created.addresses as string[])[0]);
    const wallets = (await f.query('list_wallets', { organizationId: org }, key)).json.wallets as { walletId: string; exported: boolean }[];
    assert.equal(wallets.find((w) => w.walletId === created.walletId)!.exported, true);
    // Another organization's enclave check: the bundle names this organization only.
    await assert.rejects(decryptExportBundle(exported.exportBundle as string, { target: target.keyPair, organizationId: f.demoOrgId, enclavePublicKey: enclave }), { code: 'ERR_BUNDLE_ORGANIZATION' });
  });

  it('signs raw payloads with secp256k1 (r, s, v) and Ed25519 accounts', async () => {
    const created = resultOf(await f.submit('create_wallet', org, { walletName: 'signer', accounts: [ETH, SOL] }, key));
    const [ethAddress, solAddress] = created.addresses as string[];
    const accounts = (await f.query('list_wallet_accounts', { organizationId: org, walletId: created.walletId }, key)).json.accounts as { address: string; publicKey: string }[];
    const digest = keccak_256(new TextEncoder().encode('hello'));
    const sig = resultOf(await f.submit('sign_raw_payload', org, { signWith: ethAddress, payload: toHex(digest), encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NO_OP' }, key));
    const compact = fromHex((sig.r as string) + (sig.s as string));
    const recovered = secp256k1.Signature.fromBytes(compact, 'compact').addRecoveryBit(Number(sig.v)).recoverPublicKey(digest).toHex(true);
    assert.equal(recovered, accounts.find((a) => a.address === ethAddress)!.publicKey);
    const solSig = resultOf(await f.submit('sign_raw_payload', org, { signWith: solAddress, payload: 'hello solana', encoding: 'PAYLOAD_ENCODING_TEXT_UTF8', hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE' }, key));
    const solKey = fromHex(accounts.find((a) => a.address === solAddress)!.publicKey);
    assert.ok(ed25519.verify(fromHex((solSig.r as string) + (solSig.s as string)), new TextEncoder().encode('hello solana'), solKey));
    await assertNoStateChange(f.emulator, async () => {
      assertServiceError(await f.submit('sign_raw_payload', org, { signWith: '0x' + '00'.repeat(20), payload: toHex(digest), encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NO_OP' }, key), 404, 5);
      assertServiceError(await f.submit('sign_raw_payload', org, { signWith: ethAddress, payload: 'zz', encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NO_OP' }, key), 400, 3);
      assertServiceError(await f.submit('sign_raw_payload', org, { signWith: ethAddress, payload: 'aa', encoding: 'PAYLOAD_ENCODING_BASE99', hashFunction: 'HASH_FUNCTION_NO_OP' }, key), 400, 3);
      assertServiceError(await f.submit('sign_raw_payload', org, { signWith: ethAddress, payload: toHex(digest), encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_MD5' }, key), 400, 3);
      // The parent may act on the child, but signWith resolves inside the named organization only.
      assertServiceError(await f.submit('sign_raw_payload', f.demoOrgId, { signWith: ethAddress, payload: toHex(digest), encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NO_OP' }), 404, 5);
    });
  });

  it('lists wallet accounts with pagination (limit 1..100, default 10, before/after) and wallet details', async () => {
    const accounts = Array.from({ length: 25 }, (_, i) => ({ ...ETH, path: `m/44'/60'/0'/0/${i}` }));
    const created = resultOf(await f.submit('create_wallet', org, { walletName: 'many', accounts }, key));
    const list = async (body: Record<string, unknown>) => f.query('list_wallet_accounts', { organizationId: org, walletId: created.walletId, ...body }, key);
    const page1 = (await list({})).json.accounts as { walletAccountId: string; address: string; walletDetails?: unknown }[];
    assert.equal(page1.length, 10);
    assert.deepEqual(page1.map((a) => a.address), (created.addresses as string[]).slice(0, 10));
    assert.equal(page1[0]!.walletDetails, undefined);
    const page2 = (await list({ paginationOptions: { limit: '10', after: page1[9]!.walletAccountId } })).json.accounts as { address: string }[];
    assert.deepEqual(page2.map((a) => a.address), (created.addresses as string[]).slice(10, 20));
    const back = (await list({ paginationOptions: { limit: 3, before: page1[9]!.walletAccountId } })).json.accounts as { address: string }[];
    assert.deepEqual(back.map((a) => a.address), (created.addresses as string[]).slice(6, 9));
    assert.equal(((await list({ paginationOptions: { limit: '100' } })).json.accounts as unknown[]).length, 25);
    const detailed = (await list({ includeWalletDetails: true, paginationOptions: { limit: '1' } })).json.accounts as { walletDetails: Record<string, unknown> }[];
    assert.equal(detailed[0]!.walletDetails.walletName, 'many');
    assert.equal(detailed[0]!.walletDetails.imported, false);
    const all = (await f.query('list_wallet_accounts', { organizationId: org, paginationOptions: { limit: '100' } }, key)).json.accounts as unknown[];
    assert.ok(all.length > 25, 'without walletId, every account of the organization');
    for (const bad of [{ limit: '0' }, { limit: '101' }, { limit: 'ten' }, { after: 'nope' }, { after: page1[0]!.walletAccountId, before: page1[1]!.walletAccountId }]) {
      assertServiceError(await list({ paginationOptions: bad }), 400, 3);
    }
    assertServiceError(await f.query('list_wallet_accounts', { organizationId: org, walletId: crypto.randomUUID() }, key), 404, 5);
  });

  it('adds accounts to a wallet; refuses unknown formats, curve mismatches, bad paths and duplicates without changes', async () => {
    const created = resultOf(await f.submit('create_wallet', org, { walletName: 'grow', accounts: [] }, key));
    const added = resultOf(await f.submit('create_wallet_accounts', org, { walletId: created.walletId, accounts: [ETH, { ...ETH, path: "m/44'/60'/0'/0/1" }] }, key));
    assert.equal((added.addresses as string[]).length, 2);
    await assertNoStateChange(f.emulator, async () => {
      assertServiceError(await f.submit('create_wallet_accounts', org, { walletId: created.walletId, accounts: [ETH] }, key), 400, 3);
      assertServiceError(await f.submit('create_wallet_accounts', org, { walletId: created.walletId, accounts: [{ ...ETH, addressFormat: 'ADDRESS_FORMAT_TON_V6' }] }, key), 400, 3);
      assertServiceError(await f.submit('create_wallet_accounts', org, { walletId: created.walletId, accounts: [{ ...ETH, addressFormat: 'ADDRESS_FORMAT_TON_V5R1', path: "m/44'/607'/0'" }] }, key), 400, 3);
      assertServiceError(await f.submit('create_wallet_accounts', org, { walletId: created.walletId, accounts: [{ ...ETH, path: 'not/a/path' }] }, key), 400, 3);
      assertServiceError(await f.submit('create_wallet_accounts', org, { walletId: created.walletId, accounts: [{ ...SOL, path: "m/44'/501'/0/0" }] }, key), 400, 3);
      assertServiceError(await f.submit('create_wallet_accounts', org, { walletId: crypto.randomUUID(), accounts: [ETH] }, key), 404, 5);
      assertServiceError(await f.submit('create_wallet', org, { walletName: 'x', accounts: [ETH], mnemonicLength: 13 }, key), 400, 3);
    });
  });

  it('derives Sei, Stellar and TON (v3r2, v4r2, v5r1) accounts that their chains\' libraries agree with, and signs as them', async () => {
    const accounts = [
      { curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/118'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_SEI' },
      { curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/148'/0'", addressFormat: 'ADDRESS_FORMAT_XLM' },
      { curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/607'/0'", addressFormat: 'ADDRESS_FORMAT_TON_V3R2' },
      { curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/607'/0'/0'/0'", addressFormat: 'ADDRESS_FORMAT_TON_V4R2' },
      { curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/607'/0'/0'/0'", addressFormat: 'ADDRESS_FORMAT_TON_V5R1' },
    ];
    const created = resultOf(await f.submit('create_wallet', org, { walletName: 'more chains', accounts }, key));
    const addresses = created.addresses as string[];
    const listed = (await f.query('list_wallet_accounts', { organizationId: org, walletId: created.walletId }, key)).json.accounts as { address: string; publicKey: string; addressFormat: string }[];
    const keyOf = (address: string) => Buffer.from(listed.find((a) => a.address === address)!.publicKey, 'hex');
    const [sei, xlm, v3, v4, v5] = addresses as [string, string, string, string, string];
    assert.equal(sei, pubkeyToAddress({ type: 'tendermint/PubKeySecp256k1', value: keyOf(sei).toString('base64') }, 'sei'));
    assert.equal(xlm, StrKey.encodeEd25519PublicKey(keyOf(xlm)));
    assert.equal(v3, WalletContractV3R2.create({ workchain: 0, publicKey: keyOf(v3) }).address.toString({ bounceable: false }));
    assert.equal(v4, WalletContractV4.create({ workchain: 0, publicKey: keyOf(v4) }).address.toString({ bounceable: false }));
    assert.equal(v5, WalletContractV5R1.create({ workchain: 0, publicKey: keyOf(v5) }).address.toString({ bounceable: false }));
    // v4r2 and v5r1 share a key; their addresses differ by contract only.
    assert.deepEqual(keyOf(v4), keyOf(v5));
    for (const address of [xlm, v5]) {
      const signed = resultOf(await f.submit('sign_raw_payload', org, { signWith: address, payload: 'hello', encoding: 'PAYLOAD_ENCODING_TEXT_UTF8', hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE' }, key));
      assert.ok(ed25519.verify(fromHex((signed.r as string) + (signed.s as string)), new TextEncoder().encode('hello'), keyOf(address)), address);
    }
    // An imported Ed25519 key gets the same addresses as a wallet account with that key.
    const raw = ed25519.utils.randomSecretKey();
    const init = resultOf(await f.submit('init_import_private_key', org, { userId }, key));
    const encryptedBundle = await encryptToTarget(raw, init.importBundle as string, { organizationId: org, userId, enclavePublicKey: enclave });
    const formats = ['ADDRESS_FORMAT_XLM', 'ADDRESS_FORMAT_TON_V4R2'];
    const imported = resultOf(await f.submit('import_private_key', org, { userId, privateKeyName: 'ed', encryptedBundle, curve: 'CURVE_ED25519', addressFormats: formats }, key));
    const publicKey = Buffer.from(ed25519.getPublicKey(raw));
    assert.deepEqual(imported.addresses, [
      { format: 'ADDRESS_FORMAT_XLM', address: StrKey.encodeEd25519PublicKey(publicKey) },
      { format: 'ADDRESS_FORMAT_TON_V4R2', address: WalletContractV4.create({ workchain: 0, publicKey }).address.toString({ bounceable: false }) },
    ]);
  });

  it('imports a private key the core sealed to the import target, and exports it back', async () => {
    const raw = secp256k1.utils.randomSecretKey();
    const init = resultOf(await f.submit('init_import_private_key', org, { userId }, key));
    const encryptedBundle = await encryptToTarget(raw, init.importBundle as string, { organizationId: org, userId, enclavePublicKey: enclave });
    const imported = resultOf(await f.submit('import_private_key', org, { userId, privateKeyName: 'imported', encryptedBundle, curve: 'CURVE_SECP256K1', addressFormats: ['ADDRESS_FORMAT_ETHEREUM'] }, key));
    const expected = addressFromPrivateKey({ privateKey: raw, curve: 'CURVE_SECP256K1', addressFormat: 'ADDRESS_FORMAT_ETHEREUM' });
    assert.deepEqual(imported.addresses, [{ format: 'ADDRESS_FORMAT_ETHEREUM', address: expected }]);
    // The target works once.
    await assertNoStateChange(f.emulator, async () =>
      assertServiceError(await f.submit('import_private_key', org, { userId, privateKeyName: 'again', encryptedBundle, curve: 'CURVE_SECP256K1', addressFormats: ['ADDRESS_FORMAT_ETHEREUM'] }, key), 400, 3));
    const target = await generateTargetKeyPair();
    const exported = resultOf(await f.submit('export_private_key', org, { privateKeyId: imported.privateKeyId, targetPublicKey: target.publicKeyHex }, key));
    const back = decodeExportedPrivateKey(await decryptExportBundle(exported.exportBundle as string, { target: target.keyPair, organizationId: org, enclavePublicKey: enclave }));
    assert.equal(back, toHex(raw));
    // The imported key signs too.
    const digest = keccak_256(new Uint8Array([1, 2, 3]));
    assert.equal((await f.submit('sign_raw_payload', org, { signWith: expected, payload: toHex(digest), encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NO_OP' }, key)).status, 200);
  });

  it('refuses bad imports and exports without changes', async () => {
    const init = resultOf(await f.submit('init_import_private_key', org, { userId }, key));
    const otherTarget = await generateTargetKeyPair();
    const { hpkeSeal } = await import('../../src/bundles/hpke-suite.ts');
    const sealed = await hpkeSeal(new Uint8Array(32).fill(7), fromHex(otherTarget.publicKeyHex));
    const wrongTarget = JSON.stringify({ encappedPublic: toHex(sealed.enc), ciphertext: toHex(sealed.ciphertext) });
    const goodBundle = await encryptToTarget(new Uint8Array(32).fill(7), init.importBundle as string, { organizationId: org, userId, enclavePublicKey: enclave });
    const params = { userId, privateKeyName: 'bad', curve: 'CURVE_SECP256K1', addressFormats: ['ADDRESS_FORMAT_ETHEREUM'] };
    await assertNoStateChange(f.emulator, async () => {
      assertServiceError(await f.submit('import_private_key', org, { ...params, encryptedBundle: wrongTarget }, key), 400, 3);
      assertServiceError(await f.submit('import_private_key', org, { ...params, encryptedBundle: '{"nope":1}' }, key), 400, 3);
      assertServiceError(await f.submit('import_private_key', org, { ...params, encryptedBundle: goodBundle, curve: 'CURVE_SECP256K1', addressFormats: ['ADDRESS_FORMAT_SOLANA'] }, key), 400, 3);
      assertServiceError(await f.submit('import_private_key', org, { ...params, userId: crypto.randomUUID(), encryptedBundle: goodBundle }, key), 404, 5);
      assertServiceError(await f.submit('export_private_key', org, { privateKeyId: crypto.randomUUID(), targetPublicKey: otherTarget.publicKeyHex }, key), 404, 5);
      assertServiceError(await f.submit('export_wallet', org, { walletId: crypto.randomUUID(), targetPublicKey: 'beef' }, key), 400, 3);
    });
  });
});
