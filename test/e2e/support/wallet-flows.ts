/** A person using `<latch-wallet>`: waiting for the accounts, signing a message, paging. */
import assert from 'node:assert/strict';
import type { Page } from 'puppeteer-core';
import { click, waitForEvent } from './page-helpers.ts';
import type { LoggedEvent } from '../pages/shared/event-log.ts';

/** The addresses on the wallet's current page, once it shows some. */
export async function shownAddresses(page: Page, host = 'latch-wallet'): Promise<string[]> {
  try {
    await page.waitForSelector(`${host} >>> [part~="address"]`, { visible: true });
  } catch (error) {
    throw new Error(`${host} shows no address; it shows: ${await shownText(page, host)}`, { cause: error });
  }
  return page.$$eval(`${host} >>> [part~="address"]`, (els) => els.map((el) => el.textContent!.trim()));
}

/** Signs `message` with the selected account (review, then sign); returns the latch-sign event. */
export async function signMessage(page: Page, message: string, options: { host?: string; signsBefore?: number } = {}): Promise<LoggedEvent> {
  const host = options.host ?? 'latch-wallet';
  const field = await page.waitForSelector(`${host} >>> [part~="sign-message"]`, { visible: true });
  assert.ok(field);
  await field.click();
  await field.type(message);
  await field.dispose();
  await click(page, `${host} >>> [part~="sign-review"]`);
  // The preview shows exactly what will be signed before the button is offered.
  await page.waitForSelector(`${host} >>> [part~="sign-preview"]`, { visible: true });
  await click(page, `${host} >>> [part~="sign-button"]`);
  await page.waitForSelector(`${host} >>> [part~="signature"]`, { visible: true });
  return waitForEvent(page, 'latch-sign', { skip: options.signsBefore ?? 0 });
}

/** The text an element renders in its shadow root (for failure messages). */
export async function shownText(page: Page, host: string): Promise<string> {
  const found = await page.$(host);
  if (!found) return `(no ${host})`;
  return found.evaluate((el) => (el.shadowRoot?.textContent ?? '').replace(/\s+/g, ' ').trim());
}
