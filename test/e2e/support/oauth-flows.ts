/**
 * A person choosing "Continue with <provider>": the button opens the emulator's consent page in
 * a popup (caught with puppeteer's `popup` event), the person presses Continue (or Cancel), the
 * provider sends the popup back to the page's origin, and the opener finishes the login.
 */
import assert from 'node:assert/strict';
import type { Page } from 'puppeteer-core';
import { watch, type PageProblems } from './browser.ts';

export interface PopupOptions {
  provider: string;
  email: string;
  decision?: 'allow' | 'deny';
  /** The `<latch-oauth-button>` (deep selector). Default: the one inside `<latch-auth>`. */
  button?: string;
  /** Problems of the popup's pages are recorded here (its last page is ours: the callback). */
  problems?: PageProblems;
}

/** Clicks the provider's button once it is ready, handles the consent page; resolves when the popup has closed. */
export async function oauthInPopup(page: Page, options: PopupOptions): Promise<{ authorizeUrl: URL }> {
  const host = options.button ?? `latch-auth >>> latch-oauth-button[provider="${options.provider}"]`;
  const control = `${host} >>> [part~="button"]`;
  // The attempt (key, nonce, PKCE, URL) is prepared before the click; until then the button is aria-disabled.
  await page.waitForSelector(`${control}[aria-disabled="false"]`, { visible: true });
  const popupOpened = new Promise<Page>((resolve) => page.once('popup', (popup) => resolve(popup!)));
  await page.click(control);
  const popup = await popupOpened;
  if (options.problems) watch(popup, options.problems, new URL(page.url()).origin);
  await popup.waitForSelector('#consent-allow', { visible: true });
  const authorizeUrl = new URL(popup.url());
  assert.equal(authorizeUrl.pathname, `/oauth/${options.provider}/authorize`);
  const email = await popup.$('#consent-email');
  assert.ok(email);
  await email.click({ count: 3 });
  await email.type(options.email);
  await email.dispose();
  const closed = new Promise<void>((resolve) => popup.once('close', () => resolve()));
  await popup.click(options.decision === 'deny' ? '#consent-deny' : '#consent-allow');
  // The opener closes the popup as soon as it is back on the redirect URI.
  await closed;
  return { authorizeUrl };
}
