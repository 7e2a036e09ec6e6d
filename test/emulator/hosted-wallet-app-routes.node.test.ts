// Issue 38, item 5: the routes a wallet app's backend calls that the emulator did not answer,
// driven by the hosted HTTP client (@turnkey/http's TurnkeyClient + @turnkey/api-key-stamper)
// with a key given as --api-key: delete_wallets, delete_wallet_accounts, update_user,
// delete_private_keys, delete_users, create_policy, get_policy, delete_policies, the user tags, get_latest_boot_proof
// and get_gas_usage. Each one's effect is
// read back through the hosted client (a deleted account no longer signs, a deleted user's key no
// longer stamps); each refusal (unknown id, another organization's id, a missing field) is the
// service's error shape with its status, and changes nothing. An identical body is one activity.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { TurnkeyClient, type TSignedRequest } from '@turnkey/http';
import { ApiKeyStamper } from '@turnkey/api-key-stamper';
import { generateP256KeyPair } from '@turnkey/crypto';
import { encryptToTarget } from '../../src/bundles/import-bundle.ts';
import { startFixture, subOrganizationWithKey, newTestKey, resultOf, getJson, type Answer, type Fixture } from './support/emulator-fixture.ts';
import { assertNoStateChange, assertServiceError } from './support/assertions.ts';

const keyPair = generateP256KeyPair();
let f: Fixture;
let client: TurnkeyClient;
let organizationId: string;
const ts = () => String(f.now());

/** Sends a request the hosted client stamped, and reads the answer as it came (status and body). */
async function send(signed: Promise<TSignedRequest>): Promise<Answer> {
  const { url, body, stamp } = await signed;
  const response = await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', [stamp.stampHeaderName]: stamp.stampHeaderValue } });
  return { status: response.status, headers: response.headers, json: (await response.json()) as Record<string, unknown> };
}

/** A refused request: the service's error shape, and the state as it was. */
async function refused(signed: () => Promise<TSignedRequest>, status: number, grpc: number, messagePart?: string): Promise<void> {
  const answer = await assertNoStateChange(f.emulator, () => send(signed()));
  assertServiceError(answer, status, grpc, undefined, messagePart);
}

