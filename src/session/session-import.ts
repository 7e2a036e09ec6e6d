/**
 * Importing a private key, sealed here in the page (docs/protocol.md §6): init_import_private_key
 * hands out an enclave-signed target, `encryptToTarget` checks it and seals the key to it, and
 * import_private_key stores it. Loaded on demand, like session-export.ts: it pulls in HPKE, which
 * the logged-in page's critical path must not carry.
 */
import { activityResult } from '../clients/activity-client.ts';
import type { AddressFormat, Curve, ImportPrivateKeyResult } from '../clients/activity-types.ts';
import { encryptToTarget } from '../bundles/import-bundle.ts';
import { LatchError } from '../errors/latch-error.ts';
import type { SigningSession, SubmitOptions } from './signing-session.ts';

type Importer = Pick<SigningSession, 'submit' | 'claims'>;

/** Raw private keys are 32 bytes on each of the service's curves. */
const KEY_BYTES = 32;

export interface ImportPrivateKeyOptions {
  /** The raw private key. Zeroed by this call, whatever its outcome. */
  privateKey: Uint8Array;
  curve: Curve;
  /** Addresses to derive (at least one), e.g. `['ADDRESS_FORMAT_ETHEREUM']`. */
  addressFormats: AddressFormat[];
  privateKeyName: string;
  /** Pinned enclave key (hex) that signs the import target. Default: the hosted service's. */
  enclavePublicKey?: string;
  signal?: AbortSignal;
}

/**
 * Imports `privateKey` into the session's organization for the session's user and returns the
 * new key's id and addresses. Refuses (ERR_INPUT_INVALID) a key that is not 32 bytes, or no
 * address format, before anything is sent; ERR_BUNDLE_* when the import target does not verify
 * (then the key is never sealed); ERR_SESSION_* when logged out.
 */
export async function importPrivateKey(session: Importer, options: ImportPrivateKeyOptions): Promise<ImportPrivateKeyResult> {
  const { privateKey, curve, addressFormats, privateKeyName, enclavePublicKey, signal } = options;
  try {
    if (!(privateKey instanceof Uint8Array) || privateKey.length !== KEY_BYTES || privateKey.every((b) => b === 0)) {
      throw new LatchError('ERR_INPUT_INVALID', 'A private key is 32 bytes, not all zero.');
    }
    if (!Array.isArray(addressFormats) || addressFormats.length === 0) {
      throw new LatchError('ERR_INPUT_INVALID', 'Choose at least one address format.');
    }
    const claims = session.claims;
    if (!claims) throw new LatchError('ERR_SESSION_MISSING', 'The session has ended.');
    const submitOptions: SubmitOptions = signal ? { signal } : {};
    const userId = claims.user_id;
    const { importBundle } = activityResult(await session.submit('init_import_private_key', { userId }, submitOptions));
    const encryptedBundle = await encryptToTarget(privateKey, importBundle, {
      organizationId: claims.organization_id,
      userId,
      ...(enclavePublicKey ? { enclavePublicKey } : {}),
    });
    return activityResult(
      await session.submit('import_private_key', { userId, privateKeyName, encryptedBundle, curve, addressFormats }, submitOptions),
    );
  } finally {
    if (privateKey instanceof Uint8Array) privateKey.fill(0);
  }
}
