// The kit's catalogue entries for a user's credentials and contacts (issue 13), sent by the kit's
// ActivityClient, stamped by the user's own key, against a real emulator: each goes out under its
// hosted type and intent key, and the client reads its result under the hosted result key. A
// refusal arrives as a LatchError carrying the service's status and error code.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { ActivityClient } from '../../../src/clients/activity-client.ts';
import { ApiKeyStamper } from '../../../src/stamp/api-key-stamper.ts';
import { isLatchError } from '../../../src/errors/latch-error.ts';
import { newTestKey, resultOf, startFixture } from '../../emulator/support/emulator-fixture.ts';
import { latestCodeFor, proxyClient } from '../../emulator/support/otp-flow.ts';
import { SoftAuthenticator } from '../../emulator/support/soft-authenticator.ts';
import type { Fixture } from '../../emulator/support/emulator-fixture.ts';
import type { Activity, ActivityOperation, AuthenticatorParams } from '../../../src/clients/activity-types.ts';

describe('ActivityClient: credential and contact operations against the emulator', () => {
  let f: Fixture;
  let client: ActivityClient;
  let organizationId: string;
  let userId: string;

  before(async () => {
    f = await startFixture();
    const key = await newTestKey();
    const created = resultOf(
      await f.submit('create_sub_organization', f.demoOrgId, {
        subOrganizationName: 'kit credentials',
        rootQuorumThreshold: 1,
        rootUsers: [{ userName: 'kim', userEmail: 'kim@example.com', apiKeys: [{ apiKeyName: 'owner', publicKey: key.id, curveType: 'API_KEY_CURVE_P256' }], authenticators: [], oauthProviders: [] }],
      }),
    );
    organizationId = created.subOrganizationId as string;
    userId = (created.rootUserIds as string[])[0]!;
    client = new ActivityClient({ apiBaseUrl: f.urls.apiUrl, stamper: new ApiKeyStamper(key), now: f.now, pollIntervalMs: 5 });
  });
  after(() => f?.stop());

  const keysOf = (activity: Activity<ActivityOperation>) => ({ type: activity.type, intent: Object.keys(activity.intent), result: Object.keys(activity.result) });

  it('update_user_email with a verification token for the address', async () => {
    const proxy = proxyClient(f);
    const { otpId } = await proxy.otpInit({ otpType: 'OTP_TYPE_EMAIL', contact: 'kim.new@example.com' });
    const { verificationToken } = await proxy.otpVerify({ otpId, otpCode: await latestCodeFor(f, otpId) });
    const activity = await client.submit('update_user_email', { organizationId, parameters: { userId, userEmail: 'kim.new@example.com', verificationToken } });
    assert.deepEqual(keysOf(activity), { type: 'ACTIVITY_TYPE_UPDATE_USER_EMAIL', intent: ['updateUserEmailIntent'], result: ['updateUserEmailResult'] });
    assert.deepEqual(client.result(activity), { userId });
  });

  it('update_user_phone_number', async () => {
    const activity = await client.submit('update_user_phone_number', { organizationId, parameters: { userId, userPhoneNumber: '+15555550404' } });
    assert.deepEqual(keysOf(activity), { type: 'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER', intent: ['updateUserPhoneNumberIntent'], result: ['updateUserPhoneNumberResult'] });
    assert.deepEqual(client.result(activity), { userId });
  });

  it('create_authenticators (V2) and delete_authenticators', async () => {
    const registration = (await (await SoftAuthenticator.create()).register()) as AuthenticatorParams;
    const created = await client.submit('create_authenticators', { organizationId, parameters: { userId, authenticators: [registration] } });
    assert.deepEqual(keysOf(created), { type: 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2', intent: ['createAuthenticatorsIntentV2'], result: ['createAuthenticatorsResult'] });
    const { authenticatorIds } = client.result(created);
    assert.equal(authenticatorIds.length, 1);
    const deleted = await client.submit('delete_authenticators', { organizationId, parameters: { userId, authenticatorIds } });
    assert.deepEqual(keysOf(deleted), { type: 'ACTIVITY_TYPE_DELETE_AUTHENTICATORS', intent: ['deleteAuthenticatorsIntent'], result: ['deleteAuthenticatorsResult'] });
    assert.deepEqual(client.result(deleted).authenticatorIds, authenticatorIds);
  });

  it('create_oauth_providers (V2) and delete_oauth_providers', async () => {
    const created = await client.submit('create_oauth_providers', {
      organizationId,
      parameters: { userId, oauthProviders: [{ providerName: 'google', oidcClaims: { iss: 'https://accounts.example', sub: 'kim', aud: 'latchkey' } }] },
    });
    assert.deepEqual(keysOf(created), { type: 'ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS_V2', intent: ['createOauthProvidersIntentV2'], result: ['createOauthProvidersResultV2'] });
    const { providerIds } = client.result(created);
    assert.equal(providerIds.length, 1);
    const deleted = await client.submit('delete_oauth_providers', { organizationId, parameters: { userId, providerIds } });
    assert.deepEqual(keysOf(deleted), { type: 'ACTIVITY_TYPE_DELETE_OAUTH_PROVIDERS', intent: ['deleteOauthProvidersIntent'], result: ['deleteOauthProvidersResult'] });
    assert.deepEqual(client.result(deleted).providerIds, providerIds);
  });

  it('delete_api_keys; a refusal is a LatchError with the service\'s status and code', async () => {
    const extra = await newTestKey();
    const [apiKeyId] = client.result(await client.submit('create_api_keys', { organizationId, parameters: { userId, apiKeys: [{ apiKeyName: 'extra', publicKey: extra.id, curveType: 'API_KEY_CURVE_P256', expirationSeconds: '900' }] } })).apiKeyIds;
    const deleted = await client.submit('delete_api_keys', { organizationId, parameters: { userId, apiKeyIds: [apiKeyId!] } });
    assert.deepEqual(keysOf(deleted), { type: 'ACTIVITY_TYPE_DELETE_API_KEYS', intent: ['deleteApiKeysIntent'], result: ['deleteApiKeysResult'] });
    assert.deepEqual(client.result(deleted).apiKeyIds, [apiKeyId]);
    await assert.rejects(
      client.submit('delete_api_keys', { organizationId, parameters: { userId, apiKeyIds: [apiKeyId!] } }),
      (e) => isLatchError(e, 'ERR_SERVICE_NOT_FOUND') && e.status === 404 && e.serviceErrorCode === 'NOT_FOUND',
    );
    await assert.rejects(
      client.submit('update_user_email', { organizationId, parameters: { userId, userEmail: 'not an address' } }),
      (e) => isLatchError(e, 'ERR_SERVICE_INVALID_REQUEST') && e.status === 400 && e.serviceErrorCode === 'REQUEST_INVALID',
    );
  });
});
