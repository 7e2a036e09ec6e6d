/**
 * `<latch-auth>`'s logo from the config's theme: `logoLight` and `logoDark` (the hosted kit's
 * `ui.logoLight` / `ui.logoDark`), else `logoUrl` for both. A theme with `darkMode` true or false
 * shows the one of that scheme; otherwise a `<picture>` lets the browser show the one matching
 * `prefers-color-scheme` and switch it when the scheme changes, with no script and no listener.
 * Only https and `data:image/` URLs are shown (isLogoUrl), whatever set the config.
 */
import { html, type TemplateResult } from 'lit';
import { isLogoUrl } from '../../src/clients/wallet-kit-config.ts';
import type { WalletKitTheme } from '../../src/clients/proxy-types.ts';

export function renderLogo(theme: WalletKitTheme | undefined, alt: string): TemplateResult | undefined {
  const light = [theme?.logoLight, theme?.logoUrl, theme?.logoDark].find(isLogoUrl);
  if (!light) return undefined;
  const dark = [theme!.logoDark, light].find(isLogoUrl);
  const mode = theme!.darkMode;
  const img = html`<img part="logo-image" src=${mode === true ? dark : light} alt=${alt} />`;
  return typeof mode == 'boolean' || dark == light ? img : html`<picture><source media="(prefers-color-scheme: dark)" srcset=${dark!} />${img}</picture>`;
}
