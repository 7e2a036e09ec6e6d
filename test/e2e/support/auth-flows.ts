/**
 * A person logging in through `<latch-auth>` in a real page: type the email or phone number,
 * read the code from the emulator's outbox, type it into the code boxes. Selectors pierce the
 * shadow roots with puppeteer's `>>>`, and name parts (the element's public styling surface)
 * rather than internal classes.
 */
import assert from 'node:assert/strict';
import type { Page } from 'puppeteer-core';
import type { E2eEmulator } from './e2e-emulator.ts';
import { click, typeInto, waitForEvent } from './page-helpers.ts';
import type { LoggedEvent } from '../pages/shared/event-log.ts';

export type ContactMethod = 'email' | 'sms';

export interface OtpLoginOptions {
  method?: ContactMethod;
  contact: string;
  /** What the person types, when it differs from the contact the code goes to (a phone number with spaces). */
  typed?: string;
  /** The `<latch-auth>` to use (a deep selector). Default `latch-auth`. */
  host?: string;
  /** Which listener's latch-login to wait for (default: 'dom'). */
  via?: string;
  /** latch-login events of that listener seen before this login. */
  loginsBefore?: number;
  /** Type this wrong code first and expect latch-error ERR_OTP_INVALID. */
  wrongCodeFirst?: boolean;
  errorsBefore?: number;
}

/**
 * Waits until `<latch-auth>` shows its methods (the config loaded). Someone already logged in
 * (an earlier test's session in this origin's IndexedDB, or a login just made) sees who instead:
 * they press the drop-in's Log out first, as a person would to log in again.
 */
export async function waitForMethods(page: Page, host = 'latch-auth'): Promise<string[]> {
  const shown = await page.waitForSelector(`${host} >>> :is([part~="methods"], [part~="account"])`, { visible: true });
  if (await shown!.evaluate((el) => el.matches('[part~="account"]'))) await click(page, `${host} >>> [part~="logout"]`);
  await shown!.dispose();
  await page.waitForSelector(`${host} >>> [part~="methods"]`, { visible: true });
  return page.$eval(host, (el) =>
    Array.from(el.shadowRoot!.querySelectorAll('[part~="methods"] > *, [part~="providers"] > *'))
      .map((node) => node.getAttribute('data-method') ?? node.getAttribute('provider') ?? (node.matches('[part~="passkey"]') ? 'passkey' : ''))
      .filter(Boolean),
  );
}

/** Sends a code to `contact` and types it in; resolves with the latch-login event the page logged. */
export async function otpLogin(page: Page, emu: E2eEmulator, options: OtpLoginOptions): Promise<LoggedEvent> {
  const { method = 'email', contact, host = 'latch-auth', via = 'dom', loginsBefore = 0 } = options;
  await waitForMethods(page, host);
  const sent = await emu.outboxCount(contact);
  await typeInto(page, `${host} >>> input#${method}`, options.typed ?? contact);
  await click(page, `${host} >>> form[data-method="${method}"] [part~="submit"]`);
  const code = await emu.latestCode(contact, { after: sent });
  const boxes = `${host} >>> latch-otp-input >>> input`;
  await page.waitForSelector(boxes, { visible: true });
  if (options.wrongCodeFirst) {
    const wrong = code.replace(/./g, (c) => (c === '0' ? '1' : '0'));
    await typeCode(page, boxes, wrong);
    const error = await waitForEvent(page, 'latch-error', { via, skip: options.errorsBefore ?? 0 });
    assert.equal(error.code, 'ERR_OTP_INVALID');
    // The element clears the boxes and focuses the first one for another try.
    await page.waitForFunction(
      (h: string) => {
        const otp = document.querySelector(h)?.shadowRoot?.querySelector('latch-otp-input') as (HTMLElement & { value: string; disabled: boolean }) | null;
        return otp !== null && otp.value === '' && !otp.disabled;
      },
      {},
      host,
    );
  }
  await typeCode(page, boxes, code);
  return waitForEvent(page, 'latch-login', { via, skip: loginsBefore });
}

/** Types a code into the first code box (the element spreads it over the boxes). */
async function typeCode(page: Page, boxes: string, code: string): Promise<void> {
  const first = await page.waitForSelector(boxes, { visible: true });
  assert.ok(first);
  await first.click();
  await first.type(code);
  await first.dispose();
}

let phoneCounter = 0;
/** A unique E.164 test number, valid in the US plan (the drop-in's phone field checks it): +1 415 [2-9]xx xxxx. */
export function uniquePhone(): string {
  phoneCounter += 1;
  const n = ((Date.now() % 1e5) * 10 + (phoneCounter % 10)) % 1e6;
  return `+1415${2 + (phoneCounter % 8)}${String(n).padStart(6, '0')}`;
}
