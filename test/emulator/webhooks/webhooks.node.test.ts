// Webhooks over real HTTP with a real receiver: registration rules, one signed delivery per
// activity (verified with @noble/curves against the published JWKS), retries on 5xx and network
// errors with the same event id, none on 3xx / 4xx / 429, sub-organization delivery, and an
// activity answer that never waits for the receiver.
import { describe, it, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { ed25519 } from '@noble/curves/ed25519.js';
import { createServer } from 'node:net';
import { startFixture, getJson, resultOf } from '../support/emulator-fixture.ts';
import { assertNoStateChange, assertServiceError } from '../support/assertions.ts';
import { fromBase64Url } from '../../../src/encoding/base64url.ts';
import { fromHex } from '../../../src/encoding/hex.ts';
import { startReceiver } from './receiver.ts';
import { createPolicies, createUser } from '../policy/org-users.ts';
import type { Fixture } from '../support/emulator-fixture.ts';
import type { Received, Receiver } from './receiver.ts';

interface LogEntry {
  eventId: string;
  eventType: string;
  url: string;
  organizationId: string;
  activityId: string;
  activityOrganizationId: string;
  attempts: { attempt: number; at: number; atIso: string; timestampMs: string; status?: number; error?: string }[];
  state: 'PENDING' | 'DELIVERED' | 'FAILED';
  reason?: string;
}

interface Jwk {
  kty: string;
  crv: string;
  kid: string;
  x: string;
}

const FAST = { baseDelayMs: 5, maxDelayMs: 40, maxAttempts: 4, timeoutMs: 5000 };

let fixture: Fixture | undefined;
const receivers: Receiver[] = [];
afterEach(async () => {
  await fixture?.stop();
  fixture = undefined;
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

/** Deliveries to anything but loopback are refused here: the tests send nothing off the machine. */
const loopbackOnly: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.hostname !== '127.0.0.1') return Promise.reject(new TypeError('blocked by the test'));
  return fetch(input, init);
};

async function start(): Promise<Fixture> {
  fixture = await startFixture({ webhooks: { ...FAST, fetch: loopbackOnly } });
  return fixture;
}

async function receiver(...args: Parameters<typeof startReceiver>): Promise<Receiver> {
  const r = await startReceiver(...args);
  receivers.push(r);
  return r;
}

const register = (f: Fixture, organizationId: string, url: string) =>
  f.submit('set_organization_feature', organizationId, { name: 'FEATURE_NAME_WEBHOOK', value: url });

async function log(f: Fixture, query = ''): Promise<LogEntry[]> {
  return (await getJson(`${f.urls.apiUrl}/__webhooks${query}`)).json.deliveries as LogEntry[];
}

/** Polls the delivery log until `done` holds; after 5 s fails with what the log holds. */
async function waitForLog(f: Fixture, done: (entries: LogEntry[]) => boolean, query = ''): Promise<LogEntry[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const entries = await log(f, query);
    if (done(entries)) return entries;
    if (Date.now() > deadline) throw new Error(`the delivery log did not settle within 5 s: ${JSON.stringify(entries.map((e) => [e.state, e.attempts.map((a) => a.status ?? a.error)]))}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const finished = (entries: LogEntry[]) => entries.length > 0 && entries.every((e) => e.state !== 'PENDING');

async function webhookKey(f: Fixture): Promise<{ jwk: Jwk; publicKey: Uint8Array }> {
  const keys = (await getJson(`${f.urls.apiUrl}/__keys`)).json as { webhookJwks: { keys: Jwk[] } };
  const jwk = keys.webhookJwks.keys[0]!;
  const direct = (await getJson(`${f.urls.apiUrl}/__webhooks/jwks`)).json as { keys: Jwk[] };
  assert.deepEqual(direct.keys[0], jwk, '/__webhooks/jwks serves the key /__keys publishes');
  return { jwk, publicKey: fromBase64Url(jwk.x) };
}

function verifies(request: Received, publicKey: Uint8Array, body: Buffer = request.body): boolean {
  const h = request.headers;
  const prefix = Buffer.from(`v1.ed25519.${h['x-turnkey-signature-key-id']}.${h['x-turnkey-timestamp']}.${h['x-turnkey-event-id']}.`, 'utf8');
  return ed25519.verify(fromHex(h['x-turnkey-signature']!), new Uint8Array(Buffer.concat([prefix, body])), publicKey);
}

/** A loopback port with nothing listening. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('webhooks: registration', () => {
  it('accepts https URLs and http to loopback hosts, and refuses the rest with 400, changing nothing', async () => {
    const f = await start();
    for (const url of ['https://hooks.example.com/turnkey', 'http://127.0.0.1:9/hook', 'http://localhost:9/hook', 'http://[::1]:9/hook']) {
      const features = resultOf(await register(f, f.demoOrgId, url)).features as { name: string; value: string }[];
      assert.deepEqual(features.find((x) => x.name === 'FEATURE_NAME_WEBHOOK'), { name: 'FEATURE_NAME_WEBHOOK', value: url });
    }
    const bad: [Record<string, unknown>, string][] = [
      [{ name: 'FEATURE_NAME_WEBHOOK', value: 'http://hooks.example.com/turnkey' }, 'https'],
      [{ name: 'FEATURE_NAME_WEBHOOK', value: 'not a url' }, 'parameters.value'],
      [{ name: 'FEATURE_NAME_WEBHOOK', value: 'ftp://127.0.0.1/hook' }, 'parameters.value'],
      [{ name: 'FEATURE_NAME_WEBHOOK', value: 'https://user:secret@hooks.example.com/' }, 'parameters.value'],
      [{ name: 'FEATURE_NAME_WEBHOOK', value: 42 }, 'parameters.value'],
      [{ name: 'FEATURE_NAME_WEBHOOK' }, 'parameters.value'],
      [{ name: 'WEBHOOK', value: 'https://hooks.example.com/' }, 'parameters.name'],
      [{ value: 'https://hooks.example.com/' }, 'parameters.name'],
    ];
    for (const [parameters, message] of bad) {
      await assertNoStateChange(f.emulator, async () => {
        assertServiceError(await f.submit('set_organization_feature', f.demoOrgId, parameters), 400, 3, 'REQUEST_INVALID', message);
      });
    }
    // An empty value removes the webhook.
    const cleared = resultOf(await register(f, f.demoOrgId, '')).features as { name: string }[];
    assert.equal(cleared.some((x) => x.name === 'FEATURE_NAME_WEBHOOK'), false);
  });
});

describe('webhooks: delivery', { timeout: 20_000 }, () => {
  it('delivers each activity once, signed with the published Ed25519 key, the payload being the activity', async () => {
    const f = await start();
    const r = await receiver();
    const registration = await register(f, f.demoOrgId, r.url);
    const activityId = (registration.json.activity as { id: string }).id;
    const [first] = await r.waitFor(1);
    const h = first!.headers;
    assert.equal(h['content-type'], 'application/json');
    assert.equal(h['x-turnkey-organization-id'], f.demoOrgId);
    assert.equal(h['x-turnkey-event-type'], 'ACTIVITY_UPDATES');
    assert.match(h['x-turnkey-timestamp']!, /^\d{13}$/);
    assert.equal(h['x-turnkey-webhook-version'], '1');
    assert.match(h['x-turnkey-event-id']!, /^[0-9a-f-]{36}$/);
    assert.equal(h['x-turnkey-signature-algorithm'], 'ed25519');
    assert.equal(h['x-turnkey-signature-version'], 'v1');
    assert.match(h['x-turnkey-signature']!, /^[0-9a-f]{128}$/);

    const { jwk, publicKey } = await webhookKey(f);
    assert.equal(jwk.kty, 'OKP');
    assert.equal(jwk.crv, 'Ed25519');
    assert.equal(publicKey.length, 32);
    assert.equal(h['x-turnkey-signature-key-id'], jwk.kid);
    assert.ok(verifies(first!, publicKey), 'the signature verifies over prefix + raw body');
    const tampered = Buffer.from(first!.body);
    tampered[tampered.length - 2] ^= 1;
    assert.equal(verifies(first!, publicKey, tampered), false, 'a changed body does not verify');
    assert.equal(verifies({ ...first!, headers: { ...h, 'x-turnkey-timestamp': String(Number(h['x-turnkey-timestamp']) + 1) } }, publicKey), false);

    const payload = JSON.parse(first!.body.toString('utf8')) as Record<string, unknown>;
    const stored = (await f.query('get_activity', { organizationId: f.demoOrgId, activityId })).json.activity;
    assert.deepEqual(payload, stored, 'the payload is the activity object');
    assert.equal(payload.type, 'ACTIVITY_TYPE_SET_ORGANIZATION_FEATURE');

    // Every later activity of the organization: one more delivery each.
    await f.submit('create_wallet', f.demoOrgId, { walletName: 'w', accounts: [] });
    const all = await r.waitFor(2);
    assert.notEqual(all[1]!.headers['x-turnkey-event-id'], h['x-turnkey-event-id']);
    const entries = await waitForLog(f, (e) => e.length === 2 && finished(e));
    assert.ok(entries.every((e) => e.state === 'DELIVERED' && e.attempts.length === 1 && e.attempts[0]!.status === 200 && e.url === r.url));
    assert.deepEqual((await log(f, `?activityId=${activityId}`)).map((e) => e.eventId), [h['x-turnkey-event-id']]);
    assert.equal(r.received.length, 2, 'exactly one delivery per activity');
  });

  it('F1 webhook-retry-classification: 500, 502, 503, 504 and a dropped connection are retried with a fresh timestamp and signature but the same event id, until a 2xx; 3xx, 4xx and 429 are final', async () => {
    for (const failure of [500, 502, 503, 504, 'drop'] as const) {
      const f = await start();
      // Each failing answer moves the emulator's clock, so the next attempt has a later timestamp.
      const r = await receiver((_request, n) => {
        if (n < 2) {
          f.advance(1000);
          return failure;
        }
        return 204;
      });
      await register(f, f.demoOrgId, r.url);
      const attempts = await r.waitFor(3);
      const { publicKey } = await webhookKey(f);
      assert.equal(new Set(attempts.map((a) => a.headers['x-turnkey-event-id'])).size, 1, `${failure}: one event id`);
      assert.equal(new Set(attempts.map((a) => a.headers['x-turnkey-timestamp'])).size, 3, `${failure}: fresh timestamps`);
      assert.equal(new Set(attempts.map((a) => a.headers['x-turnkey-signature'])).size, 3, `${failure}: fresh signatures`);
      assert.ok(attempts.every((a) => verifies(a, publicKey)), `${failure}: every attempt verifies`);
      assert.ok(attempts.every((a) => a.body.equals(attempts[0]!.body)), `${failure}: the same body`);
      const [entry] = await waitForLog(f, finished);
      assert.equal(entry!.state, 'DELIVERED', String(failure));
      assert.deepEqual(entry!.attempts.map((a) => a.status ?? 'drop'), [failure, failure, 204]);
      assert.deepEqual(entry!.attempts.map((a) => a.timestampMs), attempts.map((a) => a.headers['x-turnkey-timestamp']));
      assert.equal(entry!.eventId, attempts[0]!.headers['x-turnkey-event-id']);
      await f.stop();
      fixture = undefined;
    }
    for (const status of [301, 302, 307, 400, 401, 404, 410, 429]) {
      const f = await start();
      const elsewhere = await receiver();
      const r = await receiver(() => (status < 400 ? { status, headers: { location: elsewhere.url } } : status));
      await register(f, f.demoOrgId, r.url);
      const [entry] = await waitForLog(f, finished);
      assert.equal(entry!.state, 'FAILED', String(status));
      assert.deepEqual(entry!.attempts.map((a) => a.status), [status], `${status}: one attempt`);
      assert.match(entry!.reason!, /not retried/);
      assert.equal(r.received.length, 1, `${status}: sent once`);
      assert.equal(elsewhere.received.length, 0, `${status}: no redirect followed`);
      await f.stop();
      fixture = undefined;
    }
  });

  it('F2 webhook-schedule-and-replay: retries network errors (a dropped connection, then nothing listening) and gives up after maxAttempts', async () => {
    const f = await start();
    const r = await receiver((_request, n) => (n === 0 ? 'drop' : 200));
    await register(f, f.demoOrgId, r.url);
    const [delivered] = await waitForLog(f, finished);
    assert.equal(delivered!.state, 'DELIVERED');
    assert.equal(delivered!.attempts.length, 2);
    assert.match(delivered!.attempts[0]!.error!, /^network error/);
    assert.equal(delivered!.attempts[1]!.status, 200);
    assert.equal(new Set(r.received.map((x) => x.headers['x-turnkey-event-id'])).size, 1);

    const port = await closedPort();
    const dead = `http://127.0.0.1:${port}/hook`;
    await register(f, f.demoOrgId, dead);
    const entries = await waitForLog(f, (e) => e.filter((x) => x.url === dead).length > 0 && finished(e), '');
    const failed = entries.find((e) => e.url === dead)!;
    assert.equal(failed.state, 'FAILED');
    assert.equal(failed.attempts.length, FAST.maxAttempts);
    assert.ok(failed.attempts.every((a) => a.error?.startsWith('network error') && a.status === undefined));
    assert.match(failed.reason!, /gave up/);
  });

  it('delivers sub-organization activities to the parent\'s webhook and to the sub-organization\'s own, once per URL', async () => {
    const f = await start();
    const parent = await receiver();
    const child = await receiver();
    await register(f, f.demoOrgId, parent.url);
    const sub = resultOf(
      await f.submit('create_sub_organization', f.demoOrgId, { subOrganizationName: 'child', rootUsers: [{ userName: 'r', apiKeys: [], authenticators: [], oauthProviders: [] }] }),
    );
    const subOrgId = sub.subOrganizationId as string;
    await parent.waitFor(2); // the registration and the sub-organization's creation

    const inChild = await f.submit('create_wallet', subOrgId, { walletName: 'child wallet', accounts: [] });
    const childActivityId = (inChild.json.activity as { id: string }).id;
    const [, , third] = await parent.waitFor(3);
    assert.equal(third!.headers['x-turnkey-organization-id'], f.demoOrgId, 'named after the registering organization');
    const payload = JSON.parse(third!.body.toString('utf8')) as { id: string; organizationId: string };
    assert.equal(payload.id, childActivityId);
    assert.equal(payload.organizationId, subOrgId);

    // The child registers its own receiver: its activities now go to both, the parent's only to the parent.
    await register(f, subOrgId, child.url);
    await child.waitFor(1);
    await parent.waitFor(4);
    assert.equal(child.received[0]!.headers['x-turnkey-organization-id'], subOrgId);
    await f.submit('create_wallet', f.demoOrgId, { walletName: 'parent wallet', accounts: [] });
    await parent.waitFor(5);
    // The same URL at both levels is delivered once.
    await register(f, subOrgId, parent.url);
    await waitForLog(f, (e) => e.length === 7 && finished(e));
    assert.equal(parent.received.length, 6);
    assert.equal(child.received.length, 1);
    const entries = await log(f);
    assert.equal(entries.filter((e) => e.activityOrganizationId === subOrgId && e.url === parent.url).length, 3);
  });

  it('sends a held activity\'s update when an approval completes it, beside the approval itself', async () => {
    const f = await start();
    const r = await receiver();
    await register(f, f.demoOrgId, r.url);
    const alice = await createUser(f, f.demoOrgId, 'alice');
    const bob = await createUser(f, f.demoOrgId, 'bob');
    await createPolicies(f, f.demoOrgId, [{ policyName: 'two', effect: 'EFFECT_ALLOW', condition: "activity.resource == 'POLICY'", consensus: 'approvers.count() >= 2' }]);
    await r.waitFor(4);
    const held = await alice.client.submitRaw('create_policies', { organizationId: f.demoOrgId, parameters: { policies: [{ policyName: 'p', effect: 'EFFECT_ALLOW', notes: '' }] } });
    const approval = await bob.client.submitRaw('approve_activity', { organizationId: f.demoOrgId, parameters: { fingerprint: held.fingerprint } as never });
    const received = await r.waitFor(7);
    // Deliveries run concurrently: compare as a set, not in arrival order.
    const payloads = received.slice(4).map((x) => JSON.parse(x.body.toString('utf8')) as { id: string; status: string; result: unknown });
    const seen = payloads.map((p) => `${p.id === held.id ? 'held' : p.id === approval.id ? 'approval' : p.id} ${p.status}`).sort();
    assert.deepEqual(seen, ['approval ACTIVITY_STATUS_COMPLETED', 'held ACTIVITY_STATUS_COMPLETED', 'held ACTIVITY_STATUS_CONSENSUS_NEEDED']);
    const completed = payloads.find((p) => p.id === held.id && p.status === 'ACTIVITY_STATUS_COMPLETED')!;
    const approved = payloads.find((p) => p.id === approval.id)!;
    assert.deepEqual(completed.result, approved.result, 'the completed activity carries the result the approval returned');
    await waitForLog(f, (e) => e.length === 7 && finished(e));
    assert.equal(r.received.length, 7);
  });

  it('sends a held activity\'s update when a rejection ends it, beside the rejection itself', async () => {
    const f = await start();
    const r = await receiver();
    await register(f, f.demoOrgId, r.url);
    const alice = await createUser(f, f.demoOrgId, 'alice');
    const bob = await createUser(f, f.demoOrgId, 'bob');
    await createPolicies(f, f.demoOrgId, [{ policyName: 'two', effect: 'EFFECT_ALLOW', condition: "activity.resource == 'POLICY'", consensus: 'approvers.count() >= 2' }]);
    await r.waitFor(4);
    const held = await alice.client.submitRaw('create_policies', { organizationId: f.demoOrgId, parameters: { policies: [{ policyName: 'p', effect: 'EFFECT_ALLOW', notes: '' }] } });
    const rejection = await bob.client.submitRaw('reject_activity', { organizationId: f.demoOrgId, parameters: { fingerprint: held.fingerprint } });
    const received = await r.waitFor(7);
    const payloads = received.slice(4).map((x) => JSON.parse(x.body.toString('utf8')) as { id: string; status: string });
    const seen = payloads.map((p) => `${p.id === held.id ? 'held' : p.id === rejection.id ? 'rejection' : p.id} ${p.status}`).sort();
    assert.deepEqual(seen, ['held ACTIVITY_STATUS_CONSENSUS_NEEDED', 'held ACTIVITY_STATUS_REJECTED', 'rejection ACTIVITY_STATUS_COMPLETED']);
    await waitForLog(f, (e) => e.length === 7 && finished(e));
    assert.equal(r.received.length, 7);
  });

  it('answers the activity before the receiver answers: delivery is queued, never awaited', async () => {
    const f = await start();
    const events: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const r = await receiver(async () => {
      events.push('receiver got the event');
      await released;
      events.push('receiver answered');
      return 200;
    });
    const answer = await register(f, f.demoOrgId, r.url);
    events.push('activity answered');
    assert.equal(answer.status, 200);
    assert.equal((answer.json.activity as { status: string }).status, 'ACTIVITY_STATUS_COMPLETED');
    await r.waitFor(1);
    assert.equal(events.includes('receiver answered'), false, 'the receiver has not answered yet');
    release();
    const [entry] = await waitForLog(f, finished);
    assert.equal(entry!.state, 'DELIVERED');
    assert.deepEqual(events.filter((e) => e !== 'receiver got the event'), ['activity answered', 'receiver answered']);
  });
});
