/**
 * Exports decrypted in the page, loaded only when an export is asked for: it pulls in HPKE.
 * Each export seals to a fresh ECDH target key that lives for this one call.
 */
import type { Activity, ActivityParameters, MnemonicLanguage } from '../clients/activity-types.ts';
import type { ApprovalSession } from './approvals.ts';
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
  submit<Op extends 'export_private_key' | 'export_wallet' | 'export_wallet_account'>(operation: Op, parameters: ActivityParameters<Op>): Promise<{ exportBundle: string }>;
  /** The session, to follow an export that waits for other approvals (get_activity). */
  session: ApprovalSession;
}

export interface ExportOptions {
  /**
   * When a consensus policy holds the export for other users' approval: called with the held
   * activity (show its fingerprint, say who may approve), and the export then waits for the
   * decision, keeping this call's target key, and decrypts once approved. Without it, a held
   * export rejects with ERR_ACTIVITY_CONSENSUS_NEEDED as before.
   */
  onApprovalNeeded?: (activity: Activity) => void;
  /** Ends the wait for approval (ERR_NETWORK_ABORTED); the export is not taken back. */
  signal?: AbortSignal;
  /** Pause between reads while waiting. Default 2 s. */
  approvalPollMs?: number;
}

async function exportWith(exporter: Exporter, options: ExportOptions, submit: (targetPublicKey: string) => Promise<{ exportBundle: string }>): Promise<Uint8Array> {
  const target = await generateTargetKeyPair();
  let exportBundle: string;
  try {
    ({ exportBundle } = await submit(target.publicKeyHex));
  } catch (error) {
    const held = (error as { code?: string; activity?: Activity }).code === 'ERR_ACTIVITY_CONSENSUS_NEEDED' ? (error as { activity?: Activity }).activity : undefined;
    if (!held || !options.onApprovalNeeded) throw error;
    options.onApprovalNeeded(held);
    const { waitForDecision } = await import('./approvals.ts');
    const done = await waitForDecision(exporter.session, held, { signal: options.signal, intervalMs: options.approvalPollMs });
    // Its result key is the operation's (exportWalletResult, exportPrivateKeyResult): the one entry.
    const result = Object.values(done.result)[0] as { exportBundle?: unknown } | undefined;
    if (typeof result?.exportBundle !== 'string') throw error;
    exportBundle = result.exportBundle;
  }
  return decryptExportBundle(exportBundle, { target: target.keyPair, organizationId: exporter.organizationId, enclavePublicKey: exporter.enclavePublicKey });
}

export function exportPrivateKey(exporter: Exporter, privateKeyId: string, options: ExportOptions = {}): Promise<Uint8Array> {
  return exportWith(exporter, options, (targetPublicKey) => exporter.submit('export_private_key', { privateKeyId, targetPublicKey }));
}

/**
 * One wallet account's private key (export_wallet_account, the account named by its address):
 * the raw 32 bytes (a secp256k1 scalar, or an Ed25519 seed for a Solana account). Zero them when
 * done. The wallet's recovery phrase is not exported.
 */
export function exportWalletAccount(exporter: Exporter, address: string, options: ExportOptions = {}): Promise<Uint8Array> {
  return exportWith(exporter, options, (targetPublicKey) => exporter.submit('export_wallet_account', { address, targetPublicKey }));
}

export async function exportWallet(exporter: Exporter, walletId: string, language?: MnemonicLanguage, options: ExportOptions = {}): Promise<string> {
  const bytes = await exportWith(exporter, options, (targetPublicKey) => exporter.submit('export_wallet', { walletId, targetPublicKey, ...(language ? { language } : {}) }));
  try {
    return decodeExportedMnemonic(bytes);
  } finally {
    bytes.fill(0);
  }
}
