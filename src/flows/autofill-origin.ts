/**
 * Where passkey autofill cannot run: WebAuthn takes a domain name as its relying party, never an
 * IP address (127.0.0.1 is "an invalid domain"), and only in a secure context (https, or
 * http://localhost). Autofill starts when a field gets focus, unasked: there it stays silent for
 * the person (the field autofills what it always did) and says why once, in the console, for the
 * developer. A click on a passkey button still reports the failure.
 */
import { isLatchError } from '../errors/latch-error.ts';

let told = false;

/** Says `why` in the console, once per page. */
function tell(why: string): void {
  if (told) return;
  told = true;
  // eslint-disable-next-line no-console -- the developer's one notice; the person sees nothing
  console.warn(`Latchkey: passkey autofill is off on this page: ${why}. Passkeys work on a domain name over https, or on http://localhost while developing.`);
}

/** Why autofill cannot run for `rpId` here, or undefined. */
export function autofillBlocked(rpId: string): string | undefined {
  if (/^(\d{1,3}(\.\d{1,3}){3}|\[.*\]|.*:.*)$/.test(rpId)) return `${rpId} is an IP address, and WebAuthn takes only a domain name`;
  if ((globalThis as { isSecureContext?: boolean }).isSecureContext === false) return `${(globalThis as { location?: Location }).location?.origin ?? 'the page'} is not a secure context`;
  return undefined;
}

/** True (after telling the developer) when autofill cannot run for `rpId` here. */
export function autofillUnusable(rpId: string): boolean {
  const why = autofillBlocked(rpId);
  if (why) tell(why);
  return why !== undefined;
}

/**
 * True (after telling the developer) for the browser's refusal of the origin itself (a
 * SecurityError: the relying party is not this page's domain or a suffix of it, or not valid).
 */
export function originRefused(error: unknown, rpId: string): boolean {
  const cause = isLatchError(error, 'ERR_PASSKEY_FAILED') ? (error.cause as { name?: unknown } | undefined) : undefined;
  if (cause?.name !== 'SecurityError') return false;
  tell(`the browser refused the relying party ${rpId || '(none)'} for this page (SecurityError)`);
  return true;
}
