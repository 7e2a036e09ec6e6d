/**
 * verifyAppProof: the whole chain of docs/protocol.md §7, from an App Proof's signature to the
 * pinned root of the enclave's attestation. The certificate chain is checked before the
 * COSE signature, so trust in the leaf key is established before that key is used (and a
 * tampered certificate is reported as such, not as a bad attestation signature).
 */
import { LatchError, isLatchError } from '../errors/latch-error.ts';
import { sha256 } from '../crypto/webcrypto.ts';
import { fromHex, toHex } from '../encoding/hex.ts';
import { bytesEqual, utf8Encode } from '../encoding/utf8.ts';
import { fromBase64 } from './base64.ts';
import { coseSigStructure, parseAttestationDocument, parseCoseSign1 } from './attestation.ts';
import { verifyCertificateChain } from './cert-chain.ts';
import { verifyEcdsa } from './ecdsa-verify.ts';
import { parseQosManifest } from './qos-manifest.ts';
import { AWS_NITRO_ROOT_SHA256 } from './proof-types.ts';
import { assertDevelopmentTrust } from '../crypto/development-trust.ts';
import type { AttestationDocument } from './attestation.ts';
import type { QosManifest } from './qos-manifest.ts';
import type { AppProof, AppProofPayload, AppProofVerification, BootProof, ProofCheck, ProofCheckName, VerifyAppProofOptions } from './proof-types.ts';

const SCHEME = 'SIGNATURE_SCHEME_EPHEMERAL_KEY_P256';

function hexBytes(value: unknown, code: 'ERR_PROOF_SIGNATURE' | 'ERR_PROOF_KEY_MISMATCH' | 'ERR_PROOF_PCR_PIN', message: string): Uint8Array {
  try {
    return fromHex(value as string);
  } catch (cause) {
    throw new LatchError(code, message, { cause });
  }
}

/** The payload as JSON with a type and a decimal timestamp; the rest is kept as sent. */
export function parseProofPayload(proofPayload: unknown): AppProofPayload {
  let payload: unknown;
  try {
    payload = JSON.parse(proofPayload as string);
  } catch (cause) {
    throw new LatchError('ERR_PROOF_PAYLOAD', 'The App Proof payload is not JSON.', { cause });
  }
  const p = payload as Partial<AppProofPayload> | null;
  if (typeof proofPayload !== 'string' || typeof p !== 'object' || p === null || typeof p.type !== 'string' || typeof p.timestampMs !== 'string' || !/^\d{1,16}$/.test(p.timestampMs)) {
    throw new LatchError('ERR_PROOF_PAYLOAD', 'The App Proof payload lacks its type or timestamp.');
  }
  const address = p.addressDerivationProof;
  if (p.type === 'APP_PROOF_TYPE_ADDRESS_DERIVATION' && (typeof address !== 'object' || address === null || typeof address.address !== 'string' || typeof address.organizationId !== 'string')) {
    throw new LatchError('ERR_PROOF_PAYLOAD', 'The address-derivation proof lacks its address or organization.');
  }
  if (p.type === 'APP_PROOF_TYPE_POLICY_OUTCOME' && (typeof p.policyOutcomeProof !== 'object' || p.policyOutcomeProof === null)) {
    throw new LatchError('ERR_PROOF_PAYLOAD', 'The policy-outcome proof lacks its outcome.');
  }
  return p as AppProofPayload;
}

