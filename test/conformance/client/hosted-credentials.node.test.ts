// The hosted service's own client manages a user's credentials and contacts against the emulator
// (issue 13): `@turnkey/core`'s TurnkeyClient.updateUserEmail / removeUserEmail /
// updateUserPhoneNumber / removePasskeys / removeOauthProviders, and the generated
// createAuthenticators (V2), createOauthProviders (V2) and deleteApiKeys under them, stamped by
// the hosted ApiKeyStamper, in Node over real HTTP. None of that code is ours, and none of it is
// changed. The client is set up as in hosted-send-transaction.node.test.ts (an API key stamper
// and an object answering getActiveSession(), since Node has no localStorage or IndexedDB).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { ApiKeyStamper, TurnkeyClient } from '@turnkey/core';
import { p256 } from '@noble/curves/nist.js';
import { toHex } from '../../../src/encoding/hex.ts';
import { newTestKey, resultOf, startFixture } from '../../emulator/support/emulator-fixture.ts';
import { SoftAuthenticator } from '../../emulator/support/soft-authenticator.ts';
import type { Fixture } from '../../emulator/support/emulator-fixture.ts';

interface WireUser {
  userEmail?: string;
  userPhoneNumber?: string;
  apiKeys: { apiKeyId: string; credential: { publicKey: string } }[];
  authenticators: { authenticatorId: string }[];
  oauthProviders: { providerId: string }[];
}

describe('the hosted client (@turnkey/core) manages credentials and contacts on the emulator', () => {
  let f: Fixture;
  let tk: TurnkeyClient;
  let organizationId: string;
  let userId: string;

  before(async () => {
    const secret = p256.utils.randomSecretKey();
    const apiPublicKey = toHex(p256.getPublicKey(secret, true));
    f = await startFixture({ rootApiKeys: [apiPublicKey] });
    const owner = await newTestKey();
    const created = resultOf(
      await f.submit('create_sub_organization', f.demoOrgId, {
        subOrganizationName: 'hosted credentials',
        rootQuorumThreshold: 1,
        rootUsers: [{ userName: 'hana', userEmail: 'hana@example.com', apiKeys: [{ apiKeyName: 'owner', publicKey: owner.id, curveType: 'API_KEY_CURVE_P256' }], authenticators: [], oauthProviders: [] }],
      }),
    );
    organizationId = created.subOrganizationId as string;
    userId = (created.rootUserIds as string[])[0]!;
    const stamper = new ApiKeyStamper({ apiPublicKey, apiPrivateKey: toHex(secret) });
    tk = new TurnkeyClient({ apiBaseUrl: f.urls.apiUrl, organizationId: f.demoOrgId }, stamper as unknown as ConstructorParameters<typeof TurnkeyClient>[1]);
    Object.assign(tk, { storageManager: { getActiveSession: async () => ({ organizationId, userId, publicKey: apiPublicKey }) } });
    tk.httpClient = tk.createHttpClient();
  });
  after(() => f?.stop());

  const user = async (): Promise<WireUser> => (await f.query('get_user', { organizationId, userId })).json.user as WireUser;
  const lastActivity = () => [...f.emulator.state.read.activities.values()].at(-1)!;

  it('updateUserEmail and removeUserEmail (update_user_email)', async () => {
    assert.equal(await tk.updateUserEmail({ email: 'hana.new@example.com', userId, organizationId }), userId);
    assert.equal(lastActivity().type, 'ACTIVITY_TYPE_UPDATE_USER_EMAIL');
    assert.deepEqual(Object.keys(lastActivity().intent), ['updateUserEmailIntent']);
    assert.equal((await user()).userEmail, 'hana.new@example.com');
    assert.equal(await tk.removeUserEmail({ userId, organizationId }), userId);
    assert.equal((await user()).userEmail, undefined);
  });

  it('updateUserPhoneNumber (update_user_phone_number)', async () => {
    assert.equal(await tk.updateUserPhoneNumber({ phoneNumber: '+15555550303', userId, organizationId }), userId);
    assert.equal((await user()).userPhoneNumber, '+15555550303');
  });

  it('createAuthenticators (V2) and removePasskeys (delete_authenticators)', async () => {
    const passkey = await SoftAuthenticator.create();
    const registration = await passkey.register();
    const answer = await tk.httpClient.createAuthenticators({ userId, organizationId, authenticators: [registration as never] });
    assert.equal(lastActivity().type, 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2');
    const ids = answer.authenticatorIds;
    assert.deepEqual((await user()).authenticators.map((a) => a.authenticatorId), ids);
    assert.deepEqual(await tk.removePasskeys({ authenticatorIds: ids, userId, organizationId }), ids);
    assert.deepEqual((await user()).authenticators, []);
  });

  it('createOauthProviders (V2, by claims) and removeOauthProviders (delete_oauth_providers)', async () => {
    const answer = await tk.httpClient.createOauthProviders({ userId, organizationId, oauthProviders: [{ providerName: 'google', oidcClaims: { iss: 'https://accounts.example', sub: 'hana', aud: 'latchkey' } }] });
    assert.equal(lastActivity().type, 'ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS_V2');
    assert.deepEqual(Object.keys(lastActivity().result), ['createOauthProvidersResultV2']);
    assert.deepEqual(await tk.removeOauthProviders({ providerIds: answer.providerIds, userId, organizationId }), answer.providerIds);
    assert.deepEqual((await user()).oauthProviders, []);
  });

  it('deleteApiKeys (delete_api_keys); a refusal reaches the hosted client as an error', async () => {
    const extra = await newTestKey();
    resultOf(await f.submit('create_api_keys', organizationId, { userId, apiKeys: [{ apiKeyName: 'extra', publicKey: extra.id, curveType: 'API_KEY_CURVE_P256', expirationSeconds: '900' }] }));
    const id = (await user()).apiKeys.find((k) => k.credential.publicKey === extra.id)!.apiKeyId;
    assert.deepEqual((await tk.httpClient.deleteApiKeys({ userId, organizationId, apiKeyIds: [id] })).apiKeyIds, [id]);
    assert.equal((await user()).apiKeys.some((k) => k.apiKeyId === id), false);
    await assert.rejects(tk.httpClient.deleteApiKeys({ userId, organizationId, apiKeyIds: [id] }));
  });
});
