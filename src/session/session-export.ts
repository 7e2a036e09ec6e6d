/**
 * Exports decrypted in the page, loaded only when an export is asked for: it pulls in HPKE.
 * Each export seals to a fresh ECDH target key that lives for this one call.
 */
import { activityResult } from '../clients/activity-client.ts';
import type { MnemonicLanguage } from '../clients/activity-types.ts';
import { generateTargetKeyPair } from '../bundles/hpke-suite.ts';
import { decodeExportedMnemonic, decryptExportBundle } from '../bundles/export-bundle.ts';
import type { SigningSession } from './signing-session.ts';

type Exporter = Pick<SigningSession, 'submit' | 'claims'>;

async function exportWith(
  session: Exporter,
  enclavePublicKey: string | undefined,
  submit: (targetPublicKey: string) => ReturnType<Exporter['submit']>,
): Promise<Uint8Array> {
  // Logged out: '' here, and submit() refuses with ERR_SESSION_MISSING before anything is sent.
  const organizationId = session.claims?.organization_id ?? '';
  const target = await generateTargetKeyPair();
  const result = activityResult(await submit(target.publicKeyHex)) as { exportBundle: string };
  return decryptExportBundle(result.exportBundle, { target: target.keyPair, organizationId, enclavePublicKey });
}

export function exportPrivateKey(session: Exporter, enclavePublicKey: string | undefined, privateKeyId: string): Promise<Uint8Array> {
  return exportWith(session, enclavePublicKey, (targetPublicKey) => session.submit('export_private_key', { privateKeyId, targetPublicKey }));
}

export async function exportWallet(session: Exporter, enclavePublicKey: string | undefined, walletId: string, language?: MnemonicLanguage): Promise<string> {
  const bytes = await exportWith(session, enclavePublicKey, (targetPublicKey) =>
    session.submit('export_wallet', { walletId, targetPublicKey, ...(language ? { language } : {}) }),
  );
  try {
    return decodeExportedMnemonic(bytes);
  } finally {
    bytes.fill(0);
  }
}
