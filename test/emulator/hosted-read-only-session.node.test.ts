// Issue 38, item 5: create_read_only_session through the hosted HTTP client, and the session
// used as the hosted browser SDK uses it (sdk-browser's request(): the token in an `X-Session`
// header, no stamp). It reads as its user; it cannot submit (no stamp: SIGNATURE_MISSING, and
// nothing changes); a tampered, expired or other organization's use is refused in the service's
// error shape; the user's deletion ends it.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { TurnkeyClient } from '@turnkey/http';
import { ApiKeyStamper } from '@turnkey/api-key-stamper';
import { generateP256KeyPair } from '@turnkey/crypto';
import { startFixture, newTestKey, plainPost, resultOf, subOrganizationWithKey, type Fixture } from './support/emulator-fixture.ts';
import { assertNoStateChange, assertServiceError } from './support/assertions.ts';

const keyPair = generateP256KeyPair();
let f: Fixture;
let client: TurnkeyClient;
const read = (operation: string, body: unknown, session: string) => plainPost(`${f.urls.apiUrl}/public/v1/query/${operation}`, body, { 'X-Session': session });

describe('read-only sessions', () => {
  before(async () => {
    f = await startFixture({ rootApiKeys: [keyPair.publicKey] });
    client = new TurnkeyClient({ baseUrl: f.urls.apiUrl }, new ApiKeyStamper({ apiPublicKey: keyPair.publicKey, apiPrivateKey: keyPair.privateKey }));
  });
  after(() => f.stop());

  it('reads as its user with X-Session alone, and cannot submit', async () => {
    const organizationId = f.demoOrgId;
    const created = await client.createReadOnlySession({ type: 'ACTIVITY_TYPE_CREATE_READ_ONLY_SESSION', timestampMs: String(f.now()), organizationId, parameters: {} });
    const result = created.activity.result.createReadOnlySessionResult!;
    const me = await client.getWhoami({ organizationId });
    assert.deepEqual([result.organizationId, result.userId, result.username, result.organizationName], [organizationId, me.userId, me.username, me.organizationName]);
    assert.ok(Math.abs(Number(result.sessionExpiry) - (Math.floor(f.now() / 1000) + 3600)) <= 2, 'one hour');

    const whoami = await read('whoami', { organizationId }, result.session);
    assert.equal(whoami.status, 200, JSON.stringify(whoami.json));
    assert.equal(whoami.json.userId, me.userId);
    assert.equal((await read('list_wallets', { organizationId }, result.session)).status, 200);

    await assertNoStateChange(f.emulator, async () => {
      const body = f.body('create_wallet', organizationId, { walletName: 'nope', accounts: [] });
      assertServiceError(await plainPost(`${f.urls.apiUrl}/public/v1/submit/create_wallet`, body, { 'X-Session': result.session }), 401, 16, 'SIGNATURE_MISSING');
      const [head, payload, signature] = result.session.split('.') as [string, string, string];
      const tampered = `${head}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
      assertServiceError(await read('whoami', { organizationId }, tampered), 401, 16, 'SESSION_INVALID');
      assertServiceError(await read('whoami', { organizationId }, 'not a token'), 401, 16, 'SESSION_INVALID');
    });

    // The browser may send the header: the preflight allows it.
    const preflight = await fetch(`${f.urls.apiUrl}/public/v1/query/whoami`, { method: 'OPTIONS', headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-session' } });
    assert.ok(preflight.headers.get('access-control-allow-headers')?.includes('x-session'));
  });

  it("is its organization's only, ends with its user, and expires", async () => {
    const subKey = await newTestKey();
    const sub = await subOrganizationWithKey(f, subKey, 'Reader org', 'Reader');
    const session = (resultOf(await f.submit('create_read_only_session', sub.organizationId, {}, subKey)).session as string);
    assert.equal((await read('whoami', { organizationId: sub.organizationId }, session)).status, 200);
    assertServiceError(await read('list_wallets', { organizationId: f.demoOrgId }, session), 403, 7);

    f.advance(3601 * 1000);
    assertServiceError(await read('whoami', { organizationId: sub.organizationId }, session), 401, 16, 'SESSION_EXPIRED');
    f.advance(-3601 * 1000);

    // A user of the demo organization, deleted: their session reads nothing more.
    const userKey = await newTestKey();
    const user = (resultOf(await f.submit('create_users', f.demoOrgId, { users: [{ userName: 'Temp', apiKeys: [{ apiKeyName: 'k', publicKey: userKey.id, curveType: 'API_KEY_CURVE_P256' }], authenticators: [], oauthProviders: [], userTags: [] }] })).userIds as string[])[0]!;
    await f.submit('create_policies', f.demoOrgId, { policies: [{ policyName: 'Temp may open sessions', effect: 'EFFECT_ALLOW', condition: `activity.type == 'ACTIVITY_TYPE_CREATE_READ_ONLY_SESSION'`, consensus: `approvers.any(user, user.id == '${user}')` }] });
    const temp = resultOf(await f.submit('create_read_only_session', f.demoOrgId, {}, userKey)).session as string;
    assert.equal((await read('whoami', { organizationId: f.demoOrgId }, temp)).json.userId, user);
    await client.deleteUsers({ type: 'ACTIVITY_TYPE_DELETE_USERS', timestampMs: String(f.now()), organizationId: f.demoOrgId, parameters: { userIds: [user] } });
    assertServiceError(await read('whoami', { organizationId: f.demoOrgId }, temp), 401, 16, 'SESSION_INVALID');
  });
});
