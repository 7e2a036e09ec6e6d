/**
 * The global design tokens. Each token `NAME` resolves, on every Latchkey element's host, as
 *
 *   --_NAME: var(--latch-NAME, var(--latch-config-NAME, <default>))
 *
 * so the page's `--latch-NAME` (set anywhere above the element) beats the organization's
 * wallet_kit_config theme (applied by the element as `--latch-config-NAME` on its own host), which
 * beats the default. Element styles use only the private `--_NAME`. Colors with a `dark` value
 * default to `light-dark(light, dark)` and follow the element's `color-scheme` (token
 * `color-scheme`: config `theme.darkMode`, else the page's `prefers-color-scheme`).
 *
 * The list is data, so the CSS, the documentation test and the config mapping are generated
 * from one place. Tokens (name — default light / dark — what it is for):
 *
 * @cssproperty --latch-color-scheme - `light dark` (follow the OS), `light` or `dark`.
 * @cssproperty --latch-color-primary - Main action color (buttons, links, focus of inputs). #4338ca / #a5b4fc
 * @cssproperty --latch-color-primary-hover - Main action color under the pointer. Mixed from primary.
 * @cssproperty --latch-color-on-primary - Text and icons on the primary color. #ffffff / #1e1b4b
 * @cssproperty --latch-color-surface - Background of elements. #ffffff / #18181b
 * @cssproperty --latch-color-surface-raised - Background of cards, menus and dialogs. #ffffff / #27272a
 * @cssproperty --latch-color-surface-subtle - Background of secondary areas and read-only fields. #f4f4f5 / #27272a
 * @cssproperty --latch-color-on-surface - Main text. #18181b / #f4f4f5
 * @cssproperty --latch-color-muted - Secondary text (hints, countdowns). #52525b / #a1a1aa
 * @cssproperty --latch-color-border - Decorative borders and dividers. #e4e4e7 / #3f3f46
 * @cssproperty --latch-color-border-strong - Borders of inputs (3:1 against the surface). #71717a / #a1a1aa
 * @cssproperty --latch-color-error - Error text and invalid borders. #b91c1c / #fca5a5
 * @cssproperty --latch-color-error-surface - Background of error messages. #fef2f2 / #450a0a
 * @cssproperty --latch-color-success - Success text and icons. #15803d / #86efac
 * @cssproperty --latch-color-warning - Warning text and icons. #a16207 / #fde047
 * @cssproperty --latch-color-focus-ring - Keyboard focus outline. #2563eb / #93c5fd
 * @cssproperty --latch-color-backdrop - Modal backdrop. rgb(0 0 0 / 0.5) / rgb(0 0 0 / 0.7)
 * @cssproperty --latch-font-family - Text font. System UI stack.
 * @cssproperty --latch-font-family-mono - Codes, addresses, signatures. Monospace stack.
 * @cssproperty --latch-font-size-xs - Fine print. 0.75rem
 * @cssproperty --latch-font-size-sm - Hints and secondary text. 0.875rem
 * @cssproperty --latch-font-size-md - Body text and controls. 1rem
 * @cssproperty --latch-font-size-lg - Headings. 1.25rem
 * @cssproperty --latch-font-size-xl - One-time code characters. 1.5rem
 * @cssproperty --latch-font-weight-normal - Body text. 400
 * @cssproperty --latch-font-weight-medium - Buttons and labels. 500
 * @cssproperty --latch-font-weight-bold - Headings. 600
 * @cssproperty --latch-line-height - Body line height. 1.5
 * @cssproperty --latch-space-xs - Spacing step 1. 0.25rem
 * @cssproperty --latch-space-sm - Spacing step 2. 0.5rem
 * @cssproperty --latch-space-md - Spacing step 3. 0.75rem
 * @cssproperty --latch-space-lg - Spacing step 4. 1rem
 * @cssproperty --latch-space-xl - Spacing step 5. 1.5rem
 * @cssproperty --latch-radius-sm - Small corners (tags, code boxes). 0.25rem
 * @cssproperty --latch-radius - Corners of controls (config `theme.radius`). 0.5rem
 * @cssproperty --latch-radius-lg - Corners of cards and dialogs. 0.75rem
 * @cssproperty --latch-border-width - Border width of controls. 1px
 * @cssproperty --latch-control-height - Height of buttons and inputs (a 44px touch target). 2.75rem
 * @cssproperty --latch-focus-ring-width - Width of the focus outline. 2px
 * @cssproperty --latch-focus-ring-offset - Gap between a control and its focus outline. 2px
 * @cssproperty --latch-shadow - Shadow of raised controls.
 * @cssproperty --latch-shadow-lg - Shadow of cards and dialogs.
 * @cssproperty --latch-transition-duration - Duration of state transitions (0s under reduced motion). 150ms
 * @cssproperty --latch-transition-easing - Easing of state transitions. ease
 * @cssproperty --latch-disabled-opacity - Opacity of disabled controls. 0.5
 * @cssproperty --latch-z-index-modal - Stacking order of the modal drop-in. 1000
 */

