/**
 * OTP verification tokens as credentials: signature by the emulator's verification signer,
 * expiry, single use per usage (a token may sign a user up once and log them in once), and the
 * client signature when the token is bound to a key.
 */
import { verifyVerificationToken } from '../../../src/tokens/verification-token.ts';
import { verifyClientSignature } from '../../../src/tokens/client-signature.ts';
import type { ClientSignature, LoginUsageMessage, SignupUsageMessage, UsageType } from '../../../src/tokens/client-signature.ts';
import type { VerificationTokenClaims } from '../../../src/tokens/verification-token.ts';
import { isLatchError } from '../../../src/errors/latch-error.ts';
import { invalidRequest, unauthenticated } from '../http/service-error.ts';
import type { EmulatorContext } from '../context.ts';
import type { Tx } from '../state/store.ts';

export async function checkVerificationToken(ctx: EmulatorContext, token: unknown): Promise<VerificationTokenClaims> {
  if (typeof token !== 'string' || token.length === 0) throw invalidRequest('verificationToken must be a string.');
  try {
    return await verifyVerificationToken(token, ctx.keys.verificationSigner.publicKeyHex, { now: ctx.now() });
  } catch (error) {
    const expired = isLatchError(error, 'ERR_JWT_EXPIRED');
    throw unauthenticated('UNAUTHENTICATED', expired ? 'The verification token has expired.' : 'The verification token is not valid.', error);
  }
}

/** Stages the use of `claims.id` for `usage`; a second use is refused. */
export function consumeVerificationToken(tx: Tx, claims: VerificationTokenClaims, usage: string, now: number): void {
  const id = `${claims.id}:${usage}`;
  if (tx.tokenUses.get(id)) throw unauthenticated('UNAUTHENTICATED', 'The verification token was already used.');
  tx.tokenUses.put({ id, createdAt: now, updatedAt: now, expiresAt: claims.exp * 1000 });
  // Uses of expired tokens need no remembering: an expired token is refused anyway. Uses are
  // stored as they happen and tokens all live as long, so the expired ones are (nearly) the
  // oldest: drop from the oldest until a live one, instead of scanning every use each time. One
  // that expired behind a live one goes on a later call; it is only housekeeping.
  for (const use of tx.tokenUses.inOrder()) {
    if (use.expiresAt > now) break;
    tx.tokenUses.delete(use.id);
  }
}

/**
 * When the token carries `public_key`, the request must carry a client signature by that key
 * for this usage and token. Returns the signed message (or undefined when none was needed).
 */
export async function checkClientSignature(
  claims: VerificationTokenClaims,
  clientSignature: unknown,
  usage: UsageType,
): Promise<LoginUsageMessage | SignupUsageMessage | undefined> {
  if (!claims.public_key) return undefined;
  if (clientSignature === undefined || clientSignature === null) {
    throw invalidRequest('clientSignature is required: the verification token is bound to a public key.');
  }
  try {
    return await verifyClientSignature(clientSignature as ClientSignature, { expectedPublicKey: claims.public_key, expectedType: usage, expectedTokenId: claims.id });
  } catch (error) {
    if (isLatchError(error, 'ERR_INPUT_INVALID')) throw invalidRequest('The client signature is malformed or signs another request.', error);
    throw unauthenticated('SIGNATURE_INVALID', 'The client signature is not valid.', error);
  }
}
