// endOnService (session-logout.ts), the service side of a logout, against a stand-in client that
// records each request and answers from a script: which keys go, when nothing is sent, the one
// retry after a key vanished in between, and which failures still count as logged out. The kit's
// logout against the emulator is test/src/kit/latch-kit-logout.node.test.ts; the request shapes
// (get_user's apiKeys, delete_api_keys' userId and apiKeyIds, the PUBLIC_KEY_NOT_FOUND detail of
// an unknown stamp key) are the hosted service's.
import { describe, it, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { endOnService, REMOTE_LOGOUT_TIMEOUT_MS } from '../../../src/session/session-logout.ts';
import { LatchError } from '../../../src/errors/latch-error.ts';
import type { SessionClient } from '../../../src/session/signing-session.ts';
import type { SessionClaims } from '../../../src/tokens/session-jwt.ts';

const MINE = '02' + '11'.repeat(32);
const claims: SessionClaims = { exp: 2_000_000_000, public_key: MINE, session_type: 'SESSION_TYPE_READ_WRITE', user_id: 'user-1', organization_id: 'org-1' };
const alive = 2_000_000_000 * 1000 - 1;

const apiKey = (apiKeyId: string, publicKey: string, expirationSeconds?: string, type = 'CREDENTIAL_TYPE_API_KEY_P256') => ({
  apiKeyId,
  apiKeyName: apiKeyId,
  credential: { publicKey, type },
  ...(expirationSeconds === undefined ? {} : { expirationSeconds }),
});

type Call = { kind: 'query' | 'submit'; operation: string; body: unknown; signal: AbortSignal | undefined };

/** `users` answers get_user in turn; `deletes` answers delete_api_keys in turn (an Error is thrown). */
function standIn(users: unknown[], deletes: unknown[] = [{}]) {
  const calls: Call[] = [];
  const client = {
    query: async (operation: string, body: unknown, options?: { signal?: AbortSignal }) => {
      calls.push({ kind: 'query', operation, body, signal: options?.signal });
      const answer = users.length > 1 ? users.shift() : users[0];
      if (answer instanceof Error) throw answer;
      return { user: answer };
    },
    submit: async (operation: string, body: unknown, options?: { signal?: AbortSignal }) => {
      calls.push({ kind: 'submit', operation, body, signal: options?.signal });
      const answer = deletes.length > 1 ? deletes.shift() : deletes[0];
      if (answer instanceof Error) throw answer;
      return answer;
    },
  } as unknown as SessionClient;
  const deleted = () => calls.filter((c) => c.kind === 'submit').map((c) => (c.body as { parameters: { apiKeyIds: string[] } }).parameters.apiKeyIds);
  return { client, calls, deleted };
}

const notFound = () => new LatchError('ERR_SERVICE_NOT_FOUND', 'no such key', { status: 404, serviceCode: 5 });
const unknownStampKey = () => new LatchError('ERR_SERVICE_UNAUTHENTICATED', 'unknown key', { status: 401, serviceCode: 16, serviceErrorCode: 'PUBLIC_KEY_NOT_FOUND' });

describe('endOnService', () => {
  const realTimeout = AbortSignal.timeout;
  afterEach(() => {
    AbortSignal.timeout = realTimeout;
  });

  it("deletes only the session's own key, for the session's user and organization", async () => {
    const s = standIn([{ apiKeys: [apiKey('other-session', '03ab', '900'), apiKey('mine', MINE, '900'), apiKey('server', '02cd')] }]);
    const signal = new AbortController().signal;
    assert.deepEqual(await endOnService(s.client, claims, MINE, { signal }, alive), { remote: 'deleted' });
    assert.deepEqual(s.calls, [
      { kind: 'query', operation: 'get_user', body: { organizationId: 'org-1', userId: 'user-1' }, signal },
      { kind: 'submit', operation: 'delete_api_keys', body: { organizationId: 'org-1', parameters: { userId: 'user-1', apiKeyIds: ['mine'] } }, signal },
    ]);
  });

  it('everywhere: every expiring P-256 key, not keys without an expiry or of another kind', async () => {
    const keys = [
      apiKey('mine', MINE, '900'),
      apiKey('other-session', '03ab', '900'),
      apiKey('zero-expiry', '03ac', '0'), // an expiry, however short, is a session key's mark
      apiKey('server', '02cd'),
      apiKey('k1', '02ef', '900', 'CREDENTIAL_TYPE_API_KEY_SECP256K1'),
      { apiKeyId: 'no-credential', apiKeyName: 'x', expirationSeconds: '900' },
    ];
    const s = standIn([{ apiKeys: keys }]);
    assert.deepEqual(await endOnService(s.client, claims, MINE, { everywhere: true }, alive), { remote: 'deleted' });
    assert.deepEqual(s.deleted(), [['mine', 'other-session', 'zero-expiry']]);
    // Not everywhere, the same user: only the session's own key, whatever the others are.
    const one = standIn([{ apiKeys: keys }]);
    await endOnService(one.client, claims, MINE, { everywhere: false }, alive);
    assert.deepEqual(one.deleted(), [['mine']]);
  });

  it('sends nothing for an expired session, from the second it expires', async () => {
    const s = standIn([{ apiKeys: [apiKey('mine', MINE, '900')] }]);
    assert.deepEqual(await endOnService(s.client, claims, MINE, {}, claims.exp * 1000), { remote: 'expired' });
    assert.deepEqual(await endOnService(s.client, claims, MINE, {}, claims.exp * 1000 + 1), { remote: 'expired' });
    assert.deepEqual(s.calls, []);
    assert.deepEqual(await endOnService(s.client, claims, MINE, {}, claims.exp * 1000 - 1), { remote: 'deleted' });
    assert.equal(s.calls.length, 2);
  });

  it('a key the service no longer lists (or a user with no keys) is already gone: nothing deleted', async () => {
    for (const user of [{ apiKeys: [apiKey('server', '02cd')] }, { apiKeys: [] }, {}, undefined]) {
      const s = standIn([user]);
      assert.deepEqual(await endOnService(s.client, claims, MINE, {}, alive), { remote: 'deleted' });
      assert.deepEqual(s.deleted(), []);
    }
  });

  it('lists again once when the delete finds a key gone in between, and deletes what is left', async () => {
    const s = standIn([{ apiKeys: [apiKey('mine', MINE, '900'), apiKey('evicted', '03ab', '900')] }, { apiKeys: [apiKey('mine', MINE, '900')] }], [notFound(), {}]);
    assert.deepEqual(await endOnService(s.client, claims, MINE, { everywhere: true }, alive), { remote: 'deleted' });
    assert.deepEqual(s.deleted(), [['mine', 'evicted'], ['mine']]);
    assert.deepEqual(s.calls.map((c) => c.operation), ['get_user', 'delete_api_keys', 'get_user', 'delete_api_keys']);
  });

  it('only once: a second NOT_FOUND, or any other refusal, is the failure', async () => {
    const twice = notFound();
    const s = standIn([{ apiKeys: [apiKey('mine', MINE, '900')] }], [notFound(), twice]);
    await assert.rejects(endOnService(s.client, claims, MINE, {}, alive), (error) => error === twice);
    assert.equal(s.deleted().length, 2);
    const refused = new LatchError('ERR_SERVICE_FORBIDDEN', 'policy', { status: 403, serviceCode: 7 });
    const r = standIn([{ apiKeys: [apiKey('mine', MINE, '900')] }], [refused]);
    await assert.rejects(endOnService(r.client, claims, MINE, {}, alive), (error) => error === refused);
    assert.equal(r.deleted().length, 1);
    const listing = new LatchError('ERR_NETWORK_FAILED', 'offline');
    const l = standIn([listing]);
    await assert.rejects(endOnService(l.client, claims, MINE, {}, alive), (error) => error === listing);
  });

  it("the service not knowing the session's key is what a logout wants, but not when other keys had to go too", async () => {
    for (const where of ['get_user', 'delete_api_keys'] as const) {
      const gone = unknownStampKey();
      const s = where === 'get_user' ? standIn([gone]) : standIn([{ apiKeys: [apiKey('mine', MINE, '900')] }], [gone]);
      assert.deepEqual(await endOnService(s.client, claims, MINE, {}, alive), { remote: 'deleted' }, where);
      const e = where === 'get_user' ? standIn([gone]) : standIn([{ apiKeys: [apiKey('mine', MINE, '900')] }], [gone]);
      await assert.rejects(endOnService(e.client, claims, MINE, { everywhere: true }, alive), (error) => error === gone);
    }
    // Another unauthenticated answer is no such proof.
    const other = new LatchError('ERR_SERVICE_UNAUTHENTICATED', 'bad stamp', { status: 401, serviceCode: 16, serviceErrorCode: 'INVALID_SIGNATURE' });
    await assert.rejects(endOnService(standIn([other]).client, claims, MINE, {}, alive), (error) => error === other);
    // Something thrown that is no error at all (a page's fetch wrapper, say) is passed on as it came.
    let thrown: unknown = 'nothing';
    const odd = standIn([{ apiKeys: [apiKey('mine', MINE, '900')] }]);
    (odd.client as { submit: unknown }).submit = async () => {
      throw undefined;
    };
    await endOnService(odd.client, claims, MINE, {}, alive).then(
      () => assert.fail('resolved'),
      (error: unknown) => {
        thrown = error;
      },
    );
    assert.equal(thrown, undefined);
  });

  it('without a signal, gives up after timeoutMs, by default 10 s', async () => {
    assert.equal(REMOTE_LOGOUT_TIMEOUT_MS, 10_000);
    const asked: number[] = [];
    const limits = new Map<number, AbortSignal>();
    AbortSignal.timeout = (ms: number) => {
      asked.push(ms);
      const signal = new AbortController().signal;
      limits.set(ms, signal);
      return signal;
    };
    const s = standIn([{ apiKeys: [apiKey('mine', MINE, '900')] }]);
    await endOnService(s.client, claims, MINE, {}, alive);
    await endOnService(s.client, claims, MINE, { timeoutMs: 2500 }, alive);
    const own = new AbortController().signal;
    await endOnService(s.client, claims, MINE, { signal: own, timeoutMs: 2500 }, alive);
    assert.deepEqual(asked, [10_000, 2500]);
    assert.deepEqual(s.calls.map((c) => c.signal), [limits.get(10_000), limits.get(10_000), limits.get(2500), limits.get(2500), own, own]);
  });
});
