import type { StoredKey } from '../keys/key-store.ts';

/**
 * What every login flow ends with: a session JWT for a key that sits in the key store. The
 * session layer turns it into a SigningSession; flows never keep it themselves.
 */
export interface LoginResult {
  /** The session JWT (docs/protocol.md §4); it names `key.id` in its `public_key` claim. */
  sessionJwt: string;
  key: StoredKey;
  organizationId: string;
  /** True when the flow created the account (sign-up) before logging in. */
  created: boolean;
  /** The sign-up answer when `created`: new wallet addresses and App Proofs, if any. */
  signup?: { organizationId: string; userId: string; wallet?: { walletId: string; addresses: string[] }; appProofs?: unknown[] };
}

/** Runs `work` with a freshly created key and deletes the key if `work` fails: no orphan keys. */
export async function withNewKey<T>(
  keyStore: { create(meta?: { purpose?: string }): Promise<StoredKey>; delete(id: string): Promise<void> },
  purpose: string,
  work: (key: StoredKey) => Promise<T>,
): Promise<T> {
  const key = await keyStore.create({ purpose });
  try {
    return await work(key);
  } catch (error) {
    await keyStore.delete(key.id).catch(() => undefined);
    throw error;
  }
}
