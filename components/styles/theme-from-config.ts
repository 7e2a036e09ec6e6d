/**
 * wallet_kit_config `theme` → `--latch-config-*` custom properties. It lives here, not in src/,
 * because its output is CSS property names: src/ stays free of presentation.
 *
 * Elements apply the result to their own host with `style.setProperty` (CSSOM, allowed under
 * `style-src 'self'`; a `style="…"` attribute would not be). The page's `--latch-*` still wins,
 * because every token reads `var(--latch-NAME, var(--latch-config-NAME, default))`.
 */
import type { WalletKitConfig } from '../../src/clients/proxy-types.ts';
import { LATCH_TOKEN_NAMES } from './tokens.ts';

/** Custom property name → value, ready for `style.setProperty`. */
export type ThemeProperties = Readonly<Record<string, string>>;

// Color names an organization may use in `theme.colors` besides the token names themselves.
const COLOR_ALIASES: Readonly<Record<string, string>> = {
  accent: 'primary',
  'primary-text': 'on-primary',
  background: 'surface',
  foreground: 'on-surface',
  text: 'on-surface',
  'text-muted': 'muted',
  secondary: 'muted',
  danger: 'error',
  focus: 'focus-ring',
};

/**
 * A value the config may set: no declaration or block breaks, no `!important`, no `url()` or
 * `image-set()` (a theme must not make the page fetch anything), and of a sane length.
 */
export function isSafeCssValue(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.trim().length > 0 &&
    value.length <= 200 &&
    !/[;{}<>!\\@]/.test(value) &&
    !/(?:url|image|image-set|cross-fade|element|src)\s*\(/i.test(value)
  );
}

function colorToken(key: string): string | null {
  const bare = key.trim().toLowerCase().replace(/^color-/, '');
  const name = `color-${COLOR_ALIASES[bare] ?? bare}`;
  return LATCH_TOKEN_NAMES.has(name) && name !== 'color-scheme' ? name : null;
}

/** The custom properties a config's theme sets. Unknown names and unsafe values are dropped. */
export function themeFromConfig(config: Pick<WalletKitConfig, 'theme'> | null | undefined): ThemeProperties {
  const theme = config?.theme;
  const out: Record<string, string> = {};
  if (!theme) return out;
  const set = (name: string, value: unknown): void => {
    if (isSafeCssValue(value)) out[`--latch-config-${name}`] = value.trim();
  };
  for (const [key, value] of Object.entries(theme.colors ?? {})) {
    const name = colorToken(key);
    if (name) set(name, value);
  }
  set('radius', theme.radius);
  set('font-family', theme.font);
  if (theme.darkMode === true) set('color-scheme', 'dark');
  else if (theme.darkMode === false) set('color-scheme', 'light');
  else if (theme.darkMode === 'auto') set('color-scheme', 'light dark');
  return out;
}
