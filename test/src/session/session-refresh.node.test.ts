// renewSession (session-refresh.ts), the new half of a refresh, against a stand-in client and a
// recording key store: the new key's metadata, the stamp_login it sends (the hosted service's
// fields: publicKey, expirationSeconds as a string, invalidateExisting false), and each way the
// new JWT is refused (another key, user or organization; the session ended meanwhile), after
// which the new key is deleted and the failure is ERR_SESSION_REFRESH with the cause kept.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { renewSession } from '../../../src/session/session-refresh.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { LatchError, isLatchError } from '../../../src/errors/latch-error.ts';
import type { SessionClient } from '../../../src/session/signing-session.ts';
import type { SessionClaims } from '../../../src/tokens/session-jwt.ts';

const NOW = Date.UTC(2030, 0, 1);
const old: SessionClaims = { exp: NOW / 1000 + 60, public_key: '02' + '11'.repeat(32), session_type: 'SESSION_TYPE_READ_WRITE', user_id: 'user-1', organization_id: 'org-1' };

function setup(seconds?: number) {
  const keyStore = new MemoryKeyStore();
  const created: unknown[] = [];
  const create = keyStore.create.bind(keyStore);
  keyStore.create = (options) => (created.push(options), create(options));
  const sent: unknown[] = [];
  const client = {
    stampLogin: async (organizationId: string, request: unknown) => (sent.push({ organizationId, request }), { session: 'new.jwt.here' }),
  } as unknown as SessionClient;
  const options = { keyStore, ...(seconds === undefined ? {} : { refreshExpirationSeconds: seconds }) };
  return { keyStore, created, sent, client, options };
}

/** What the new JWT verifies to: the new key's, the same user's, unless `change` says otherwise. */
const verifier = (change: Partial<SessionClaims> = {}) => async (jwt: string): Promise<SessionClaims> => {
  assert.equal(jwt, 'new.jwt.here');
  return { ...old, exp: NOW / 1000 + 900, public_key: lastKey, ...change };
};
let lastKey = '';

describe('renewSession', () => {
  it('makes a session key that expires with the new session, asks stamp_login for it, and returns the verified session', async () => {
    for (const seconds of [undefined, 600]) {
      const t = setup(seconds);
      const { saved, next } = await renewSession(
        { claims: old, client: t.client },
        t.options as never,
        NOW,
        async (jwt) => ((lastKey = (await t.keyStore.list())[0]!.id), verifier()(jwt)),
        () => undefined,
      );
      const lifetime = seconds ?? 900;
      assert.deepEqual(t.created, [{ purpose: 'session', expiresAt: NOW + lifetime * 1000 }]);
      assert.deepEqual(t.sent, [{ organizationId: 'org-1', request: { publicKey: next.id, expirationSeconds: String(lifetime), invalidateExisting: false } }]);
      assert.deepEqual(saved, { jwt: 'new.jwt.here', claims: { ...old, exp: NOW / 1000 + 900, public_key: next.id } });
    }
  });

  it('refuses a JWT for another key, user or organization, or a session that ended meanwhile, and deletes the new key', async () => {
    const ended = new LatchError('ERR_SESSION_MISSING', 'The session has ended.');
    const cases: [string, Partial<SessionClaims>, () => LatchError | undefined, string][] = [
      ['key', { public_key: '03' + '22'.repeat(32) }, () => undefined, 'ERR_JWT_CLAIMS'],
      ['user', { user_id: 'user-2' }, () => undefined, 'ERR_JWT_CLAIMS'],
      ['organization', { organization_id: 'org-2' }, () => undefined, 'ERR_JWT_CLAIMS'],
      ['ended', {}, () => ended, 'ERR_SESSION_MISSING'],
    ];
    for (const [label, change, isEnded, causeCode] of cases) {
      const t = setup();
      await assert.rejects(
        renewSession({ claims: old, client: t.client }, t.options as never, NOW, async (jwt) => ((lastKey = (await t.keyStore.list())[0]!.id), verifier(change)(jwt)), isEnded),
        (error: unknown) => {
          assert.ok(isLatchError(error), label);
          assert.equal(error.code, 'ERR_SESSION_REFRESH', label);
          assert.equal(error.message, 'The session could not be refreshed.', label);
          assert.ok(isLatchError(error.cause) && error.cause.code === causeCode, label);
          if (causeCode === 'ERR_JWT_CLAIMS') assert.equal((error.cause as Error).message, 'The new session is for another key or user.', label);
          return true;
        },
      );
      assert.deepEqual(await t.keyStore.list(), [], label);
    }
  });
});
