/**
 * get_organization {organizationId} → {organizationData}: the hosted v1OrganizationData, made of
 * what the other queries answer (users as list_users, wallets as list_wallets, private keys as
 * list_private_keys, policies as list_policies), the root quorum and the features. The emulator
 * has no invitations, tags or smart contract interfaces: those lists are empty.
 */
import { listUsers } from './list-users.ts';
import { listWallets } from './list-wallets.ts';
import { listPrivateKeys } from './list-private-keys.ts';
import { listPolicies } from '../policy/policy-handlers.ts';
import type { JsonObject } from '../http/fields.ts';
import type { QueryHandler, QueryInput } from '../api/handler-types.ts';

export const getOrganization: QueryHandler = {
  async run(input: QueryInput) {
    const { organization } = input;
    const part = async (handler: QueryHandler, key: string) => (await handler.run(input))[key] ?? [];
    const organizationData: JsonObject = {
      organizationId: organization.id,
      name: organization.name,
      users: await part(listUsers, 'users'),
      policies: await part(listPolicies, 'policies'),
      privateKeys: await part(listPrivateKeys, 'privateKeys'),
      invitations: [],
      tags: [],
      rootQuorum: { threshold: organization.rootQuorumThreshold ?? 1, userIds: [...organization.rootUserIds] },
      features: Object.entries(organization.features).map(([name, value]) => ({ name, value })),
      wallets: await part(listWallets, 'wallets'),
      smartContractInterfaceReferences: [],
    };
    return { organizationData };
  },
};
