/**
 * delete_sub_organization (ACTIVITY_TYPE_DELETE_SUB_ORGANIZATION): removes the organization the
 * request runs in, as the hosted documentation describes it ("Sub-organizations" concept page,
 * and v1DeleteSubOrganizationIntent):
 * - only a sub-organization, and only on the initiative of one of its own root users ("a parent
 *   org cannot delete a sub-organization without its participation");
 * - refused while any wallet or private key in it has not been exported, unless
 *   `deleteWithoutExport` is true (default false).
 * Everything the organization held goes (users, credentials, sessions, wallets, keys, policies,
 * invitations); its activities stay as history no one can query any more, and a small tombstone
 * (DeletedOrganizationRecord) lets this activity's own webhook event find its receivers.
 * Afterwards every request addressed to it answers NOT_FOUND, and its keys stamp nothing.
 */
import { forbidden, invalidRequest } from '../http/service-error.ts';
import { optionalBoolean } from '../http/fields.ts';
import type { ActivityHandler } from '../api/handler-types.ts';
import type { Tx } from '../state/store.ts';

/** Tables whose records belong to one organization and go with it, by their organizationId index. */
const BY_ORGANIZATION = ['users', 'invitations', 'policies', 'tags', 'wallets', 'walletAccounts', 'privateKeys', 'fiatOnRampCredentials'] as const;
/** Tables of a user's credentials, by their userId index. */
const BY_USER = ['apiKeys', 'authenticators', 'oauthProviders', 'importTargets'] as const;
/** Small tables with no organization index: scanned. */
const SCANNED = ['otps', 'sendTransactions', 'onRampTransactions'] as const;

function purge(tx: Tx, organizationId: string): void {
  for (const user of tx.users.findBy('organizationId', organizationId)) {
    for (const name of BY_USER) for (const record of tx[name].findBy('userId', user.id)) tx[name].delete(record.id);
  }
  for (const name of BY_ORGANIZATION) for (const record of tx[name].findBy('organizationId', organizationId)) tx[name].delete(record.id);
  for (const name of SCANNED) for (const record of tx[name].values()) if (record.organizationId === organizationId) tx[name].delete(record.id);
}

export const deleteSubOrganization: ActivityHandler = {
  async run({ tx, organization, principal, parameters: p, now }) {
    const deleteWithoutExport = optionalBoolean(p, 'deleteWithoutExport', 'parameters') ?? false;
    if (!organization.parentId) throw invalidRequest('Only a sub-organization can be deleted.');
    if (principal.organizationId !== organization.id || !organization.rootUserIds.includes(principal.userId)) {
      throw forbidden('A sub-organization is deleted by one of its own root users only.');
    }
    if (!deleteWithoutExport) {
      const wallets = tx.wallets.findBy('organizationId', organization.id).filter((w) => !w.exported).length;
      const keys = tx.privateKeys.findBy('organizationId', organization.id).filter((k) => !k.exported).length;
      if (wallets + keys > 0) {
        throw invalidRequest(
          `This sub-organization still holds ${wallets} wallet(s) and ${keys} private key(s) that were never exported: export them first, or set deleteWithoutExport to delete them with it.`,
        );
      }
    }
    purge(tx, organization.id);
    tx.organizations.delete(organization.id);
    tx.deletedOrganizations.put({ id: organization.id, parentId: organization.parentId, features: organization.features, createdAt: now, updatedAt: now });
    return { subOrganizationUuid: organization.id };
  },
};
