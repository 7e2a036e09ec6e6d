/**
 * A root user in a sub-organization of its own, made through the emulator's create_sub_organization
 * (the demo organization's root asks): policies let root users do anything, so a test of keys,
 * sessions or stamps starts from a user nothing else holds back.
 */
import { newTestKey, resultOf, type Fixture, type TestKey } from './emulator-fixture.ts';

export interface RootSubOrg {
  key: TestKey;
  org: string;
  userId: string;
}

export async function newRootSubOrg(f: Fixture, name: string): Promise<RootSubOrg> {
  const key = await newTestKey();
  const created = resultOf(
    await f.submit('create_sub_organization', f.demoOrgId, {
      subOrganizationName: name,
      rootQuorumThreshold: 1,
      rootUsers: [{ userName: name, apiKeys: [{ apiKeyName: 'owner', publicKey: key.id, curveType: 'API_KEY_CURVE_P256' }], authenticators: [], oauthProviders: [] }],
    }),
  );
  return { key, org: created.subOrganizationId as string, userId: (created.rootUserIds as string[])[0]! };
}
