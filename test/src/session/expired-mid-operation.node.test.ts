// C9 expired-mid-operation, against the emulator: a request stamped while the session was live
// reaches the service after its key expired. The service refuses it (401 API_KEY_EXPIRED); the
// session learns the service's time from that answer, so it counts itself expired: it sends
// nothing more (no refresh with a dead key, no resend, no loop), fires `expired` once so the
// page can ask the user to log in, and refuses the next call locally.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { SigningSession } from '../../../src/session/signing-session.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { LatchError } from '../../../src/errors/latch-error.ts';
import { startFixture, getJson, resultOf, type Fixture } from '../../emulator/support/emulator-fixture.ts';

describe('C9 expired-mid-operation', () => {
  let f: Fixture;
  let notarizerPublicKey: string;
  before(async () => {
    f = await startFixture();
    notarizerPublicKey = (await getJson(`${f.urls.apiUrl}/__keys`)).json.notarizerPublicKey as string;
  });
  after(() => f.stop());

  it('C9 expired-mid-operation: a request that arrives after expiry is refused once; the session ends itself and sends nothing more', async () => {
    const keyStore = new MemoryKeyStore();
    const key = await keyStore.create();
    const jwt = resultOf(await f.submit('stamp_login', f.demoOrgId, { publicKey: key.id, expirationSeconds: '120' })).session as string;

    const sent: string[] = [];
    let delayed = false;
    // The network of a laptop closing its lid: the first whoami is stamped now and delivered
    // three minutes later, after the session's two minutes are over.
    const slowNetwork = (async (url: string, init: RequestInit) => {
      sent.push(new URL(url).pathname.split('/').pop()!);
      if (!delayed && String(url).endsWith('/whoami')) {
        delayed = true;
        f.advance(180_000);
      }
      return fetch(url, init);
    }) as typeof fetch;

    const session = await SigningSession.fromJwt(jwt, { keyStore, notarizerPublicKey, apiBaseUrl: f.urls.apiUrl, fetch: slowNetwork });
    const events: string[] = [];
    session.addEventListener('expired', () => events.push('expired'));
    const expired = new Promise((resolve) => session.addEventListener('expired', resolve, { once: true }));
    session.addEventListener('logout', () => events.push('logout'));

    await assert.rejects(session.whoami(), (error: unknown) => error instanceof LatchError && error.status === 401 && error.serviceErrorCode === 'API_KEY_EXPIRED');
    assert.deepEqual(sent, ['whoami'], 'one request: no resend, no refresh with the dead key');

    // The answer's Date moved the session's clock past expiry: the next calls stay local.
    await assert.rejects(session.whoami(), { code: 'ERR_SESSION_EXPIRED' });
    await assert.rejects(session.refresh(), { code: 'ERR_SESSION_EXPIRED' });
    await assert.rejects(session.stamp('{}'), { code: 'ERR_SESSION_EXPIRED' });
    assert.deepEqual(sent, ['whoami']);
    // The expiry timer, rescheduled on the learned time, fires once: the page's login prompt.
    await expired;
    assert.deepEqual(events, ['expired']);
    await session.logout();
  });
});
