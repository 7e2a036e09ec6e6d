// A user's credentials and contacts (issue 13): delete_api_keys, create_authenticators,
// delete_authenticators, update_user_email, update_user_phone_number, create_oauth_providers and
// delete_oauth_providers. Each succeeds, and each refusal answers with the service's error shape
// and leaves the whole state as it was: an unknown or another user's id, a contact or identity
// another user holds, a verification token for another contact, and a change that would leave
// the user no way to log in. A webhook hears these activities like any other.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startFixture, newTestKey, resultOf, subOrganizationWithKey } from './support/emulator-fixture.ts';
import { assertServiceError, assertNoStateChange } from './support/assertions.ts';
import { latestCodeFor, proxyClient } from './support/otp-flow.ts';
import { SoftAuthenticator } from './support/soft-authenticator.ts';
import { startReceiver } from './webhooks/receiver.ts';
import { consent } from '../support/emulator-http.ts';
import type { Fixture, TestKey } from './support/emulator-fixture.ts';

interface WireUser {
  userId: string;
  userEmail?: string;
  userPhoneNumber?: string;
  apiKeys: { apiKeyId: string; credential: { publicKey: string }; expirationSeconds?: string }[];
  authenticators: { authenticatorId: string }[];
  oauthProviders: { providerId: string }[];
}

