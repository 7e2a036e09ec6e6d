// 100 OTP sign-ups and logins in parallel through the proxy: no user lost, no session mixed up.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { verifySessionJwt } from '../../src/tokens/session-jwt.ts';
import { ActivityClient } from '../../src/clients/activity-client.ts';
import { ApiKeyStamper } from '../../src/stamp/api-key-stamper.ts';
import { startFixture, getJson } from './support/emulator-fixture.ts';
import { otpSignupAndLogin, proxyClient } from './support/otp-flow.ts';
import type { Fixture } from './support/emulator-fixture.ts';

describe('concurrency', () => {
  let f: Fixture;
  before(async () => {
    f = await startFixture();
  });
  after(() => f.stop());

  it('runs 100 OTP sign-ups in parallel without losing a user or mixing sessions', async () => {
    const emails = Array.from({ length: 100 }, (_, i) => `parallel-${i}@example.com`);
    const logins = await Promise.all(emails.map((email) => otpSignupAndLogin(f, email)));
    const notarizer = (await getJson(`${f.urls.apiUrl}/__keys`)).json.notarizerPublicKey as string;

    assert.equal(new Set(logins.map((l) => l.organizationId)).size, 100, 'one sub-organization each');
    assert.equal(new Set(logins.map((l) => l.userId)).size, 100, 'one user each');
    const client = proxyClient(f);
    await Promise.all(
      logins.map(async (login, i) => {
        const claims = await verifySessionJwt(login.session, { notarizerPublicKey: notarizer });
        assert.equal(claims.public_key, login.key.id, 'the session names its own key');
        assert.equal(claims.organization_id, login.organizationId);
        assert.equal(claims.user_id, login.userId);
        assert.equal((await client.account({ filterType: 'EMAIL', filterValue: emails[i]! })).organizationId, login.organizationId);
        // Each session key stamps as its own user only.
        const activity = new ActivityClient({ apiBaseUrl: f.urls.apiUrl, stamper: new ApiKeyStamper(login.key) });
        const { users } = await activity.query('list_users', { organizationId: login.organizationId });
        assert.deepEqual(users.map((u) => u.userEmail), [emails[i]]);
        assert.equal((await activity.query('whoami', { organizationId: login.organizationId })).userId, login.userId);
      }),
    );
    const children = f.emulator.state.read.organizations.findBy('parentId', f.demoOrgId);
    assert.equal(children.length, 100);
  });
});
