/**
 * verifyAppProofs: the proofs of one answer (a sign-up, a wallet activity), each against the
 * Boot Proof of its enclave key (fetched once per distinct key), and the address-derivation
 * proofs against the addresses the kit actually received.
 */
import { LatchError } from '../errors/latch-error.ts';
import { verifyAppProof } from './verify-app-proof.ts';
import type { AppProof, AppProofsVerification, BootProof, ProofCheck, VerifyAppProofsOptions } from './proof-types.ts';

function checkAddresses(results: AppProofsVerification['proofs'], expected: readonly string[] | undefined): ProofCheck {
  if (expected === undefined) return { name: 'addresses', outcome: 'not-performed', detail: 'no expected addresses were given' };
  const proven = results.map((r) => r.payload.addressDerivationProof?.address).filter((a): a is string => a !== undefined);
  const wanted = new Set(expected);
  if (proven.some((address) => !wanted.has(address))) {
    throw new LatchError('ERR_PROOF_ADDRESS', 'An address-derivation proof names an address the kit did not receive.');
  }
  const provenSet = new Set(proven);
  if (expected.some((address) => !provenSet.has(address))) {
    throw new LatchError('ERR_PROOF_ADDRESS', 'An address the kit received has no address-derivation proof.');
  }
  return { name: 'addresses', outcome: 'passed', detail: `${wanted.size} address(es), each with a proof` };
}

/** Verifies every proof; rejects with the first failure's LatchError. */
export async function verifyAppProofs(proofs: readonly AppProof[], options: VerifyAppProofsOptions): Promise<AppProofsVerification> {
  const { client, organizationId, expectedAddresses, ...verifyOptions } = options;
  if (!Array.isArray(proofs) || proofs.length === 0) {
    throw new LatchError('ERR_INPUT_INVALID', 'There are no App Proofs to verify (was generateAppProofs set?).');
  }
  if (!proofs.every((p) => typeof p === 'object' && p !== null && typeof p.publicKey === 'string')) {
    throw new LatchError('ERR_PROOF_PAYLOAD', 'An App Proof has no enclave key.');
  }
  const bootProofs = new Map<string, Promise<BootProof>>();
  for (const proof of proofs) {
    const key = proof.publicKey.toLowerCase();
    if (!bootProofs.has(key)) bootProofs.set(key, client.getBootProof(organizationId, proof.publicKey));
  }
  // Settle every fetch before verifying, so no rejection is left unobserved.
  await Promise.allSettled(bootProofs.values());
  const results: AppProofsVerification['proofs'] = [];
  for (const proof of proofs) {
    results.push(await verifyAppProof(proof, await bootProofs.get(proof.publicKey.toLowerCase())!, verifyOptions));
  }
  return { verified: true, proofs: results, addresses: checkAddresses(results, expectedAddresses) };
}
