/**
 * wallet_kit_config (docs/protocol.md §2): the call and the normalization of its answer. What a page
 * needs before its first render, apart from the proxy's other endpoints (ProxyClient).
 */
import { answerString, isObject, malformed } from './http.ts';
import { callProxy, type ProxyCallOptions, type ProxyClientOptions } from './proxy-call.ts';
import type { WalletKitConfig, WalletKitProvider, WalletKitTheme } from './proxy-types.ts';

const PROVIDERS: readonly WalletKitProvider[] = ['email', 'sms', 'passkey', 'wallet', 'google', 'apple', 'facebook', 'x', 'discord'];

function stringRecord(value: unknown): Record<string, string> | undefined {
  if (!isObject(value)) return undefined;
  const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return Object.fromEntries(entries);
}

/**
 * A logo URL the kit shows: https, or an inline `data:image/` (never `javascript:`, never plain
 * http), without whitespace (it also goes in a `srcset`).
 */
export const isLogoUrl = (value: unknown): value is string => typeof value == 'string' && /^(https:\/\/|data:image\/)\S+$/i.test(value);

function theme(value: unknown): WalletKitTheme | undefined {
  if (!isObject(value)) return undefined;
  const out: WalletKitTheme = {};
  const colors = stringRecord(value.colors);
  if (colors) out.colors = colors;
  for (const key of ['radius', 'font'] as const) {
    if (typeof value[key] === 'string') out[key] = value[key];
  }
  for (const key of ['logoUrl', 'logoLight', 'logoDark'] as const) {
    if (isLogoUrl(value[key])) out[key] = value[key];
  }
  if (typeof value.darkMode === 'boolean' || value.darkMode === 'auto') out.darkMode = value.darkMode;
  return out;
}

const int64 = (value: unknown): string | undefined =>
  (typeof value === 'number' && Number.isInteger(value)) || (typeof value === 'string' && /^\d+$/.test(value))
    ? String(value)
    : undefined;

/**
 * Normalizes a wallet_kit_config answer: required fields checked, client defaults applied
 * (otpAlphanumeric true, otpLength "6"), Latchkey's own theme/locale/copy kept only when well
 * typed, so a page works the same against the hosted proxy (which sends no theme).
 */
export function normalizeWalletKitConfig(answer: unknown): WalletKitConfig {
  if (!isObject(answer) || !Array.isArray(answer.enabledProviders)) throw malformed();
  const sessionExpirationSeconds = int64(answer.sessionExpirationSeconds);
  if (sessionExpirationSeconds === undefined) throw malformed();
  const config: WalletKitConfig = {
    enabledProviders: answer.enabledProviders.filter((p): p is WalletKitProvider => PROVIDERS.includes(p)),
    sessionExpirationSeconds,
    organizationId: answerString(answer, 'organizationId'),
    otpAlphanumeric: typeof answer.otpAlphanumeric === 'boolean' ? answer.otpAlphanumeric : true,
    otpLength: int64(answer.otpLength) ?? '6',
  };
  const clientIds = stringRecord(answer.oauthClientIds);
  if (clientIds) config.oauthClientIds = clientIds;
  if (typeof answer.oauthRedirectUrl === 'string') config.oauthRedirectUrl = answer.oauthRedirectUrl;
  const t = theme(answer.theme);
  if (t) config.theme = t;
  if (typeof answer.locale === 'string' && answer.locale) config.locale = answer.locale;
  const copy = stringRecord(answer.copy);
  if (copy) config.copy = copy;
  return config;
}

/** The organization's kit configuration, normalized; `client` as `checkProxyOptions` returns it. */
export async function walletKitConfig(client: ProxyClientOptions, options?: ProxyCallOptions): Promise<WalletKitConfig> {
  return normalizeWalletKitConfig(await callProxy(client, 'wallet_kit_config', {}, options));
}
