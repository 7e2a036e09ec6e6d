// The hosted service's own client (`@turnkey/core`'s generated httpClient) reads single wallets,
// accounts, API keys, passkeys, OAuth logins and private keys from the emulator, and exports one
// wallet account: getWallet, getWalletAccount, getApiKeys, getApiKey, getAuthenticators,
// getAuthenticator, getOauthProviders, getPrivateKey and exportWalletAccount, stamped by the
// hosted ApiKeyStamper, in Node over real HTTP. Their answers must equal what the emulator's
// listings (list_wallets, list_wallet_accounts, get_user, list_private_keys) say, the export must
// open with the hosted @turnkey/crypto, and ids that are unknown or another organization's are
// refused in the service's error shape. The client is set up as in
// hosted-credentials.node.test.ts.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { ApiKeyStamper, TurnkeyClient } from '@turnkey/core';
import { decryptExportBundle, generateP256KeyPair } from '@turnkey/crypto';
import { p256 } from '@noble/curves/nist.js';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { privateKeyToAddress } from 'viem/accounts';
import { toHex } from '../../../src/encoding/hex.ts';
import { encryptToTarget } from '../../../src/bundles/import-bundle.ts';
import { getJson, newTestKey, plainPost, resultOf, startFixture } from '../../emulator/support/emulator-fixture.ts';
import { assertNoStateChange, assertServiceError } from '../../emulator/support/assertions.ts';
import { SoftAuthenticator } from '../../emulator/support/soft-authenticator.ts';
import type { Answer, Fixture } from '../../emulator/support/emulator-fixture.ts';

