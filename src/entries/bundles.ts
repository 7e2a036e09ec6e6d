/**
 * `latchkey/bundles`: the HPKE bundles: credential bundles (login), export and import bundles,
 * and the target key pair they are sealed to.
 */
export { generateTargetKeyPair } from '../bundles/hpke-suite.ts';
export type { TargetKeyPair } from '../bundles/hpke-suite.ts';
export { decryptCredentialBundle, encryptCredentialBundle } from '../bundles/credential-bundle.ts';
export type { DecryptCredentialOptions, DecryptedCredential } from '../bundles/credential-bundle.ts';
export {
  decryptExportBundle,
  createExportBundle,
  decodeExportedMnemonic,
  decodeExportedPrivateKey,
  HOSTED_ENCLAVE_PUBLIC_KEY,
} from '../bundles/export-bundle.ts';
export type { DecryptExportOptions, EnvelopeSigner } from '../bundles/export-bundle.ts';
export { createImportTarget, encryptToTarget, decryptImportBundle } from '../bundles/import-bundle.ts';
