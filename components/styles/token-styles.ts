/**
 * The token cascade as CSS, generated from LATCH_TOKENS (tokens.ts). Every element includes it
 * (LatchElement.styles does). Under a strict CSP this is fine: lit adopts it as a constructed
 * stylesheet, which `style-src 'self'` does not block.
 */
import { unsafeCSS } from 'lit';
import { LATCH_TOKENS, type LatchToken } from './tokens.ts';

/** `var(--latch-NAME, var(--latch-config-NAME, fallback))`: page, then config, then default. */
export function tokenChain(name: string, fallback: string): string {
  return `var(--latch-${name}, var(--latch-config-${name}, ${fallback}))`;
}

// A token with a local property resolves through it: `--accent` (declared on :host, so a page's
// own inherited `--accent` cannot leak in) holds the chain, `--_color-primary` reads `--accent`.
const declare = (token: LatchToken, value: string): string =>
  token.local === undefined
    ? `--_${token.name}: ${tokenChain(token.name, value)};`
    : `--${token.local}: ${tokenChain(token.name, value)}; --_${token.name}: var(--${token.local});`;

const resolved = LATCH_TOKENS.map((token) =>
  declare(token, token.dark === undefined ? token.value : `light-dark(${token.value}, ${token.dark})`),
).join('');

// Browsers without light-dark() (before 2024) get the light defaults instead of no color at all.
const lightOnly = LATCH_TOKENS.filter((token) => token.dark !== undefined)
  .map((token) => declare(token, token.value))
  .join('');

export const tokenStyles = unsafeCSS(
  `:host{${resolved}}` +
    `@supports not (color: light-dark(#000, #fff)){:host{${lightOnly}}}` +
    // Reduced motion wins over every source: it is the user's own setting.
    `@media (prefers-reduced-motion: reduce){:host{--_transition-duration: 0s;}}`,
);