const ETH = { curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' } as const;
const SOL = { curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/501'/0'/0'", addressFormat: 'ADDRESS_FORMAT_SOLANA' } as const;

type Wire = Record<string, unknown>;
interface WireUser {
  apiKeys: Wire[];
  authenticators: Wire[];
  oauthProviders: Wire[];
}

/** An organization of the test: one user with an API key and a passkey, a wallet (Ethereum, Solana) and an imported key. */
interface Org {
  organizationId: string;
  userId: string;
  walletId: string;
  eth: string;
  sol: string;
  privateKeyId: string;
}

describe('the hosted client (@turnkey/core) reads single items and exports a wallet account on the emulator', () => {
  let f: Fixture;
  let tk: TurnkeyClient;
  let enclave: string;
  let mine: Org;
  let other: Org;

  async function newOrg(name: string): Promise<Org> {
    const owner = await newTestKey();
    const passkey = await SoftAuthenticator.create();
    const created = resultOf(
      await f.submit('create_sub_organization', f.demoOrgId, {
        subOrganizationName: name,
        rootQuorumThreshold: 1,
        rootUsers: [{ userName: name, apiKeys: [{ apiKeyName: 'owner', publicKey: owner.id, curveType: 'API_KEY_CURVE_P256' }], authenticators: [await passkey.register()], oauthProviders: [] }],
      }),
    );
    const organizationId = created.subOrganizationId as string;
    const userId = (created.rootUserIds as string[])[0]!;
    const wallet = resultOf(await f.submit('create_wallet', organizationId, { walletName: `${name} wallet`, accounts: [ETH, SOL] }));
    const [eth, sol] = wallet.addresses as [string, string];
    const init = resultOf(await f.submit('init_import_private_key', organizationId, { userId }));
    const encryptedBundle = await encryptToTarget(crypto.getRandomValues(new Uint8Array(32)), init.importBundle as string, { organizationId, userId, enclavePublicKey: enclave });
    const imported = resultOf(await f.submit('import_private_key', organizationId, { userId, privateKeyName: `${name} key`, encryptedBundle, curve: 'CURVE_SECP256K1', addressFormats: ['ADDRESS_FORMAT_ETHEREUM'] }));
    return { organizationId, userId, walletId: wallet.walletId as string, eth, sol, privateKeyId: imported.privateKeyId as string };
  }

  before(async () => {
    const secret = p256.utils.randomSecretKey();
    const apiPublicKey = toHex(p256.getPublicKey(secret, true));
    f = await startFixture({ rootApiKeys: [apiPublicKey] });
    enclave = (await getJson(`${f.urls.apiUrl}/__keys`)).json.enclavePublicKey as string;
    mine = await newOrg('hosted queries');
    other = await newOrg('someone else');
    const stamper = new ApiKeyStamper({ apiPublicKey, apiPrivateKey: toHex(secret) });
    tk = new TurnkeyClient({ apiBaseUrl: f.urls.apiUrl, organizationId: f.demoOrgId }, stamper as unknown as ConstructorParameters<typeof TurnkeyClient>[1]);
    Object.assign(tk, { storageManager: { getActiveSession: async () => ({ organizationId: mine.organizationId, userId: mine.userId, publicKey: apiPublicKey }) } });
    tk.httpClient = tk.createHttpClient();
    await tk.httpClient.createOauthProviders({ userId: mine.userId, organizationId: mine.organizationId, oauthProviders: [{ providerName: 'google', oidcClaims: { iss: 'https://accounts.example', sub: 'hana', aud: 'latchkey' } }] });
  });
  after(() => f?.stop());

  const organizationId = () => mine.organizationId;
  const user = async (): Promise<WireUser> => (await f.query('get_user', { organizationId: mine.organizationId, userId: mine.userId })).json.user as unknown as WireUser;
  const lastActivity = () => [...f.emulator.state.read.activities.values()].at(-1)!;

  /** A request signed by the hosted client's stamp* twin, sent as is: the raw answer, status and all. */
  async function sendStamped(signed: { url: string; body: string; stamp: { stampHeaderName: string; stampHeaderValue: string } } | undefined): Promise<Answer> {
    assert.ok(signed, 'the hosted client stamped the request');
    return plainPost(signed.url, signed.body, { [signed.stamp.stampHeaderName]: signed.stamp.stampHeaderValue });
  }

  it('getWallet answers the list_wallets entry', async () => {
    const listed = (await f.query('list_wallets', { organizationId: organizationId() })).json.wallets as Wire[];
    const { wallet } = await tk.httpClient.getWallet({ organizationId: organizationId(), walletId: mine.walletId });
    assert.equal(wallet.walletId, mine.walletId);
    assert.deepEqual(wallet, listed.find((w) => w.walletId === mine.walletId));
  });

  it('getWalletAccount by address, by path and by both answers the list_wallet_accounts entry', async () => {
    const listed = (await f.query('list_wallet_accounts', { organizationId: organizationId(), walletId: mine.walletId })).json.accounts as Wire[];
    assert.equal(listed.length, 2);
    for (const entry of listed) {
      const byAddress = await tk.httpClient.getWalletAccount({ organizationId: organizationId(), walletId: mine.walletId, address: entry.address as string });
      const byPath = await tk.httpClient.getWalletAccount({ organizationId: organizationId(), walletId: mine.walletId, path: entry.path as string });
      const byBoth = await tk.httpClient.getWalletAccount({ organizationId: organizationId(), walletId: mine.walletId, address: entry.address as string, path: entry.path as string });
      assert.deepEqual(byAddress.account, entry);
      assert.deepEqual(byPath.account, entry);
      assert.deepEqual(byBoth.account, entry);
    }
    assert.deepEqual(listed.map((a) => a.address), [mine.eth, mine.sol]);
  });

  it('getApiKeys (a user, and the whole organization) and getApiKey answer what get_user shows', async () => {
    const { apiKeys } = await user();
    assert.ok(apiKeys.length >= 1);
    assert.deepEqual((await tk.httpClient.getApiKeys({ organizationId: organizationId(), userId: mine.userId })).apiKeys, apiKeys);
    // userId is optional in the hosted request: the organization's keys (its one user's here).
    assert.deepEqual((await tk.httpClient.getApiKeys({ organizationId: organizationId() })).apiKeys, apiKeys);
    for (const key of apiKeys) assert.deepEqual((await tk.httpClient.getApiKey({ organizationId: organizationId(), apiKeyId: key.apiKeyId as string })).apiKey, key);
  });

  it('getAuthenticators and getAuthenticator answer what get_user shows', async () => {
    const { authenticators } = await user();
    assert.equal(authenticators.length, 1);
    assert.deepEqual((await tk.httpClient.getAuthenticators({ organizationId: organizationId(), userId: mine.userId })).authenticators, authenticators);
    const id = authenticators[0]!.authenticatorId as string;
    assert.deepEqual((await tk.httpClient.getAuthenticator({ organizationId: organizationId(), authenticatorId: id })).authenticator, authenticators[0]);
  });

  it('getOauthProviders (a user, and the whole organization) answers what get_user shows', async () => {
    const { oauthProviders } = await user();
    assert.equal(oauthProviders.length, 1);
    assert.equal(oauthProviders[0]!.issuer, 'https://accounts.example');
    assert.deepEqual((await tk.httpClient.getOauthProviders({ organizationId: organizationId(), userId: mine.userId })).oauthProviders, oauthProviders);
    assert.deepEqual((await tk.httpClient.getOauthProviders({ organizationId: organizationId() })).oauthProviders, oauthProviders);
  });

  it('getPrivateKey answers the list_private_keys entry', async () => {
    const listed = (await f.query('list_private_keys', { organizationId: organizationId() })).json.privateKeys as Wire[];
    const { privateKey } = await tk.httpClient.getPrivateKey({ organizationId: organizationId(), privateKeyId: mine.privateKeyId });
    assert.equal(privateKey.privateKeyId, mine.privateKeyId);
    assert.deepEqual(privateKey, listed.find((k) => k.privateKeyId === mine.privateKeyId));
  });

  it("exportWalletAccount seals the Ethereum account's private key; the hosted decryptExportBundle opens it to the account's address", async () => {
    const target = generateP256KeyPair();
    const answer = await tk.httpClient.exportWalletAccount({ organizationId: organizationId(), address: mine.eth, targetPublicKey: target.publicKeyUncompressed });
    assert.equal(lastActivity().type, 'ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT');
    assert.deepEqual(Object.keys(lastActivity().intent), ['exportWalletAccountIntent']);
    assert.deepEqual(Object.keys(lastActivity().result), ['exportWalletAccountResult']);
    assert.equal(answer.address, mine.eth);
    const privateKey = await decryptExportBundle({ exportBundle: answer.exportBundle, embeddedKey: target.privateKey, organizationId: organizationId(), returnMnemonic: false, dangerouslyOverrideSignerPublicKey: enclave });
    assert.match(privateKey, /^[0-9a-f]{64}$/);
    assert.equal(privateKeyToAddress(`0x${privateKey}`), mine.eth);
    // Sealed to this organization: the hosted check refuses another organization id.
    await assert.rejects(decryptExportBundle({ exportBundle: answer.exportBundle, embeddedKey: target.privateKey, organizationId: other.organizationId, returnMnemonic: false, dangerouslyOverrideSignerPublicKey: enclave }));
  });

  it("exportWalletAccount of the Solana account opens (keyFormat SOLANA) to a keypair whose public half is the account's address", async () => {
    const target = generateP256KeyPair();
    const answer = await tk.httpClient.exportWalletAccount({ organizationId: organizationId(), address: mine.sol, targetPublicKey: target.publicKeyUncompressed });
    const keypair = base58.decode(await decryptExportBundle({ exportBundle: answer.exportBundle, embeddedKey: target.privateKey, organizationId: organizationId(), keyFormat: 'SOLANA', returnMnemonic: false, dangerouslyOverrideSignerPublicKey: enclave }));
    assert.equal(keypair.length, 64);
    assert.equal(base58.encode(keypair.slice(32)), mine.sol);
    assert.deepEqual(ed25519.getPublicKey(keypair.slice(0, 32)), keypair.slice(32));
  });

  it("unknown ids and another organization's ids are refused (404 NOT_FOUND, or 404 USER_NOT_FOUND for a user), changing nothing", async () => {
    const org = organizationId();
    const unknown = crypto.randomUUID();
    const h = tk.httpClient;
    const refusals: [string, () => ReturnType<typeof h.stampGetWallet>, string][] = [
      ['get_wallet unknown', () => h.stampGetWallet({ organizationId: org, walletId: unknown }), 'NOT_FOUND'],
      ['get_wallet other', () => h.stampGetWallet({ organizationId: org, walletId: other.walletId }), 'NOT_FOUND'],
      ['get_wallet_account other wallet', () => h.stampGetWalletAccount({ organizationId: org, walletId: other.walletId, address: other.eth }), 'NOT_FOUND'],
      ['get_wallet_account other address', () => h.stampGetWalletAccount({ organizationId: org, walletId: mine.walletId, address: other.eth }), 'NOT_FOUND'],
      ['get_wallet_account address and path disagree', () => h.stampGetWalletAccount({ organizationId: org, walletId: mine.walletId, address: mine.eth, path: SOL.path }), 'NOT_FOUND'],
      ['get_api_keys other user', () => h.stampGetApiKeys({ organizationId: org, userId: other.userId }), 'USER_NOT_FOUND'],
      ['get_authenticators other user', () => h.stampGetAuthenticators({ organizationId: org, userId: other.userId }), 'USER_NOT_FOUND'],
      ['get_authenticators unknown user', () => h.stampGetAuthenticators({ organizationId: org, userId: unknown }), 'USER_NOT_FOUND'],
      ['get_oauth_providers other user', () => h.stampGetOauthProviders({ organizationId: org, userId: other.userId }), 'USER_NOT_FOUND'],
      ['get_private_key unknown', () => h.stampGetPrivateKey({ organizationId: org, privateKeyId: unknown }), 'NOT_FOUND'],
      ['get_private_key other', () => h.stampGetPrivateKey({ organizationId: org, privateKeyId: other.privateKeyId }), 'NOT_FOUND'],
      ['get_api_key unknown', () => h.stampGetApiKey({ organizationId: org, apiKeyId: unknown }), 'NOT_FOUND'],
      ['get_authenticator unknown', () => h.stampGetAuthenticator({ organizationId: org, authenticatorId: unknown }), 'NOT_FOUND'],
    ];
    const theirs = (await f.query('get_user', { organizationId: other.organizationId, userId: other.userId })).json.user as unknown as WireUser;
    refusals.push(
      ['get_api_key other', () => h.stampGetApiKey({ organizationId: org, apiKeyId: theirs.apiKeys[0]!.apiKeyId as string }), 'NOT_FOUND'],
      ['get_authenticator other', () => h.stampGetAuthenticator({ organizationId: org, authenticatorId: theirs.authenticators[0]!.authenticatorId as string }), 'NOT_FOUND'],
    );
    for (const [label, stamp, code] of refusals) {
      const answer = await assertNoStateChange(f.emulator, async () => sendStamped(await stamp()));
      assert.doesNotThrow(() => assertServiceError(answer, 404, 5, code), label);
    }
    // The same item is there for its own organization: the refusals above are about ownership.
    assert.equal((await h.getWallet({ organizationId: other.organizationId, walletId: other.walletId })).wallet.walletId, other.walletId);
    // Neither address nor path names no account.
    assertServiceError(await sendStamped(await h.stampGetWalletAccount({ organizationId: org, walletId: mine.walletId })), 400, 3, 'REQUEST_INVALID');
    // The hosted client's own methods reject with the service's code and detail.
    await assert.rejects(h.getWallet({ organizationId: org, walletId: other.walletId }), (error: { code?: number; details?: { turnkeyErrorCode?: string }[] }) => {
      assert.equal(error.code, 5);
      assert.equal(error.details?.[0]?.turnkeyErrorCode, 'NOT_FOUND');
      return true;
    });
  });

  it("exportWalletAccount of another organization's or an unknown address is refused 404 NOT_FOUND and stores nothing", async () => {
    const target = generateP256KeyPair();
    for (const address of [other.eth, '0x0000000000000000000000000000000000000001']) {
      const answer = await assertNoStateChange(f.emulator, async () =>
        sendStamped(await tk.httpClient.stampExportWalletAccount({ organizationId: organizationId(), address, targetPublicKey: target.publicKeyUncompressed })),
      );
      assertServiceError(answer, 404, 5, 'NOT_FOUND');
    }
    await assert.rejects(tk.httpClient.exportWalletAccount({ organizationId: organizationId(), address: other.eth, targetPublicKey: target.publicKeyUncompressed }));
  });
});
