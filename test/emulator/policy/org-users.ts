/**
 * Users of an organization for the policy, on-ramp and webhook tests: each made with
 * create_users (stamped by the fixture's root key) with its own P-256 API key, and an
 * ActivityClient that stamps with that key through the core's ApiKeyStamper.
 */
import { ActivityClient } from '../../../src/clients/activity-client.ts';
import { ApiKeyStamper } from '../../../src/stamp/api-key-stamper.ts';
import { newTestKey, resultOf } from '../support/emulator-fixture.ts';
import type { Fixture, TestKey } from '../support/emulator-fixture.ts';

export interface OrgUser {
  userId: string;
  key: TestKey;
  client: ActivityClient;
}

export function clientFor(f: Fixture, key: TestKey): ActivityClient {
  return new ActivityClient({ apiBaseUrl: f.urls.apiUrl, stamper: new ApiKeyStamper(key), now: f.now, pollIntervalMs: 5 });
}

export async function createUser(f: Fixture, organizationId: string, userName: string, userTags: string[] = []): Promise<OrgUser> {
  const key = await newTestKey();
  const answer = await f.submit('create_users', organizationId, {
    users: [{ userName, userTags, apiKeys: [{ apiKeyName: `${userName} key`, publicKey: key.id, curveType: 'API_KEY_CURVE_P256' }], authenticators: [], oauthProviders: [] }],
  });
  const userId = (resultOf(answer).userIds as string[])[0]!;
  return { userId, key, client: clientFor(f, key) };
}

/** Creates policies with the fixture's root key; returns their ids. */
export async function createPolicies(f: Fixture, organizationId: string, policies: Record<string, unknown>[]): Promise<string[]> {
  return resultOf(await f.submit('create_policies', organizationId, { policies })).policyIds as string[];
}
