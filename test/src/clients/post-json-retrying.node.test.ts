// Resending after a lost answer (SECURITY.md C6, C7): which failures are retried, how long the
// client waits, that every attempt carries the same bytes and stamp, and, against the emulator,
// that a request whose answer was lost creates one activity however often it is resent.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { postJsonRetrying } from '../../../src/clients/post-json-retrying.ts';
import { ActivityClient } from '../../../src/clients/activity-client.ts';
import { ApiKeyStamper } from '../../../src/stamp/api-key-stamper.ts';
import { verifyStamp } from '../../../src/stamp/verify-stamp.ts';
import { ProxyClient } from '../../../src/clients/proxy-client.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { startFixture, type Fixture } from '../../emulator/support/emulator-fixture.ts';
import { rejectsWith } from './assert-code.ts';

interface Sent {
  body: string;
  headers: Record<string, string>;
}

/** A fetch that answers from a script, recording what each attempt sent. */
function scripted(answers: ((url: string, init: RequestInit) => Response | Promise<Response>)[]): { fetch: typeof fetch; sent: Sent[] } {
  const sent: Sent[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    sent.push({ body: String(init.body), headers: { ...(init.headers as Record<string, string>) } });
    const next = answers[Math.min(sent.length - 1, answers.length - 1)];
    return next(url, init);
  }) as typeof fetch;
  return { fetch: fetchImpl, sent };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const refused = () => {
  throw new TypeError('fetch failed');
};
const ok = json(200, { done: true });
const failure = (status: number) => json(status, { code: status === 429 ? 8 : 13, message: 'no', details: [] });
const BODY = '{"type":"ACTIVITY_TYPE_X","timestampMs":"1"}';
const HEADERS = { 'X-Stamp': 'stamp-of-these-bytes' };

describe('C6 transport-failures: what is resent, and how', () => {
  it('C6 transport-failures: an unreachable service, a time-out, 500, 502, 503 and 504 are resent with the bytes and stamp the client made, then succeed', async () => {
    const key = await new MemoryKeyStore().create();
    const whoami = json(200, { organizationId: 'org', organizationName: 'o', userId: 'u', username: 'n' });
    const timedOut = (_url: string, init: RequestInit) =>
      new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    for (const [label, first] of [['refused', refused], ['time-out', timedOut], ['500', failure(500)], ['502', failure(502)], ['503', failure(503)], ['504', failure(504)]] as const) {
      const { fetch, sent } = scripted([first, whoami]);
      const client = new ActivityClient({ apiBaseUrl: 'http://service.test', stamper: new ApiKeyStamper(key), fetch, timeoutMs: 200 });
      assert.equal((await client.query('whoami', { organizationId: 'org' })).organizationId, 'org', label);
      assert.equal(sent.length, 2, `${label}: sent twice`);
      assert.deepEqual(sent[1], sent[0], `${label}: the resend is the same bytes and headers`);
      const stamp = sent[0]!.headers['X-Stamp']!;
      assert.deepEqual(await verifyStamp(sent[0]!.body, stamp).then((v) => v.publicKey), key.id, `${label}: the client's own stamp over these bytes`);
    }
  });

  it('C6 transport-failures: waits a jittered, growing backoff between resends (never none), and the jitter follows the random source', async () => {
    const waits = async (random: number): Promise<number[]> => {
      const delays: number[] = [];
      const realTimeout = globalThis.setTimeout;
      const realRandom = Math.random;
      // Every timer shorter than the request budget is a backoff wait: record it, wait 0 ms.
      globalThis.setTimeout = ((fn: () => void, ms = 0) => {
        if (ms < 29_000) delays.push(ms);
        return realTimeout(fn, ms < 29_000 ? 0 : ms);
      }) as typeof setTimeout;
      Math.random = () => random;
      try {
        const { fetch, sent } = scripted([failure(503), failure(503), ok]);
        await postJsonRetrying('http://service.test/x', BODY, { fetch, headers: HEADERS, timeoutMs: 29_500 });
        assert.equal(sent.length, 3);
      } finally {
        globalThis.setTimeout = realTimeout;
        Math.random = realRandom;
      }
      return delays;
    };
    const low = await waits(0);
    const high = await waits(0.999);
    for (const delays of [low, high]) {
      assert.equal(delays.length, 2, `one wait before each resend: ${delays}`);
      assert.ok(delays[0]! >= 100, `the first wait is a backoff, not none: ${delays}`);
      assert.ok(delays[1]! > delays[0]! * 1.5, `the wait grows: ${delays}`);
    }
    assert.ok(high[0]! > low[0]! * 1.5 && high[1]! > low[1]! * 1.5, `the waits are jittered: ${low} vs ${high}`);
  });

  it('C6 transport-failures: proxy calls are never resent (a resent code request sends another code, a resent login spends the token)', async () => {
    for (const first of [refused, failure(500), failure(502), failure(503), failure(504)]) {
      const { fetch, sent } = scripted([first, json(200, { otpId: 'resent' })]);
      const proxy = new ProxyClient({ configId: 'c', authProxyUrl: 'http://proxy.test', fetch });
      await assert.rejects(() => proxy.otpInit({ otpType: 'OTP_TYPE_EMAIL', contact: 'a@example.com' }));
      assert.equal(sent.length, 1);
    }
  });

  it('gives up after the allowed resends with the typed error of the last attempt', async () => {
    const down = scripted([failure(503)]);
    await rejectsWith(() => postJsonRetrying('http://service.test/x', BODY, { fetch: down.fetch, headers: HEADERS }), 'ERR_SERVICE_INTERNAL');
    assert.equal(down.sent.length, 3, 'one attempt and the two default resends');
    const gone = scripted([refused]);
    await rejectsWith(() => postJsonRetrying('http://service.test/x', BODY, { fetch: gone.fetch, retries: 1 }), 'ERR_NETWORK_FAILED');
    assert.equal(gone.sent.length, 2);
    const off = scripted([failure(500)]);
    await rejectsWith(() => postJsonRetrying('http://service.test/x', BODY, { fetch: off.fetch, retries: 0 }), 'ERR_SERVICE_INTERNAL');
    assert.equal(off.sent.length, 1);
  });

  it('never resends a 4xx (429 and 401 included) or a malformed success', async () => {
    for (const [answer, code] of [
      [failure(429), 'ERR_SERVICE_RATE_LIMITED'],
      [json(401, { code: 16, message: 'expired api key', details: [] }), 'ERR_SERVICE_UNAUTHENTICATED'],
      [json(400, { code: 3, message: 'bad', details: [] }), 'ERR_SERVICE_INVALID_REQUEST'],
      [() => new Response('<html>gateway</html>', { status: 200 }), 'ERR_RESPONSE_MALFORMED'],
    ] as const) {
      const { fetch, sent } = scripted([answer, ok]);
      await rejectsWith(() => postJsonRetrying('http://service.test/x', BODY, { fetch }), code);
      assert.equal(sent.length, 1, code);
    }
  });

  it('waits as long as Retry-After says, and leaves a wait over 10 s to the caller', async () => {
    const soon = scripted([failure(503), ok]);
    const started = Date.now();
    // Retry-After: 1 is one second; the backoff alone would be under half that.
    const wait = scripted([json(503, { code: 14, message: 'busy', details: [] }, { 'Retry-After': '1' }), ok]);
    await postJsonRetrying('http://service.test/x', BODY, { fetch: wait.fetch });
    assert.ok(Date.now() - started >= 950, `waited ${Date.now() - started} ms`);
    assert.equal(wait.sent.length, 2);
    await postJsonRetrying('http://service.test/x', BODY, { fetch: soon.fetch });
    const long = scripted([json(503, { code: 14, message: 'busy', details: [] }, { 'Retry-After': '3600' }), ok]);
    await rejectsWith(() => postJsonRetrying('http://service.test/x', BODY, { fetch: long.fetch }), 'ERR_SERVICE_UNKNOWN');
    assert.equal(long.sent.length, 1);
  });

  it('stops waiting when the caller aborts, sending nothing more', async () => {
    const controller = new AbortController();
    const { fetch, sent } = scripted([json(503, { code: 14, message: 'busy', details: [] }, { 'Retry-After': '5' }), ok]);
    setTimeout(() => controller.abort(), 50);
    await rejectsWith(() => postJsonRetrying('http://service.test/x', BODY, { fetch, signal: controller.signal }), 'ERR_NETWORK_ABORTED');
    assert.equal(sent.length, 1);
  });
});

