// Issue 38, item 5: recovery by email and email_auth through the hosted HTTP client. The
// backend (an --api-key key of the demo organization) asks init_user_email_recovery for a user of
// a sub-organization; the credential bundle arrives in the outbox, encrypted to the page's key;
// @turnkey/crypto decrypts it; with that key the hosted client runs recover_user, which registers
// a new passkey; the passkey then stamps whoami as the user. email_auth mails a login key the same
// way. Refusals (unknown email, missing field, bad attestation) change nothing.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { TurnkeyClient } from '@turnkey/http';
import { ApiKeyStamper } from '@turnkey/api-key-stamper';
import { decryptCredentialBundle, generateP256KeyPair, getPublicKey } from '@turnkey/crypto';
import { startFixture, getJson, plainPost, resultOf, type Fixture } from './support/emulator-fixture.ts';
import { assertNoStateChange, assertServiceError } from './support/assertions.ts';
import { SoftAuthenticator } from './support/soft-authenticator.ts';

const backendKey = generateP256KeyPair();
let f: Fixture;
let backend: TurnkeyClient;
let subOrgId: string;
let userId: string;
const EMAIL = 'lost-passkey@example.com';
const ts = () => String(f.now());
const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** The newest outbox message to `to`: the code it carries is the credential bundle. */
async function mailedBundle(to: string): Promise<string> {
  const { json } = await getJson(`${f.urls.apiUrl}/__outbox?to=${encodeURIComponent(to)}`);
  return (json.messages as { code: string }[])[0]!.code;
}

/** A TurnkeyClient holding the key a credential bundle carries, as a page does after decrypting it. */
function clientFromBundle(bundle: string, target: { privateKey: string }): TurnkeyClient {
  const privateKey = decryptCredentialBundle(bundle, target.privateKey);
  return new TurnkeyClient({ baseUrl: f.urls.apiUrl }, new ApiKeyStamper({ apiPublicKey: toHex(getPublicKey(privateKey, true)), apiPrivateKey: privateKey }));
}

describe('email recovery and email_auth through the hosted HTTP client', () => {
  before(async () => {
    f = await startFixture({ rootApiKeys: [backendKey.publicKey] });
    backend = new TurnkeyClient({ baseUrl: f.urls.apiUrl }, new ApiKeyStamper({ apiPublicKey: backendKey.publicKey, apiPrivateKey: backendKey.privateKey }));
    // (The kit's create_sub_organization, V7: @turnkey/http 6.3.0's client sends V8, which the emulator does not take.)
    const created = resultOf(
      await f.submit('create_sub_organization', f.demoOrgId, { subOrganizationName: 'Recovering', rootQuorumThreshold: 1, rootUsers: [{ userName: 'Lost', userEmail: EMAIL, apiKeys: [], authenticators: [], oauthProviders: [] }] }),
    );
    subOrgId = created.subOrganizationId as string;
    userId = (created.rootUserIds as string[])[0]!;
  });
  after(() => f.stop());

  it('init_user_email_recovery mails a key; recover_user with it registers a passkey that then logs in', async () => {
    const target = generateP256KeyPair();
    const recovery = (email: string, extra: Record<string, unknown> = {}) =>
      backend.stampInitUserEmailRecovery({
        type: 'ACTIVITY_TYPE_INIT_USER_EMAIL_RECOVERY_V2',
        timestampMs: ts(),
        organizationId: subOrgId,
        parameters: { email, targetPublicKey: target.publicKeyUncompressed, emailCustomization: { appName: 'Wallet' }, ...extra },
      });
    const send = async (signed: ReturnType<typeof recovery>) => {
      const { url, body, stamp } = await signed;
      return plainPost(url, body, { [stamp.stampHeaderName]: stamp.stampHeaderValue });
    };
    await assertNoStateChange(f.emulator, async () => {
      assertServiceError(await send(recovery('nobody@example.com')), 404, 5, 'USER_NOT_FOUND');
      assertServiceError(await send(recovery(EMAIL, { emailCustomization: {} })), 400, 3);
      assertServiceError(await send(recovery(EMAIL, { targetPublicKey: 'zz' })), 400, 3);
    });

    const started = await backend.initUserEmailRecovery({
      type: 'ACTIVITY_TYPE_INIT_USER_EMAIL_RECOVERY_V2',
      timestampMs: ts(),
      organizationId: subOrgId,
      parameters: { email: EMAIL, targetPublicKey: target.publicKeyUncompressed, emailCustomization: { appName: 'Wallet' } },
    });
    assert.deepEqual(started.activity.result.initUserEmailRecoveryResult, { userId });
    assert.ok(!JSON.stringify(started).includes(await mailedBundle(EMAIL)), 'the bundle goes to the mailbox only');

    const recovering = clientFromBundle(await mailedBundle(EMAIL), target);
    assert.equal((await recovering.getWhoami({ organizationId: subOrgId })).userId, userId);

    const passkey = await SoftAuthenticator.create();
    const registration = await passkey.register();
    // A bad attestation is refused and stores nothing.
    await assertNoStateChange(f.emulator, async () => {
      const bad = await recovering.stampRecoverUser({
        type: 'ACTIVITY_TYPE_RECOVER_USER',
        timestampMs: ts(),
        organizationId: subOrgId,
        parameters: { userId, authenticator: { ...registration, attestation: { ...registration.attestation, attestationObject: 'AAAA' } } as never },
      });
      assertServiceError(await plainPost(bad.url, bad.body, { [bad.stamp.stampHeaderName]: bad.stamp.stampHeaderValue }), 400, 3);
    });
    const recovered = await recovering.recoverUser({
      type: 'ACTIVITY_TYPE_RECOVER_USER',
      timestampMs: ts(),
      organizationId: subOrgId,
      parameters: { userId, authenticator: registration as never },
    });
    const [authenticatorId] = recovered.activity.result.recoverUserResult!.authenticatorId;
    assert.ok(authenticatorId);

    // The new passkey stamps as the user.
    const body = JSON.stringify({ organizationId: subOrgId });
    const whoami = await plainPost(`${f.urls.apiUrl}/public/v1/query/whoami`, body, { 'X-Stamp-Webauthn': await passkey.stamp(body) });
    assert.equal(whoami.status, 200, JSON.stringify(whoami.json));
    assert.equal(whoami.json.userId, userId);
  });

  it('email_auth mails a login key for the address', async () => {
    const target = generateP256KeyPair();
    const answer = await backend.emailAuth({
      type: 'ACTIVITY_TYPE_EMAIL_AUTH_V3',
      timestampMs: ts(),
      organizationId: subOrgId,
      parameters: { email: EMAIL, targetPublicKey: target.publicKeyUncompressed, apiKeyName: 'email login', expirationSeconds: '600', emailCustomization: { appName: 'Wallet' } },
    });
    const { userId: who, apiKeyId } = answer.activity.result.emailAuthResult!;
    assert.equal(who, userId);
    const session = clientFromBundle(await mailedBundle(EMAIL), target);
    assert.equal((await session.getWhoami({ organizationId: subOrgId })).userId, userId);
    const { apiKey } = await backend.getApiKey({ organizationId: subOrgId, apiKeyId });
    assert.equal(apiKey.apiKeyName, 'email login');
  });
});
