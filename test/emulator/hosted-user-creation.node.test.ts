// The hosted HTTP client's (@turnkey/http 6.3.0) createSubOrganization sends
// ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8 (its v1CreateSubOrganizationRequest) and its
// createUsers ACTIVITY_TYPE_CREATE_USERS_V4; older hosted clients send CREATE_USERS_V3. The kit
// sends V7 and V4. Each version is answered under its own result key, its effect read back
// through the hosted client's queries, and a refused body (the service's error shape) changes
// nothing — V3 takes no bare oidcClaims, as its v1OauthProviderParams has none.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { TurnkeyClient, type TSignedRequest } from '@turnkey/http';
import { ApiKeyStamper } from '@turnkey/api-key-stamper';
import { generateP256KeyPair } from '@turnkey/crypto';
import { startFixture, type Answer, type Fixture } from './support/emulator-fixture.ts';
import { assertNoStateChange, assertServiceError } from './support/assertions.ts';

const parentKey = generateP256KeyPair();
let f: Fixture;
let client: TurnkeyClient;
let organizationId: string;
const ts = () => String(f.now());
const clientOf = (pair: { publicKey: string; privateKey: string }) =>
  new TurnkeyClient({ baseUrl: f.urls.apiUrl }, new ApiKeyStamper({ apiPublicKey: pair.publicKey, apiPrivateKey: pair.privateKey }));

async function send(signed: Promise<TSignedRequest>): Promise<Answer> {
  const { url, body, stamp } = await signed;
  const response = await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', [stamp.stampHeaderName]: stamp.stampHeaderValue } });
  return { status: response.status, headers: response.headers, json: (await response.json()) as Record<string, unknown> };
}

async function refused(signed: () => Promise<TSignedRequest>, messagePart: string): Promise<void> {
  const answer = await assertNoStateChange(f.emulator, () => send(signed()));
  assertServiceError(answer, 400, 3, undefined, messagePart);
}

const CLAIMS = { iss: 'https://accounts.example', sub: 'subject-1', aud: 'client-1' };
const apiKey = (publicKey: string) => ({ apiKeyName: 'key', publicKey, curveType: 'API_KEY_CURVE_P256' as const });

describe('user creation through the hosted HTTP client', () => {
  before(async () => {
    f = await startFixture({ rootApiKeys: [parentKey.publicKey] });
    organizationId = f.demoOrgId;
    client = clientOf(parentKey);
  });
  after(() => f.stop());

  it('createSubOrganization (V8): the sub-organization, its root user (OAuth by claims) and wallet exist', async () => {
    const rootKey = generateP256KeyPair();
    const created = await client.createSubOrganization({
      type: 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8',
      timestampMs: ts(),
      organizationId,
      parameters: {
        subOrganizationName: 'Hosted V8',
        rootQuorumThreshold: 1,
        rootUsers: [{ userName: 'Root', userEmail: 'root@example.com', apiKeys: [apiKey(rootKey.publicKey)], authenticators: [], oauthProviders: [{ providerName: 'Example', oidcClaims: CLAIMS }] }],
        wallet: { walletName: 'Main', accounts: [{ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }] },
      },
    });
    assert.equal(created.activity.type, 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8');
    assert.equal(created.activity.result.createSubOrganizationResultV7, undefined);
    const result = created.activity.result.createSubOrganizationResultV8!;
    assert.equal(result.rootUserIds?.length, 1);
    assert.equal(result.wallet?.addresses.length, 1);

    const root = clientOf(rootKey);
    const subOrg = result.subOrganizationId;
    assert.equal((await root.getWhoami({ organizationId: subOrg })).userId, result.rootUserIds![0]);
    const { user } = await root.getUser({ organizationId: subOrg, userId: result.rootUserIds![0]! });
    assert.equal(user.userName, 'Root');
    assert.equal(user.userEmail, 'root@example.com');
    assert.deepEqual(user.oauthProviders.map((p) => [p.providerName, p.issuer, p.subject, p.audience]), [['Example', CLAIMS.iss, CLAIMS.sub, CLAIMS.aud]]);
    const { accounts } = await root.getWalletAccounts({ organizationId: subOrg, walletId: result.wallet!.walletId });
    assert.deepEqual(accounts.map((a) => a.address), result.wallet!.addresses);
  });

  it('createSubOrganization (V8): a threshold above the root users, or no root user, is refused and changes nothing', async () => {
    const body = (rootQuorumThreshold: number, withRoot: boolean) => ({
      type: 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8' as const,
      timestampMs: ts(),
      organizationId,
      parameters: { subOrganizationName: 'Refused', rootQuorumThreshold, rootUsers: withRoot ? [{ userName: 'R', apiKeys: [apiKey(generateP256KeyPair().publicKey)], authenticators: [], oauthProviders: [] }] : [] },
    });
    await refused(() => client.stampCreateSubOrganization(body(2, true)), 'rootQuorumThreshold');
    await refused(() => client.stampCreateSubOrganization(body(1, false)), 'rootUsers');
  });

  it('createUsers (V4, and V3 as older clients send it): each user exists; V3 refuses bare oidcClaims and changes nothing', async () => {
    const user = (name: string, oauthProviders: { providerName: string; oidcClaims?: typeof CLAIMS }[] = []) => ({ userName: name, apiKeys: [apiKey(generateP256KeyPair().publicKey)], authenticators: [], oauthProviders, userTags: [] });
    const v4 = await client.createUsers({ type: 'ACTIVITY_TYPE_CREATE_USERS_V4', timestampMs: ts(), organizationId, parameters: { users: [user('Four', [{ providerName: 'Example', oidcClaims: CLAIMS }])] } });
    const [fourId] = v4.activity.result.createUsersResult!.userIds;
    assert.equal((await client.getUser({ organizationId, userId: fourId! })).user.userName, 'Four');

    // The 6.3.0 types name V4 only; V3 is the hosted service's earlier body, sent as it was.
    const v3 = { type: 'ACTIVITY_TYPE_CREATE_USERS_V3', timestampMs: ts(), organizationId, parameters: { users: [user('Three')] } } as unknown as Parameters<TurnkeyClient['createUsers']>[0];
    const created = await client.createUsers(v3);
    assert.equal(created.activity.type, 'ACTIVITY_TYPE_CREATE_USERS_V3');
    const [threeId] = created.activity.result.createUsersResult!.userIds;
    assert.equal((await client.getUser({ organizationId, userId: threeId! })).user.userName, 'Three');

    const claimsOnly = { ...v3, timestampMs: ts(), parameters: { users: [user('Claims', [{ providerName: 'Example', oidcClaims: CLAIMS }])] } } as typeof v3;
    await refused(() => client.stampCreateUsers(claimsOnly), 'oidcToken');
    await refused(() => client.stampCreateUsers({ type: 'ACTIVITY_TYPE_CREATE_USERS_V4', timestampMs: ts(), organizationId, parameters: { users: [] } }), 'users');
  });
});
