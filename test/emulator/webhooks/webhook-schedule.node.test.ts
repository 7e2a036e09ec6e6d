// SECURITY.md F2 webhook-schedule-and-replay: the default retry schedule is the documented
// table (Svix's published one) at time-scale k, exactly without jitter and within the bound
// with it; exhausted attempts leave a FAILED record; POST /__webhooks/replay sends a finished
// event again (same event id and body, fresh signature), refuses unknown and pending events
// and cross-site callers, and a refused replay sends nothing.
import { describe, it, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { verifyTurnkeyWebhookSignature } from '@turnkey/crypto';
import { startFixture, getJson, plainPost } from '../support/emulator-fixture.ts';
import { assertServiceError } from '../support/assertions.ts';
import { fromBase64Url } from '../../../src/encoding/base64url.ts';
import { toHex } from '../../../src/encoding/hex.ts';
import { DEFAULT_RETRY_SCHEDULE_MS } from '../../../demo/emulator/webhooks/webhook-delivery.ts';
import { startReceiver, type Receiver, type Script } from './receiver.ts';
import type { Fixture } from '../support/emulator-fixture.ts';
import type { DeliveryLogEntry, WebhookOptions } from '../../../demo/emulator/webhooks/webhook-delivery.ts';

const K = 100_000; // 10 hours become 360 ms: the whole table (about 28 h) runs in about a second

let fixture: Fixture | undefined;
let hook: Receiver | undefined;
afterEach(async () => {
  await fixture?.stop();
  await hook?.close();
  fixture = hook = undefined;
});

async function setUp(webhooks: WebhookOptions, script: Script): Promise<{ f: Fixture; r: Receiver }> {
  fixture = await startFixture({ webhooks: { timeoutMs: 5000, ...webhooks } });
  hook = await startReceiver(script);
  // Registering is itself an activity: its event is the first one the receiver gets.
  const set = await fixture.submit('set_organization_feature', fixture.demoOrgId, { name: 'FEATURE_NAME_WEBHOOK', value: hook.url });
  assert.equal(set.status, 200);
  return { f: fixture, r: hook };
}

async function log(f: Fixture): Promise<DeliveryLogEntry[]> {
  return (await getJson(`${f.urls.apiUrl}/__webhooks`)).json.deliveries as DeliveryLogEntry[];
}

/** Polls the log until `done` holds for the entry of `eventId` (or the only entry). */
async function settled(f: Fixture, done: (e: DeliveryLogEntry) => boolean, eventId?: string): Promise<DeliveryLogEntry> {
  for (;;) {
    const entry = (await log(f)).find((e) => eventId === undefined || e.eventId === eventId);
    if (entry && done(entry)) return entry;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const replay = (f: Fixture, body: unknown, headers: Record<string, string> = {}) => plainPost(`${f.urls.apiUrl}/__webhooks/replay`, body, headers);

describe('F2 webhook-schedule-and-replay', () => {
  it('the default schedule is the documented table (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h) at time-scale k, exact with jitter off; then FAILED', async () => {
    assert.deepEqual(DEFAULT_RETRY_SCHEDULE_MS, [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    const { f, r } = await setUp({ timeScale: K, jitter: 0 }, () => 503);
    const entry = await settled(f, (e) => e.state !== 'PENDING');
    assert.equal(entry.state, 'FAILED');
    assert.match(entry.reason!, /^HTTP 503: gave up after 8 attempts$/);
    assert.equal(entry.attempts.length, 8);
    assert.deepEqual(entry.attempts.map((a) => a.retryInMs), [...DEFAULT_RETRY_SCHEDULE_MS.map((ms) => Math.round(ms / K)), undefined]);
    // The waits really happened: each attempt starts no earlier than its predecessor planned.
    for (let i = 1; i < 8; i++) assert.ok(entry.attempts[i]!.at - entry.attempts[i - 1]!.at >= entry.attempts[i - 1]!.retryInMs! - 1, `gap ${i}`);
    assert.equal(entry.nextAttemptAt, undefined);
    assert.equal(r.received.length, 8);
    assert.equal(new Set(r.received.map((x) => x.headers['x-turnkey-event-id'])).size, 1);
    assert.equal(new Set(r.received.map((x) => x.headers['x-turnkey-timestamp'])).size, 8, 'a fresh timestamp per attempt');
  });

  it('jitter stays within ±jitter of the schedule and follows the random source; a shorter table repeats its last wait', async () => {
    const table = [1_000, 2_000, 4_000];
    const draws = [0, 0.999999, 0.5, 0.25, 0.75];
    let n = 0;
    const { f } = await setUp({ retrySchedule: table, maxAttempts: 6, timeScale: 100, jitter: 0.5, random: () => draws[n++ % draws.length]! }, () => 500);
    const entry = await settled(f, (e) => e.state !== 'PENDING');
    assert.match(entry.reason!, /gave up after 6 attempts/);
    const planned = [10, 20, 40, 40, 40];
    const waits = entry.attempts.slice(0, -1).map((a) => a.retryInMs!);
    assert.deepEqual(waits, planned.map((ms, i) => Math.round(ms * (1 + 0.5 * (2 * draws[i]! - 1)))));
    waits.forEach((wait, i) => assert.ok(wait >= planned[i]! * 0.5 && wait <= planned[i]! * 1.5, `wait ${i} within the bound`));
    assert.deepEqual(waits, [5, 30, 40, 30, 50]);
  });

  it('replay sends a FAILED event again (same event id and bytes, a new signature), as a new round, and again once DELIVERED', async () => {
    let healthy = false;
    const { f, r } = await setUp({ timeScale: K, jitter: 0, maxAttempts: 2 }, () => (healthy ? 200 : 503));
    const failed = await settled(f, (e) => e.state === 'FAILED');
    assert.equal(failed.attempts.length, 2);
    healthy = true;

    const answer = await replay(f, { eventId: failed.eventId });
    assert.equal(answer.status, 202, JSON.stringify(answer.json));
    const accepted = answer.json.delivery as DeliveryLogEntry;
    assert.equal(accepted.state, 'PENDING');
    assert.equal(accepted.replays, 1);
    assert.equal(accepted.reason, undefined);

    const delivered = await settled(f, (e) => e.state === 'DELIVERED', failed.eventId);
    assert.deepEqual(delivered.attempts.map((a) => [a.attempt, a.replay, a.status]), [[1, undefined, 503], [2, undefined, 503], [3, 1, 200]]);
    assert.equal(r.received.length, 3);
    assert.ok(r.received.every((x) => x.headers['x-turnkey-event-id'] === failed.eventId && x.body.equals(r.received[0]!.body)));

    // The replayed delivery passes the hosted SDK's verifier with the published key.
    const jwks = (await getJson(`${f.urls.apiUrl}/__webhooks/jwks`)).json as { keys: { kid: string; x: string }[] };
    const verificationKeys = jwks.keys.map((k) => ({ keyId: k.kid, publicKey: toHex(fromBase64Url(k.x)) }));
    const last = r.received[2]!;
    assert.equal(verifyTurnkeyWebhookSignature({ headers: last.headers, body: new Uint8Array(last.body), verificationKeys, maxTimestampAgeMs: 300_000 }).ok, true);

    assert.equal((await replay(f, { eventId: failed.eventId })).status, 202);
    const twice = await settled(f, (e) => e.state === 'DELIVERED' && e.attempts.length === 4, failed.eventId);
    assert.equal(twice.replays, 2);
    assert.equal(r.received.length, 4);
  });

  it('refuses an unknown event (404), a bad body (400), a pending event (409) and a cross-site caller (403), sending nothing', async () => {
    let release!: () => void;
    const held = new Promise<number>((resolve) => (release = () => resolve(200)));
    const { f, r } = await setUp({ timeScale: K, jitter: 0 }, (_request, n) => (n === 1 ? held : 200));
    const first = await settled(f, (e) => e.state === 'DELIVERED');
    assert.equal((await f.submit('create_wallet', f.demoOrgId, { walletName: 'held', accounts: [] })).status, 200);
    await r.waitFor(2);
    const pending = (await log(f)).find((e) => e.state === 'PENDING')!;

    assertServiceError(await replay(f, { eventId: 'no-such-event' }), 404, 5, 'WEBHOOK_EVENT_NOT_FOUND');
    assertServiceError(await replay(f, { eventId: 7 }), 400, 3, 'REQUEST_INVALID');
    assertServiceError(await replay(f, '[1]'), 400, 3, 'REQUEST_INVALID');
    assertServiceError(await replay(f, { eventId: pending.eventId }), 409, 3, 'WEBHOOK_EVENT_PENDING');
    assertServiceError(await replay(f, { eventId: first.eventId }, { 'sec-fetch-site': 'cross-site' }), 403, 7);
    assertServiceError(await replay(f, { eventId: first.eventId }, { origin: 'https://evil.example' }), 403, 7);

    release();
    await settled(f, (e) => e.state === 'DELIVERED', pending.eventId);
    const entries = await log(f);
    assert.ok(entries.every((e) => e.replays === undefined && e.attempts.length === 1), 'no refused replay was carried out');
    assert.equal(r.received.length, 2);
  });
});
