import { describe, it, expect, expectCode, afterEach } from '../../support/harness.ts';
import { SigningSession, type SigningSessionOptions } from '../../../src/session/signing-session.ts';
import type { SessionChangeEvent} from '../../../src/session/session-events.ts';
import { SessionExpiryEvent } from '../../../src/session/session-events.ts';
import { MemorySessionStore, type SessionStore } from '../../../src/session/session-store.ts';
import { processLocks } from '../../../src/session/session-locks.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import type { KeyStore } from '../../../src/keys/key-store.ts';
import { LatchError } from '../../../src/errors/latch-error.ts';
import { $session, trackSession } from '../../../src/state/session-state.ts';
import { LatchKit } from '../../../src/kit/latch-kit.ts';
import { FakeClock, FakeService, MemoryChannelBus, ORG, USER, makeNotarizer, mintJwt, nextEvent, stampVerifies } from './session-fixtures.ts';

let sessions: SigningSession[] = [];
afterEach(() => {
  for (const session of sessions) session.dispose();
  sessions = [];
});
const keep = (session: SigningSession): SigningSession => (sessions.push(session), session);

async function setup() {
  const clock = new FakeClock();
  const notarizer = await makeNotarizer();
  const service = new FakeService(notarizer, clock);
  const keyStore = new MemoryKeyStore();
  const sessionStore = new MemorySessionStore();
  const bus = new MemoryChannelBus();
  const options = (extra: Partial<SigningSessionOptions> = {}): SigningSessionOptions => ({
    keyStore,
    sessionStore,
    channel: bus.channel(),
    locks: processLocks,
    clock,
    notarizerPublicKey: notarizer.publicKeyHex,
    createClient: service.createClient,
    ...extra,
  });
  const key = await keyStore.create({ purpose: 'session' });
  const exp = Math.floor(clock.now() / 1000) + 900;
  const jwt = await mintJwt(notarizer, { public_key: key.id, exp });
  return { clock, notarizer, service, keyStore, sessionStore, bus, options, key, exp, jwt };
}

describe('SigningSession.fromJwt', () => {
  it('verifies the JWT, finds its key, saves the session and announces the login', async () => {
    const t = await setup();
    const session = keep(await SigningSession.fromJwt(t.jwt, t.options()));
    expect(session.active).to.equal(true);
    expect(session.jwt).to.equal(t.jwt);
    expect(session.publicKey).to.equal(t.key.id);
    expect(session.claims).to.deep.equal({ exp: t.exp, public_key: t.key.id, session_type: 'SESSION_TYPE_READ_WRITE', user_id: USER, organization_id: ORG });
    expect(session.summary).to.deep.equal({ organizationId: ORG, userId: USER, publicKey: t.key.id, sessionType: 'SESSION_TYPE_READ_WRITE', expiresAt: t.exp * 1000 });
    expect((await t.sessionStore.load())?.jwt).to.equal(t.jwt);
    expect(t.bus.posted.map((m) => m.type)).to.deep.equal(['login']);
  });

  it('refuses expired sessions, missing keys, other notarizers and mismatched keys', async () => {
    const t = await setup();
    const stale = await mintJwt(t.notarizer, { public_key: t.key.id, exp: Math.floor(t.clock.now() / 1000) - 1 });
    await expectCode(() => SigningSession.fromJwt(stale, t.options()), 'ERR_SESSION_EXPIRED');
    const orphan = await mintJwt(t.notarizer, { public_key: '02' + 'ab'.repeat(32), exp: t.exp });
    await expectCode(() => SigningSession.fromJwt(orphan, t.options()), 'ERR_SESSION_KEY_MISSING');
    const stranger = await makeNotarizer();
    const forged = await mintJwt(stranger, { public_key: t.key.id, exp: t.exp });
    await expectCode(() => SigningSession.fromJwt(forged, t.options()), 'ERR_JWT_SIGNATURE');
    const other = await t.keyStore.create();
    await expectCode(() => SigningSession.fromJwt(t.jwt, { ...t.options(), key: other }), 'ERR_KEY_MISMATCH');
    // The hosted notarizer is the default trust: a locally minted JWT fails without configuration.
    await expectCode(() => SigningSession.fromJwt(t.jwt, { ...t.options(), notarizerPublicKey: undefined }), 'ERR_JWT_SIGNATURE');
    expect(await t.sessionStore.load()).to.equal(undefined);
  });
});

