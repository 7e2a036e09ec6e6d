// Helpers for component tests in the three engines (@open-wc/testing + @web/test-runner-commands).
import type { WalletKitConfig } from '../../../src/clients/proxy-types.ts';
import { $config } from '../../../src/state/config-state.ts';
import { engine } from '../../support/engine.ts';

export { deepActiveElement } from '../../../components/internal/focus.ts';

/** A complete wallet_kit_config with test defaults; `overrides` win. */
export function testConfig(overrides: Partial<WalletKitConfig> = {}): WalletKitConfig {
  return {
    enabledProviders: ['email'],
    sessionExpirationSeconds: '900',
    organizationId: 'org-test',
    otpAlphanumeric: true,
    otpLength: '6',
    ...overrides,
  };
}

/** Sets the kit's `$config` store; call the returned function (or `resetConfig`) to empty it. */
export function setTestConfig(config: WalletKitConfig | null): () => void {
  $config.set(config);
  return resetConfig;
}

export function resetConfig(): void {
  $config.set(null);
}

/** Dispatches a real paste: a ClipboardEvent carrying a DataTransfer with `text`. */
export function paste(target: Element, text: string): ClipboardEvent {
  const clipboardData = new DataTransfer();
  clipboardData.setData('text/plain', text);
  const event = new ClipboardEvent('paste', { clipboardData, bubbles: true, composed: true, cancelable: true });
  // Firefox gives a script-made paste event a copy of the data that reads back empty (only a
  // real paste is readable there); the element reads `event.clipboardData` either way.
  if (event.clipboardData?.getData('text/plain') !== text) Object.defineProperty(event, 'clipboardData', { value: clipboardData });
  target.dispatchEvent(event);
  return event;
}

/** Records every event of `types` reaching `target`; read `.events`, call `.stop()` when done. */
export function recordEvents(target: EventTarget, types: readonly string[]): { events: Event[]; stop: () => void } {
  const events: Event[] = [];
  const listener = (event: Event): void => void events.push(event);
  for (const type of types) target.addEventListener(type, listener);
  return { events, stop: () => types.forEach((type) => target.removeEventListener(type, listener)) };
}

/** Adds page CSS (as an author stylesheet, like a real page); returns its remover. */
export function addPageStyle(cssText: string): () => void {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(cssText);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  return () => {
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
  };
}

/** `getComputedStyle(el)[property]` of a node in `host`'s shadow root found by `selector`. */
export function shadowStyle(host: Element, selector: string, property: string): string {
  const node = host.shadowRoot?.querySelector(selector);
  if (!node) throw new Error(`no ${selector} in the shadow root`);
  return getComputedStyle(node).getPropertyValue(property);
}

/**
 * Presses `key` with `modifier` held, as a person would. Puppeteer (Chromium, Firefox) has no
 * "Shift+Tab" and takes down / press / up; the WebDriver launcher (WebKit) takes only whole
 * presses, which test/support/engine-launcher.mjs reads as a chord.
 */
export async function pressWith(modifier: 'Shift' | 'Control' | 'Alt' | 'Meta', key: string): Promise<void> {
  const { sendKeys } = await import('@web/test-runner-commands');
  if (engine === 'webkit') {
    await sendKeys({ press: `${modifier}+${key}` });
    return;
  }
  await sendKeys({ down: modifier });
  try {
    await sendKeys({ press: key });
  } finally {
    await sendKeys({ up: modifier });
  }
}

/**
 * Presses `button` as a person does: focused, then Enter, which the browser turns into a trusted
 * click (`el.click()` is a script's click, `isTrusted` false, which a sheet asking for the
 * person's approval ignores).
 */
export async function pressButton(button: HTMLElement): Promise<void> {
  const { sendKeys } = await import('@web/test-runner-commands');
  button.focus();
  await sendKeys({ press: 'Enter' });
}

/**
 * Makes `navigator.languages` report `languages` for this test page (each test file has its own
 * page), so tests do not depend on the machine's UI language. Returns the restorer.
 */
export function pinBrowserLanguages(languages: readonly string[]): () => void {
  Object.defineProperty(navigator, 'languages', { configurable: true, get: () => languages });
  return () => {
    delete (navigator as { languages?: unknown }).languages;
  };
}
