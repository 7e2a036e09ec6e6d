// Passkeys: registration at sign-up (attestation verified), X-Stamp-Webauthn requests verified
// against the stored authenticator (challenge = hex SHA-256 of the body), stamp_login and
// create_read_write_session by passkey, and the refusals.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { verifySessionJwt } from '../../src/tokens/session-jwt.ts';
import { startFixture, getJson, newTestKey, plainPost } from './support/emulator-fixture.ts';
import { assertServiceError, assertNoStateChange } from './support/assertions.ts';
import { SoftAuthenticator } from './support/soft-authenticator.ts';
import type { Answer, Fixture } from './support/emulator-fixture.ts';

describe('passkeys', () => {
  let f: Fixture;
  let passkey: SoftAuthenticator;
  let org: string;
  before(async () => {
    f = await startFixture();
    passkey = await SoftAuthenticator.create();
    const signup = await f.proxy('signup', {
      userName: 'pat',
      apiKeys: [{ apiKeyName: 'signup key', publicKey: (await newTestKey()).id, curveType: 'API_KEY_CURVE_P256', expirationSeconds: '60' }],
      authenticators: [await passkey.register()],
      oauthProviders: [],
    });
    assert.equal(signup.status, 200, JSON.stringify(signup.json));
    org = signup.json.organizationId as string;
  });
  after(() => f.stop());

  const passkeyPost = async (operation: string, parameters: Record<string, unknown>, options: { origin?: string; challengeBody?: string } = {}): Promise<Answer> => {
    const body = JSON.stringify(f.body(operation, org, parameters));
    return plainPost(`${f.urls.apiUrl}/public/v1/submit/${operation}`, body, { 'X-Stamp-Webauthn': await passkey.stamp(body, options) });
  };

  it('stores the verified authenticator and finds the account by credential id', async () => {
    const users = (await f.query('list_users', { organizationId: org })).json.users as { authenticators: { credentialId: string; attestationType: string; credential: { type: string } }[] }[];
    const authenticator = users[0]!.authenticators[0]!;
    assert.equal(authenticator.credentialId, passkey.id);
    assert.equal(authenticator.attestationType, 'none');
    assert.equal(authenticator.credential.type, 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR');
    assert.equal((await f.proxy('account', { filterType: 'CREDENTIAL_ID', filterValue: passkey.id })).json.organizationId, org);
  });

  it('logs in with stamp_login stamped by the passkey, and counts signatures', async () => {
    const sessionKey = await newTestKey();
    const answer = await passkeyPost('stamp_login', { publicKey: sessionKey.id, expirationSeconds: '900' });
    assert.equal(answer.status, 200, JSON.stringify(answer.json));
    const session = (answer.json.activity as { result: { stampLoginResult: { session: string } } }).result.stampLoginResult.session;
    const notarizer = (await getJson(`${f.urls.apiUrl}/__keys`)).json.notarizerPublicKey as string;
    const claims = await verifySessionJwt(session, { notarizerPublicKey: notarizer });
    assert.equal(claims.organization_id, org);
    assert.equal(claims.public_key, sessionKey.id);
    const stored = f.emulator.state.read.authenticators.findBy('credentialId', passkey.id)[0]!;
    assert.equal(stored.counter, passkey.counter);
  });

  it('creates a read-write session by passkey (credential bundle)', async () => {
    const { generateTargetKeyPair } = await import('../../src/bundles/hpke-suite.ts');
    const target = await generateTargetKeyPair();
    const answer = await passkeyPost('create_read_write_session', { targetPublicKey: target.publicKeyHex });
    assert.equal(answer.status, 200, JSON.stringify(answer.json));
  });

  it('refuses a passkey stamp over another body, from another origin, or by an unknown credential, changing nothing', async () => {
    const sessionKey = await newTestKey();
    await assertNoStateChange(f.emulator, async () => {
      assertServiceError(await passkeyPost('stamp_login', { publicKey: sessionKey.id }, { challengeBody: '{"other":"body"}' }), 401, 16, 'SIGNATURE_INVALID');
      assertServiceError(await passkeyPost('stamp_login', { publicKey: sessionKey.id }, { origin: 'https://evil.example' }), 401, 16, 'SIGNATURE_INVALID');
      assertServiceError(await passkeyPost('stamp_login', { publicKey: sessionKey.id }, { origin: 'http://localhost.evil.example:8000' }), 401, 16, 'SIGNATURE_INVALID');
      const stranger = await SoftAuthenticator.create();
      const body = JSON.stringify(f.body('stamp_login', org, { publicKey: sessionKey.id }));
      assertServiceError(await plainPost(`${f.urls.apiUrl}/public/v1/submit/stamp_login`, body, { 'X-Stamp-Webauthn': await stranger.stamp(body) }), 401, 16, 'PUBLIC_KEY_NOT_FOUND');
      // A replayed assertion (same counter) is refused too.
      const replayBody = JSON.stringify(f.body('stamp_login', org, { publicKey: sessionKey.id }));
      const seen = f.emulator.state.read.authenticators.findBy('credentialId', passkey.id)[0]!.counter;
      const ahead = passkey.counter;
      passkey.counter = seen - 1;
      const replay = await passkey.stamp(replayBody);
      passkey.counter = ahead;
      assertServiceError(await plainPost(`${f.urls.apiUrl}/public/v1/submit/stamp_login`, replayBody, { 'X-Stamp-Webauthn': replay }), 401, 16, 'SIGNATURE_INVALID');
    });
  });

  it('refuses registrations with a bad challenge, origin or attestation, changing nothing', async () => {
    const fresh = await SoftAuthenticator.create();
    const good = await fresh.register();
    const base = { userName: 'bad', apiKeys: [], oauthProviders: [] };
    await assertNoStateChange(f.emulator, async () => {
      assertServiceError(await f.proxy('signup', { ...base, authenticators: [{ ...good, challenge: 'AAAA' }] }), 400, 3);
      assertServiceError(await f.proxy('signup', { ...base, authenticators: [await fresh.register(undefined, 'https://evil.example')] }), 400, 3);
      assertServiceError(await f.proxy('signup', { ...base, authenticators: [{ ...good, attestation: { ...good.attestation, attestationObject: 'AAAA' } }] }), 400, 3);
      assertServiceError(await f.proxy('signup', { ...base, authenticators: [{ ...good, attestation: { ...good.attestation, transports: ['CARRIER_PIGEON'] } }] }), 400, 3);
      // The same credential twice is refused (credential ids are the lookup key of passkey stamps).
      assertServiceError(await f.proxy('signup', { ...base, authenticators: [await passkey.register()] }), 400, 3);
    });
  });
});