/** (1) The App Proof: the second 65 bytes of its 130-byte key sign SHA-256(UTF-8 proofPayload). */
async function checkAppProofSignature(appProof: AppProof): Promise<Uint8Array> {
  const bad = (message: string): never => {
    throw new LatchError('ERR_PROOF_SIGNATURE', message);
  };
  if (appProof.scheme !== SCHEME) bad('The App Proof uses an unknown signature scheme.');
  const key = hexBytes(appProof.publicKey, 'ERR_PROOF_SIGNATURE', 'The App Proof key is not hexadecimal.');
  const signature = hexBytes(appProof.signature, 'ERR_PROOF_SIGNATURE', 'The App Proof signature is not hexadecimal.');
  if (key.length !== 130 || key[0] !== 0x04 || key[65] !== 0x04) bad('The App Proof key is not two uncompressed P-256 keys (130 bytes).');
  if (!(await verifyEcdsa('P-256', 'SHA-256', key.subarray(65), signature, utf8Encode(appProof.proofPayload)))) {
    bad('The App Proof signature does not verify with its signing key.');
  }
  return key;
}

function parseAttestation(bootProof: BootProof): { cose: ReturnType<typeof parseCoseSign1>; doc: AttestationDocument } {
  try {
    const cose = parseCoseSign1(fromBase64(bootProof.awsAttestationDocB64, 'ERR_PROOF_ATTESTATION_FORMAT'));
    return { cose, doc: parseAttestationDocument(cose.payload) };
  } catch (cause) {
    if (isLatchError(cause)) throw cause;
    throw new LatchError('ERR_PROOF_ATTESTATION_FORMAT', 'The attestation document cannot be read.', { cause });
  }
}

function tryParseManifest(bytes: Uint8Array): QosManifest | undefined {
  try {
    return parseQosManifest(bytes);
  } catch {
    return undefined;
  }
}

const pcrHex = (doc: AttestationDocument, index: number): string => toHex(doc.pcrs.get(index)!);

/**
 * Verifies one App Proof against its Boot Proof. Resolves with every check listed (those not
 * performed say so); any failure rejects with a LatchError whose code names the check.
 */
