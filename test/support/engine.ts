// Which browser engine a test page runs in (set by web-test-runner.config.mjs), and tests that
// need something only some engines or their drivers give. Such a test says what it needs in its
// name, runs where it can, and is reported as skipped (not passed) elsewhere; the summary counts
// the skips per engine.
export type Engine = 'chromium' | 'firefox' | 'webkit' | 'node';

const pageEngine = (globalThis as { __LATCHKEY_ENGINE__?: Engine }).__LATCHKEY_ENGINE__;
export const engine: Engine = pageEngine ?? (typeof window === 'undefined' ? 'node' : 'chromium');

/** What a test may need, and the engines that have it. */
const FEATURES = {
  // @web/test-runner-commands' emulateMedia works over CDP only (not BiDi, not WebDriver).
  'media emulation': ['chromium'],
  // Passkeys without a person: the CDP virtual authenticator (test/support/webauthn-plugin.mjs).
  'virtual authenticator': ['chromium'],
  // A trusted paste from the real clipboard: the CDP command in test/support/clipboard-plugin.mjs.
  'CDP clipboard': ['chromium'],
  // WebKitGTK's MiniBrowser ships without the Web Authentication API.
  WebAuthn: ['chromium', 'firefox'],
} satisfies Record<string, readonly Engine[]>;

export type Feature = keyof typeof FEATURES;

export const engineHas = (feature: Feature): boolean => (FEATURES[feature] as readonly Engine[]).includes(engine);

/** The test name, marked with what it needs. */
export const needsName = (feature: Feature, name: string): string => `${name} [needs ${feature}]`;

type Body = () => void | Promise<void>;
interface Define {
  (name: string, body: Body): unknown;
  skip: (name: string, body: Body) => unknown;
}

const mochaGlobal = (name: 'it' | 'describe'): Define => (globalThis as unknown as Record<string, Define>)[name]!;

/** `it`, run only in engines that have `feature`; skipped, by name, elsewhere. */
export function itNeeds(feature: Feature, name: string, body: Body, define: Define = mochaGlobal('it')): void {
  (engineHas(feature) ? define : define.skip)(needsName(feature, name), body);
}

/** `describe`, likewise: every test in it is skipped in engines without `feature`. */
export function describeNeeds(feature: Feature, name: string, body: () => void, define: Define = mochaGlobal('describe')): void {
  (engineHas(feature) ? define : define.skip)(needsName(feature, name), body);
}
