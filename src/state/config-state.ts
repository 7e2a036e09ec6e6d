import { atom } from 'nanostores';
import type { WalletKitConfig } from '../clients/proxy-types.ts';

/** The organization's wallet_kit_config once loaded, or null before (or without) it. */
export const $config = atom<WalletKitConfig | null>(null);

export function setConfig(config: WalletKitConfig | null): void {
  $config.set(config);
}
