/**
 * create_read_only_session (ACTIVITY_TYPE_CREATE_READ_ONLY_SESSION, the hosted
 * v1CreateReadOnlySessionIntent, which has no fields): a one-hour read-only session token for the
 * user who stamped, sent back in `X-Session` to read without stamping
 * (identity/read-only-session.ts). Nothing is stored: the token is its own record. It is bound to
 * the stamping API key's public key; a passkey has none, so a fresh key stands in (the token is
 * the credential, not that key).
 */
import { p256 } from '@noble/curves/nist.js';
import { toHex } from '../../../src/encoding/hex.ts';
import { requireUser } from '../identity/find-users.ts';
import { issueReadOnlySession, READ_ONLY_SESSION_SECONDS } from '../identity/read-only-session.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

const COMPRESSED = /^0[23][0-9a-f]{64}$/;

export const createReadOnlySession: ActivityHandler = {
  async run({ ctx, tx, principal, now }) {
    const user = requireUser(tx, principal.organizationId, principal.userId);
    const organization = tx.organizations.get(user.organizationId)!;
    const exp = Math.floor(now / 1000) + READ_ONLY_SESSION_SECONDS;
    const publicKey = COMPRESSED.test(principal.credential) ? principal.credential : toHex(p256.getPublicKey(p256.utils.randomSecretKey(), true));
    const session = await issueReadOnlySession(ctx, { exp, public_key: publicKey, user_id: user.id, organization_id: organization.id });
    return { organizationId: organization.id, organizationName: organization.name, userId: user.id, username: user.userName, session, sessionExpiry: String(exp) };
  },
};