export interface LatchToken {
  /** Name without prefix: the page sets `--latch-<name>`, elements read `--_<name>`. */
  readonly name: string;
  /** Default (light) value. */
  readonly value: string;
  /** Dark value (colors only: the default becomes `light-dark(value, dark)`). */
  readonly dark?: string;
  /**
   * Component-local property that overrides the token per element (unprefixed, declared on
   * `:host`, set by an attribute of the same name): `color-primary` has `accent`.
   */
  readonly local?: string;
}

const t = (name: string, value: string, dark?: string, local?: string): LatchToken => ({
  name,
  value,
  ...(dark === undefined ? {} : { dark }),
  ...(local === undefined ? {} : { local }),
});

export const LATCH_TOKENS: readonly LatchToken[] = [
  t('color-scheme', 'light dark'),
  t('color-primary', '#4338ca', '#a5b4fc', 'accent'),
  // Derived from the resolved primary, so a themed primary gets a matching hover.
  t('color-primary-hover', 'color-mix(in srgb, var(--_color-primary) 82%, var(--_color-on-surface))'),
  t('color-on-primary', '#ffffff', '#1e1b4b'),
  t('color-surface', '#ffffff', '#18181b'),
  t('color-surface-raised', '#ffffff', '#27272a'),
  t('color-surface-subtle', '#f4f4f5', '#27272a'),
  t('color-on-surface', '#18181b', '#f4f4f5'),
  t('color-muted', '#52525b', '#a1a1aa'),
  t('color-border', '#e4e4e7', '#3f3f46'),
  t('color-border-strong', '#71717a', '#a1a1aa'),
  t('color-error', '#b91c1c', '#fca5a5'),
  t('color-error-surface', '#fef2f2', '#450a0a'),
  t('color-success', '#15803d', '#86efac'),
  t('color-warning', '#a16207', '#fde047'),
  t('color-focus-ring', '#2563eb', '#93c5fd'),
  t('color-backdrop', 'rgb(0 0 0 / 0.5)', 'rgb(0 0 0 / 0.7)'),
  t('font-family', "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', sans-serif"),
  t('font-family-mono', "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace"),
  t('font-size-xs', '0.75rem'),
  t('font-size-sm', '0.875rem'),
  t('font-size-md', '1rem'),
  t('font-size-lg', '1.25rem'),
  t('font-size-xl', '1.5rem'),
  t('font-weight-normal', '400'),
  t('font-weight-medium', '500'),
  t('font-weight-bold', '600'),
  t('line-height', '1.5'),
  t('space-xs', '0.25rem'),
  t('space-sm', '0.5rem'),
  t('space-md', '0.75rem'),
  t('space-lg', '1rem'),
  t('space-xl', '1.5rem'),
  t('radius-sm', '0.25rem'),
  t('radius', '0.5rem'),
  t('radius-lg', '0.75rem'),
  t('border-width', '1px'),
  t('control-height', '2.75rem'),
  t('focus-ring-width', '2px'),
  t('focus-ring-offset', '2px'),
  t('shadow', '0 1px 3px rgb(0 0 0 / 0.12), 0 1px 2px rgb(0 0 0 / 0.08)'),
  t('shadow-lg', '0 12px 32px rgb(0 0 0 / 0.18), 0 2px 6px rgb(0 0 0 / 0.1)'),
  t('transition-duration', '150ms'),
  t('transition-easing', 'ease'),
  t('disabled-opacity', '0.5'),
  t('z-index-modal', '1000'),
];

/** Token names, for lookups (`color-primary`, …). */
export const LATCH_TOKEN_NAMES: ReadonlySet<string> = new Set(LATCH_TOKENS.map((token) => token.name));
