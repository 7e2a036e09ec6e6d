/**
 * Which App Proof check a verification failure names. Every ERR_PROOF_* code belongs to one
 * check (src/proofs/proof-types.ts documents the pairs); other failures (the network, the
 * session) name none, and the badge says "could not be checked" rather than "failed".
 */
import type { LatchErrorCode } from '../../src/errors/latch-error.ts';
import type { ProofCheckName } from '../../src/proofs/index.ts';

const CHECK_OF_CODE: Partial<Record<LatchErrorCode, ProofCheckName>> = {
  ERR_PROOF_PAYLOAD: 'payload',
  ERR_PROOF_SIGNATURE: 'app-proof-signature',
  ERR_PROOF_ATTESTATION_FORMAT: 'attestation-format',
  ERR_PROOF_ROOT: 'root-certificate',
  ERR_PROOF_CERT_CHAIN: 'certificate-chain',
  ERR_PROOF_CERT_EXPIRED: 'certificate-chain',
  ERR_PROOF_ATTESTATION_SIGNATURE: 'attestation-signature',
  // The badge pins no namespace or deployment label, so a manifest failure is its digest.
  ERR_PROOF_MANIFEST: 'manifest-digest',
  ERR_PROOF_KEY_MISMATCH: 'ephemeral-key',
  // The manifest's PCRs against the attested ones; the pins (expectedPcrs) have their own code.
  ERR_PROOF_PCR: 'manifest-pcrs',
  ERR_PROOF_PCR_PIN: 'pcrs',
  ERR_PROOF_ADDRESS: 'addresses',
};

/** The check a failure names, or null when it is not a proof check's failure. */
export function proofCheckOfError(error: unknown): ProofCheckName | null {
  // Duck-typed: a LatchError from a second copy of the kit still has its code.
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? (CHECK_OF_CODE[code as LatchErrorCode] ?? null) : null;
}
