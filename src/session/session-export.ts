/**
 * Exports decrypted in the page, loaded only when an export is asked for: it pulls in HPKE.
 * Each export seals to a fresh ECDH target key that lives for this one call.
 */
import type { ActivityParameters, MnemonicLanguage } from '../clients/activity-types.ts';
import { generateTargetKeyPair } from '../bundles/hpke-suite.ts';
import { decodeExportedMnemonic, decryptExportBundle } from '../bundles/export-bundle.ts';

/**
 * What an export needs of the session. Its `submit` answers with the activity's result, read by
 * the session: were this chunk to import the Activity client, the client would leave the signing
 * path's chunk for one shared with this one (0.4 KB more on every logged-in page).
 */
export interface Exporter {
  /** '' when logged out: `submit` then rejects with ERR_SESSION_MISSING before anything is sent. */
  organizationId: string;
  enclavePublicKey: string | undefined;
  submit<Op extends 'export_private_key' | 'export_wallet'>(operation: Op, parameters: ActivityParameters<Op>): Promise<{ exportBundle: string }>;
}

async function exportWith(exporter: Exporter, submit: (targetPublicKey: string) => Promise<{ exportBundle: string }>): Promise<Uint8Array> {
  const target = await generateTargetKeyPair();
  const { exportBundle } = await submit(target.publicKeyHex);
  return decryptExportBundle(exportBundle, { target: target.keyPair, organizationId: exporter.organizationId, enclavePublicKey: exporter.enclavePublicKey });
}

export function exportPrivateKey(exporter: Exporter, privateKeyId: string): Promise<Uint8Array> {
  return exportWith(exporter, (targetPublicKey) => exporter.submit('export_private_key', { privateKeyId, targetPublicKey }));
}

export async function exportWallet(exporter: Exporter, walletId: string, language?: MnemonicLanguage): Promise<string> {
  const bytes = await exportWith(exporter, (targetPublicKey) => exporter.submit('export_wallet', { walletId, targetPublicKey, ...(language ? { language } : {}) }));
  try {
    return decodeExportedMnemonic(bytes);
  } finally {
    bytes.fill(0);
  }
}
