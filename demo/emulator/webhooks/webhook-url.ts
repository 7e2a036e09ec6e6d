/**
 * Which webhook URLs the emulator accepts. The hosted service wants an HTTPS URL reachable from
 * the internet; the emulator runs on a developer's machine and delivers to local receivers, so
 * it also takes plain http to loopback hosts (127.0.0.0/8, localhost, [::1]). Plain http to any
 * other host is refused: it would send signed activity data in the clear.
 */
import { invalidRequest } from '../http/service-error.ts';

const LOOPBACK = /^(?:127(?:\.\d{1,3}){3}|localhost|\[::1\])$/i;

export function checkWebhookUrl(value: string, field: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch (error) {
    throw invalidRequest(`${field} must be an absolute URL.`, error);
  }
  if (url.username || url.password) throw invalidRequest(`${field} must not carry credentials.`);
  if (url.hash) throw invalidRequest(`${field} must not have a fragment.`);
  if (url.protocol === 'https:') return url.toString();
  if (url.protocol === 'http:' && LOOPBACK.test(url.hostname)) return url.toString();
  throw invalidRequest(`${field} must be an https URL (or http to 127.0.0.1 / localhost on the emulator).`);
}