describe('credentials and contacts', () => {
  let f: Fixture;
  before(async () => {
    f = await startFixture();
  });
  after(() => f.stop());

  const userOf = async (organizationId: string, userId: string): Promise<WireUser> =>
    (await f.query('get_user', { organizationId, userId })).json.user as WireUser;

  /** A sub-organization whose root user has an email address and a non-expiring API key. */
  const account = async (name: string, email?: string) => {
    const key = await newTestKey();
    const created = resultOf(
      await f.submit('create_sub_organization', f.demoOrgId, {
        subOrganizationName: name,
        rootQuorumThreshold: 1,
        rootUsers: [{ userName: name, ...(email ? { userEmail: email } : {}), apiKeys: [{ apiKeyName: 'owner', publicKey: key.id, curveType: 'API_KEY_CURVE_P256' }], authenticators: [], oauthProviders: [] }],
      }),
    );
    return { key, org: created.subOrganizationId as string, userId: (created.rootUserIds as string[])[0]! };
  };

  /** A session key of `key`'s user (an expiring API key, as a login makes). */
  const session = async (org: string, key: TestKey): Promise<TestKey> => {
    const next = await newTestKey();
    resultOf(await f.submit('stamp_login', org, { publicKey: next.id, expirationSeconds: '900' }, key));
    return next;
  };

  const idOf = (user: WireUser, publicKey: string) => user.apiKeys.find((k) => k.credential.publicKey === publicKey)!.apiKeyId;

  /** A verification token of an OTP sent to `contact`. */
  const tokenFor = async (otpType: 'OTP_TYPE_EMAIL' | 'OTP_TYPE_SMS', contact: string): Promise<string> => {
    const client = proxyClient(f);
    const { otpId } = await client.otpInit({ otpType, contact });
    return (await client.otpVerify({ otpId, otpCode: await latestCodeFor(f, otpId) })).verificationToken;
  };

  describe('delete_api_keys', () => {
    it('lets a session key delete itself; the key then stamps nothing', async () => {
      const a = await account('dak-self', 'dak-self@example.com');
      const s = await session(a.org, a.key);
      const id = idOf(await userOf(a.org, a.userId), s.id);
      assert.deepEqual(resultOf(await f.submit('delete_api_keys', a.org, { userId: a.userId, apiKeyIds: [id] }, s)).apiKeyIds, [id]);
      assertServiceError(await f.query('whoami', { organizationId: a.org }, s), 401, 16, 'PUBLIC_KEY_NOT_FOUND');
      assert.deepEqual((await userOf(a.org, a.userId)).apiKeys.map((k) => k.credential.publicKey), [a.key.id]);
    });

    it('refuses unknown keys, keys of another user, and the last way to log in, changing nothing', async () => {
      const a = await account('dak-a', 'dak-a@example.com');
      const b = await account('dak-b');
      const s = await session(a.org, a.key);
      const user = await userOf(a.org, a.userId);
      const bKey = (await userOf(b.org, b.userId)).apiKeys[0]!.apiKeyId;
      await assertNoStateChange(f.emulator, async () => {
        assertServiceError(await f.submit('delete_api_keys', a.org, { userId: a.userId, apiKeyIds: [idOf(user, s.id), crypto.randomUUID()] }), 404, 5, 'NOT_FOUND');
        assertServiceError(await f.submit('delete_api_keys', a.org, { userId: a.userId, apiKeyIds: [bKey] }), 404, 5, 'NOT_FOUND');
        assertServiceError(await f.submit('delete_api_keys', b.org, { userId: b.userId, apiKeyIds: [idOf(user, s.id)] }), 404, 5, 'NOT_FOUND');
        assertServiceError(await f.submit('delete_api_keys', a.org, { userId: crypto.randomUUID(), apiKeyIds: [idOf(user, s.id)] }), 404, 5, 'USER_NOT_FOUND');
        assertServiceError(await f.submit('delete_api_keys', a.org, { userId: a.userId, apiKeyIds: [] }), 400, 3, 'REQUEST_INVALID');
        assertServiceError(await f.submit('delete_api_keys', a.org, { userId: a.userId }), 400, 3, 'REQUEST_INVALID');
        // b has no email, phone, passkey or OAuth login: its one non-expiring key is its last way in.
        assertServiceError(await f.submit('delete_api_keys', b.org, { userId: b.userId, apiKeyIds: [bKey] }), 400, 3, 'REQUEST_INVALID', 'no way to log in');
      });
      // a keeps its email (OTP login of a sub-organization): its non-expiring key may go.
      resultOf(await f.submit('delete_api_keys', a.org, { userId: a.userId, apiKeyIds: [idOf(user, a.key.id)] }));
    });
  });

  describe('passkeys', () => {
    it('create_authenticators adds verified passkeys; delete_authenticators removes them, all or none', async () => {
      const a = await account('pk', 'pk@example.com');
      const one = await SoftAuthenticator.create();
      const two = await SoftAuthenticator.create();
      const ids = resultOf(await f.submit('create_authenticators', a.org, { userId: a.userId, authenticators: [await one.register(), await two.register()] })).authenticatorIds as string[];
      assert.equal(ids.length, 2);
      assert.deepEqual((await userOf(a.org, a.userId)).authenticators.map((x) => x.authenticatorId).sort(), [...ids].sort());
      await assertNoStateChange(f.emulator, async () => {
        assertServiceError(await f.submit('delete_authenticators', a.org, { userId: a.userId, authenticatorIds: [ids[0], crypto.randomUUID()] }), 404, 5, 'NOT_FOUND');
        assertServiceError(await f.submit('delete_authenticators', a.org, { userId: a.userId, authenticatorIds: [] }), 400, 3);
      });
      assert.deepEqual(resultOf(await f.submit('delete_authenticators', a.org, { userId: a.userId, authenticatorIds: [ids[0]] })).authenticatorIds, [ids[0]]);
      assert.deepEqual((await userOf(a.org, a.userId)).authenticators.map((x) => x.authenticatorId), [ids[1]]);
    });

    it('refuses bad or duplicate passkeys, another user\'s, and removing the last way to log in, changing nothing', async () => {
      const owner = await newTestKey();
      const b = await subOrganizationWithKey(f, owner, 'pk-b', 'pkb');
      const a = await account('pk-a', 'pk-a@example.com');
      const passkey = await SoftAuthenticator.create();
      const [id] = resultOf(await f.submit('create_authenticators', b.organizationId, { userId: b.userId, authenticators: [await passkey.register()] })).authenticatorIds as string[];
      // b's only other way in is its API key: without it, the passkey is the last one.
      const keyId = (await userOf(b.organizationId, b.userId)).apiKeys[0]!.apiKeyId;
      resultOf(await f.submit('delete_api_keys', b.organizationId, { userId: b.userId, apiKeyIds: [keyId] }));
      const fresh = await SoftAuthenticator.create();
      await assertNoStateChange(f.emulator, async () => {
        assertServiceError(await f.submit('delete_authenticators', b.organizationId, { userId: b.userId, authenticatorIds: [id] }), 400, 3, 'REQUEST_INVALID', 'no way to log in');
        assertServiceError(await f.submit('delete_authenticators', a.org, { userId: a.userId, authenticatorIds: [id] }), 404, 5, 'NOT_FOUND');
        assertServiceError(await f.submit('create_authenticators', a.org, { userId: a.userId, authenticators: [await passkey.register()] }), 400, 3, 'REQUEST_INVALID', 'already registered');
        assertServiceError(await f.submit('create_authenticators', a.org, { userId: a.userId, authenticators: [await fresh.register(undefined, 'https://evil.example')] }), 400, 3);
        const good = await fresh.register();
        assertServiceError(await f.submit('create_authenticators', a.org, { userId: a.userId, authenticators: [good, good] }), 400, 3);
        assertServiceError(await f.submit('create_authenticators', a.org, { userId: crypto.randomUUID(), authenticators: [good] }), 404, 5, 'USER_NOT_FOUND');
        assertServiceError(await f.submit('create_authenticators', a.org, { userId: a.userId, authenticators: [] }), 400, 3);
      });
    });
  });

  describe('contacts', () => {
    it('update_user_email sets a verified address with a token for it (used once), an unverified one without, and "" removes it', async () => {
      const a = await account('mail', 'mail-old@example.com');
      const token = await tokenFor('OTP_TYPE_EMAIL', 'Mail-New@example.com');
      assert.equal(resultOf(await f.submit('update_user_email', a.org, { userId: a.userId, userEmail: 'Mail-New@example.com', verificationToken: token })).userId, a.userId);
      assert.equal((await userOf(a.org, a.userId)).userEmail, 'Mail-New@example.com');
      await assertNoStateChange(f.emulator, async () => {
        assertServiceError(await f.submit('update_user_email', a.org, { userId: a.userId, userEmail: 'Mail-New@example.com', verificationToken: token }), 401, 16, 'UNAUTHENTICATED');
      });
      resultOf(await f.submit('update_user_email', a.org, { userId: a.userId, userEmail: 'unverified@example.com' }));
      assert.equal((await userOf(a.org, a.userId)).userEmail, 'unverified@example.com');
      resultOf(await f.submit('update_user_email', a.org, { userId: a.userId, userEmail: '' }));
      assert.equal((await userOf(a.org, a.userId)).userEmail, undefined);
    });

    it('refuses a token for another address, a bad token or address, an address another user holds, and removing the last way in, changing nothing', async () => {
      const a = await account('mail-a', 'mail-a@example.com');
      await account('mail-b', 'mail-b@example.com');
      const created = resultOf(await f.submit('create_users', a.org, { users: [{ userName: 'colleague', userEmail: 'colleague@example.com', apiKeys: [], authenticators: [], oauthProviders: [] }] }));
      const colleague = (created.userIds as string[])[0]!;
      const token = await tokenFor('OTP_TYPE_EMAIL', 'mail-c@example.com');
      const sms = await tokenFor('OTP_TYPE_SMS', '+15555550100');
      // A user whose email is its only way in.
      const lone = (resultOf(await f.submit('create_sub_organization', f.demoOrgId, { subOrganizationName: 'mail-lone', rootQuorumThreshold: 1, rootUsers: [{ userName: 'lone', userEmail: 'lone@example.com', apiKeys: [], authenticators: [], oauthProviders: [] }] })));
      const loneOrg = lone.subOrganizationId as string;
      const loneUser = (lone.rootUserIds as string[])[0]!;
      await assertNoStateChange(f.emulator, async () => {
        assertServiceError(await f.submit('update_user_email', a.org, { userId: a.userId, userEmail: 'mail-d@example.com', verificationToken: token }), 403, 7, 'FORBIDDEN');
        assertServiceError(await f.submit('update_user_email', a.org, { userId: a.userId, userEmail: '+15555550100', verificationToken: sms }), 400, 3);
        assertServiceError(await f.submit('update_user_email', a.org, { userId: a.userId, userEmail: 'mail-c@example.com', verificationToken: 'x.y.z' }), 401, 16);
        assertServiceError(await f.submit('update_user_email', a.org, { userId: a.userId, userEmail: 'not an address' }), 400, 3);
        // Held by a user of the same organization, or of a sibling sub-organization (one account lookup).
        assertServiceError(await f.submit('update_user_email', a.org, { userId: a.userId, userEmail: 'COLLEAGUE@example.com' }), 400, 3, 'REQUEST_INVALID', 'another user');
        assertServiceError(await f.submit('update_user_email', a.org, { userId: a.userId, userEmail: 'mail-b@example.com' }), 400, 3, 'REQUEST_INVALID', 'another user');
        assertServiceError(await f.submit('update_user_email', a.org, { userId: crypto.randomUUID(), userEmail: 'mail-c@example.com' }), 404, 5, 'USER_NOT_FOUND');
        assertServiceError(await f.submit('update_user_email', loneOrg, { userId: loneUser, userEmail: '' }), 400, 3, 'REQUEST_INVALID', 'no way to log in');
      });
      // Its own address again is no conflict.
      resultOf(await f.submit('update_user_email', a.org, { userId: a.userId, userEmail: 'MAIL-A@example.com' }));
      resultOf(await f.submit('update_user_email', a.org, { userId: colleague, userEmail: 'colleague2@example.com' }));
    });

    it('update_user_phone_number refuses a number another user holds and removing the last way in, changing nothing', async () => {
      const a = await account('tel-a', 'tel-a@example.com');
      const b = await account('tel-b');
      resultOf(await f.submit('update_user_phone_number', a.org, { userId: a.userId, userPhoneNumber: '+15555550201', verificationToken: await tokenFor('OTP_TYPE_SMS', '+15555550201') }));
      // b: a phone number and a non-expiring key; without the key the number is its only way in.
      resultOf(await f.submit('update_user_phone_number', b.org, { userId: b.userId, userPhoneNumber: '+15555550202' }));
      resultOf(await f.submit('delete_api_keys', b.org, { userId: b.userId, apiKeyIds: [(await userOf(b.org, b.userId)).apiKeys[0]!.apiKeyId] }));
      await assertNoStateChange(f.emulator, async () => {
        assertServiceError(await f.submit('update_user_phone_number', b.org, { userId: b.userId, userPhoneNumber: '+15555550201' }), 400, 3, 'REQUEST_INVALID', 'another user');
        assertServiceError(await f.submit('update_user_phone_number', b.org, { userId: b.userId, userPhoneNumber: '' }), 400, 3, 'REQUEST_INVALID', 'no way to log in');
      });
      resultOf(await f.submit('update_user_phone_number', a.org, { userId: a.userId, userPhoneNumber: '' }));
      assert.equal((await userOf(a.org, a.userId)).userPhoneNumber, undefined);
    });
  });

  describe('OAuth providers', () => {
    const claims = (sub: string) => ({ iss: 'https://accounts.example', sub, aud: 'latchkey' });

    it('create_oauth_providers links identities by claims; delete_oauth_providers unlinks them', async () => {
      const a = await account('oa', 'oa@example.com');
      const ids = resultOf(await f.submit('create_oauth_providers', a.org, { userId: a.userId, oauthProviders: [{ providerName: 'google', oidcClaims: claims('oa-1') }, { providerName: 'google', oidcClaims: claims('oa-2') }] })).providerIds as string[];
      assert.equal(ids.length, 2);
      assert.deepEqual((await userOf(a.org, a.userId)).oauthProviders.map((p) => p.providerId).sort(), [...ids].sort());
      assert.deepEqual(resultOf(await f.submit('delete_oauth_providers', a.org, { userId: a.userId, providerIds: ids })).providerIds, ids);
      assert.deepEqual((await userOf(a.org, a.userId)).oauthProviders, []);
    });

    it('create_oauth_providers links by a verified OIDC token (the emulator\'s Google stand-in); the same identity cannot link twice', async () => {
      const a = await account('oa-token-a', 'oa-token-a@example.com');
      const b = await account('oa-token-b', 'oa-token-b@example.com');
      const authorize = new URL(`${f.urls.oauthUrl}/google/authorize`);
      for (const [k, v] of Object.entries({ client_id: 'latchkey-demo-google', redirect_uri: 'http://localhost:8000/cb', response_type: 'id_token', nonce: 'n-1', state: 's' })) authorize.searchParams.set(k, v);
      const location = new URL(await consent(authorize.href, 'oa-token@example.com'));
      const oidcToken = new URLSearchParams(location.hash.slice(1)).get('id_token')!;
      assert.ok(oidcToken, location.href);
      const [id] = resultOf(await f.submit('create_oauth_providers', a.org, { userId: a.userId, oauthProviders: [{ providerName: 'google', oidcToken }] })).providerIds as string[];
      assert.deepEqual((await userOf(a.org, a.userId)).oauthProviders.map((p) => p.providerId), [id]);
      await assertNoStateChange(f.emulator, async () => {
        assertServiceError(await f.submit('create_oauth_providers', b.org, { userId: b.userId, oauthProviders: [{ providerName: 'google', oidcToken }] }), 400, 3, 'REQUEST_INVALID', 'already linked');
      });
    });

    it('refuses an identity already linked, a list naming one twice, and unlinking the last way in, changing nothing', async () => {
      const a = await account('oa-a', 'oa-a@example.com');
      const b = await account('oa-b');
      const [linked] = resultOf(await f.submit('create_oauth_providers', a.org, { userId: a.userId, oauthProviders: [{ providerName: 'google', oidcClaims: claims('oa-taken') }] })).providerIds as string[];
      const [bLink] = resultOf(await f.submit('create_oauth_providers', b.org, { userId: b.userId, oauthProviders: [{ providerName: 'google', oidcClaims: claims('oa-b') }] })).providerIds as string[];
      resultOf(await f.submit('delete_api_keys', b.org, { userId: b.userId, apiKeyIds: [(await userOf(b.org, b.userId)).apiKeys[0]!.apiKeyId] }));
      await assertNoStateChange(f.emulator, async () => {
        assertServiceError(await f.submit('create_oauth_providers', b.org, { userId: b.userId, oauthProviders: [{ providerName: 'google', oidcClaims: claims('oa-taken') }] }), 400, 3, 'REQUEST_INVALID', 'already linked');
        assertServiceError(await f.submit('create_oauth_providers', a.org, { userId: a.userId, oauthProviders: [{ providerName: 'google', oidcClaims: claims('oa-taken') }] }), 400, 3, 'REQUEST_INVALID', 'already linked');
        assertServiceError(await f.submit('create_oauth_providers', a.org, { userId: a.userId, oauthProviders: [{ providerName: 'g', oidcClaims: claims('x') }, { providerName: 'g', oidcClaims: claims('x') }] }), 400, 3);
        assertServiceError(await f.submit('create_oauth_providers', a.org, { userId: a.userId, oauthProviders: [{ providerName: 'g' }] }), 400, 3);
        assertServiceError(await f.submit('create_oauth_providers', a.org, { userId: a.userId, oauthProviders: [] }), 400, 3);
        assertServiceError(await f.submit('create_oauth_providers', a.org, { userId: a.userId, oauthProviders: [{ providerName: 'g', oidcToken: 'not.a.token' }] }), 401, 16, 'INVALID_OIDC_TOKEN');
        assertServiceError(await f.submit('delete_oauth_providers', b.org, { userId: b.userId, providerIds: [bLink] }), 400, 3, 'REQUEST_INVALID', 'no way to log in');
        assertServiceError(await f.submit('delete_oauth_providers', b.org, { userId: b.userId, providerIds: [linked] }), 404, 5, 'NOT_FOUND');
      });
    });
  });

  it('sends each of these activities to the organization\'s webhook', async () => {
    const r = await startReceiver();
    try {
      const a = await account('hook', 'hook@example.com');
      resultOf(await f.submit('set_organization_feature', a.org, { name: 'FEATURE_NAME_WEBHOOK', value: r.url }));
      const s = await session(a.org, a.key);
      const id = idOf(await userOf(a.org, a.userId), s.id);
      resultOf(await f.submit('update_user_email', a.org, { userId: a.userId, userEmail: 'hook2@example.com' }));
      resultOf(await f.submit('delete_api_keys', a.org, { userId: a.userId, apiKeyIds: [id] }, s));
      const received = await r.waitFor(4);
      const types = received.map((x) => (JSON.parse(x.body.toString('utf8')) as { type: string }).type);
      for (const type of ['ACTIVITY_TYPE_UPDATE_USER_EMAIL', 'ACTIVITY_TYPE_DELETE_API_KEYS']) assert.ok(types.includes(type), `${type} in ${types.join(', ')}`);
    } finally {
      await r.close();
    }
  });
});
