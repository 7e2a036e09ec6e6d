// Step-up (issue 13, part 2), checked on the service side: export (by default) and credential
// changes (when configured) need a passkey stamp or a session from a recent login; a refresh
// keeps its login's time; a backend's non-expiring key is exempt; logout is never held back.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { generateTargetKeyPair } from '../../../src/bundles/hpke-suite.ts';
import { startFixture, newTestKey, plainPost, resultOf } from '../support/emulator-fixture.ts';
import { assertServiceError, assertNoStateChange } from '../support/assertions.ts';
import { SoftAuthenticator } from '../support/soft-authenticator.ts';
import type { Answer, Fixture, TestKey } from '../support/emulator-fixture.ts';

const ETH = { curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' };
const ELEVEN_MINUTES = 11 * 60_000;

interface Account {
  org: string;
  userId: string;
  walletId: string;
  passkey: SoftAuthenticator;
  /** A non-expiring API key, as a backend holds. */
  backendKey: TestKey;
}

async function newAccount(f: Fixture, name: string): Promise<Account> {
  const passkey = await SoftAuthenticator.create();
  const backendKey = await newTestKey();
  const created = resultOf(
    await f.submit('create_sub_organization', f.demoOrgId, {
      subOrganizationName: name,
      rootQuorumThreshold: 1,
      rootUsers: [{ userName: name, apiKeys: [{ apiKeyName: 'backend', publicKey: backendKey.id, curveType: 'API_KEY_CURVE_P256' }], authenticators: [await passkey.register()], oauthProviders: [] }],
    }),
  );
  const org = created.subOrganizationId as string;
  const walletId = resultOf(await f.submit('create_wallet', org, { walletName: 'main', accounts: [ETH] }, backendKey)).walletId as string;
  return { org, userId: (created.rootUserIds as string[])[0]!, walletId, passkey, backendKey };
}

/** A request stamped by the account's passkey (an assertion made now). */
async function passkeyPost(f: Fixture, account: Account, operation: string, parameters: Record<string, unknown>): Promise<Answer> {
  const body = JSON.stringify(f.body(operation, account.org, parameters));
  return plainPost(`${f.urls.apiUrl}/public/v1/submit/${operation}`, body, { 'X-Stamp-Webauthn': await account.passkey.stamp(body) });
}

/** A session key made by a passkey login (stamp_login stamped by the passkey): a fresh proof. */
async function passkeyLogin(f: Fixture, account: Account): Promise<TestKey> {
  const sessionKey = await newTestKey();
  const answer = await passkeyPost(f, account, 'stamp_login', { publicKey: sessionKey.id, expirationSeconds: '3600' });
  assert.equal(answer.status, 200, JSON.stringify(answer.json));
  return sessionKey;
}

async function exportBy(f: Fixture, account: Account, key: TestKey): Promise<Answer> {
  const target = await generateTargetKeyPair();
  return f.submit('export_wallet', account.org, { walletId: account.walletId, targetPublicKey: target.publicKeyHex }, key);
}

describe('step-up: a fresh proof before export and credential changes', () => {
  let f: Fixture;
  before(async () => {
    f = await startFixture({ stepUp: { credentials: true } });
  });
  after(() => f.stop());

  it('exports with a session from a login minutes ago; after ten minutes refuses with 403 STEP_UP_REQUIRED, changing nothing', async () => {
    const account = await newAccount(f, 'fresh');
    const session = await passkeyLogin(f, account);
    assert.equal((await exportBy(f, account, session)).status, 200);
    f.advance(ELEVEN_MINUTES);
    const refused = await assertNoStateChange(f.emulator, () => exportBy(f, account, session));
    assertServiceError(refused, 403, 7, 'STEP_UP_REQUIRED', 'fresh proof');
  });

  it('a refresh keeps the login time: the refreshed session is refused as its parent was', async () => {
    const account = await newAccount(f, 'refreshed');
    const session = await passkeyLogin(f, account);
    f.advance(ELEVEN_MINUTES);
    const refreshed = await newTestKey();
    assert.equal((await f.submit('stamp_login', account.org, { publicKey: refreshed.id, expirationSeconds: '3600' }, session)).status, 200);
    assertServiceError(await exportBy(f, account, refreshed), 403, 7, 'STEP_UP_REQUIRED');
    // create_read_write_session from the stale key is a refresh too.
    const target = await generateTargetKeyPair();
    assert.equal((await f.submit('create_read_write_session', account.org, { targetPublicKey: target.publicKeyHex }, session)).status, 200);
    const [latest] = f.emulator.state.read.apiKeys.findBy('userId', account.userId).sort((a, b) => b.createdAt - a.createdAt);
    assert.ok(latest && latest.authenticatedAt !== undefined && f.now() - latest.authenticatedAt >= ELEVEN_MINUTES, 'the credential keeps the old login time');
  });

  it('export_wallet_account is guarded as export_wallet is: a stale session is refused, changing nothing; a passkey stamp passes', async () => {
    const account = await newAccount(f, 'account export');
    const accounts = (await f.query('list_wallet_accounts', { organizationId: account.org, walletId: account.walletId }, account.backendKey)).json.accounts as { address: string }[];
    const target = await generateTargetKeyPair();
    const parameters = { address: accounts[0]!.address, targetPublicKey: target.publicKeyHex };
    const session = await passkeyLogin(f, account);
    assert.equal((await f.submit('export_wallet_account', account.org, parameters, session)).status, 200);
    f.advance(ELEVEN_MINUTES);
    const refused = await assertNoStateChange(f.emulator, () => f.submit('export_wallet_account', account.org, parameters, session));
    assertServiceError(refused, 403, 7, 'STEP_UP_REQUIRED');
    const byPasskey = await passkeyPost(f, account, 'export_wallet_account', parameters);
    assert.equal(byPasskey.status, 200, JSON.stringify(byPasskey.json));
  });

  it('a passkey stamp is a fresh proof, and so is a new login', async () => {
    const account = await newAccount(f, 'stepped');
    const session = await passkeyLogin(f, account);
    f.advance(ELEVEN_MINUTES);
    assertServiceError(await exportBy(f, account, session), 403, 7, 'STEP_UP_REQUIRED');
    const target = await generateTargetKeyPair();
    const byPasskey = await passkeyPost(f, account, 'export_wallet', { walletId: account.walletId, targetPublicKey: target.publicKeyHex });
    assert.equal(byPasskey.status, 200, JSON.stringify(byPasskey.json));
    assert.equal((await exportBy(f, account, await passkeyLogin(f, account))).status, 200);
  });

  it('a non-expiring API key (a backend) is exempt, and so are the sessions it makes', async () => {
    const account = await newAccount(f, 'backend');
    f.advance(ELEVEN_MINUTES);
    assert.equal((await exportBy(f, account, account.backendKey)).status, 200);
    const session = await newTestKey();
    assert.equal((await f.submit('stamp_login', account.org, { publicKey: session.id }, account.backendKey)).status, 200);
    assert.equal((await exportBy(f, account, session)).status, 200);
  });

  it('guards adding and removing credentials when configured, never ending a session', async () => {
    const account = await newAccount(f, 'credentials');
    const session = await passkeyLogin(f, account);
    const spare = await passkeyLogin(f, account);
    f.advance(ELEVEN_MINUTES);
    const extra = await SoftAuthenticator.create();
    const refusals = await assertNoStateChange(f.emulator, async () => [
      await f.submit('create_authenticators', account.org, { userId: account.userId, authenticators: [await extra.register()] }, session),
      await f.submit('create_api_keys', account.org, { userId: account.userId, apiKeys: [{ apiKeyName: 'x', publicKey: (await newTestKey()).id, curveType: 'API_KEY_CURVE_P256' }] }, session),
      await f.submit('delete_oauth_providers', account.org, { userId: account.userId, providerIds: [crypto.randomUUID()] }, session),
    ]);
    for (const refused of refusals) assertServiceError(refused, 403, 7, 'STEP_UP_REQUIRED');
    const spareId = f.emulator.state.read.apiKeys.findBy('publicKey', spare.id)[0]!.id;
    const revoked = await f.submit('delete_api_keys', account.org, { userId: account.userId, apiKeyIds: [spareId] }, session);
    assert.equal(revoked.status, 200, JSON.stringify(revoked.json));
  });
});

describe('step-up configuration', () => {
  it('by default guards export only; `stepUp: false` turns it off', async () => {
    for (const [options, exportStatus] of [[{}, 403], [{ stepUp: false as const }, 200]] as const) {
      const f = await startFixture(options);
      try {
        const account = await newAccount(f, 'defaults');
        const session = await passkeyLogin(f, account);
        f.advance(ELEVEN_MINUTES);
        assert.equal((await exportBy(f, account, session)).status, exportStatus);
        const extra = await SoftAuthenticator.create();
        const added = await f.submit('create_authenticators', account.org, { userId: account.userId, authenticators: [await extra.register()] }, session);
        assert.equal(added.status, 200, JSON.stringify(added.json));
      } finally {
        await f.stop();
      }
    }
  });

  it('a proxy configuration overrides the policy for the organizations under it (stepUpMaxAgeSeconds, stepUpCredentials)', async () => {
    const f = await startFixture({ stepUp: false, proxyConfigs: [{ id: 'demo', stepUpMaxAgeSeconds: 60, stepUpCredentials: true }] });
    try {
      const account = await newAccount(f, 'configured');
      const session = await passkeyLogin(f, account);
      f.advance(61_000);
      assertServiceError(await exportBy(f, account, session), 403, 7, 'STEP_UP_REQUIRED', 'in the last minute');
      const extra = await SoftAuthenticator.create();
      assertServiceError(await f.submit('create_authenticators', account.org, { userId: account.userId, authenticators: [await extra.register()] }, session), 403, 7, 'STEP_UP_REQUIRED');
    } finally {
      await f.stop();
    }
  });
});
