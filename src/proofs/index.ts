/**
 * The public face of App Proof verification. The verifier (CBOR, DER, X.509, COSE) is loaded
 * on first use with a dynamic import, so pages that only stamp and submit never download it.
 */
import type { AppProof, AppProofsVerification, AppProofVerification, BootProof, VerifyAppProofOptions, VerifyAppProofsOptions } from './proof-types.ts';

export { AWS_NITRO_ROOT_SHA256, ProofCheckNames } from './proof-types.ts';
export type {
  AddressDerivationProof,
  AppProofPayload,
  AppProofsVerification,
  AppProofVerification,
  BootProofSource,
  PolicyOutcomeProof,
  ProofCheck,
  ProofCheckName,
  VerifyAppProofOptions,
  VerifyAppProofsOptions,
} from './proof-types.ts';

/** Verifies one App Proof against its Boot Proof (docs/protocol.md §7); see verify-app-proof.ts. */
export async function verifyAppProof(appProof: AppProof, bootProof: BootProof, options?: VerifyAppProofOptions): Promise<AppProofVerification> {
  const verifier = await import('./verify-app-proof.ts');
  return verifier.verifyAppProof(appProof, bootProof, options);
}

/** Fetches one Boot Proof per enclave key and verifies every proof; see verify-app-proofs.ts. */
export async function verifyAppProofs(proofs: readonly AppProof[], options: VerifyAppProofsOptions): Promise<AppProofsVerification> {
  const verifier = await import('./verify-app-proofs.ts');
  return verifier.verifyAppProofs(proofs, options);
}
