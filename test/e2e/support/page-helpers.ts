/**
 * What the tests do in a page, in a person's terms where possible: type into fields inside
 * shadow roots (puppeteer's `>>>` deep combinator), wait for logged events, read the CSP log.
 */
import assert from 'node:assert/strict';
import type { Page } from 'puppeteer-core';
import type { LoggedEvent } from '../pages/shared/event-log.ts';
import type { ViolationRecord } from '../pages/shared/violations.ts';
import { describeProblems, hasProblems, type PageProblems } from './browser.ts';

/** Waits until the page's own script booted (window.__booted) or failed (throws its error). */
export async function waitForBoot(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__booted === true || typeof window.__bootError === 'string', { timeout: 20_000 });
  const error = await page.evaluate(() => window.__bootError);
  assert.equal(error, undefined, `page boot failed: ${error}`);
}

export async function events(page: Page): Promise<LoggedEvent[]> {
  return page.evaluate(() => window.__events);
}

/** Waits for an event of `type` seen `via` (after `skip` such events), and returns it. */
export async function waitForEvent(page: Page, type: string, options: { via?: string; skip?: number; timeout?: number } = {}): Promise<LoggedEvent> {
  const { via, skip = 0, timeout = 20_000 } = options;
  try {
    await page.waitForFunction(
      (t: string, v: string | null, n: number) => window.__events.filter((e) => e.type === t && (v === null || e.via === v)).length > n,
      // Interval polling: the default (requestAnimationFrame) stops while a popup has the focus.
      { timeout, polling: 100 },
      type,
      via ?? null,
      skip,
    );
  } catch (error) {
    throw new Error(`no ${type} event${via ? ` via ${via}` : ''}; events so far: ${JSON.stringify(await events(page))}`, { cause: error });
  }
  const all = (await events(page)).filter((e) => e.type === type && (!via || e.via === via));
  return all[skip]!;
}

export async function violations(page: Page): Promise<ViolationRecord[]> {
  return page.evaluate(() => window.__violations);
}

/**
 * No CSP violation in the page's log, no console error, no uncaught exception, no failed request.
 * `expected`: console errors that the test provoked on purpose (Chromium logs every HTTP error
 * answer, e.g. the 400 of a wrong code), any number of times each.
 */
export async function assertClean(page: Page, problems: PageProblems, expected: RegExp[] = []): Promise<void> {
  const seen = await violations(page);
  assert.deepEqual(seen, [], `CSP violations: ${JSON.stringify(seen, null, 2)}`);
  const allowed = [...expected, NO_CHAIN_BALANCES_ANSWER];
  const rest: PageProblems = { ...problems, consoleErrors: problems.consoleErrors.filter((line) => !allowed.some((re) => re.test(line))) };
  assert.ok(!hasProblems(rest), `page problems: ${describeProblems(rest)}`);
}

/**
 * The console line Chromium writes when <latch-wallet> reads balances from an emulator started
 * without its chains (every end-to-end emulator but the chains' own tests): the service answers
 * 400 CHAIN_UNAVAILABLE and the wallet says the balances could not be read. Expected on every page
 * with a wallet, so assertClean always allows it; the balances themselves are tested with chains
 * on (test/components/latch-wallet-balances).
 */
export const NO_CHAIN_BALANCES_ANSWER = /status of 400 \(Bad Request\) @ http:\/\/127\.0\.0\.1:\d+\/public\/v1\/query\/get_wallet_address_balances$/;

/** The console line Chromium writes for a refused OTP (a wrong code), in either proxy generation. */
export const WRONG_CODE_ANSWER = /status of 400 \(Bad Request\) @ http:\/\/127\.0\.0\.1:\d+\/v1\/otp_verify(?:_v2)?$/;

/** Types `text` into the element matched by a deep selector (clicks it first). */
export async function typeInto(page: Page, selector: string, text: string): Promise<void> {
  const handle = await page.waitForSelector(selector, { visible: true });
  assert.ok(handle, `no ${selector}`);
  await handle.click({ count: 3 });
  await handle.type(text);
  await handle.dispose();
}

export async function click(page: Page, selector: string): Promise<void> {
  const handle = await page.waitForSelector(selector, { visible: true });
  assert.ok(handle, `no ${selector}`);
  await handle.click();
  await handle.dispose();
}

/** A unique contact per test run, so reruns against one emulator never collide. */
export function uniqueEmail(label: string): string {
  return `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}
