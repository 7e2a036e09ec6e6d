import { LatchError } from '../errors/latch-error.ts';
import type { WalletKitConfig } from '../clients/proxy-types.ts';
import type { LatchKitOptions } from './latch-kit-options.ts';

/**
 * Where OAuth providers send the user back: `oauthRedirectUri`, else wallet_kit_config's
 * `oauthRedirectUrl`, else this page (origin + path). ERR_CONFIG_INVALID outside a page without either.
 */
export function oauthRedirectUri(options: Readonly<LatchKitOptions>, config: WalletKitConfig): string {
  const location = (globalThis as { location?: Location }).location;
  const uri = options.oauthRedirectUri ?? config.oauthRedirectUrl ?? (location ? location.origin + location.pathname : undefined);
  if (!uri) throw new LatchError('ERR_CONFIG_INVALID', 'OAuth needs a redirect URI (oauthRedirectUri) outside a browser page.');
  return uri;
}