export async function verifyAppProof(appProof: AppProof, bootProof: BootProof, options: VerifyAppProofOptions = {}): Promise<AppProofVerification> {
  const checks: ProofCheck[] = [];
  const pass = (name: ProofCheckName, detail?: string) => checks.push({ name, outcome: 'passed', ...(detail ? { detail } : {}) });
  const skip = (name: ProofCheckName, detail: string) => checks.push({ name, outcome: 'not-performed', detail });
  if (typeof appProof !== 'object' || appProof === null || typeof bootProof !== 'object' || bootProof === null) {
    throw new LatchError('ERR_PROOF_PAYLOAD', 'An App Proof and its Boot Proof are required.');
  }

  const payload = parseProofPayload(appProof.proofPayload);
  const proofTime = Number(payload.timestampMs);
  pass('payload', payload.type);

  const appKey = await checkAppProofSignature(appProof);
  pass('app-proof-signature', 'P-256 signature by the second half of the enclave key');

  const { cose, doc } = parseAttestation(bootProof);
  pass('attestation-format', `COSE_Sign1 ES384, module ${doc.moduleId}`);

  const trustedRoot = options.trustedRootSha256 ?? AWS_NITRO_ROOT_SHA256;
  if (trustedRoot.toUpperCase() !== AWS_NITRO_ROOT_SHA256) assertDevelopmentTrust('A proof root');
  const time = options.validationTime ?? proofTime;
  const leaf = await verifyCertificateChain(doc.certificate, doc.cabundle, time, trustedRoot);
  pass('root-certificate', trustedRoot.toUpperCase() === AWS_NITRO_ROOT_SHA256 ? 'AWS Nitro Enclaves root (pinned SHA-256)' : 'a root trusted by trustedRootSha256, not the AWS Nitro root');
  pass('certificate-chain', `${doc.cabundle.length + 1} certificates, valid at ${new Date(time).toISOString()}`);

  if (leaf.curve !== 'P-384' || !(await verifyEcdsa('P-384', 'SHA-384', leaf.publicKey, cose.signature, coseSigStructure(cose)))) {
    throw new LatchError('ERR_PROOF_ATTESTATION_SIGNATURE', 'The attestation signature does not verify with the leaf certificate key.');
  }
  pass('attestation-signature', 'ES384 by the leaf certificate');

  const manifestBytes = fromBase64(bootProof.qosManifestB64, 'ERR_PROOF_MANIFEST');
  if (!bytesEqual(await sha256(manifestBytes), doc.userData)) {
    throw new LatchError('ERR_PROOF_MANIFEST', 'The QOS manifest is not the one the attestation names (user_data).');
  }
  pass('manifest-digest', 'SHA-256(manifest) = user_data');

  const bootKey = hexBytes(bootProof.ephemeralPublicKeyHex, 'ERR_PROOF_KEY_MISMATCH', 'The boot proof key is not hexadecimal.');
  if (!bytesEqual(doc.publicKey, appKey) || !bytesEqual(bootKey, appKey)) {
    throw new LatchError('ERR_PROOF_KEY_MISMATCH', 'The App Proof key, the boot proof key and the attested key are not the same key.');
  }
  pass('ephemeral-key', 'App Proof key = ephemeralPublicKeyHex = attested public_key');

  const manifest = tryParseManifest(manifestBytes);
  if (manifest) {
    if (!manifest.pcrs.every((pcr, i) => bytesEqual(pcr, doc.pcrs.get(i)!))) {
      throw new LatchError('ERR_PROOF_PCR', "The manifest's PCR0..PCR3 are not the attested ones.");
    }
    pass('manifest-pcrs', 'manifest PCR0..PCR3 = attested PCR0..PCR3');
  } else {
    skip('manifest-pcrs', 'the manifest layout was not recognized');
  }

  const pinned = (Object.entries(options.expectedPcrs ?? {}) as [string, string | undefined][]).filter((e): e is [string, string] => e[1] !== undefined);
  for (const [index, expected] of pinned) {
    const value = hexBytes(expected, 'ERR_PROOF_PCR_PIN', 'An expected PCR value is not hexadecimal.');
    const actual = doc.pcrs.get(Number(index));
    if (!['0', '1', '2', '3'].includes(index) || !actual || !bytesEqual(value, actual)) {
      throw new LatchError('ERR_PROOF_PCR_PIN', 'An attested PCR differs from its expected value.');
    }
  }
  if (pinned.length > 0) pass('pcrs', `PCR${pinned.map(([i]) => i).join(', PCR')} as expected`);
  else skip('pcrs', 'no expected PCR values were given: the attested values are reported, not judged');

  if (options.expectedNamespace !== undefined) {
    if (manifest?.namespace.name !== options.expectedNamespace) {
      throw new LatchError('ERR_PROOF_MANIFEST', manifest ? 'The manifest namespace is not the expected one.' : 'The manifest layout was not recognized, so its namespace cannot be checked.');
    }
    pass('manifest-namespace', options.expectedNamespace);
  } else {
    skip('manifest-namespace', 'no expected namespace was given');
  }

  if (options.expectedDeploymentLabel !== undefined) {
    if (bootProof.deploymentLabel !== options.expectedDeploymentLabel) {
      throw new LatchError('ERR_PROOF_MANIFEST', 'The deployment label is not the expected one.');
    }
    pass('deployment-label', `${options.expectedDeploymentLabel} (a boot proof field, not covered by the attestation)`);
  } else {
    skip('deployment-label', 'no expected deployment label was given');
  }
  skip('manifest-approvals', 'the quorum approvals in qosManifestEnvelopeB64 are not checked');

  return {
    verified: true,
    checks,
    enclave: {
      deploymentLabel: bootProof.deploymentLabel,
      enclaveApp: bootProof.enclaveApp,
      owner: bootProof.owner,
      ...(manifest ? { namespace: manifest.namespace.name } : {}),
      moduleId: doc.moduleId,
      pcrs: [0, 1, 2, 3].map((i) => pcrHex(doc, i)),
    },
    proofTime,
    payload,
  };
}
