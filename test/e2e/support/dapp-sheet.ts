/**
 * The dapp pages of the confirmation-sheet tests (eip1193.html, solana.html): a site serving one
 * page, a user logged in on it by email code, the page's dapp global ready; and the sheet read as
 * a person reads it. One copy for the Ethereum and the Solana test.
 */
import { openPage, type Page, type PageProblems } from './browser.ts';
import { startSite, type E2eSite } from './e2e-site.ts';
import { otpLogin } from './auth-flows.ts';
import { uniqueEmail, waitForBoot } from './page-helpers.ts';

export const SHEET = 'latch-confirm';

export interface LoggedInDapp {
  site: E2eSite;
  page: Page;
  problems: PageProblems;
  /** How many activities the emulator holds: the same before and after a refused request. */
  activities: () => number;
}

/** Serves `pageName`, logs a new user in on it, and waits until the page's `window[global]` is set. */
export async function openLoggedInDapp(pageName: 'eip1193.html' | 'solana.html', global: '__dapp' | '__solanaDapp', contactTag: string): Promise<LoggedInDapp> {
  const site = await startSite({ pages: [pageName] });
  const { page, problems } = await openPage(site.browser);
  await page.goto(site.url(pageName));
  await waitForBoot(page);
  await otpLogin(page, site.emu, { contact: uniqueEmail(contactTag) });
  await page.waitForFunction((name: string) => (window as unknown as Record<string, unknown>)[name] !== undefined, { timeout: 20_000 }, global);
  return { site, page, problems, activities: () => site.emu.emulator.state.read.activities.size };
}

export interface SheetView {
  title: string;
  origin: string;
  account: string;
  chain: string;
  warnings: string[];
  /** Every row by its label; two rows of one label fail the read, since one would hide the other. */
  rows: Record<string, string>;
  message: string;
  headings: string[];
}

/** Waits for the sheet and reads it: title, context, warnings, section headings, and every row by label. */
export async function readSheet(page: Page): Promise<SheetView> {
  await page.waitForSelector(`${SHEET} >>> [part~="approve"]`, { visible: true });
  return page.$eval(SHEET, (el) => {
    const root = el.shadowRoot!;
    const words = (node: Element | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
    const rows: Record<string, string> = {};
    for (const row of root.querySelectorAll('[part~="row"]')) {
      const label = words(row.querySelector('dt'));
      if (label in rows) throw new Error(`two rows labelled ${label}`);
      rows[label] = words(row.querySelector('dd'));
    }
    return {
      title: words(root.querySelector('[part~="title"]')),
      origin: words(root.querySelector('[part~="origin"]')),
      account: words(root.querySelector('[part~="account"]')),
      chain: words(root.querySelector('[part~="chain"]')),
      warnings: Array.from(root.querySelectorAll('[part~="warning"]'), words),
      rows,
      message: root.querySelector('[part~="message-text"]')?.textContent ?? '',
      headings: Array.from(root.querySelectorAll('[part~="section-heading"]'), words),
    };
  });
}

/** Starts `window[global][call](...args)` in the page; it answers once the person has answered the sheet. */
export function askDapp<T>(page: Page, global: '__dapp' | '__solanaDapp', call: string, ...args: string[]): Promise<T> {
  return page.evaluate(
    (g: string, c: string, a: string[]) => ((window as unknown as Record<string, Record<string, (...x: string[]) => Promise<unknown>>>)[g]!)[c]!(...a),
    global,
    call,
    args,
  ) as Promise<T>;
}
