/**
 * stamp_login (ACTIVITY_TYPE_STAMP_LOGIN): whoever stamped (typically a passkey) gets a session
 * for `publicKey`. Result: stampLoginResult {session}. With an X-Stamp-Attested stamp (the
 * hosted client's OTP and OAuth login), the session key must be the attested key itself, and a
 * verification token is used up for login, as by otp_login.
 */
import { optionalBoolean, optionalUint } from '../http/fields.ts';
import { checkClientPublicKey, issueSession, MAX_SESSION_SECONDS } from '../identity/sessions.ts';
import { requireUser } from '../identity/find-users.ts';
import { consumeVerificationToken } from '../identity/verification.ts';
import { proofTimeOf } from '../identity/proof-time.ts';
import { invalidRequest } from '../http/service-error.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

export const stampLogin: ActivityHandler = {
  async run({ ctx, tx, principal, parameters: p, now }) {
    const publicKey = checkClientPublicKey(p.publicKey, 'parameters.publicKey');
    const expirationSeconds = optionalUint(p, 'expirationSeconds', 'parameters', { min: 1, max: MAX_SESSION_SECONDS });
    const invalidateExisting = optionalBoolean(p, 'invalidateExisting', 'parameters') ?? false;
    const user = requireUser(tx, principal.organizationId, principal.userId);
    const attested = principal.attested;
    if (attested && publicKey !== principal.credential) throw invalidRequest('An attested stamp_login makes a session for the attested key only.');
    if (attested?.verificationToken) consumeVerificationToken(tx, attested.verificationToken, 'LOGIN', now);
    const origin = !attested ? 'SESSION' : attested.verificationToken ? 'OTP' : 'OAUTH';
    // A refresh (stamped by the session's own key) keeps the login's time: step-up stays honest.
    const authenticatedAt = proofTimeOf(tx, principal, now);
    const session = await issueSession(ctx, tx, { user, organizationId: principal.organizationId, publicKey, invalidateExisting, origin, authenticatedAt, ...(expirationSeconds ? { expirationSeconds } : {}) }, now);
    return { session };
  },
};
