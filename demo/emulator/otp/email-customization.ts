/**
 * The email fields of init_otp / init_otp_auth (hosted V3 intents, `v1InitOtpIntentV3`,
 * `v1InitOtpAuthIntentV3`): `appName` (required), `emailCustomization` {logoUrl,
 * magicLinkTemplate, templateVariables, templateId}, `sendFromEmailAddress`,
 * `sendFromEmailSenderName`, `replyToEmailAddress`, `userIdentifier`. All checked before
 * anything is staged: a refused request changes nothing.
 *
 * Ours (no source fixes these): URLs that reach a message (the logo, the magic link) must be
 * https, or http on a loopback host; a magic-link template holds `%s` exactly once (the
 * hosted docs: "e.g. `https://dapp.xyz/%s`"); `templateVariables` is a JSON object of strings,
 * numbers or booleans; no header value (names, addresses, ids) holds a control character.
 */
import { invalidRequest } from '../http/service-error.ts';
import { isObject, optionalObject, optionalString, requireString, type JsonObject } from '../http/fields.ts';
import { isEmail } from '../identity/contact.ts';

/** The hosted default sender name ("if left empty, will default to 'Notifications'"). */
export const DEFAULT_SENDER_NAME = 'Notifications';
/** The emulator's own sender address (ours; `.invalid` never resolves). */
export const DEFAULT_SENDER_ADDRESS = 'notifications@latchkey-emulator.invalid';
/** The placeholder of a magic-link template (hosted: "interpolated into the `%s`"). */
export const MAGIC_LINK_PLACEHOLDER = '%s';

export interface EmailCustomization {
  appName: string;
  logoUrl?: string;
  magicLinkTemplate?: string;
  templateId?: string;
  templateVariables?: Readonly<Record<string, string>>;
  sendFromEmailAddress?: string;
  sendFromEmailSenderName?: string;
  replyToEmailAddress?: string;
}

const hasControl = (value: string): boolean => [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** https anywhere, http only on a loopback host (a developer's own machine). */
export function isSafeMessageUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && (LOOPBACK.has(url.hostname) || url.hostname.endsWith('.localhost'));
}

function headerText(o: JsonObject, key: string, where: string, max: number): string | undefined {
  const value = optionalString(o, key, where, { max });
  if (value !== undefined && hasControl(value)) throw invalidRequest(`${where}.${key} must not contain control characters.`);
  return value;
}

function address(o: JsonObject, key: string, where: string): string | undefined {
  const value = headerText(o, key, where, 320);
  if (value !== undefined && !isEmail(value)) throw invalidRequest(`${where}.${key} is not an email address.`);
  return value;
}

function messageUrl(o: JsonObject, key: string, where: string): string | undefined {
  const value = optionalString(o, key, where, { max: 2048 });
  if (value !== undefined && !isSafeMessageUrl(value)) throw invalidRequest(`${where}.${key} must be an https URL (or http on a loopback host).`);
  return value;
}

function magicLinkTemplate(o: JsonObject, where: string): string | undefined {
  const value = optionalString(o, 'magicLinkTemplate', where, { max: 2048 });
  if (value === undefined) return undefined;
  if (value.split(MAGIC_LINK_PLACEHOLDER).length !== 2) {
    throw invalidRequest(`${where}.magicLinkTemplate must hold ${MAGIC_LINK_PLACEHOLDER} exactly once (where the code goes).`);
  }
  // Checked with a code in place: the URL a message will carry.
  if (!isSafeMessageUrl(value.replace(MAGIC_LINK_PLACEHOLDER, '000000'))) {
    throw invalidRequest(`${where}.magicLinkTemplate must be an https URL (or http on a loopback host).`);
  }
  return value;
}

function templateVariables(o: JsonObject, where: string): Record<string, string> | undefined {
  const raw = optionalString(o, 'templateVariables', where, { max: 8192 });
  if (raw === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    throw invalidRequest(`${where}.templateVariables must be a JSON object (as a string).`, error);
  }
  if (!isObject(parsed)) throw invalidRequest(`${where}.templateVariables must be a JSON object (as a string).`);
  const entries = Object.entries(parsed);
  if (entries.length > 50) throw invalidRequest(`${where}.templateVariables has more than 50 entries.`);
  const out: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (!/^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/.test(name)) throw invalidRequest(`${where}.templateVariables has an invalid name.`);
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      throw invalidRequest(`${where}.templateVariables.${name} must be a string, a number or a boolean.`);
    }
    out[name] = String(value);
  }
  return out;
}

/**
 * Reads and checks the email fields of init parameters `p` (`where` is `parameters`). Throws
 * the service's 400 REQUEST_INVALID naming the field; returns what the message is made of.
 */
export function parseEmailCustomization(p: JsonObject, where: string): EmailCustomization {
  const appName = headerText(p, 'appName', where, 256);
  if (appName === undefined) requireString(p, 'appName', where); // the hosted V3 intents require it
  const out: EmailCustomization = { appName: appName! };
  const email = optionalObject(p, 'emailCustomization', where);
  if (email) {
    const at = `${where}.emailCustomization`;
    const logoUrl = messageUrl(email, 'logoUrl', at);
    const link = magicLinkTemplate(email, at);
    const templateId = headerText(email, 'templateId', at, 128);
    const variables = templateVariables(email, at);
    // v1 intents carried appName inside emailCustomization; V3 moved it up. Accepted, checked, unused when both are given.
    headerText(email, 'appName', at, 256);
    if (logoUrl) out.logoUrl = logoUrl;
    if (link) out.magicLinkTemplate = link;
    if (templateId) out.templateId = templateId;
    if (variables) out.templateVariables = variables;
  }
  const from = address(p, 'sendFromEmailAddress', where);
  const senderName = headerText(p, 'sendFromEmailSenderName', where, 100);
  const replyTo = address(p, 'replyToEmailAddress', where);
  headerText(p, 'userIdentifier', where, 256);
  if (from) out.sendFromEmailAddress = from;
  if (senderName) out.sendFromEmailSenderName = senderName;
  if (replyTo) out.replyToEmailAddress = replyTo;
  return out;
}
