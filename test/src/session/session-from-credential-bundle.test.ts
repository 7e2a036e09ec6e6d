import { describe, it, expect, expectCode, afterEach } from '../../support/harness.ts';
import { sessionFromCredentialBundle } from '../../../src/session/session-from-credential-bundle.ts';
import { SigningSession, type SigningSessionOptions } from '../../../src/session/signing-session.ts';
import { MemorySessionStore } from '../../../src/session/session-store.ts';
import { processLocks } from '../../../src/session/session-locks.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { encryptCredentialBundle } from '../../../src/bundles/credential-bundle.ts';
import { generateTargetKeyPair } from '../../../src/bundles/hpke-suite.ts';
import { fromBase64Url } from '../../../src/encoding/base64url.ts';
import { toHex } from '../../../src/encoding/hex.ts';
import { compressPublicKey } from '../../../src/crypto/p256.ts';
import { FakeClock, FakeService, MemoryChannelBus, ORG, USER, makeNotarizer, stampVerifies } from './session-fixtures.ts';

let sessions: SigningSession[] = [];
afterEach(() => {
  for (const s of sessions) s.dispose();
  sessions = [];
});

/** A P-256 API key as the service would mint it: raw private scalar and compressed public id. */
async function apiKey(): Promise<{ raw: Uint8Array; id: string }> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  const jwk = await crypto.subtle.exportKey('jwk', pair.privateKey);
  const publicRaw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  return { raw: fromBase64Url(jwk.d!), id: toHex(compressPublicKey(publicRaw)) };
}

async function setup() {
  const clock = new FakeClock();
  const notarizer = await makeNotarizer();
  const service = new FakeService(notarizer, clock);
  const bus = new MemoryChannelBus();
  const options: SigningSessionOptions = {
    keyStore: new MemoryKeyStore(),
    sessionStore: new MemorySessionStore(),
    channel: bus.channel(),
    locks: processLocks,
    clock,
    notarizerPublicKey: notarizer.publicKeyHex,
    createClient: service.createClient,
  };
  const target = await generateTargetKeyPair();
  const key = await apiKey();
  const bundle = await encryptCredentialBundle(key.raw, target.publicKeyHex);
  return { clock, service, bus, options, target, key, bundle };
}

describe('sessionFromCredentialBundle', () => {
  it('stores the bundle key non-extractable and signs with it', async () => {
    const t = await setup();
    const session = await sessionFromCredentialBundle(t.bundle, { ...t.options, target: t.target.keyPair, organizationId: ORG, userId: USER, expirationSeconds: 600 });
    sessions.push(session);
    expect(session.publicKey).to.equal(t.key.id);
    expect(session.jwt).to.equal(undefined);
    expect(session.summary).to.deep.equal({ organizationId: ORG, userId: USER, publicKey: t.key.id, sessionType: 'SESSION_TYPE_READ_WRITE', expiresAt: Math.floor((t.clock.now() + 600_000) / 1000) * 1000 });
    const stored = (await t.options.keyStore.get(t.key.id))!;
    expect(stored.privateKey.extractable).to.equal(false);
    expect(stored.purpose).to.equal('session');
    const stamp = await session.stamp('{"a":1}');
    expect(await stampVerifies(stamp.stampHeaderValue, '{"a":1}')).to.deep.equal({ publicKey: t.key.id, valid: true });
    expect(t.bus.posted.map((m) => m.type)).to.deep.equal(['login']);
  });

  it('survives a restore and refreshes into a JWT session', async () => {
    const t = await setup();
    const first = await sessionFromCredentialBundle(t.bundle, { ...t.options, target: t.target.keyPair, organizationId: ORG, userId: USER });
    first.dispose();
    const restored = await SigningSession.restore(t.options);
    sessions.push(restored);
    expect(restored.publicKey).to.equal(t.key.id);
    await restored.refresh();
    expect(t.service.calls[0]!.stampedBy).to.equal(t.key.id);
    expect(restored.jwt).to.be.a('string');
    expect(restored.publicKey).to.not.equal(t.key.id);
    expect(await t.options.keyStore.get(t.key.id)).to.equal(undefined);
  });

  it('stores nothing when the bundle does not open', async () => {
    const t = await setup();
    const wrongTarget = await generateTargetKeyPair();
    await expectCode(
      () => sessionFromCredentialBundle(t.bundle, { ...t.options, target: wrongTarget.keyPair, organizationId: ORG, userId: USER }),
      'ERR_BUNDLE_DECRYPT',
    );
    const tampered = t.bundle.slice(0, -2) + (t.bundle.endsWith('1') ? '22' : '11');
    await expectCode(
      () => sessionFromCredentialBundle(tampered, { ...t.options, target: t.target.keyPair, organizationId: ORG, userId: USER }),
      'ERR_ENCODING_CHECKSUM',
    );
    await expectCode(
      () => sessionFromCredentialBundle(t.bundle, { ...t.options, target: t.target.keyPair, organizationId: '', userId: USER }),
      'ERR_INPUT_INVALID',
    );
    expect(await t.options.keyStore.list()).to.deep.equal([]);
    expect(await t.options.sessionStore!.load()).to.equal(undefined);
  });
});
