/**
 * Debian's Chromium (CDP) or, with LATCHKEY_ENGINE=firefox, Debian's Firefox ESR (WebDriver BiDi),
 * driven by puppeteer-core: headless, a temporary profile per launch (no user-data-dir), and a
 * page wrapper that records what went wrong in it (console errors, uncaught exceptions, failed
 * requests) so every test can assert there was none.
 */
import puppeteer, { type Browser, type ConsoleMessage, type Page } from 'puppeteer-core';
import { CHROME_FLAGS, findChrome } from '../../../scripts/find-chrome.mjs';
import { findFirefox } from '../../../scripts/engines.mjs';

export type { Browser, Page };

/** The engine end-to-end tests drive: chromium (default) or firefox. */
export const e2eEngine: 'chromium' | 'firefox' = process.env.LATCHKEY_ENGINE === 'firefox' ? 'firefox' : 'chromium';

export async function launchBrowser(): Promise<Browser> {
  if (e2eEngine === 'firefox') {
    const executablePath = findFirefox();
    if (!executablePath) throw new Error('No Firefox: install Debian firefox-esr (node scripts/engines.mjs as root).');
    return puppeteer.launch({ browser: 'firefox', executablePath, headless: true, protocol: 'webDriverBiDi', protocolTimeout: 60_000 });
  }
  const executablePath = findChrome();
  if (!executablePath) throw new Error('No Chromium: set CHROME_PATH or install Debian chromium.');
  return puppeteer.launch({
    executablePath,
    headless: true,
    args: CHROME_FLAGS,
    protocolTimeout: 60_000,
  });
}

export interface PageProblems {
  /** `console.error` lines, CSP reports Chromium logs as errors included. */
  consoleErrors: string[];
  /** Uncaught exceptions and unhandled rejections. */
  pageErrors: string[];
  /** Requests that failed at the network level (not HTTP error statuses). */
  failedRequests: string[];
}

/** A new tab that records its problems (and those of popups it opens). */
export async function openPage(browser: Browser): Promise<{ page: Page; problems: PageProblems }> {
  const page = await browser.newPage();
  const problems: PageProblems = { consoleErrors: [], pageErrors: [], failedRequests: [] };
  watch(page, problems);
  await keepNamesShim(page);
  page.setDefaultTimeout(20_000);
  return { page, problems };
}

/**
 * tsx compiles the tests with esbuild's keepNames, which wraps named functions in a `__name()`
 * helper; functions handed to page.evaluate carry those calls into the page, where the helper
 * does not exist. Define it there (CDP scripts are not subject to the page's CSP).
 */
export async function keepNamesShim(page: Page): Promise<void> {
  await page.evaluateOnNewDocument('globalThis.__name = (fn) => fn;');
}

/**
 * Records `page`'s problems into `problems`. `origin`: only while the page is on that origin (a
 * popup that visits the emulator's own pages, whose favicon requests 404, is judged on ours).
 */
export function watch(page: Page, problems: PageProblems, origin?: string): void {
  // With `origin`, only while the page is on it: our code runs there, not on the emulator's pages.
  const ours = () => !origin || page.url().startsWith(origin);
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' && ours()) problems.consoleErrors.push(`${message.text()} @ ${message.location().url ?? ''}`);
  });
  page.on('pageerror', (error: unknown) => {
    if (ours()) problems.pageErrors.push(String((error as Error)?.stack ?? error));
  });
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? 'failed';
    // A navigation away (the popup closing) aborts what was in flight: not a problem of the page.
    if (reason !== 'net::ERR_ABORTED' && ours()) problems.failedRequests.push(`${request.method()} ${request.url()} ${reason}`);
  });
}

/** Everything recorded, for an assertion message. */
export function describeProblems(problems: PageProblems): string {
  return JSON.stringify(problems, null, 2);
}

export function hasProblems(problems: PageProblems): boolean {
  return problems.consoleErrors.length + problems.pageErrors.length + problems.failedRequests.length > 0;
}