describe('SigningSession.restore', () => {
  it('restores the saved session with its key', async () => {
    const t = await setup();
    keep(await SigningSession.fromJwt(t.jwt, t.options())).dispose();
    const restored = keep(await SigningSession.restore(t.options()));
    expect(restored.jwt).to.equal(t.jwt);
    expect(restored.publicKey).to.equal(t.key.id);
    const { stampHeaderValue } = await restored.stamp('{"x":1}');
    expect(await stampVerifies(stampHeaderValue, '{"x":1}')).to.deep.equal({ publicKey: t.key.id, valid: true });
  });

  it('rejects when nothing is saved', async () => {
    const t = await setup();
    await expectCode(() => SigningSession.restore(t.options()), 'ERR_SESSION_MISSING');
  });

  it('rejects an expired session and deletes its key and the saved session', async () => {
    const t = await setup();
    keep(await SigningSession.fromJwt(t.jwt, t.options())).dispose();
    t.clock.advance(900_000);
    await expectCode(() => SigningSession.restore(t.options()), 'ERR_SESSION_EXPIRED');
    expect(await t.sessionStore.load()).to.equal(undefined);
    expect(await t.keyStore.get(t.key.id)).to.equal(undefined);
  });

  it('C5 key-evicted-jwt-present: a saved session whose key is gone is refused and forgotten; the kit restores nobody, sends nothing and does not try again', async () => {
    const t = await setup();
    keep(await SigningSession.fromJwt(t.jwt, t.options())).dispose();
    // Another key stays in the store (another account's, a refresh's new key…): the session is
    // bound to the key it names, so finding any other key must not revive it (issue 39).
    const other = await t.keyStore.create({ purpose: 'session' });
    await t.keyStore.delete(t.key.id); // evicted (storage cleared, another profile…)
    expect((await t.keyStore.list()).map((k) => k.id)).to.deep.equal([other.id]);
    await expectCode(() => SigningSession.restore(t.options()), 'ERR_SESSION_KEY_MISSING');
    expect(await t.sessionStore.load(), 'the saved session is forgotten').to.equal(undefined);
    expect(await t.keyStore.get(other.id), 'the other key is left alone').to.not.equal(undefined);

    // The same through the kit a page uses: a reload finds the JWT but not its key.
    await t.sessionStore.save({ jwt: t.jwt, claims: { exp: t.exp, public_key: t.key.id, session_type: 'SESSION_TYPE_READ_WRITE', user_id: USER, organization_id: ORG } });
    let loads = 0;
    const sessionStore: SessionStore = {
      load: () => ((loads += 1), t.sessionStore.load()),
      save: (saved) => t.sessionStore.save(saved),
      clear: () => t.sessionStore.clear(),
      // As the kit's own stores do (D4): the missing key's session is cleared without reading the slot again.
      clearIfHolds: (publicKey) => t.sessionStore.clearIfHolds!(publicKey),
    };
    const sent: string[] = [];
    const kit = new LatchKit({
      configId: 'c5',
      proxyUrl: 'http://127.0.0.1:9/proxy',
      apiBaseUrl: 'http://127.0.0.1:9/api',
      notarizerPublicKey: t.notarizer.publicKeyHex,
      keyStore: t.keyStore,
      sessionStore,
      sessionChannel: t.bus.channel(),
      fetch: (async (input: RequestInfo | URL) => {
        sent.push(String(input));
        throw new TypeError('nothing may be sent');
      }) as typeof fetch,
    });
    const events: string[] = [];
    for (const type of ['login', 'logout', 'error'] as const) kit.addEventListener(type, () => events.push(type));
    expect(await kit.restoreSession(), 'nobody restored').to.equal(null);
    expect(kit.session).to.equal(null);
    expect($session.get()).to.equal(null);
    expect(await t.sessionStore.load(), 'forgotten by the kit too').to.equal(undefined);
    // No loop: one read of the slot, no request (no refresh or login with a missing key), no
    // event; the next page load finds nothing and reads once again.
    expect(loads).to.equal(1);
    expect(await kit.restoreSession()).to.equal(null);
    expect(loads).to.equal(2);
    expect(sent).to.deep.equal([]);
    expect(events).to.deep.equal([]);
    kit.dispose();
  });

  it('rejects damaged saved claims', async () => {
    const t = await setup();
    await t.sessionStore.save({ jwt: t.jwt, claims: { public_key: t.key.id } as never });
    await expectCode(() => SigningSession.restore(t.options()), 'ERR_JWT_CLAIMS');
    await t.sessionStore.save({ claims: { exp: t.exp, public_key: 'zz', session_type: 'SESSION_TYPE_READ_WRITE', user_id: USER, organization_id: ORG } });
    await expectCode(() => SigningSession.restore(t.options()), 'ERR_KEY_FORMAT');
  });
});

