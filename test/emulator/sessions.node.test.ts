// Sessions and API keys: stamp_login, create_read_write_session and otp_auth (credential
// bundles decrypted by the core), expiry, the 10-expiring-keys rule, invalidateExisting, and the
// identity operations (create_api_keys, invitations, phone number, OAuth providers, features).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { verifySessionJwt } from '../../src/tokens/session-jwt.ts';
import { decryptCredentialBundle } from '../../src/bundles/credential-bundle.ts';
import { generateTargetKeyPair } from '../../src/bundles/hpke-suite.ts';
import { startFixture, getJson, newTestKey, resultOf } from './support/emulator-fixture.ts';
import { assertServiceError, assertNoStateChange } from './support/assertions.ts';
import { latestCodeFor, proxyClient } from './support/otp-flow.ts';
import type { Fixture, TestKey } from './support/emulator-fixture.ts';
import { newRootSubOrg } from './support/root-sub-org.ts';

describe('sessions and API keys', () => {
  let f: Fixture;
  let notarizer: string;
  let org: string;
  let userId: string;
  let userKey: TestKey;
  before(async () => {
    f = await startFixture();
    notarizer = (await getJson(`${f.urls.apiUrl}/__keys`)).json.notarizerPublicKey as string;
    userKey = await newTestKey();
    const created = resultOf(
      await f.submit('create_sub_organization', f.demoOrgId, {
        subOrganizationName: 'sessions',
        rootQuorumThreshold: 1,
        rootUsers: [{ userName: 'sam', userEmail: 'sam@example.com', apiKeys: [{ apiKeyName: 'main', publicKey: userKey.id, curveType: 'API_KEY_CURVE_P256' }], authenticators: [], oauthProviders: [] }],
      }),
    );
    org = created.subOrganizationId as string;
    userId = (created.rootUserIds as string[])[0]!;
  });
  after(() => f.stop());

  const newRoot = (name: string) => newRootSubOrg(f, name);

  const keysOf = async (id = userId, organizationId = org) => {
    const { json } = await f.query('list_users', { organizationId });
    const user = (json.users as { userId: string; apiKeys: { credential: { publicKey: string } }[] }[]).find((u) => u.userId === id)!;
    return user.apiKeys.map((k) => k.credential.publicKey);
  };

  it('stamp_login returns a session for the stamping user; the session key then stamps', async () => {
    const sessionKey = await newTestKey();
    const result = resultOf(await f.submit('stamp_login', org, { publicKey: sessionKey.id, expirationSeconds: '600' }, userKey));
    const claims = await verifySessionJwt(result.session as string, { notarizerPublicKey: notarizer });
    assert.equal(claims.user_id, userId);
    assert.equal(claims.organization_id, org);
    assert.equal(claims.public_key, sessionKey.id);
    assert.equal((await f.query('whoami', { organizationId: org }, sessionKey)).json.userId, userId);
  });

  it('create_read_write_session returns a credential bundle the core decrypts into a working key', async () => {
    const target = await generateTargetKeyPair();
    const result = resultOf(await f.submit('create_read_write_session', org, { targetPublicKey: target.publicKeyHex, expirationSeconds: '900' }, userKey));
    assert.equal(result.organizationId, org);
    assert.equal(result.organizationName, 'sessions');
    assert.equal(result.userId, userId);
    assert.equal(result.username, 'sam');
    const credential = await decryptCredentialBundle(result.credentialBundle as string, target.keyPair);
    assert.ok((await keysOf()).includes(credential.publicKeyHex));
    const stamper = { id: credential.publicKeyHex, privateKey: credential.keyPair.privateKey, publicKey: credential.keyPair.publicKey };
    assert.equal((await f.query('whoami', { organizationId: org }, stamper)).json.userId, userId);
  });

  it('otp_auth (the seed\'s direct OTP login) returns a credential bundle for the contact\'s user', async () => {
    const initiated = resultOf(await f.submit('init_otp_auth', org, { otpType: 'OTP_TYPE_EMAIL', contact: 'sam@example.com', otpLength: 7, alphanumeric: false, appName: 'Sessions' }));
    const code = await latestCodeFor(f, initiated.otpId as string);
    assert.match(code, /^\d{7}$/);
    const target = await generateTargetKeyPair();
    const result = resultOf(await f.submit('otp_auth', org, { otpId: initiated.otpId, otpCode: code, targetPublicKey: target.publicKeyHex }));
    assert.equal(result.userId, userId);
    const credential = await decryptCredentialBundle(result.credentialBundle as string, target.keyPair);
    assert.ok((await keysOf()).includes(credential.publicKeyHex));
  });

  it('refuses an expired API key with API_KEY_EXPIRED, changing nothing', async () => {
    const shortKey = await newTestKey();
    resultOf(await f.submit('create_api_keys', org, { userId, apiKeys: [{ apiKeyName: 'short', publicKey: shortKey.id, curveType: 'API_KEY_CURVE_P256', expirationSeconds: '60' }] }));
    assert.equal((await f.query('whoami', { organizationId: org }, shortKey)).status, 200);
    f.advance(61_000);
    try {
      await assertNoStateChange(f.emulator, async () => {
        assertServiceError(await f.query('whoami', { organizationId: org }, shortKey), 401, 16, 'API_KEY_EXPIRED');
        assertServiceError(await f.submit('create_users', org, { users: [{ userName: 'x' }] }, shortKey), 401, 16, 'API_KEY_EXPIRED');
      });
    } finally {
      f.advance(-61_000);
    }
  });

  it('keeps at most 10 expiring keys per user: expired ones go first, then the oldest', async () => {
    const { key: target, org: tabsOrg, userId: tabsId } = await newRoot('tabs');
    const sessions: TestKey[] = [];
    // Two short keys that will expire, then eight long ones: ten expiring keys in all.
    for (let i = 0; i < 10; i++) {
      const key = await newTestKey();
      sessions.push(key);
      resultOf(await f.submit('stamp_login', tabsOrg, { publicKey: key.id, expirationSeconds: i < 2 ? '30' : '3600' }, target));
      f.advance(10);
    }
    f.advance(31_000);
    try {
      const fresh = await newTestKey();
      resultOf(await f.submit('stamp_login', tabsOrg, { publicKey: fresh.id, expirationSeconds: '3600' }, target));
      let keys = await keysOf(tabsId, tabsOrg);
      assert.ok(!keys.includes(sessions[0]!.id), 'an expired key was evicted');
      assert.ok(keys.includes(sessions[1]!.id), 'only as many as needed');
      assert.ok(keys.includes(target.id), 'non-expiring keys never count');
      assert.equal(keys.filter((k) => k !== target.id).length, 10);
      const another = await newTestKey();
      resultOf(await f.submit('stamp_login', tabsOrg, { publicKey: another.id, expirationSeconds: '3600' }, target));
      keys = await keysOf(tabsId, tabsOrg);
      assert.ok(!keys.includes(sessions[1]!.id), 'the other expired key went next');
      const last = await newTestKey();
      resultOf(await f.submit('stamp_login', tabsOrg, { publicKey: last.id, expirationSeconds: '3600' }, target));
      keys = await keysOf(tabsId, tabsOrg);
      assert.ok(!keys.includes(sessions[2]!.id), 'then the oldest live one');
      assert.ok(keys.includes(sessions[3]!.id));
      assertServiceError(await f.query('whoami', { organizationId: tabsOrg }, sessions[2]!), 401, 16, 'PUBLIC_KEY_NOT_FOUND');
    } finally {
      f.advance(-31_000 - 100);
    }
  });

  it('invalidateExisting removes earlier keys of the same login kind only', async () => {
    const { key: owner, org: invOrg, userId: id } = await newRoot('inv');
    const a = await newTestKey();
    const b = await newTestKey();
    resultOf(await f.submit('stamp_login', invOrg, { publicKey: a.id }, owner));
    resultOf(await f.submit('stamp_login', invOrg, { publicKey: b.id, invalidateExisting: true }, owner));
    const keys = await keysOf(id, invOrg);
    assert.ok(!keys.includes(a.id));
    assert.ok(keys.includes(b.id));
    assert.ok(keys.includes(owner.id));
  });

  it('refuses bad session and key requests without changing anything', async () => {
    const key = await newTestKey();
    await assertNoStateChange(f.emulator, async () => {
      assertServiceError(await f.submit('stamp_login', org, { publicKey: 'zz' }, userKey), 400, 3);
      // x = 1 is not the x-coordinate of any P-256 point.
      assertServiceError(await f.submit('stamp_login', org, { publicKey: '02' + '00'.repeat(31) + '01' }, userKey), 400, 3);
      assertServiceError(await f.submit('stamp_login', org, { publicKey: key.id, expirationSeconds: 'soon' }, userKey), 400, 3);
      assertServiceError(await f.submit('create_read_write_session', org, { targetPublicKey: 'nope' }, userKey), 400, 3);
      assertServiceError(await f.submit('create_read_write_session', org, { targetPublicKey: key.id, userId: crypto.randomUUID() }, userKey), 404, 5, 'USER_NOT_FOUND');
      assertServiceError(await f.submit('create_api_keys', org, { userId, apiKeys: [{ apiKeyName: 'k', publicKey: key.id, curveType: 'API_KEY_CURVE_RSA' }] }), 400, 3);
      assertServiceError(await f.submit('create_api_keys', org, { userId, apiKeys: [{ apiKeyName: 'k', publicKey: userKey.id, curveType: 'API_KEY_CURVE_P256' }] }), 400, 3);
      assertServiceError(await f.submit('create_api_keys', org, { userId: crypto.randomUUID(), apiKeys: [{ apiKeyName: 'k', publicKey: key.id, curveType: 'API_KEY_CURVE_P256' }] }), 404, 5);
      assertServiceError(await f.submit('create_api_keys', org, { userId, apiKeys: [] }), 400, 3);
      assertServiceError(await f.submit('otp_auth', org, { otpId: crypto.randomUUID(), otpCode: '123456', targetPublicKey: key.id }), 400, 3, undefined, 'Invalid OTP code');
    });
  });

  describe('identity operations', () => {
    it('creates invitations, refusing bad ones', async () => {
      const ok = resultOf(await f.submit('create_invitations', org, { invitations: [{ receiverUserName: 'ivy', receiverUserEmail: 'ivy@example.com', receiverUserTags: [], accessType: 'ACCESS_TYPE_WEB', senderUserId: userId }] }));
      assert.equal((ok.invitationIds as string[]).length, 1);
      await assertNoStateChange(f.emulator, async () => {
        assertServiceError(await f.submit('create_invitations', org, { invitations: [{ receiverUserName: 'ivy', receiverUserEmail: 'ivy@example.com', receiverUserTags: [], accessType: 'ACCESS_TYPE_SOMETIMES', senderUserId: userId }] }), 400, 3);
        assertServiceError(await f.submit('create_invitations', org, { invitations: [{ receiverUserName: 'ivy', receiverUserEmail: 'ivy@example.com', accessType: 'ACCESS_TYPE_WEB', senderUserId: userId }] }), 400, 3);
      });
    });

    it('updates a phone number only with a verification token for that number; "" removes it', async () => {
      const client = proxyClient(f);
      const { otpId } = await client.otpInit({ otpType: 'OTP_TYPE_SMS', contact: '+15555550123' });
      const { verificationToken } = await client.otpVerify({ otpId, otpCode: await latestCodeFor(f, otpId) });
      await assertNoStateChange(f.emulator, async () => {
        assertServiceError(await f.submit('update_user_phone_number', org, { userId, userPhoneNumber: '+15555550999', verificationToken }), 403, 7);
        assertServiceError(await f.submit('update_user_phone_number', org, { userId, userPhoneNumber: '+15555550123', verificationToken: 'x.y.z' }), 401, 16);
        assertServiceError(await f.submit('update_user_phone_number', org, { userId, userPhoneNumber: '555', verificationToken }), 400, 3);
      });
      assert.equal(resultOf(await f.submit('update_user_phone_number', org, { userId, userPhoneNumber: '+15555550123', verificationToken })).userId, userId);
      const phone = async () => ((await f.query('list_users', { organizationId: org })).json.users as { userId: string; userPhoneNumber?: string }[]).find((u) => u.userId === userId)!.userPhoneNumber;
      assert.equal(await phone(), '+15555550123');
      resultOf(await f.submit('update_user_phone_number', org, { userId, userPhoneNumber: '' }));
      assert.equal(await phone(), undefined);
      // Without a token (optional in the hosted API): stored as given, unverified.
      resultOf(await f.submit('update_user_phone_number', org, { userId, userPhoneNumber: '+15555550777' }));
      assert.equal(await phone(), '+15555550777');
    });

    it('deletes OAuth providers of a user, all or none', async () => {
      const created = resultOf(await f.submit('create_users', org, { users: [{ userName: 'olga', oauthProviders: [{ providerName: 'a', oidcClaims: { iss: 'https://a.example', sub: '1', aud: 'x' } }, { providerName: 'b', oidcClaims: { iss: 'https://b.example', sub: '2', aud: 'x' } }] }] }));
      const olga = (created.userIds as string[])[0]!;
      const { json } = await f.query('list_users', { organizationId: org });
      const providers = (json.users as { userId: string; oauthProviders: { providerId: string }[] }[]).find((u) => u.userId === olga)!.oauthProviders.map((p) => p.providerId);
      assert.equal(providers.length, 2);
      await assertNoStateChange(f.emulator, async () => {
        assertServiceError(await f.submit('delete_oauth_providers', org, { userId: olga, providerIds: [providers[0], crypto.randomUUID()] }), 404, 5);
        assertServiceError(await f.submit('delete_oauth_providers', org, { userId: userId, providerIds: [providers[0]] }), 404, 5);
        assertServiceError(await f.submit('delete_oauth_providers', org, { userId: olga, providerIds: [] }), 400, 3);
      });
      assert.deepEqual(resultOf(await f.submit('delete_oauth_providers', org, { userId: olga, providerIds: [providers[0]] })).providerIds, [providers[0]]);
    });

    it('stores the webhook URL with set_organization_feature', async () => {
      const result = resultOf(await f.submit('set_organization_feature', org, { name: 'FEATURE_NAME_WEBHOOK', value: 'http://127.0.0.1:9/hook' }));
      assert.deepEqual(result.features, [{ name: 'FEATURE_NAME_WEBHOOK', value: 'http://127.0.0.1:9/hook' }]);
      assert.equal(f.emulator.state.read.organizations.get(org)!.features.FEATURE_NAME_WEBHOOK, 'http://127.0.0.1:9/hook');
      await assertNoStateChange(f.emulator, async () => {
        assertServiceError(await f.submit('set_organization_feature', org, { name: 'FEATURE_NAME_WEBHOOK', value: 'ftp://x' }), 400, 3);
        assertServiceError(await f.submit('set_organization_feature', org, { name: 'webhook', value: 'https://x.example' }), 400, 3);
      });
    });
  });
});
