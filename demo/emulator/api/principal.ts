/**
 * Second half of authentication: who signed, and may they act on the target organization?
 * A credential belongs to a user; the user's organization must be the target or one of its
 * ancestors. Expired API keys are refused with API_KEY_EXPIRED.
 */
import { forbidden, unauthenticated } from '../http/service-error.ts';
import { verifyPasskeyStamp } from '../identity/webauthn-assertion.ts';
import { governs } from './organizations.ts';
import { resolveAttestedPrincipal } from './attested-principal.ts';
import type { AttestedScheme } from './stamp-check.ts';
import type { VerificationTokenClaims } from '../../../src/tokens/verification-token.ts';
import type { EmulatorContext } from '../context.ts';
import type { StateView } from '../state/store.ts';
import type { StampCheck } from './stamp-check.ts';
import type { ApiKeyCurve } from '../identity/api-keys.ts';

/** Operations a passkey may address to an ancestor of its own organization (passkey login). */
export const LOGIN_ADDRESSABLE = new Set(['stamp_login', 'whoami']);

export interface Principal {
  kind: 'API_KEY' | 'PASSKEY' | 'ATTESTED';
  userId: string;
  /** The user's own organization: the target or an ancestor of it. */
  organizationId: string;
  /** Compressed public key (API key) or credential id (passkey). */
  credential: string;
  apiKeyId?: string;
  /** An API key's curve: P-256 for the kit's keys, secp256k1 or Ed25519 for a wallet's (wallet login). */
  curve?: ApiKeyCurve;
  authenticatorId?: string;
  /** A passkey's new signature counter, stored when the request changes state. */
  newCounter?: number;
  /** X-Stamp-Attested: the attestation that vouched for `credential` (a key not yet registered). */
  attested?: { scheme: AttestedScheme; verificationToken?: VerificationTokenClaims };
}

export async function resolvePrincipal(
  ctx: EmulatorContext,
  view: StateView,
  check: StampCheck,
  targetOrgId: string,
  body: Uint8Array,
  options: { fromAncestor?: boolean } = {},
): Promise<Principal> {
  if (check.kind === 'ATTESTED') return resolveAttestedPrincipal(ctx, view, check, targetOrgId);
  if (check.kind === 'API_KEY') {
    // A key is one curve's: the same hex under another curve's scheme is another key.
    const keys = view.apiKeys.findBy('publicKey', check.publicKey).filter((k) => k.curveType === check.curve);
    if (keys.length === 0) throw unauthenticated('PUBLIC_KEY_NOT_FOUND', 'No API key with the stamp public key.');
    let eligible = keys.filter((k) => governs(view, k.organizationId, targetOrgId));
    // Wallet login (the hosted client's loginWithWallet) stamps stamp_login with the wallet's
    // key and addresses it to the parent organization, as passkey login does.
    if (eligible.length === 0 && options.fromAncestor && check.curve !== 'API_KEY_CURVE_P256') {
      eligible = keys.filter((k) => governs(view, targetOrgId, k.organizationId));
    }
    if (eligible.length === 0) throw forbidden('The API key may not act on this organization.');
    const now = ctx.now();
    const live = eligible.find((k) => k.expiresAt === undefined || k.expiresAt > now);
    if (!live) throw unauthenticated('API_KEY_EXPIRED', 'The API key has expired.');
    return { kind: 'API_KEY', userId: live.userId, organizationId: live.organizationId, credential: check.publicKey, apiKeyId: live.id, curve: check.curve };
  }
  const authenticators = view.authenticators.findBy('credentialId', check.stamp.credentialId);
  if (authenticators.length === 0) throw unauthenticated('PUBLIC_KEY_NOT_FOUND', 'No authenticator with this credential id.');
  let eligible = authenticators.filter((a) => governs(view, a.organizationId, targetOrgId));
  // Login by passkey is addressed to the parent organization (the page knows no more than
  // that, as the hosted SDK's loginWithPasskey): the credential then acts in its own
  // sub-organization. Only for the operations that say so (see LOGIN_ADDRESSABLE).
  if (eligible.length === 0 && options.fromAncestor) eligible = authenticators.filter((a) => governs(view, targetOrgId, a.organizationId));
  const authenticator = eligible[0];
  if (!authenticator) throw forbidden('The authenticator may not act on this organization.');
  const newCounter = await verifyPasskeyStamp(check.stamp, body, authenticator, ctx.webauthn);
  return {
    kind: 'PASSKEY',
    userId: authenticator.userId,
    organizationId: authenticator.organizationId,
    credential: authenticator.credentialId,
    authenticatorId: authenticator.id,
    newCounter,
  };
}
