/**
 * `latchkey/proofs`: App Proofs and Boot Proofs. The verifier itself (CBOR, X.509, COSE) loads
 * on first use.
 */
export { verifyAppProof, verifyAppProofs, AWS_NITRO_ROOT_SHA256, ProofCheckNames } from '../proofs/index.ts';
export type {
  AppProofVerification,
  AppProofsVerification,
  VerifyAppProofOptions,
  VerifyAppProofsOptions,
  ProofCheck,
  ProofCheckName,
  AppProofPayload,
  AddressDerivationProof,
  PolicyOutcomeProof,
  BootProofSource,
} from '../proofs/index.ts';