describe('C7 timeout-idempotent-retry against the emulator', () => {
  let f: Fixture;
  before(async () => {
    f = await startFixture();
  });
  after(() => f.stop());

  it('C7 timeout-idempotent-retry: an answer lost after the service acted; the resend carries identical bytes and stamp, and one activity exists', async () => {
    const sent: Sent[] = [];
    let lost = 0;
    // The first submit reaches the emulator, which creates the activity, but its answer never
    // comes back (a dropped connection after the fact): the client times out and resends.
    const lossy = (async (url: string, init: RequestInit) => {
      const isSubmit = String(url).includes('/submit/');
      if (isSubmit) sent.push({ body: String(init.body), headers: { ...(init.headers as Record<string, string>) } });
      const answer = await fetch(url, { ...init, signal: undefined });
      if (isSubmit && lost++ === 0) {
        return new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
      }
      return answer;
    }) as typeof fetch;
    const client = new ActivityClient({ apiBaseUrl: f.urls.apiUrl, stamper: new ApiKeyStamper(f.root), fetch: lossy, timeoutMs: 300, pollIntervalMs: 10 });
    const usersBefore = ((await f.query('list_users', { organizationId: f.demoOrgId })).json.users as unknown[]).length;
    const activity = await client.submit('create_users', {
      organizationId: f.demoOrgId,
      parameters: { users: [{ userName: 'lost-answer', userEmail: 'lost-answer@example.com', apiKeys: [], authenticators: [], oauthProviders: [], userTags: [] }] },
    });
    assert.equal(activity.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.equal(sent.length, 2, 'the submit was sent twice');
    assert.equal(sent[1]!.body, sent[0]!.body, 'byte-identical body');
    assert.equal(sent[1]!.headers['X-Stamp'], sent[0]!.headers['X-Stamp'], 'the same stamp');
    const users = (await f.query('list_users', { organizationId: f.demoOrgId })).json.users as { userName: string }[];
    assert.equal(users.length, usersBefore + 1);
    assert.equal(users.filter((u) => u.userName === 'lost-answer').length, 1, 'one user: the service ran the activity once');
  });
});
