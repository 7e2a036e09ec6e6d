/** What App Proof verification takes and returns (docs/protocol.md §7). */
import type { AppProof, BootProof } from '../clients/activity-types.ts';

export type { AppProof, BootProof };

/** SHA-256 of the AWS Nitro Enclaves root certificate's DER, the default trust anchor. */
export const AWS_NITRO_ROOT_SHA256 = '641A0321A3E244EFE456463195D606317ED7CDCC3C1756E09893F3C68F79BB5B';

/** Every check, in the order they run; each failure has its own LatchError code. */
export const ProofCheckNames = [
  /** The App Proof's payload is JSON with a type and a timestamp (ERR_PROOF_PAYLOAD). */
  'payload',
  /** The second half of the 130-byte key signed SHA-256(proofPayload) (ERR_PROOF_SIGNATURE). */
  'app-proof-signature',
  /** The attestation is a COSE_Sign1 ES384 document with AWS's fields (ERR_PROOF_ATTESTATION_FORMAT). */
  'attestation-format',
  /** cabundle[0] is the pinned root, by the SHA-256 of its DER (ERR_PROOF_ROOT). */
  'root-certificate',
  /** leaf → intermediates → root signatures, names and CA flags (ERR_PROOF_CERT_CHAIN); every certificate valid at the proof's time (ERR_PROOF_CERT_EXPIRED). */
  'certificate-chain',
  /** The COSE_Sign1 signature verifies with the leaf's P-384 key (ERR_PROOF_ATTESTATION_SIGNATURE). */
  'attestation-signature',
  /** SHA-256 of the QOS manifest is the attested user_data (ERR_PROOF_MANIFEST). */
  'manifest-digest',
  /** The attested public_key, the App Proof's key and the boot proof's key are one key (ERR_PROOF_KEY_MISMATCH). */
  'ephemeral-key',
  /** The manifest's PCR0..PCR3 are the attested ones (ERR_PROOF_PCR). */
  'manifest-pcrs',
  /** Attested PCR0..PCR3 equal the caller's expected values (ERR_PROOF_PCR_PIN); only when pinned. */
  'pcrs',
  /** The manifest's namespace is the expected one (ERR_PROOF_MANIFEST); only when pinned. */
  'manifest-namespace',
  /** The boot proof's deployment label is the expected one (ERR_PROOF_MANIFEST); only when pinned. */
  'deployment-label',
  /** Quorum approvals of the manifest (qosManifestEnvelopeB64): never checked here. */
  'manifest-approvals',
  /** Address-derivation proofs name exactly the addresses the kit received (ERR_PROOF_ADDRESS); verifyAppProofs only. */
  'addresses',
] as const;
export type ProofCheckName = (typeof ProofCheckNames)[number];

export interface ProofCheck {
  name: ProofCheckName;
  outcome: 'passed' | 'not-performed';
  /** What was compared, or why the check was not performed. */
  detail?: string;
}

export interface AddressDerivationProof {
  organizationId: string;
  walletId?: string;
  derivationPath?: string;
  address: string;
}

export interface PolicyOutcomeProof {
  organizationId: string;
  outcome: string;
  decisionContextDigest?: string;
  organizationDataDigest?: string;
  parentOrganizationDataDigest?: string;
  userRequestApprovals?: unknown[];
}

/** The parsed `proofPayload`. */
export interface AppProofPayload {
  type: 'APP_PROOF_TYPE_ADDRESS_DERIVATION' | 'APP_PROOF_TYPE_POLICY_OUTCOME' | (string & {});
  timestampMs: string;
  addressDerivationProof?: AddressDerivationProof;
  policyOutcomeProof?: PolicyOutcomeProof;
}

export interface VerifyAppProofOptions {
  /**
   * SHA-256 (hex, any case) of the root certificate to trust instead of AWS's; the emulator
   * publishes its test root's at `/__keys` (`proofRootSha256`). Never set in production.
   */
  trustedRootSha256?: string;
  /** Expected PCR values (hex) by index 0..3; unpinned ones are reported as not performed. */
  expectedPcrs?: Partial<Record<0 | 1 | 2 | 3, string>>;
  /** Expected QOS namespace name (e.g. "prod/signer"). */
  expectedNamespace?: string;
  /** Expected deployment label (e.g. "r2025.9.2"); a boot proof field the attestation does not cover. */
  expectedDeploymentLabel?: string;
  /** Check certificate validity at this time (ms since the epoch) instead of the App Proof's timestamp. */
  validationTime?: number;
}

export interface AppProofVerification {
  verified: true;
  /** Every check in ProofCheckNames order (but `addresses`), passed or said plainly not performed. */
  checks: ProofCheck[];
  enclave: {
    deploymentLabel: string;
    enclaveApp: string;
    owner: string;
    /** The manifest's namespace, when its layout was recognized. */
    namespace?: string;
    /** Attested module id (the enclave instance). */
    moduleId: string;
    /** Attested PCR0..PCR3, hex. */
    pcrs: string[];
  };
  /** The App Proof's timestamp (ms since the epoch): certificates were checked at this time. */
  proofTime: number;
  payload: AppProofPayload;
}

/** What verifyAppProofs needs of an Activity API client (ActivityClient has it). */
export interface BootProofSource {
  getBootProof(organizationId: string, ephemeralKey: string): Promise<BootProof>;
}

export interface VerifyAppProofsOptions extends VerifyAppProofOptions {
  client: BootProofSource;
  /** The organization the client may query (the proofs' own organization). */
  organizationId: string;
  /**
   * The addresses the kit received (sign-up wallet, create_wallet…): each address-derivation
   * proof must name one of them and each must have a proof. Unset: not performed.
   */
  expectedAddresses?: readonly string[];
}

export interface AppProofsVerification {
  verified: true;
  /** One result per proof, in the order given. */
  proofs: AppProofVerification[];
  /** The `addresses` check. */
  addresses: ProofCheck;
}
