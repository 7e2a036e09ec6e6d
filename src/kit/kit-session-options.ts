import type { KeyStore } from '../keys/key-store.ts';
import type { WalletKitConfig } from '../clients/proxy-types.ts';
import type { SigningSessionOptions } from '../session/signing-session.ts';
import type { LatchKitOptions } from './latch-kit-options.ts';

/**
 * The options of the kit's sessions, from its options and its loaded config. Without a store or
 * channel: those are the account's (KitAccounts.sessionOptions).
 */
export async function kitSessionOptions(o: Readonly<LatchKitOptions>, config: WalletKitConfig | null, keyStore: KeyStore): Promise<SigningSessionOptions> {
  const lifetime = Number(config?.sessionExpirationSeconds);
  return {
    keyStore,
    ...(o.notarizerPublicKey ? { notarizerPublicKey: o.notarizerPublicKey } : {}),
    ...(o.enclavePublicKey ? { enclavePublicKey: o.enclavePublicKey } : {}),
    ...(o.apiBaseUrl ? { apiBaseUrl: o.apiBaseUrl } : {}),
    ...(o.fetch ? { fetch: o.fetch } : {}),
    ...(o.sessionExpiringLeadMs !== undefined ? { expiringLeadMs: o.sessionExpiringLeadMs } : {}),
    // A refresh asks for the lifetime the configuration gives a login.
    ...(Number.isSafeInteger(lifetime) && lifetime > 0 ? { refreshExpirationSeconds: lifetime } : {}),
  };
}
