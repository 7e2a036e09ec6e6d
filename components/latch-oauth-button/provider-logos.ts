/**
 * The OAuth providers' display names and small logos (24×24 inline SVG paths, drawn with as few
 * commands as still read as the mark). Inline, not image files: nothing to fetch, so a strict
 * `img-src` is unaffected and the logo shows with the first paint.
 */
import { svg, type SVGTemplateResult } from 'lit';
import type { OAuthProvider } from '../../src/flows/oauth-providers.ts';

type Paths = readonly (readonly [fill: string, d: string])[];

const INK = 'currentColor';

/** Provider → [display name (a brand: never translated), logo paths]. */
export const PROVIDERS: Readonly<Record<OAuthProvider, readonly [name: string, paths: Paths]>> = {
  google: [
    'Google',
    [
      ['#4285f4', 'M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.5 5.5 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7z'],
      ['#34a853', 'M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24z'],
      ['#fbbc05', 'M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6H1.3a12 12 0 0 0 0 10.8z'],
      ['#ea4335', 'M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A11.6 11.6 0 0 0 12 0 12 12 0 0 0 1.3 6.6l4 3.1c.9-2.8 3.6-4.9 6.7-4.9z'],
    ],
  ],
  apple: [
    'Apple',
    [
      [
        INK,
        'M16.4 12.7c0-2.6 2.1-3.8 2.2-3.9-1.2-1.8-3.1-2-3.7-2-1.6-.2-3.1.9-3.9.9s-2-.9-3.4-.9a5 5 0 0 0-4.2 2.6c-1.8 3.1-.5 7.7 1.3 10.2.9 1.2 1.9 2.6 3.2 2.6s1.8-.8 3.3-.8 2 .8 3.4.8 2.2-1.3 3.1-2.5a10 10 0 0 0 1.4-2.9 4.5 4.5 0 0 1-2.7-4.1zm-2.5-7.6A4.3 4.3 0 0 0 15 1.9a4.5 4.5 0 0 0-2.9 1.5 4.2 4.2 0 0 0-1 3.1 3.7 3.7 0 0 0 2.8-1.4z',
      ],
    ],
  ],
  facebook: [
    'Facebook',
    [['#1877f2', 'M24 12a12 12 0 1 0-13.9 11.9v-8.4h-3V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v3h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12z']],
  ],
  x: ['X', [[INK, 'M18.2 2.3h3.4l-7.4 8.4 8.7 11.5h-6.8l-5.3-7-6.1 7H1.3l7.9-9L.9 2.3h7l4.8 6.3zm-1.2 17.9h1.9L6.9 4.2H4.9z']]],
  discord: [
    'Discord',
    [
      [
        '#5865f2',
        'M20.3 4.4A19.8 19.8 0 0 0 15.4 3l-.6 1.3a18.4 18.4 0 0 0-5.5 0L8.6 3a19.7 19.7 0 0 0-4.9 1.5C.6 9.2-.3 13.8.1 18.3a20 20 0 0 0 6 3l1.3-2a13 13 0 0 1-2-1l.5-.4a14.2 14.2 0 0 0 12.2 0l.5.4-2 1 1.3 2a19.8 19.8 0 0 0 6-3c.5-5.2-.9-9.8-3.6-13.9zM8 15.5c-1.2 0-2.2-1.1-2.2-2.4s1-2.4 2.2-2.4 2.2 1.1 2.2 2.4-1 2.4-2.2 2.4zm8 0c-1.2 0-2.2-1.1-2.2-2.4s1-2.4 2.2-2.4 2.2 1.1 2.2 2.4-1 2.4-2.2 2.4z',
      ],
    ],
  ],
};

export function isProvider(value: unknown): value is OAuthProvider {
  return typeof value === 'string' && Object.hasOwn(PROVIDERS, value);
}

/** The provider's logo paths, for inside an `<svg viewBox="0 0 24 24">`. */
export function logoPaths(provider: OAuthProvider): SVGTemplateResult[] {
  return PROVIDERS[provider][1].map(([fill, d]) => svg`<path fill=${fill} d=${d}></path>`);
}
