// C8 clock-skew-plus-minus-10min: a device whose clock is ten minutes off. The first activity
// it dates by its own clock is refused by the emulator (outside the timestampMs window); the
// client reads the service's time from that answer's Date, dates the body again, stamps it
// again, and the activity is made once. Later requests are dated right the first time, and a
// signing session judges expiry by the service's time.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { ActivityClient } from '../../../src/clients/activity-client.ts';
import { ApiKeyStamper } from '../../../src/stamp/api-key-stamper.ts';
import { startFixture, type Fixture } from '../../emulator/support/emulator-fixture.ts';

describe('C8 clock-skew-plus-minus-10min', () => {
  let f: Fixture;
  before(async () => {
    f = await startFixture();
  });
  after(() => f.stop());

  const users = (name: string) => ({ users: [{ userName: name, userEmail: `${name}@example.com`, apiKeys: [], authenticators: [], oauthProviders: [], userTags: [] }] });
  const count = async (name: string) =>
    ((await f.query('list_users', { organizationId: f.demoOrgId })).json.users as { userName: string }[]).filter((u) => u.userName === name).length;

  for (const [label, offset] of [['behind', -10 * 60_000], ['ahead', 10 * 60_000]] as const) {
    it(`C8 clock-skew-plus-minus-10min: a device clock 10 minutes ${label} is corrected from the service's Date; one activity per submit`, async () => {
      const submits: string[] = [];
      const recording = (async (url: string, init: RequestInit) => {
        if (String(url).includes('/submit/')) submits.push(JSON.parse(String(init.body)).timestampMs);
        return fetch(url, init);
      }) as typeof fetch;
      const client = new ActivityClient({ apiBaseUrl: f.urls.apiUrl, stamper: new ApiKeyStamper(f.root), fetch: recording, now: () => f.now() + offset, pollIntervalMs: 10 });
      const first = await client.submit('create_users', { organizationId: f.demoOrgId, parameters: users(`skew-${label}-1`) });
      assert.equal(first.status, 'ACTIVITY_STATUS_COMPLETED');
      assert.equal(submits.length, 2, 'refused once, then dated by the service clock');
      assert.ok(Math.abs(Number(submits[0]) - (f.now() + offset)) < 5_000, 'first dated by the device');
      assert.ok(Math.abs(Number(submits[1]) - f.now()) < 5_000, 'then by the service');
      assert.ok(Math.abs(client.skewMs + offset) < 2_000, `skew ${client.skewMs}`);
      assert.equal(await count(`skew-${label}-1`), 1);
      // The next request is dated right at once.
      await client.submit('create_users', { organizationId: f.demoOrgId, parameters: users(`skew-${label}-2`) });
      assert.equal(submits.length, 3);
      assert.equal(await count(`skew-${label}-2`), 1);
    });
  }

  it('a clock within 30 s is left alone, and a refusal that says nothing of time is not resent', async () => {
    const client = new ActivityClient({ apiBaseUrl: f.urls.apiUrl, stamper: new ApiKeyStamper(f.root), now: () => f.now() - 10_000, pollIntervalMs: 10 });
    await client.submit('create_users', { organizationId: f.demoOrgId, parameters: users('skew-small') });
    assert.equal(client.skewMs, 0);
    let sent = 0;
    const counting = (async (url: string, init: RequestInit) => {
      sent += 1;
      return fetch(url, init);
    }) as typeof fetch;
    const refused = new ActivityClient({ apiBaseUrl: f.urls.apiUrl, stamper: new ApiKeyStamper(f.root), fetch: counting, pollIntervalMs: 10 });
    await assert.rejects(refused.submit('create_users', { organizationId: f.demoOrgId, parameters: { users: [] } }), (error: { code?: string }) => error.code === 'ERR_SERVICE_INVALID_REQUEST');
    assert.equal(sent, 1);
  });
});
