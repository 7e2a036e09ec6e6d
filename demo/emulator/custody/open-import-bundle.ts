/**
 * Opens an import bundle (docs/protocol.md §6) sealed to the user's live import target, the one
 * init_import_private_key or init_import_wallet handed out, and uses the target up (staged on
 * `tx`, so a refused import keeps it). The caller wipes the plaintext when done with it.
 */
import { decryptImportBundle } from '../../../src/bundles/import-bundle.ts';
import { invalidRequest } from '../http/service-error.ts';
import { ecdhPair } from './ecdh-pair.ts';
import type { Tx } from '../state/store.ts';

export async function openImportBundle(tx: Tx, organizationId: string, userId: string, encryptedBundle: string, initOperation: string): Promise<Uint8Array> {
  const target = tx.importTargets.findBy('userId', userId).find((t) => t.organizationId === organizationId);
  if (!target) throw invalidRequest(`No import target for this user: call ${initOperation} first.`);
  let plaintext: Uint8Array;
  try {
    plaintext = await decryptImportBundle(encryptedBundle, await ecdhPair(target.privateKeyHex));
  } catch (error) {
    throw invalidRequest('The encrypted bundle does not open with this user\'s import target.', error);
  }
  tx.importTargets.delete(target.id);
  return plaintext;
}
