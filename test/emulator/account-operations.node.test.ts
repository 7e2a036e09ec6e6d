// Issue 24, the emulator's account operations driven by the hosted service's own HTTP client
// (@turnkey/http's TurnkeyClient, stamped by @turnkey/api-key-stamper), in Node over real HTTP:
// update_user_name, removing an email or phone (update_user_email / update_user_phone_number
// with an empty value), init_import_wallet / import_wallet and delete_sub_organization. The
// wallet is sealed by @turnkey/crypto's encryptWalletToBundle (the hosted client's own sealing,
// pinned to the emulator's enclave key); the phrase comes from @scure/bip39, and its addresses are
// derived independently: viem's mnemonicToAccount for Ethereum, and for Solana a SLIP-10 ed25519
// derivation by @ton/crypto (deriveEd25519Path) turned into a key by @solana/web3.js's
// Keypair.fromSeed. Every refusal answers in the service's error shape and changes nothing.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { TurnkeyClient, TurnkeyRequestError } from '@turnkey/http';
import { ApiKeyStamper } from '@turnkey/api-key-stamper';
import { encryptWalletToBundle } from '@turnkey/crypto';
import { p256 } from '@noble/curves/nist.js';
import { generateMnemonic, mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { mnemonicToAccount } from 'viem/accounts';
import { deriveEd25519Path } from '@ton/crypto';
import { Keypair } from '@solana/web3.js';
import { toHex } from '../../src/encoding/hex.ts';
import { startFixture, getJson, resultOf, type Fixture } from './support/emulator-fixture.ts';
import { assertNoStateChange } from './support/assertions.ts';
import { startReceiver, type Receiver } from './webhooks/receiver.ts';

const ETH = (i: number) => ({ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: `m/44'/60'/0'/0/${i}`, addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }) as const;
const SOL = (i: number) => ({ curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: `m/44'/501'/${i}'/0'`, addressFormat: 'ADDRESS_FORMAT_SOLANA' }) as const;

/** Solana's address for account `i` of `mnemonic`, by libraries this project did not write. */
async function solanaAddress(mnemonic: string, i: number): Promise<string> {
  const key = await deriveEd25519Path(Buffer.from(mnemonicToSeedSync(mnemonic)), [44, 501, i, 0]);
  return Keypair.fromSeed(key).publicKey.toBase58();
}

/** A phrase with a wrong checksum: the last word changed until the checksum fails (@scure/bip39 says so). */
function badChecksum(mnemonic: string): string {
  const words = mnemonic.split(' ');
  const last = wordlist.indexOf(words.at(-1)!);
  for (let step = 1; ; step++) {
    const candidate = [...words.slice(0, -1), wordlist[(last + step) % 2048]].join(' ');
    if (!validateMnemonic(candidate, wordlist)) return candidate;
  }
}

function newKey(): { stamper: ApiKeyStamper; publicKey: string } {
  const secret = p256.utils.randomSecretKey();
  const publicKey = toHex(p256.getPublicKey(secret, true));
  return { stamper: new ApiKeyStamper({ apiPublicKey: publicKey, apiPrivateKey: toHex(secret) }), publicKey };
}

/** The hosted client's refusal: its TurnkeyRequestError with the service's gRPC code and message. */
async function refused(call: Promise<unknown>, code: number, messagePart: string): Promise<void> {
  await assert.rejects(call, (error: unknown) => {
    assert.ok(error instanceof TurnkeyRequestError, String(error));
    assert.equal(error.code, code, error.message);
    assert.ok(error.message.includes(messagePart), `"${error.message}" includes "${messagePart}"`);
    return true;
  });
}

const ts = (f: Fixture) => String(f.now());

describe('account operations through the hosted client (@turnkey/http)', { timeout: 60_000 }, () => {
  let f: Fixture;
  let client: TurnkeyClient;
  let receiver: Receiver;
  let enclave: string;
  let org = '';
  let userId = '';
  let otherUserId = '';
  const key = newKey();
  const session = newKey();
  let sessionClient: TurnkeyClient;
  /** Activities stored before the parent's receiver was registered (each later one is one event to it). */
  let activitiesBefore = 0;

  before(async () => {
    receiver = await startReceiver();
    f = await startFixture({ webhooks: { baseDelayMs: 5, maxDelayMs: 40, maxAttempts: 4, timeoutMs: 5000 } });
    enclave = (await getJson(`${f.urls.apiUrl}/__keys`)).json.enclavePublicKey as string;
    activitiesBefore = f.emulator.state.read.activities.values().length;
    resultOf(await f.submit('set_organization_feature', f.demoOrgId, { name: 'FEATURE_NAME_WEBHOOK', value: receiver.url }));
    const created = resultOf(
      await f.submit('create_sub_organization', f.demoOrgId, {
        subOrganizationName: 'account ops',
        rootQuorumThreshold: 1,
        rootUsers: [
          {
            userName: 'Ada',
            userEmail: `ada.${Date.now()}@example.com`,
            userPhoneNumber: '+15555550123',
            apiKeys: [{ apiKeyName: 'backend', publicKey: key.publicKey, curveType: 'API_KEY_CURVE_P256' }],
            authenticators: [],
            oauthProviders: [],
          },
        ],
      }),
    );
    org = created.subOrganizationId as string;
    userId = (created.rootUserIds as string[])[0]!;
    client = new TurnkeyClient({ baseUrl: f.urls.apiUrl }, key.stamper);
    // A second user whose one way to log in is an email address (sub-organization users may).
    const users = await client.createUsers({
      type: 'ACTIVITY_TYPE_CREATE_USERS_V4',
      timestampMs: ts(f),
      organizationId: org,
      parameters: { users: [{ userName: 'Bo', userEmail: `bo.${Date.now()}@example.com`, userTags: [], apiKeys: [], authenticators: [], oauthProviders: [] }] },
    } as Parameters<TurnkeyClient['createUsers']>[0]);
    otherUserId = users.activity.result.createUsersResult!.userIds[0]!;
    // A session key (it expires): step-up applies to it, as to the kit's sessions.
    await client.createApiKeys({
      type: 'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
      timestampMs: ts(f),
      organizationId: org,
      parameters: { userId, apiKeys: [{ apiKeyName: 'session', publicKey: session.publicKey, curveType: 'API_KEY_CURVE_P256', expirationSeconds: '3600' }] },
    });
    sessionClient = new TurnkeyClient({ baseUrl: f.urls.apiUrl }, session.stamper);
  });
  after(async () => {
    await f?.stop();
    await receiver?.close();
  });

  const getUser = async (id: string) => (await client.getUser({ organizationId: org, userId: id })).user;

  it('update_user_name renames the user; an empty name is refused and changes nothing', async () => {
    const answer = await client.updateUserName({ type: 'ACTIVITY_TYPE_UPDATE_USER_NAME', timestampMs: ts(f), organizationId: org, parameters: { userId, userName: 'Ada Lovelace' } });
    assert.equal(answer.activity.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.deepEqual(answer.activity.result.updateUserNameResult, { userId });
    assert.equal((await getUser(userId)).userName, 'Ada Lovelace');
    await assertNoStateChange(f.emulator, () =>
      refused(client.updateUserName({ type: 'ACTIVITY_TYPE_UPDATE_USER_NAME', timestampMs: ts(f), organizationId: org, parameters: { userId, userName: '' } }), 3, 'userName'),
    );
  });

  it('an empty phone number or email removes it, unless it is the user\'s last way to log in', async () => {
    await client.updateUserPhoneNumber({ type: 'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER', timestampMs: ts(f), organizationId: org, parameters: { userId, userPhoneNumber: '' } });
    await client.updateUserEmail({ type: 'ACTIVITY_TYPE_UPDATE_USER_EMAIL', timestampMs: ts(f), organizationId: org, parameters: { userId, userEmail: '' } });
    const ada = await getUser(userId);
    assert.equal(ada.userPhoneNumber ?? '', '');
    assert.equal(ada.userEmail ?? '', '');
    // Bo logs in by email only: removing it would leave no way in.
    await assertNoStateChange(f.emulator, () =>
      refused(client.updateUserEmail({ type: 'ACTIVITY_TYPE_UPDATE_USER_EMAIL', timestampMs: ts(f), organizationId: org, parameters: { userId: otherUserId, userEmail: '' } }), 3, 'no way to log in'),
    );
    assert.ok((await getUser(otherUserId)).userEmail);
  });

  it('imports a phrase sealed by @turnkey/crypto; its addresses match viem and a SLIP-10 derivation; the target works once', async () => {
    const mnemonic = generateMnemonic(wordlist, 256);
    const init = await client.initImportWallet({ type: 'ACTIVITY_TYPE_INIT_IMPORT_WALLET', timestampMs: ts(f), organizationId: org, parameters: { userId } });
    const importBundle = init.activity.result.initImportWalletResult!.importBundle;
    const seal = (phrase: string) => encryptWalletToBundle({ mnemonic: phrase, importBundle, userId, organizationId: org, dangerouslyOverrideSignerPublicKey: enclave });
    const body = (encryptedBundle: string) => ({
      type: 'ACTIVITY_TYPE_IMPORT_WALLET' as const,
      timestampMs: ts(f),
      organizationId: org,
      parameters: { userId, walletName: 'imported', encryptedBundle, accounts: [ETH(0), ETH(1), SOL(0), SOL(1)] },
    });
    // A wrong checksum is refused, and the target stays for the right phrase.
    const wrong = await seal(badChecksum(mnemonic));
    await assertNoStateChange(f.emulator, () => refused(client.importWallet(body(wrong)), 3, 'BIP39'));
    const encryptedBundle = await seal(mnemonic);
    const imported = (await client.importWallet(body(encryptedBundle))).activity.result.importWalletResult!;
    assert.deepEqual(imported.addresses, [
      mnemonicToAccount(mnemonic, { addressIndex: 0 }).address,
      mnemonicToAccount(mnemonic, { addressIndex: 1 }).address,
      await solanaAddress(mnemonic, 0),
      await solanaAddress(mnemonic, 1),
    ]);
    const wallet = (await client.getWallet({ organizationId: org, walletId: imported.walletId })).wallet;
    assert.equal(wallet.imported, true);
    assert.equal(wallet.exported, false);
    await assertNoStateChange(f.emulator, () => refused(client.importWallet(body(encryptedBundle)), 3, 'init_import_wallet'));
  });

  it('step-up: a session whose login is older than 10 minutes may not import or delete; a fresh one may import', async () => {
    let encryptedBundle = '';
    f.advance(11 * 60_000);
    try {
      const init = await sessionClient.initImportWallet({ type: 'ACTIVITY_TYPE_INIT_IMPORT_WALLET', timestampMs: ts(f), organizationId: org, parameters: { userId } });
      encryptedBundle = await encryptWalletToBundle({
        mnemonic: generateMnemonic(wordlist),
        importBundle: init.activity.result.initImportWalletResult!.importBundle,
        userId,
        organizationId: org,
        dangerouslyOverrideSignerPublicKey: enclave,
      });
      await assertNoStateChange(f.emulator, async () => {
        await refused(
          sessionClient.importWallet({ type: 'ACTIVITY_TYPE_IMPORT_WALLET', timestampMs: ts(f), organizationId: org, parameters: { userId, walletName: 'late', encryptedBundle, accounts: [ETH(0)] } }),
          7,
          'fresh proof',
        );
        await refused(sessionClient.deleteSubOrganization({ type: 'ACTIVITY_TYPE_DELETE_SUB_ORGANIZATION', timestampMs: ts(f), organizationId: org, parameters: { deleteWithoutExport: true } }), 7, 'fresh proof');
      });
    } finally {
      f.advance(-11 * 60_000);
    }
    // The same session, its login fresh again (the clock moved back), imports with the same bundle.
    const fresh = await sessionClient.importWallet({ type: 'ACTIVITY_TYPE_IMPORT_WALLET', timestampMs: ts(f), organizationId: org, parameters: { userId, walletName: 'fresh', encryptedBundle, accounts: [ETH(0)] } });
    assert.equal(fresh.activity.result.importWalletResult!.addresses.length, 1);
  });

  it('delete_sub_organization: refused while a wallet was never exported, or for the parent; then deleted, and the organization no longer answers', async () => {
    const del = (c: TurnkeyClient, organizationId: string, parameters: { deleteWithoutExport?: boolean }) =>
      c.deleteSubOrganization({ type: 'ACTIVITY_TYPE_DELETE_SUB_ORGANIZATION', timestampMs: ts(f), organizationId, parameters });
    // Every wallet exported but one: still refused.
    const { wallets } = await client.getWallets({ organizationId: org });
    assert.ok(wallets.length >= 2);
    for (const w of wallets.slice(1)) {
      await client.exportWallet({ type: 'ACTIVITY_TYPE_EXPORT_WALLET', timestampMs: ts(f), organizationId: org, parameters: { walletId: w.walletId, targetPublicKey: toHex(p256.getPublicKey(p256.utils.randomSecretKey(), false)) } });
    }
    await assertNoStateChange(f.emulator, async () => {
      await refused(del(client, org, {}), 3, 'never exported');
      await refused(del(client, org, { deleteWithoutExport: false }), 3, 'never exported');
    });
    // The parent's own key may not delete the sub-organization for it (hosted: its root user must).
    const parent = newKey();
    resultOf(await f.submit('create_api_keys', f.demoOrgId, { userId: f.emulator.state.read.organizations.get(f.demoOrgId)!.rootUserIds[0], apiKeys: [{ apiKeyName: 'parent', publicKey: parent.publicKey, curveType: 'API_KEY_CURVE_P256' }] }));
    const parentClient = new TurnkeyClient({ baseUrl: f.urls.apiUrl }, parent.stamper);
    await assertNoStateChange(f.emulator, async () => {
      await refused(del(parentClient, org, { deleteWithoutExport: true }), 7, 'own root users');
      await refused(del(parentClient, f.demoOrgId, { deleteWithoutExport: true }), 3, 'Only a sub-organization');
    });
    const answer = await del(client, org, { deleteWithoutExport: true });
    assert.deepEqual(answer.activity.result.deleteSubOrganizationResult, { subOrganizationUuid: org });
    // Every activity since the registration, the deletion included, is one event to the parent's receiver.
    const events = await receiver.waitFor(f.emulator.state.read.activities.values().length - activitiesBefore);
    const parsed = events.map((e) => JSON.parse(e.body.toString('utf8')) as { id: string; type: string; organizationId: string });
    const event = parsed.find((e) => e.id === answer.activity.id)!;
    assert.ok(event, 'the deletion\'s event');
    assert.equal(event.type, 'ACTIVITY_TYPE_DELETE_SUB_ORGANIZATION');
    assert.equal(event.organizationId, org);
    assert.equal(event.id, answer.activity.id);
    // Every new operation of this file sent its event to the parent's receiver.
    const types = new Set(parsed.map((e) => e.type));
    for (const type of ['ACTIVITY_TYPE_UPDATE_USER_NAME', 'ACTIVITY_TYPE_INIT_IMPORT_WALLET', 'ACTIVITY_TYPE_IMPORT_WALLET', 'ACTIVITY_TYPE_UPDATE_USER_EMAIL', 'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER']) {
      assert.ok(types.has(type), type);
    }
    // Nothing of it answers any more: its key stamps nothing, and the parent finds no such organization.
    await refused(client.getWhoami({ organizationId: org }), 5, 'organization');
    await refused(parentClient.getWallets({ organizationId: org }), 5, 'organization');
    for (const table of ['users', 'apiKeys', 'wallets', 'walletAccounts'] as const) {
      assert.equal(f.emulator.state.read[table].values().filter((r) => (r as { organizationId?: string }).organizationId === org).length, 0, table);
    }
  });

  it('delete_sub_organization needs no flag once nothing is left unexported', async () => {
    const own = newKey();
    const created = resultOf(
      await f.submit('create_sub_organization', f.demoOrgId, {
        subOrganizationName: 'empty',
        rootQuorumThreshold: 1,
        rootUsers: [{ userName: 'Cy', apiKeys: [{ apiKeyName: 'k', publicKey: own.publicKey, curveType: 'API_KEY_CURVE_P256' }], authenticators: [], oauthProviders: [] }],
      }),
    );
    const ownClient = new TurnkeyClient({ baseUrl: f.urls.apiUrl }, own.stamper);
    const organizationId = created.subOrganizationId as string;
    const answer = await ownClient.deleteSubOrganization({ type: 'ACTIVITY_TYPE_DELETE_SUB_ORGANIZATION', timestampMs: ts(f), organizationId, parameters: {} });
    assert.deepEqual(answer.activity.result.deleteSubOrganizationResult, { subOrganizationUuid: organizationId });
    await refused(ownClient.getWhoami({ organizationId }), 5, 'organization');
  });
});
