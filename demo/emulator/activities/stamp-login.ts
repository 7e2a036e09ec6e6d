/**
 * stamp_login (ACTIVITY_TYPE_STAMP_LOGIN): whoever stamped (typically a passkey) gets a session
 * for `publicKey`. Result: stampLoginResult {session}.
 */
import { optionalBoolean, optionalUint } from '../http/fields.ts';
import { checkClientPublicKey, issueSession, MAX_SESSION_SECONDS } from '../identity/sessions.ts';
import { requireUser } from '../identity/find-users.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

export const stampLogin: ActivityHandler = {
  async run({ ctx, tx, principal, parameters: p, now }) {
    const publicKey = checkClientPublicKey(p.publicKey, 'parameters.publicKey');
    const expirationSeconds = optionalUint(p, 'expirationSeconds', 'parameters', { min: 1, max: MAX_SESSION_SECONDS });
    const invalidateExisting = optionalBoolean(p, 'invalidateExisting', 'parameters') ?? false;
    const user = requireUser(tx, principal.organizationId, principal.userId);
    const session = await issueSession(ctx, tx, { user, organizationId: principal.organizationId, publicKey, invalidateExisting, origin: 'SESSION', ...(expirationSeconds ? { expirationSeconds } : {}) }, now);
    return { session };
  },
};
