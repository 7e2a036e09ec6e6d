/**
 * create_read_write_session (ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2): a new API key for the
 * user (by default the one who stamped), in a credential bundle encrypted to targetPublicKey.
 */
import { optionalBoolean, optionalString, optionalUint } from '../http/fields.ts';
import { issueCredential, MAX_SESSION_SECONDS } from '../identity/sessions.ts';
import { checkTargetPublicKey } from '../custody/target-key.ts';
import { requireUser } from '../identity/find-users.ts';
import { proofTimeOf } from '../identity/proof-time.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

export const createReadWriteSession: ActivityHandler = {
  async run({ ctx, tx, organization, principal, parameters: p, now }) {
    checkTargetPublicKey(p.targetPublicKey, 'parameters.targetPublicKey');
    const targetPublicKey = p.targetPublicKey as string;
    const userId = optionalString(p, 'userId', 'parameters');
    const apiKeyName = optionalString(p, 'apiKeyName', 'parameters', { max: 256 });
    const expirationSeconds = optionalUint(p, 'expirationSeconds', 'parameters', { min: 1, max: MAX_SESSION_SECONDS });
    const invalidateExisting = optionalBoolean(p, 'invalidateExisting', 'parameters') ?? false;
    const user = userId ? requireUser(tx, organization.id, userId) : requireUser(tx, principal.organizationId, principal.userId);
    const userOrg = tx.organizations.get(user.organizationId)!;
    const credential = await issueCredential(ctx, tx, { user, organizationId: userOrg.id, targetPublicKey, invalidateExisting, origin: 'SESSION', authenticatedAt: proofTimeOf(tx, principal, now), ...(apiKeyName ? { apiKeyName } : {}), ...(expirationSeconds ? { expirationSeconds } : {}) }, now);
    return { organizationId: userOrg.id, organizationName: userOrg.name, userId: user.id, username: user.userName, ...credential };
  },
};
