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

/** The text an element renders in its shadow root and those of the elements it renders (for failure messages). */
export async function shownText(page: Page, host: string): Promise<string> {
  const found = await page.$(host);
  if (!found) return `(no ${host})`;
  return found.evaluate((el) => {
    const texts: string[] = [];
    const walk = (root: ShadowRoot | null | undefined): void => {
      if (!root) return;
      texts.push(root.textContent ?? '');
      for (const node of root.querySelectorAll('*')) walk(node.shadowRoot);
    };
    walk(el.shadowRoot);
    return texts.join(' ').replace(/\s+/g, ' ').trim();
  });
}

/**
 * Waits until `selector` matches a node (or, with `gone`, none), polling: a change inside a shadow
 * root nested in another (<latch-wallet>'s sections) is not seen by a document-level observer.
 */
export async function waitForNode(page: Page, selector: string, options: { gone?: boolean; timeoutMs?: number } = {}): Promise<void> {
  const end = Date.now() + (options.timeoutMs ?? 30_000);
  while (((await page.$(selector)) === null) !== (options.gone ?? false)) {
    if (Date.now() > end) throw new Error(`${selector}: ${options.gone ? 'still there' : 'never showed'} after ${options.timeoutMs ?? 30_000} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Waits until `selector` matches `count` nodes. `>>>` in it looks through shadow roots at any
 * depth, so `latch-wallet >>> [part~="address"]` finds the addresses of its account list.
 */
export async function waitForCount(page: Page, selector: string, count: number, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while ((await page.$$(selector)).length !== count) {
    if (Date.now() > end) throw new Error(`${selector}: not ${count} nodes after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
