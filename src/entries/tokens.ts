/**
 * `latchkey/tokens`: JWTs (session JWTs against the notarizer key, verification tokens), the OIDC
 * nonce, LOGIN / SIGNUP client signatures, and stamp verification. Apart from latchkey/signing,
 * whose session checks its JWT through a lazy import of the same module.
 */
export { decodeJwt } from '../tokens/jwt.ts';
export { verifySessionJwt, parseSessionJwt, signSessionJwt, HOSTED_NOTARIZER_PUBLIC_KEY } from '../tokens/session-jwt.ts';
export type { SessionClaims, SessionType } from '../tokens/session-jwt.ts';
export { parseVerificationToken, verifyVerificationToken, signVerificationToken } from '../tokens/verification-token.ts';
export type { VerificationTokenClaims } from '../tokens/verification-token.ts';
export { oidcNonce } from '../tokens/oidc-nonce.ts';
export { createLoginClientSignature, createSignupClientSignature, verifyClientSignature } from '../tokens/client-signature.ts';
export type { ClientSignature } from '../tokens/client-signature.ts';
export { verifyStamp } from '../stamp/verify-stamp.ts';
export type { VerifiedStamp } from '../stamp/verify-stamp.ts';
