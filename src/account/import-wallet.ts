/**
 * Imports a wallet from its recovery phrase (issue 24), sealed here in the page as a private key
 * is (session-import.ts, docs/protocol.md §6): the phrase is checked first (recovery-phrase.ts:
 * ERR_MNEMONIC_INVALID, nothing sent), then init_import_wallet hands out an enclave-signed target,
 * `encryptToTarget` checks it and seals the phrase's UTF-8 bytes to it, and import_wallet makes
 * the wallet with `accounts` derived from it. The phrase is never logged or stored; its bytes are
 * zeroed once sealed (the string itself cannot be: JavaScript strings are immutable).
 */
import { activityResult } from '../clients/activity-client.ts';
import type { WalletAccountParams } from '../clients/activity-types.ts';
import { encryptToTarget } from '../bundles/import-bundle.ts';
import { utf8Encode } from '../encoding/utf8.ts';
import { LatchError } from '../errors/latch-error.ts';
import { checkRecoveryPhrase } from './recovery-phrase.ts';
import type { SigningSession, SubmitOptions } from '../session/signing-session.ts';

type Importer = Pick<SigningSession, 'submit' | 'claims'>;

export interface ImportWalletOptions {
  walletName: string;
  /** Pinned enclave key (hex) that signs the import target. Default: the hosted service's. */
  enclavePublicKey?: string;
  signal?: AbortSignal;
}

/**
 * Imports the wallet of `mnemonic` with `accounts` (at least one) and returns its id and the
 * accounts' addresses, in the order asked. ERR_MNEMONIC_INVALID (a wrong word or checksum) and
 * ERR_INPUT_INVALID (no accounts, no name) before anything is sent; ERR_BUNDLE_* when the import
 * target does not verify (the phrase is then never sealed); ERR_SESSION_* when logged out;
 * ERR_STEP_UP_REQUIRED when the service wants a fresh login first.
 */
export async function importWallet(
  session: Importer,
  mnemonic: string,
  accounts: WalletAccountParams[],
  options: ImportWalletOptions,
): Promise<{ walletId: string; addresses: string[] }> {
  const phrase = checkRecoveryPhrase(mnemonic);
  if (!Array.isArray(accounts) || accounts.length === 0) throw new LatchError('ERR_INPUT_INVALID', 'Choose at least one account to derive.');
  const walletName = typeof options.walletName === 'string' ? options.walletName.trim() : '';
  if (!walletName) throw new LatchError('ERR_INPUT_INVALID', 'Name the wallet.');
  const claims = session.claims;
  if (!claims) throw new LatchError('ERR_SESSION_MISSING', 'The session has ended.');
  const submitOptions: SubmitOptions = options.signal ? { signal: options.signal } : {};
  const userId = claims.user_id;
  const { importBundle } = activityResult(await session.submit('init_import_wallet', { userId }, submitOptions));
  const bytes = utf8Encode(phrase);
  let encryptedBundle: string;
  try {
    encryptedBundle = await encryptToTarget(bytes, importBundle, {
      organizationId: claims.organization_id,
      userId,
      ...(options.enclavePublicKey ? { enclavePublicKey: options.enclavePublicKey } : {}),
    });
  } finally {
    bytes.fill(0);
  }
  return activityResult(await session.submit('import_wallet', { userId, walletName, encryptedBundle, accounts }, submitOptions));
}