describe('SigningSession requests', () => {
  it('stamps exactly the body with the session key', async () => {
    const t = await setup();
    const session = keep(await SigningSession.fromJwt(t.jwt, t.options()));
    const body = '{"organizationId":"org-7f3c","b":[1,2]}';
    const stamp = await session.stamp(body);
    expect(stamp.stampHeaderName).to.equal('X-Stamp');
    expect(await stampVerifies(stamp.stampHeaderValue, body)).to.deep.equal({ publicKey: t.key.id, valid: true });
    expect((await stampVerifies(stamp.stampHeaderValue, body + ' ')).valid).to.equal(false);
  });

  it('submits in the session organization, stamped by the session key, and unwraps results', async () => {
    const t = await setup();
    t.service.results.sign_raw_payload = () => ({ r: 'aa', s: 'bb', v: '00' });
    t.service.results.init_fiat_on_ramp = () => ({ onRampUrl: 'https://ramp.example/x', onRampTransactionId: 'tx-1' });
    t.service.results.create_api_keys = () => ({ apiKeyIds: ['k-1'] });
    const session = keep(await SigningSession.fromJwt(t.jwt, t.options()));

    const signed = await session.signRawPayload({ signWith: 'addr', payload: 'cafe', encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NO_OP' });
    expect(signed).to.deep.equal({ r: 'aa', s: 'bb', v: '00' });
    const ramp = await session.initFiatOnRamp({
      onrampProvider: 'FIAT_ON_RAMP_PROVIDER_COINBASE',
      walletAddress: '0xabc',
      network: 'FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_BASE',
      cryptoCurrencyCode: 'FIAT_ON_RAMP_CRYPTO_CURRENCY_USDC',
    });
    expect(ramp.onRampTransactionId).to.equal('tx-1');
    const apiKeys = [{ apiKeyName: 'ci', publicKey: '02' + '11'.repeat(32), curveType: 'API_KEY_CURVE_P256' as const }];
    expect(await session.createApiKeys(apiKeys)).to.deep.equal(['k-1']);
    const activity = await session.submit('sign_raw_payload', { signWith: 'a', payload: '00', encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NO_OP' }, { generateAppProofs: true });
    expect(activity.status).to.equal('ACTIVITY_STATUS_COMPLETED');

    const submits = t.service.calls.filter((c) => c.kind === 'submit');
    expect(submits.map((c) => c.operation)).to.deep.equal(['sign_raw_payload', 'init_fiat_on_ramp', 'create_api_keys', 'sign_raw_payload']);
    for (const call of submits) {
      expect(call.request.organizationId).to.equal(ORG);
      expect(call.stampedBy).to.equal(t.key.id);
    }
    expect(submits[2]!.request.parameters).to.deep.equal({ apiKeys, userId: USER });
    expect(submits[3]!.request.generateAppProofs).to.equal(true);
    expect('generateAppProofs' in submits[0]!.request).to.equal(false);
  });

  it('queries with the session organization: whoami and list_wallet_accounts with pagination', async () => {
    const t = await setup();
    t.service.queries.whoami = (body) => ({ organizationId: body.organizationId, organizationName: 'o', userId: USER, username: 'u' });
    t.service.queries.list_wallet_accounts = () => ({ accounts: [{ address: '0x1' }] });
    const session = keep(await SigningSession.fromJwt(t.jwt, t.options()));
    expect((await session.whoami()).organizationId).to.equal(ORG);
    expect(await session.listWalletAccounts()).to.deep.equal([{ address: '0x1' }]);
    await session.listWalletAccounts({ walletId: 'w-1', includeWalletDetails: true, limit: 5, after: 'acc-9' });
    const queries = t.service.calls.filter((c) => c.kind === 'query').map((c) => c.request);
    // As sent on the wire (JSON drops what is undefined).
    expect(JSON.parse(JSON.stringify(queries))).to.deep.equal([
      { organizationId: ORG },
      { organizationId: ORG },
      { organizationId: ORG, walletId: 'w-1', includeWalletDetails: true, paginationOptions: { limit: 5, after: 'acc-9' } },
    ]);
  });

  it('C9 expired-mid-operation: refuses to sign once expired or logged out', async () => {
    const t = await setup();
    const session = keep(await SigningSession.fromJwt(t.jwt, t.options()));
    t.clock.advance(900_000);
    await expectCode(() => session.stamp('{}'), 'ERR_SESSION_EXPIRED');
    await expectCode(() => session.whoami(), 'ERR_SESSION_EXPIRED');
    await expectCode(() => session.refresh(), 'ERR_SESSION_EXPIRED');
    await session.logout();
    await expectCode(() => session.stamp('{}'), 'ERR_SESSION_MISSING');
    expect(() => session.publicKey).to.throw(LatchError);
  });
});

describe('SigningSession expiry events', () => {
  it('fires expiring at the lead time and expired at expiry', async () => {
    const t = await setup();
    const session = keep(await SigningSession.fromJwt(t.jwt, t.options({ expiringLeadMs: 120_000 })));
    const seen: string[] = [];
    session.addEventListener('expiring', (e) => seen.push(`expiring@${(e as SessionExpiryEvent).expiresAt}`));
    session.addEventListener('expired', (e) => seen.push(`expired@${(e as SessionExpiryEvent).expiresAt}`));
    t.clock.advance(900_000 - 120_001);
    expect(seen).to.deep.equal([]);
    t.clock.advance(1);
    expect(seen).to.deep.equal([`expiring@${t.exp * 1000}`]);
    t.clock.advance(120_000);
    expect(seen).to.deep.equal([`expiring@${t.exp * 1000}`, `expired@${t.exp * 1000}`]);
  });

  it('reschedules after a refresh and stops on logout', async () => {
    const t = await setup();
    const session = keep(await SigningSession.fromJwt(t.jwt, t.options()));
    const seen: string[] = [];
    session.addEventListener('expiring', () => seen.push('expiring'));
    session.addEventListener('expired', () => seen.push('expired'));
    t.clock.advance(850_000);
    expect(seen).to.deep.equal(['expiring']);
    await session.refresh();
    t.clock.advance(60_000); // past the old expiry: nothing, the new session lives on
    expect(seen).to.deep.equal(['expiring']);
    await session.logout();
    expect(t.clock.pending).to.equal(0);
  });

  it('fires expiring at once for a session already inside the lead time', async () => {
    const t = await setup();
    t.clock.advance(880_000);
    const session = keep(await SigningSession.fromJwt(t.jwt, t.options()));
    const expiring = nextEvent(session, 'expiring');
    t.clock.advance(0);
    expect(await expiring).to.be.instanceOf(SessionExpiryEvent);
  });
});

/** A FakeClock that treats a delay over 2^31 − 1 ms as browsers do: it fires at once. */
class OverflowingClock extends FakeClock {
  override setTimeout(callback: () => void, ms: number): unknown {
    return super.setTimeout(callback, ms > 2 ** 31 - 1 ? 1 : ms);
  }
}

describe('C10 long-expiry-and-sleep', () => {
  it('C10 long-expiry-and-sleep: an expiry 30 days ahead does not fire early; after a sleep past it the session is expired on wake', async () => {
    const t = await setup();
    const clock = new OverflowingClock(t.clock.now());
    const exp = Math.floor(clock.now() / 1000) + 30 * 86_400;
    const jwt = await mintJwt(t.notarizer, { public_key: t.key.id, exp });
    const session = keep(await SigningSession.fromJwt(jwt, t.options({ clock })));
    const seen: string[] = [];
    session.addEventListener('expiring', () => seen.push('expiring'));
    session.addEventListener('expired', () => seen.push('expired'));
    clock.advance(1000);
    expect(seen, 'nothing fires early (setTimeout overflow)').to.deep.equal([]);
    clock.advance(25 * 86_400_000); // past one 2^31 − 1 ms period: the timers re-arm, still quiet
    expect(seen).to.deep.equal([]);
    expect(session.active).to.equal(true);
    await session.stamp('{"still":"valid"}');
    // The lid closes for 6 days: time jumps past the expiry with no timer running…
    clock.time += 6 * 86_400_000;
    // …and on wake the overdue timers fire at once: the session is expired, and refuses to sign.
    clock.advance(0);
    expect(seen).to.deep.equal(['expiring', 'expired']);
    await expectCode(() => session.stamp('{"after":"sleep"}'), 'ERR_SESSION_EXPIRED');
  });
});

describe('C8 clock-skew-plus-minus-10min (session)', () => {
  it('C8 clock-skew-plus-minus-10min: expiry is judged by the service time the client learned, and the skew outlives a refresh', async () => {
    const t = await setup();
    // The device runs 10 minutes ahead of the service; its client learned that (skewMs < 0).
    const skewed = (stamper: Parameters<NonNullable<SigningSessionOptions['createClient']>>[0]) => Object.assign(t.service.createClient(stamper), { skewMs: -600_000 });
    const exp = Math.floor((t.clock.now() - 600_000) / 1000) + 900; // 15 minutes of service time
    const jwt = await mintJwt(t.notarizer, { public_key: t.key.id, exp });
    const session = keep(await SigningSession.fromJwt(jwt, t.options({ createClient: skewed })));
    t.clock.advance(8 * 60_000); // by the device clock the session ended 3 minutes ago
    await session.stamp('{"service":"still two minutes left"}');
    await session.refresh();
    // The fake service dates the new session by the device clock (exp = now + 15 min), which
    // by the service time the client keeps is 25 minutes away: the skew outlived the refresh.
    t.clock.advance(24 * 60_000);
    await session.stamp('{"after":"refresh"}');
    t.clock.advance(2 * 60_000);
    await expectCode(() => session.stamp('{"now":"expired"}'), 'ERR_SESSION_EXPIRED');
  });

  it('C8 clock-skew-plus-minus-10min: a skew learned from an answer moves the expiry timers with it', async () => {
    const t = await setup();
    t.service.queries.whoami = (body) => ({ organizationId: body.organizationId, organizationName: 'o', userId: USER, username: 'u' });
    // The device runs 10 minutes ahead; its client learns that from the first answer.
    const learning = (stamper: Parameters<NonNullable<SigningSessionOptions['createClient']>>[0]) => {
      const client = Object.assign(t.service.createClient(stamper), { skewMs: 0 });
      const query = client.query.bind(client);
      client.query = (async (...args: Parameters<typeof query>) => {
        const answer = await query(...args);
        client.skewMs = -600_000;
        return answer;
      }) as typeof client.query;
      return client;
    };
    const exp = Math.floor((t.clock.now() - 600_000) / 1000) + 900; // 15 minutes of service time
    const session = keep(await SigningSession.fromJwt(await mintJwt(t.notarizer, { public_key: t.key.id, exp }), t.options({ createClient: learning })));
    const seen: string[] = [];
    session.addEventListener('expired', () => seen.push('expired'));
    await session.whoami();
    t.clock.advance(5 * 60_000 + 1000); // the device's own reading of the expiry has passed
    expect(seen).to.deep.equal([]);
    t.clock.advance(10 * 60_000);
    expect(seen).to.deep.equal(['expired']);
  });

  it('an ended session rejects its calls (a promise), never throws at the call', async () => {
    const t = await setup();
    const session = keep(await SigningSession.fromJwt(t.jwt, t.options()));
    await session.logout();
    for (const call of [() => session.whoami(), () => session.stamp('{}'), () => session.query('whoami', {}), () => session.submit('create_wallet', { walletName: 'w', accounts: [] })]) {
      let promise: Promise<unknown> | undefined;
      expect(() => (promise = call())).to.not.throw();
      await expectCode(() => promise!, 'ERR_SESSION_MISSING');
    }
  });
});

describe('SigningSession.refresh', () => {
  it('moves to a new key through stamp_login signed by the old one, then deletes the old key', async () => {
    const t = await setup();
    const session = keep(await SigningSession.fromJwt(t.jwt, t.options({ refreshExpirationSeconds: 600 })));
    const changed = nextEvent(session, 'change');
    await session.refresh();
    expect(((await changed) as SessionChangeEvent).reason).to.equal('refresh');
    const [call] = t.service.calls;
    expect(call!.kind).to.equal('stampLogin');
    expect(call!.stampedBy).to.equal(t.key.id);
    expect(call!.request).to.deep.equal({ organizationId: ORG, publicKey: session.publicKey, expirationSeconds: '600', invalidateExisting: false });
    expect(session.publicKey).to.not.equal(t.key.id);
    expect(session.jwt).to.not.equal(t.jwt);
    expect(session.summary!.expiresAt).to.equal(t.clock.now() + 600_000);
    const keys = await t.keyStore.list();
    expect(keys.map((k) => k.id)).to.deep.equal([session.publicKey]);
    expect(keys[0]!.privateKey.extractable).to.equal(false);
    expect((await t.sessionStore.load())?.jwt).to.equal(session.jwt);
    expect(t.bus.posted.map((m) => m.type)).to.deep.equal(['login', 'refresh']);
    const stamp = await session.stamp('{}');
    expect(await stampVerifies(stamp.stampHeaderValue, '{}')).to.deep.equal({ publicKey: session.publicKey, valid: true });
  });

  it('C11 refresh-failure-cleanup: keeps the old session and drops the new key when stamp_login fails', async () => {
    const t = await setup();
    const session = keep(await SigningSession.fromJwt(t.jwt, t.options()));
    t.service.failStampLogin = new LatchError('ERR_SERVICE_UNAUTHENTICATED', 'no');
    let caught: LatchError | undefined;
    await session.refresh().catch((error: LatchError) => (caught = error));
    expect(caught?.code).to.equal('ERR_SESSION_REFRESH');
    expect((caught?.cause as LatchError).code).to.equal('ERR_SERVICE_UNAUTHENTICATED');
    expect(session.publicKey).to.equal(t.key.id);
    expect((await t.keyStore.list()).map((k) => k.id)).to.deep.equal([t.key.id]);
    expect((await t.sessionStore.load())?.jwt).to.equal(t.jwt);
  });

  it('refuses a new JWT for another key, another user or from another notarizer', async () => {
    const t = await setup();
    const session = keep(await SigningSession.fromJwt(t.jwt, t.options()));
    const stranger = await makeNotarizer();
    const answers: ((publicKey: string) => Promise<string>)[] = [
      () => mintJwt(t.notarizer, { public_key: t.key.id, exp: t.exp + 100 }),
      (publicKey) => mintJwt(t.notarizer, { public_key: publicKey, exp: t.exp + 100, user_id: 'someone-else' }),
      (publicKey) => mintJwt(stranger, { public_key: publicKey, exp: t.exp + 100 }),
    ];
    for (const answer of answers) {
      t.service.session = answer;
      await expectCode(() => session.refresh(), 'ERR_SESSION_REFRESH');
      expect(session.publicKey).to.equal(t.key.id);
      expect((await t.keyStore.list()).map((k) => k.id)).to.deep.equal([t.key.id]);
    }
  });

  it('serializes concurrent refreshes: the second adopts the first one\'s session', async () => {
    const t = await setup();
    const a = keep(await SigningSession.fromJwt(t.jwt, t.options()));
    const b = keep(await SigningSession.restore(t.options())); // a second "tab" over the same stores
    const gate = t.service.hold();
    const both = Promise.all([a.refresh(), b.refresh()]);
    await gate.reached; // one refresh is inside stamp_login; the other waits for the lock
    gate.open();
    await both;
    expect(t.service.count('stampLogin')).to.equal(1);
    expect(a.publicKey).to.equal(b.publicKey);
    expect(a.jwt).to.equal(b.jwt);
    expect((await t.keyStore.list()).map((k) => k.id)).to.deep.equal([a.publicKey]);
  });

  it('D1 single-flight-refresh-and-init: 20 callers (four tabs, five each) during a refresh make exactly one stamp_login and one new key', async () => {
    const t = await setup();
    const tabs = [keep(await SigningSession.fromJwt(t.jwt, t.options()))];
    for (let i = 0; i < 3; i++) tabs.push(keep(await SigningSession.restore(t.options())));
    const gate = t.service.hold();
    const callers = tabs.flatMap((tab) => Array.from({ length: 5 }, () => tab.refresh()));
    expect(callers.length).to.equal(20);
    await gate.reached; // all 20 asked for the lock at the call; one of them is in stamp_login
    gate.open();
    await Promise.all(callers);
    expect(t.service.count('stampLogin')).to.equal(1);
    expect(new Set(tabs.map((tab) => tab.publicKey)).size).to.equal(1);
    expect((await t.keyStore.list()).map((k) => k.id)).to.deep.equal([tabs[0]!.publicKey]);
  });

  it('does not refresh again when the other tab\'s session is adopted over the channel while it reads it', async () => {
    const t = await setup();
    const a = keep(await SigningSession.fromJwt(t.jwt, t.options()));
    // Tab b finds keys other than the first one only when the test releases the lookup.
    const held: Array<() => void> = [];
    const store = t.keyStore;
    const gated: KeyStore = {
      create: (metadata) => store.create(metadata),
      put: (pair, metadata) => store.put(pair, metadata),
      get: async (id) => (id !== t.key.id && (await new Promise<void>((release) => held.push(release))), store.get(id)),
      list: () => store.list(),
      delete: (id) => store.delete(id),
      clear: () => store.clear(),
    };
    const b = keep(await SigningSession.restore(t.options({ keyStore: gated })));
    const until = async (condition: () => boolean): Promise<void> => {
      for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(condition()).to.equal(true);
    };
    await a.refresh(); // saves and announces the new session
    const refreshing = b.refresh(); // b takes the lock, reads the saved session, looks up its key
    await until(() => held.length === 2); // …and so does b's listener, once the announcement arrives
    const adopted = nextEvent(b, 'change');
    held[1]!(); // the listener's adopt finishes first
    expect(((await adopted) as SessionChangeEvent).reason).to.equal('adopt');
    held[0]!(); // then the refresh's own adopt, which finds the state moved on
    await refreshing;
    expect(t.service.count('stampLogin')).to.equal(1);
    expect(b.publicKey).to.equal(a.publicKey);
  });
});

describe('SigningSession across tabs', () => {
  it('follows another tab\'s refresh and logout', async () => {
    const t = await setup();
    const a = keep(await SigningSession.fromJwt(t.jwt, t.options()));
    const b = keep(await SigningSession.restore(t.options()));
    const adopted = nextEvent(b, 'change');
    await a.refresh();
    expect(((await adopted) as SessionChangeEvent).reason).to.equal('adopt');
    expect(b.publicKey).to.equal(a.publicKey);
    expect(b.jwt).to.equal(a.jwt);
    const ended = nextEvent(b, 'change');
    await a.logout();
    expect(((await ended) as SessionChangeEvent).reason).to.equal('logout');
    expect(b.active).to.equal(false);
    expect(b.summary).to.equal(null);
    expect(await t.keyStore.list()).to.deep.equal([]);
    expect(await t.sessionStore.load()).to.equal(undefined);
  });

  it('D4 expiry-scoped-to-session (stale-tab-logout): a tab ending its older session leaves the newer session, its key and the saved slot alone', async () => {
    const t = await setup();
    // Tab A holds S1. Tab B logged in to S2 while A was asleep (A never heard of it: another bus).
    const a = keep(await SigningSession.fromJwt(t.jwt, t.options()));
    const otherBus = new MemoryChannelBus();
    const key2 = await t.keyStore.create({ purpose: 'session' });
    const jwt2 = await mintJwt(t.notarizer, { public_key: key2.id, exp: t.exp + 60 });
    const b = keep(await SigningSession.fromJwt(jwt2, t.options({ channel: otherBus.channel() })));
    expect((await t.sessionStore.load())?.jwt).to.equal(jwt2);
    // A's S1 ends (the kit logs out at expiry): the shared slot holds S2, so it stays.
    await a.logout();
    expect(a.active).to.equal(false);
    expect(await t.keyStore.get(t.key.id)).to.equal(undefined);
    expect((await t.sessionStore.load())?.jwt).to.equal(jwt2);
    // And the logout message about S1 reaches B: B stays logged in to S2, its key kept.
    // Delivered and handled (the session's listener returns its handling).
    otherBus.channel().post({ type: 'logout', sender: 'tab-a', publicKey: t.key.id });
    await otherBus.delivered();
    expect(b.active).to.equal(true);
    expect(b.publicKey).to.equal(key2.id);
    expect(await t.keyStore.get(key2.id)).to.not.equal(undefined);
    // A logout about S2 itself still ends B.
    const ended = nextEvent(b, 'change');
    otherBus.channel().post({ type: 'logout', sender: 'tab-c', publicKey: key2.id });
    expect(((await ended) as SessionChangeEvent).reason).to.equal('logout');
    expect(b.active).to.equal(false);
  });

  /**
   * Tab B's page load reads the saved slot; before it acts on what it read, tab A saves a newer
   * session (a refresh, which also deletes the old key; or a login after the old one expired).
   * B must not empty the slot A just wrote: it restores A's session instead. `oneStep`: B's slot
   * has the store's one-step clearIfHolds, else it is a custom store without it.
   */
  async function pageLoadDuringOtherTabsChange(change: 'refresh' | 'relogin', oneStep: boolean) {
    const t = await setup();
    const a = keep(await SigningSession.fromJwt(t.jwt, t.options()));
    if (change === 'relogin') t.clock.advance(900_000); // S1 has expired when B loads it
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let loaded!: () => void;
    const bHasRead = new Promise<void>((resolve) => (loaded = resolve));
    let reads = 0;
    // B's first read of the slot goes through; whatever B does next waits until A has moved on:
    // the key lookup (a live session), emptying the slot (an expired one is not looked up), or
    // reading the slot again.
    const afterRead = <A extends unknown[], R>(fn: (...args: A) => Promise<R>) => async (...args: A): Promise<R> => {
      await released;
      return fn(...args);
    };
    const store = t.sessionStore;
    const bSlot: SessionStore = {
      load: async () => {
        if (reads++ > 0) await released;
        const saved = await store.load();
        loaded();
        return saved;
      },
      save: (session) => store.save(session),
      clear: afterRead(() => store.clear()),
      ...(oneStep ? { clearIfHolds: afterRead((publicKey: string) => store.clearIfHolds(publicKey)) } : {}),
    };
    const bKeys: KeyStore = {
      create: (m) => t.keyStore.create(m),
      put: (p, m) => t.keyStore.put(p, m),
      get: afterRead((id: string) => t.keyStore.get(id)),
      list: () => t.keyStore.list(),
      delete: (id) => t.keyStore.delete(id),
      clear: () => t.keyStore.clear(),
    };
    const restoring = SigningSession.restore(t.options({ keyStore: bKeys, sessionStore: bSlot, channel: new MemoryChannelBus().channel() }));
    await bHasRead; // B holds S1 as read from the slot
    let key2: string;
    if (change === 'refresh') {
      await a.refresh();
      key2 = a.publicKey;
      expect(await t.keyStore.get(t.key.id)).to.equal(undefined);
    } else {
      key2 = (await t.keyStore.create({ purpose: 'session' })).id;
      keep(await SigningSession.fromJwt(await mintJwt(t.notarizer, { public_key: key2, exp: t.exp + 1800 }), t.options()));
    }
    const jwt2 = (await store.load())?.jwt;
    expect(jwt2).to.be.a('string').and.not.equal(t.jwt);
    release();
    const b = keep(await restoring);
    // A's session is still saved with its key, and B holds it; S1's key is gone.
    expect((await store.load())?.jwt).to.equal(jwt2);
    expect(await t.keyStore.get(key2)).to.not.equal(undefined);
    expect(b.jwt).to.equal(jwt2);
    expect(b.publicKey).to.equal(key2);
    expect(await t.keyStore.get(t.key.id)).to.equal(undefined);
  }

  it('D4 expiry-scoped-to-session (page load during another tab\'s refresh): the loading tab leaves the newer saved session alone and restores it', async () => {
    await pageLoadDuringOtherTabsChange('refresh', true);
    await pageLoadDuringOtherTabsChange('refresh', false);
  });

  it('D4 expiry-scoped-to-session (page load of an expired session during another tab\'s login): the newer saved session stays and is restored', async () => {
    await pageLoadDuringOtherTabsChange('relogin', true);
    await pageLoadDuringOtherTabsChange('relogin', false);
  });

  it('ignores announcements that do not verify or whose key is not here', async () => {
    const t = await setup();
    const b = keep(await SigningSession.fromJwt(t.jwt, t.options()));
    const liar = t.bus.channel();
    const other = await t.keyStore.create();
    const forged = await mintJwt(await makeNotarizer(), { public_key: other.id, exp: t.exp + 10 });
    const orphan = await mintJwt(t.notarizer, { public_key: '03' + 'cd'.repeat(32), exp: t.exp + 10 });
    for (const jwt of [forged, orphan]) {
      liar.post({ type: 'refresh', sender: 'x', session: { jwt, claims: { exp: t.exp + 10, public_key: other.id, session_type: 'SESSION_TYPE_READ_WRITE', user_id: USER, organization_id: ORG } } });
    }
    liar.post({ type: 'login', sender: 'x' } as never); // no session at all
    liar.post({ type: 'refresh', sender: 'x', session: { claims: { exp: t.exp + 10, public_key: other.id } } } as never); // damaged claims
    await t.bus.delivered(); // and handled: a session's listener returns its handling
    expect(b.publicKey).to.equal(t.key.id);
    expect(b.active).to.equal(true);
  });
});

describe('SigningSession logout', () => {
  it('deletes the key and the saved session, announces it, and fires change', async () => {
    const t = await setup();
    const session = keep(await SigningSession.fromJwt(t.jwt, t.options()));
    const changed = nextEvent(session, 'change');
    await session.logout();
    expect(((await changed) as SessionChangeEvent).reason).to.equal('logout');
    expect(session.active).to.equal(false);
    expect(await t.keyStore.get(t.key.id)).to.equal(undefined);
    expect(await t.sessionStore.load()).to.equal(undefined);
    expect(t.bus.posted.at(-1)).to.deep.include({ type: 'logout', publicKey: t.key.id });
    await session.logout(); // twice is harmless
  });

  const apiKey = (apiKeyId: string, publicKey: string, expirationSeconds?: string, type = 'CREDENTIAL_TYPE_API_KEY_P256') => ({
    apiKeyId,
    apiKeyName: apiKeyId,
    credential: { publicKey, type },
    ...(expirationSeconds ? { expirationSeconds } : {}),
  });

  it('deletes its own API key on the service first, stamped by that key, for the session user', async () => {
    const t = await setup();
    const session = keep(await SigningSession.fromJwt(t.jwt, t.options()));
    t.service.queries.get_user = () => ({ user: { userId: USER, apiKeys: [apiKey('mine', t.key.id, '900'), apiKey('other-session', '03ab', '900'), apiKey('server', '02cd')] } });
    t.service.results.delete_api_keys = (p) => ({ apiKeyIds: p.apiKeyIds });
    expect(await session.logout()).to.deep.equal({ remote: 'deleted' });
    const submit = t.service.calls.find((c) => c.kind === 'submit')!;
    expect(submit.operation).to.equal('delete_api_keys');
    expect(submit.stampedBy).to.equal(t.key.id);
    expect(submit.request).to.deep.equal({ organizationId: ORG, parameters: { userId: USER, apiKeyIds: ['mine'] } });
    expect(t.service.calls[0]).to.deep.include({ kind: 'query', operation: 'get_user', stampedBy: t.key.id });
    expect(session.active).to.equal(false);
    expect(await session.logout()).to.deep.equal({ remote: 'none' });
  });

  it('everywhere: deletes every expiring P-256 key of the user, keeping non-expiring and other-curve keys', async () => {
    const t = await setup();
    const session = keep(await SigningSession.fromJwt(t.jwt, t.options()));
    t.service.queries.get_user = () => ({
      user: { userId: USER, apiKeys: [apiKey('mine', t.key.id, '900'), apiKey('other-session', '03ab', '900'), apiKey('server', '02cd'), apiKey('k1', '02ef', '900', 'CREDENTIAL_TYPE_API_KEY_SECP256K1')] },
    });
    t.service.results.delete_api_keys = (p) => ({ apiKeyIds: p.apiKeyIds });
    expect(await session.logout({ everywhere: true })).to.deep.equal({ remote: 'deleted' });
    expect(t.service.calls.find((c) => c.kind === 'submit')!.request).to.deep.equal({ organizationId: ORG, parameters: { userId: USER, apiKeyIds: ['mine', 'other-session'] } });
  });

  it('a refused or unreachable service still logs out here; the result says failed, with the error', async () => {
    const t = await setup();
    const session = keep(await SigningSession.fromJwt(t.jwt, t.options()));
    const down = new LatchError('ERR_NETWORK_FAILED', 'offline');
    t.service.queries.get_user = () => {
      throw down;
    };
    const changed = nextEvent(session, 'change');
    expect(await session.logout()).to.deep.equal({ remote: 'failed', error: down });
    expect(((await changed) as SessionChangeEvent).reason).to.equal('logout');
    expect(await t.keyStore.get(t.key.id)).to.equal(undefined);
    expect(await t.sessionStore.load()).to.equal(undefined);
    expect(t.bus.posted.at(-1)).to.deep.include({ type: 'logout', publicKey: t.key.id });
  });

  it('an expired session sends nothing: remote "expired"', async () => {
    const t = await setup();
    const session = keep(await SigningSession.fromJwt(t.jwt, t.options()));
    t.clock.advance(901_000);
    expect(await session.logout()).to.deep.equal({ remote: 'expired' });
    expect(t.service.calls).to.deep.equal([]);
    expect(session.active).to.equal(false);
  });
});

describe('$session', () => {
  it('mirrors a tracked session through refresh and logout', async () => {
    const t = await setup();
    const session = keep(await SigningSession.fromJwt(t.jwt, t.options()));
    const stop = trackSession(session);
    expect($session.get()?.publicKey).to.equal(t.key.id);
    await session.refresh();
    expect($session.get()?.publicKey).to.equal(session.publicKey);
    await session.logout();
    expect($session.get()).to.equal(null);
    stop();
    trackSession(null);
    expect($session.get()).to.equal(null);
  });
});
