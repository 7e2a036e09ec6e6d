/**
 * Who an `X-Stamp-Attested` stamp speaks for (docs/protocol.md §9): the stamping key is not a
 * registered credential; the attestation vouches for it instead.
 * - `…_P256_VERIFICATION_TOKEN`: a verification token from otp_verify(_v2), bound to exactly the
 *   stamping key (`public_key`), names a contact; the user with that contact acts.
 * - `…_P256_OIDC`: an OIDC token whose nonce is the stamping key's OIDC nonce names an OAuth
 *   identity; the user holding it acts.
 * The user must be in the addressed organization or one it governs (the hosted client logs in
 * through its parent organization). Only stamp_login accepts such a stamp (activity-engine.ts),
 * and it consumes a verification token once, like otp_login.
 */
import { oidcNonce } from '../../../src/tokens/oidc-nonce.ts';
import { notFound, unauthenticated } from '../http/service-error.ts';
import { checkVerificationToken } from '../identity/verification.ts';
import { verifyOidcToken } from '../identity/oidc-token.ts';
import { findUserByContact, findUserByOauth } from '../identity/find-users.ts';
import { governs } from './organizations.ts';
import type { EmulatorContext } from '../context.ts';
import type { StateView } from '../state/store.ts';
import type { UserRecord } from '../state/records.ts';
import type { StampCheck } from './stamp-check.ts';
import type { Principal } from './principal.ts';

type AttestedCheck = Extract<StampCheck, { kind: 'ATTESTED' }>;

/** The first user `match` finds in the addressed organization or one it governs. */
function findGoverned(view: StateView, targetOrgId: string, match: (organizationId: string) => UserRecord | undefined): UserRecord | undefined {
  const own = match(targetOrgId);
  if (own) return own;
  for (const org of view.organizations.values()) {
    if (org.id === targetOrgId || !governs(view, targetOrgId, org.id)) continue;
    const user = match(org.id);
    if (user) return user;
  }
  return undefined;
}

export async function resolveAttestedPrincipal(ctx: EmulatorContext, view: StateView, check: AttestedCheck, targetOrgId: string): Promise<Principal> {
  let user: UserRecord | undefined;
  let attested: Principal['attested'];
  if (check.scheme === 'STAMP_ATTESTED_SCHEME_P256_VERIFICATION_TOKEN') {
    const claims = await checkVerificationToken(ctx, check.attestation);
    if (claims.public_key?.toLowerCase() !== check.publicKey) {
      throw unauthenticated('SIGNATURE_INVALID', 'The verification token is not bound to the key that stamped this request.');
    }
    user = findGoverned(view, targetOrgId, (org) => findUserByContact(view, org, claims.verification_type, claims.contact));
    attested = { scheme: check.scheme, verificationToken: claims };
  } else {
    const identity = await verifyOidcToken(ctx, check.attestation, await oidcNonce(check.publicKey));
    user = findGoverned(view, targetOrgId, (org) => findUserByOauth(view, org, identity.iss, identity.sub, identity.aud));
    attested = { scheme: check.scheme };
  }
  if (!user) throw notFound('USER_NOT_FOUND', 'No user of this organization holds the attested identity.');
  return { kind: 'ATTESTED', userId: user.id, organizationId: user.organizationId, credential: check.publicKey, attested };
}