const ETH = { curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', addressFormat: 'ADDRESS_FORMAT_ETHEREUM' } as const;

async function newWallet(name: string, accounts = 1): Promise<{ walletId: string; addresses: string[] }> {
  const created = await client.createWallet({
    type: 'ACTIVITY_TYPE_CREATE_WALLET',
    timestampMs: ts(),
    organizationId,
    parameters: { walletName: name, accounts: Array.from({ length: accounts }, (_, i) => ({ ...ETH, path: `m/44'/60'/0'/0/${i}` })) },
  });
  return created.activity.result.createWalletResult!;
}

const sign = (address: string) =>
  client.signRawPayload({
    type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
    timestampMs: ts(),
    organizationId,
    parameters: { signWith: address, payload: 'ab'.repeat(32), encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NO_OP' },
  });

describe('wallet-app routes through the hosted HTTP client', () => {
  before(async () => {
    f = await startFixture({ rootApiKeys: [keyPair.publicKey] });
    organizationId = f.demoOrgId;
    client = new TurnkeyClient({ baseUrl: f.urls.apiUrl }, new ApiKeyStamper({ apiPublicKey: keyPair.publicKey, apiPrivateKey: keyPair.privateKey }));
  });
  after(() => f.stop());

  it('delete_wallet_accounts: the account stops signing, its wallet keeps the others; refusals change nothing', async () => {
    const { walletId, addresses } = await newWallet('Two accounts', 2);
    const { accounts } = await client.getWalletAccounts({ organizationId, walletId });
    const first = accounts.find((a) => a.address === addresses[0])!;
    await sign(addresses[0]!);

    // Never exported: refused without deleteWithoutExport, as the service guards funds.
    await refused(() => client.stampDeleteWalletAccounts({ type: 'ACTIVITY_TYPE_DELETE_WALLET_ACCOUNTS', timestampMs: ts(), organizationId, parameters: { walletAccountIds: [first.walletAccountId] } }), 400, 3, 'never exported');
    await refused(() => client.stampDeleteWalletAccounts({ type: 'ACTIVITY_TYPE_DELETE_WALLET_ACCOUNTS', timestampMs: ts(), organizationId, parameters: { walletAccountIds: [first.walletAccountId, 'no-such-account'], deleteWithoutExport: true } }), 404, 5);
    await refused(() => client.stampDeleteWalletAccounts({ type: 'ACTIVITY_TYPE_DELETE_WALLET_ACCOUNTS', timestampMs: ts(), organizationId, parameters: { walletAccountIds: [], deleteWithoutExport: true } }), 400, 3);
    await refused(() => client.stampDeleteWalletAccounts({ type: 'ACTIVITY_TYPE_DELETE_WALLET_ACCOUNTS', timestampMs: ts(), organizationId, parameters: {} as never }), 400, 3);

    const body = { type: 'ACTIVITY_TYPE_DELETE_WALLET_ACCOUNTS' as const, timestampMs: ts(), organizationId, parameters: { walletAccountIds: [first.walletAccountId], deleteWithoutExport: true } };
    const deleted = await client.deleteWalletAccounts(body);
    assert.deepEqual(deleted.activity.result.deleteWalletAccountsResult, { walletAccountIds: [first.walletAccountId] });
    // The same body again is the same activity (idempotency), not a second deletion that fails.
    assert.equal((await client.deleteWalletAccounts(body)).activity.id, deleted.activity.id);

    await assert.rejects(sign(addresses[0]!), (error: { code?: number }) => error.code === 5, 'a deleted account no longer signs');
    await sign(addresses[1]!);
    assert.deepEqual((await client.getWalletAccounts({ organizationId, walletId })).accounts.map((a) => a.address), [addresses[1]]);
  });

  it('delete_wallets: the wallet and every account go; an unexported wallet, an unknown id and another organization are refused', async () => {
    const { walletId, addresses } = await newWallet('To delete', 2);
    await refused(() => client.stampDeleteWallets({ type: 'ACTIVITY_TYPE_DELETE_WALLETS', timestampMs: ts(), organizationId, parameters: { walletIds: [walletId] } }), 400, 3, 'never exported');
    await refused(() => client.stampDeleteWallets({ type: 'ACTIVITY_TYPE_DELETE_WALLETS', timestampMs: ts(), organizationId, parameters: { walletIds: [walletId, 'nope'], deleteWithoutExport: true } }), 404, 5);

    // A sub-organization's root key may not act on the parent; the parent's wallet is not the sub-organization's to name.
    const subKey = await newTestKey();
    const sub = await subOrganizationWithKey(f, subKey, 'Other org', 'Other user');
    const subClientPair = generateP256KeyPair();
    const subClient = new TurnkeyClient({ baseUrl: f.urls.apiUrl }, new ApiKeyStamper({ apiPublicKey: subClientPair.publicKey, apiPrivateKey: subClientPair.privateKey }));
    await f.submit('create_api_keys', sub.organizationId, { userId: sub.userId, apiKeys: [{ apiKeyName: 'hosted', publicKey: subClientPair.publicKey, curveType: 'API_KEY_CURVE_P256' }] }, subKey);
    await assertNoStateChange(f.emulator, async () => {
      const answer = await send(subClient.stampDeleteWallets({ type: 'ACTIVITY_TYPE_DELETE_WALLETS', timestampMs: ts(), organizationId, parameters: { walletIds: [walletId], deleteWithoutExport: true } }));
      assertServiceError(answer, 403, 7);
      const own = await send(subClient.stampDeleteWallets({ type: 'ACTIVITY_TYPE_DELETE_WALLETS', timestampMs: ts(), organizationId: sub.organizationId, parameters: { walletIds: [walletId], deleteWithoutExport: true } }));
      assertServiceError(own, 404, 5);
    });

    const deleted = await client.deleteWallets({ type: 'ACTIVITY_TYPE_DELETE_WALLETS', timestampMs: ts(), organizationId, parameters: { walletIds: [walletId], deleteWithoutExport: true } });
    assert.deepEqual(deleted.activity.result.deleteWalletsResult, { walletIds: [walletId] });
    assert.ok(!(await client.getWallets({ organizationId })).wallets.some((w) => w.walletId === walletId));
    for (const address of addresses) await assert.rejects(sign(address), (error: { code?: number }) => error.code === 5);

    // An exported wallet needs no deleteWithoutExport.
    const exported = await newWallet('Exported');
    const target = generateP256KeyPair();
    await client.exportWallet({ type: 'ACTIVITY_TYPE_EXPORT_WALLET', timestampMs: ts(), organizationId, parameters: { walletId: exported.walletId, targetPublicKey: target.publicKeyUncompressed } });
    await client.deleteWallets({ type: 'ACTIVITY_TYPE_DELETE_WALLETS', timestampMs: ts(), organizationId, parameters: { walletIds: [exported.walletId] } });
  });

  it('update_user, user tags and delete_users: changes read back with get_user; a deleted user stamps nothing', async () => {
    const userPair = generateP256KeyPair();
    // (The kit's create_users body; the hosted client's createUsers is hosted-user-creation.node.test.ts's.)
    const created = await f.submit('create_users', organizationId, {
      users: [{ userName: 'Ana', userEmail: 'ana@example.com', apiKeys: [{ apiKeyName: 'ana', publicKey: userPair.publicKey, curveType: 'API_KEY_CURVE_P256' }], authenticators: [], oauthProviders: [], userTags: [] }],
    });
    const userId = (resultOf(created).userIds as string[])[0]!;
    const ana = new TurnkeyClient({ baseUrl: f.urls.apiUrl }, new ApiKeyStamper({ apiPublicKey: userPair.publicKey, apiPrivateKey: userPair.privateKey }));
    assert.equal((await ana.getWhoami({ organizationId })).userId, userId);

    const tag = await client.createUserTag({ type: 'ACTIVITY_TYPE_CREATE_USER_TAG', timestampMs: ts(), organizationId, parameters: { userTagName: 'support', userIds: [] } });
    const userTagId = tag.activity.result.createUserTagResult!.userTagId;
    assert.deepEqual((await client.listUserTags({ organizationId })).userTags.map((t) => [t.tagId, t.tagName, t.tagType]), [[userTagId, 'support', 'TAG_TYPE_USER']]);

    await client.updateUser({ type: 'ACTIVITY_TYPE_UPDATE_USER', timestampMs: ts(), organizationId, parameters: { userId, userName: 'Ana Lima', userPhoneNumber: '+14155550123', userTagIds: [userTagId] } });
    let { user } = await client.getUser({ organizationId, userId });
    assert.deepEqual([user.userName, user.userEmail, user.userPhoneNumber, user.userTags], ['Ana Lima', 'ana@example.com', '+14155550123', [userTagId]]);

    // One bad field refuses the whole update: the name before it is not stored either.
    await refused(() => client.stampUpdateUser({ type: 'ACTIVITY_TYPE_UPDATE_USER', timestampMs: ts(), organizationId, parameters: { userId, userName: 'Changed', userEmail: 'not an email' } }), 400, 3);
    await refused(() => client.stampUpdateUser({ type: 'ACTIVITY_TYPE_UPDATE_USER', timestampMs: ts(), organizationId, parameters: { userId, userName: 'Changed', userTagIds: ['no-such-tag'] } }), 404, 5);
    await refused(() => client.stampUpdateUser({ type: 'ACTIVITY_TYPE_UPDATE_USER', timestampMs: ts(), organizationId, parameters: { userId: 'no-such-user', userName: 'X' } }), 404, 5);
    await refused(() => client.stampUpdateUser({ type: 'ACTIVITY_TYPE_UPDATE_USER', timestampMs: ts(), organizationId, parameters: { userName: 'X' } as never }), 400, 3);

    await client.updateUserTag({ type: 'ACTIVITY_TYPE_UPDATE_USER_TAG', timestampMs: ts(), organizationId, parameters: { userTagId, newUserTagName: 'helpdesk', addUserIds: [], removeUserIds: [userId] } });
    ({ user } = await client.getUser({ organizationId, userId }));
    assert.deepEqual(user.userTags, []);
    await client.updateUserTag({ type: 'ACTIVITY_TYPE_UPDATE_USER_TAG', timestampMs: ts(), organizationId, parameters: { userTagId, addUserIds: [userId], removeUserIds: [] } });
    const dropped = await client.deleteUserTags({ type: 'ACTIVITY_TYPE_DELETE_USER_TAGS', timestampMs: ts(), organizationId, parameters: { userTagIds: [userTagId] } });
    assert.deepEqual(dropped.activity.result.deleteUserTagsResult, { userTagIds: [userTagId], userIds: [userId] });
    assert.deepEqual((await client.getUser({ organizationId, userId })).user.userTags, []);
    assert.deepEqual((await client.listUserTags({ organizationId })).userTags, []);

    const me = await client.getWhoami({ organizationId });
    await refused(() => client.stampDeleteUsers({ type: 'ACTIVITY_TYPE_DELETE_USERS', timestampMs: ts(), organizationId, parameters: { userIds: [me.userId] } }), 400, 3, 'root');
    await refused(() => client.stampDeleteUsers({ type: 'ACTIVITY_TYPE_DELETE_USERS', timestampMs: ts(), organizationId, parameters: { userIds: [userId, 'no-such-user'] } }), 404, 5);
    const gone = await client.deleteUsers({ type: 'ACTIVITY_TYPE_DELETE_USERS', timestampMs: ts(), organizationId, parameters: { userIds: [userId] } });
    assert.deepEqual(gone.activity.result.deleteUsersResult, { userIds: [userId] });
    await assert.rejects(client.getUser({ organizationId, userId }), (error: { code?: number }) => error.code === 5);
    await assert.rejects(ana.getWhoami({ organizationId }), (error: { code?: number }) => error.code === 16, "the deleted user's key stamps nothing");
  });

  it('create_policy, get_policy and delete_policies', async () => {
    const created = await client.createPolicy({
      type: 'ACTIVITY_TYPE_CREATE_POLICY_V3',
      timestampMs: ts(),
      organizationId,
      parameters: { policyName: 'No ETH signing', effect: 'EFFECT_DENY', condition: "activity.type == 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2'", notes: 'from the hosted client' },
    });
    const policyId = created.activity.result.createPolicyResult!.policyId;
    const { policy } = await client.getPolicy({ organizationId, policyId });
    assert.deepEqual([policy.policyId, policy.policyName, policy.effect, policy.condition, policy.notes], [policyId, 'No ETH signing', 'EFFECT_DENY', "activity.type == 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2'", 'from the hosted client']);

    await refused(() => client.stampCreatePolicy({ type: 'ACTIVITY_TYPE_CREATE_POLICY_V3', timestampMs: ts(), organizationId, parameters: { policyName: 'Bad', effect: 'EFFECT_ALLOW', condition: 'activity.type ==', notes: '' } }), 400, 3);
    await refused(() => client.stampCreatePolicy({ type: 'ACTIVITY_TYPE_CREATE_POLICY_V3', timestampMs: ts(), organizationId, parameters: { policyName: 'Bad', effect: 'EFFECT_MAYBE' as never, notes: '' } }), 400, 3);
    assertServiceError(await send(client.stampGetPolicy({ organizationId, policyId: 'no-such-policy' })), 404, 5);
    await refused(() => client.stampDeletePolicies({ type: 'ACTIVITY_TYPE_DELETE_POLICIES', timestampMs: ts(), organizationId, parameters: { policyIds: [policyId, 'no-such-policy'] } }), 404, 5);

    const deleted = await client.deletePolicies({ type: 'ACTIVITY_TYPE_DELETE_POLICIES', timestampMs: ts(), organizationId, parameters: { policyIds: [policyId] } });
    assert.deepEqual(deleted.activity.result.deletePoliciesResult, { policyIds: [policyId] });
    await assert.rejects(client.getPolicy({ organizationId, policyId }), (error: { code?: number }) => error.code === 5);
  });

  it('get_latest_boot_proof is the current boot of the emulated "signer" app; get_gas_usage is an empty window', async () => {
    const { bootProof } = await client.getLatestBootProof({ organizationId, appName: 'signer' });
    // The same document get_boot_proof answers for that boot's key (tests under proofs/ verify it).
    assert.deepEqual((await client.getBootProof({ organizationId, ephemeralKey: bootProof.ephemeralPublicKeyHex })).bootProof, bootProof);
    assert.equal(bootProof.enclaveApp, 'signer');
    assertServiceError(await send(client.stampGetLatestBootProof({ organizationId, appName: 'umpire' })), 404, 5);
    assert.deepEqual(await client.getGasUsage({ organizationId }), { windowDurationMinutes: 0, windowLimitUsd: '0', usageUsd: '0' });
  });

  it('delete_private_keys: an imported key stops signing; never exported, unknown ids are refused', async () => {
    // An imported key (the kit's import helper seals it to the emulator's import target).
    const { json: keys } = await getJson(`${f.urls.apiUrl}/__keys`);
    const me = await client.getWhoami({ organizationId });
    const init = resultOf(await f.submit('init_import_private_key', organizationId, { userId: me.userId }));
    const encryptedBundle = await encryptToTarget(crypto.getRandomValues(new Uint8Array(32)), init.importBundle as string, { organizationId, userId: me.userId, enclavePublicKey: keys.enclavePublicKey as string });
    const imported = resultOf(await f.submit('import_private_key', organizationId, { userId: me.userId, privateKeyName: 'Imported', encryptedBundle, curve: 'CURVE_SECP256K1', addressFormats: ['ADDRESS_FORMAT_ETHEREUM'] }));
    const privateKeyId = imported.privateKeyId as string;
    await sign(privateKeyId);

    await refused(() => client.stampDeletePrivateKeys({ type: 'ACTIVITY_TYPE_DELETE_PRIVATE_KEYS', timestampMs: ts(), organizationId, parameters: { privateKeyIds: [privateKeyId] } }), 400, 3, 'never exported');
    await refused(() => client.stampDeletePrivateKeys({ type: 'ACTIVITY_TYPE_DELETE_PRIVATE_KEYS', timestampMs: ts(), organizationId, parameters: { privateKeyIds: [privateKeyId, 'nope'], deleteWithoutExport: true } }), 404, 5);
    const deleted = await client.deletePrivateKeys({ type: 'ACTIVITY_TYPE_DELETE_PRIVATE_KEYS', timestampMs: ts(), organizationId, parameters: { privateKeyIds: [privateKeyId], deleteWithoutExport: true } });
    assert.deepEqual(deleted.activity.result.deletePrivateKeysResult, { privateKeyIds: [privateKeyId] });
    await assert.rejects(sign(privateKeyId), (error: { code?: number }) => error.code === 5, 'a deleted key no longer signs');
    await assert.rejects(client.getPrivateKey({ organizationId, privateKeyId }), (error: { code?: number }) => error.code === 5);
  });
});
