/**
 * Auth proxy configurations (the hosted service keeps them in a dashboard; the emulator takes
 * them as JSON). The configuration `demo` always exists; `--config FILE` adds others (or
 * overrides `demo` by reusing its id). Theme, locale and copy are Latchkey's own extension:
 * the hosted service sends none of them, and the kit works without them.
 */
import { LatchError } from '../../../src/errors/latch-error.ts';
import type { WalletKitProvider, WalletKitTheme } from '../../../src/clients/proxy-types.ts';
import { isLogoUrl } from '../../../src/clients/wallet-kit-config.ts';
import { normalizeOrigin } from '../http/cors.ts';
import { parseEmailCustomization } from '../otp/email-customization.ts';
import { TURNSTILE_TEST_KEYS } from '../proxy/captcha-gate.ts';

export const WALLET_KIT_PROVIDERS: readonly WalletKitProvider[] = ['email', 'sms', 'passkey', 'wallet', 'google', 'apple', 'facebook', 'x', 'discord'];
export const OAUTH_PROVIDER_NAMES = ['google', 'apple', 'facebook', 'x', 'discord'] as const;
export type OAuthProviderName = (typeof OAUTH_PROVIDER_NAMES)[number];

export interface ProxyConfig {
  id: string;
  enabled: boolean;
  /** Name of the parent organization created for this configuration on first start. */
  organizationName: string;
  /** Pins the id of that organization (otherwise a random UUID). */
  organizationId?: string;
  /** Exact origins, or `*` for all (the service's default). */
  allowedOrigins: string[];
  enabledProviders: WalletKitProvider[];
  otpLength: number;
  otpAlphanumeric: boolean;
  otpExpirationSeconds: number;
  /** Wrong codes accepted before an OTP is burned. */
  otpMaxAttempts: number;
  /** OTPs a contact may be sent within `otpResendWindowSeconds`. */
  otpMaxResends: number;
  otpResendWindowSeconds: number;
  sessionExpirationSeconds: number;
  /**
   * The hosted dashboard's "Require Verification Token On Account Lookup": EMAIL and PHONE_NUMBER
   * lookups then need a verificationToken (or, for EMAIL, an oidcToken) proving the contact, so
   * the lookup cannot tell a stranger whether an address has an account. Off by default, as there.
   */
  requireVerificationTokenOnAccountLookup: boolean;
  appName: string;
  emailCustomization?: { logoUrl?: string; magicLinkTemplate?: string; templateVariables?: string; templateId?: string };
  smsCustomization?: { template?: string };
  sendFromEmailAddress?: string;
  sendFromEmailSenderName?: string;
  replyToEmailAddress?: string;
  /** Provider (google, apple, facebook, x, discord) → OAuth client id. */
  oauthClientIds: Partial<Record<OAuthProviderName, string>>;
  /**
   * (ours) Provider → more client ids of the same app (another platform's): the built-in provider
   * issues tokens for them and the service accepts them, as the hosted kit's `secondaryClientIds`
   * expect. A user logs in with such a token only when an OAuth provider of theirs has that
   * audience (the kit registers one per secondary id at sign-up).
   */
  oauthSecondaryClientIds?: Partial<Record<OAuthProviderName, string[]>>;
  oauthRedirectUrl?: string;
  theme?: WalletKitTheme;
  locale?: string;
  copy?: Record<string, string>;
  /**
   * Set: otp_init, otp_init_v2 and a sign-up without a verification token need a Turnstile token
   * (proxy/captcha-gate.ts). From `captchaEnabled` (the hosted configuration's name: the
   * always-pass test secret) or `turnstileSecretKey` (one of Turnstile's test secrets), with an
   * optional `turnstileSiteKey`.
   */
  captcha?: ProxyCaptcha;
  /**
   * Emulator only (the hosted service has no step-up): the organizations under this configuration
   * override the emulator's step-up policy (policy/step-up.ts): how recent a login must be, and
   * whether credential changes need one too.
   */
  stepUpMaxAgeSeconds?: number;
  stepUpCredentials?: boolean;
}

/** The captcha mode (proxy/captcha-gate.ts): Turnstile with one of its published test secrets. */
export interface ProxyCaptcha {
  turnstileSecretKey: string;
  /** What wallet_kit_client_params hands out (the test site key that goes with the secret by default). */
  turnstileSiteKey: string;
}

export const DEFAULT_CONFIG_ID = 'demo';

export function defaultProxyConfig(): ProxyConfig {
  return {
    id: DEFAULT_CONFIG_ID,
    enabled: true,
    organizationName: 'Latchkey Demo',
    allowedOrigins: ['*'],
    enabledProviders: [...WALLET_KIT_PROVIDERS],
    otpLength: 6,
    otpAlphanumeric: false,
    otpExpirationSeconds: 300,
    otpMaxAttempts: 3,
    otpMaxResends: 5,
    otpResendWindowSeconds: 600,
    sessionExpirationSeconds: 900,
    requireVerificationTokenOnAccountLookup: false,
    appName: 'Latchkey Demo',
    oauthClientIds: Object.fromEntries(OAUTH_PROVIDER_NAMES.map((p) => [p, `latchkey-demo-${p}`])),
  };
}

const bad = (where: string, what: string): LatchError =>
  new LatchError('ERR_CONFIG_INVALID', `Proxy configuration ${where}: ${what}.`);

type Input = Record<string, unknown>;
const isObject = (v: unknown): v is Input => typeof v === 'object' && v !== null && !Array.isArray(v);

function str(input: Input, key: string, where: string): string | undefined {
  const v = input[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || v.length === 0) throw bad(where, `${key} must be a non-empty string`);
  return v;
}

function int(input: Input, key: string, where: string, min: number, max: number): number | undefined {
  const v = input[key];
  if (v === undefined) return undefined;
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) throw bad(where, `${key} must be an integer from ${min} to ${max}`);
  return n;
}

function bool(input: Input, key: string, where: string): boolean | undefined {
  const v = input[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'boolean') throw bad(where, `${key} must be a boolean`);
  return v;
}

function stringRecord(input: Input, key: string, where: string): Record<string, string> | undefined {
  const v = input[key];
  if (v === undefined) return undefined;
  if (!isObject(v) || !Object.values(v).every((x) => typeof x === 'string')) throw bad(where, `${key} must map names to strings`);
  return { ...(v as Record<string, string>) };
}

function origins(input: Input, where: string): string[] | undefined {
  const v = input.allowedOrigins;
  if (v === undefined) return undefined;
  if (!Array.isArray(v) || v.length === 0) throw bad(where, 'allowedOrigins must be a non-empty array');
  return v.map((entry) => {
    const origin = typeof entry === 'string' ? normalizeOrigin(entry) : null;
    // Exact origins only: the service supports no partial wildcards in a host.
    if (!origin) throw bad(where, 'allowedOrigins entries must be exact http(s) origins or "*"');
    return origin;
  });
}

function providers(input: Input, where: string): WalletKitProvider[] | undefined {
  const v = input.enabledProviders;
  if (v === undefined) return undefined;
  if (!Array.isArray(v) || !v.every((p) => (WALLET_KIT_PROVIDERS as readonly unknown[]).includes(p))) {
    throw bad(where, `enabledProviders entries must be among ${WALLET_KIT_PROVIDERS.join(', ')}`);
  }
  return [...new Set(v as WalletKitProvider[])];
}

function theme(input: Input, where: string): WalletKitTheme | undefined {
  const v = input.theme;
  if (v === undefined) return undefined;
  if (!isObject(v)) throw bad(where, 'theme must be an object');
  const out: WalletKitTheme = {};
  const colors = stringRecord(v, 'colors', `${where}.theme`);
  if (colors) out.colors = colors;
  for (const key of ['radius', 'font', 'logoUrl', 'logoLight', 'logoDark'] as const) {
    const s = str(v, key, `${where}.theme`);
    // A logo the kit would not show is a mistake to report at start, not a logo that never appears.
    if (s !== undefined && key.startsWith('logo') && !isLogoUrl(s)) throw bad(where, `theme.${key} must be an https or data:image/ URL without spaces`);
    if (s !== undefined) out[key] = s;
  }
  if (v.darkMode !== undefined) {
    if (typeof v.darkMode !== 'boolean' && v.darkMode !== 'auto') throw bad(where, 'theme.darkMode must be true, false or "auto"');
    out.darkMode = v.darkMode;
  }
  return out;
}

function redirectUrl(input: Input, where: string): string | undefined {
  const v = str(input, 'oauthRedirectUrl', where);
  if (v === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(v);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw bad(where, 'oauthRedirectUrl must be an absolute http(s) URL');
  return v;
}

/** The email settings must pass the checks init_otp makes of them, or every email login would fail later. */
function checkEmailSettings(config: ProxyConfig, where: string): void {
  const { appName, emailCustomization, sendFromEmailAddress, sendFromEmailSenderName, replyToEmailAddress } = config;
  try {
    parseEmailCustomization({ appName, emailCustomization, sendFromEmailAddress, sendFromEmailSenderName, replyToEmailAddress }, 'configuration');
  } catch (cause) {
    throw new LatchError('ERR_CONFIG_INVALID', `Proxy configuration ${where}: appName, emailCustomization (https logo and magic-link URLs, %s once in the template, templateVariables a JSON object) or the sender and reply-to addresses are not valid.`, { cause });
  }
}

const TEST_SECRETS: readonly string[] = Object.values(TURNSTILE_TEST_KEYS).map((k) => k.secret);

function captcha(input: Input, where: string, base: ProxyCaptcha | undefined): ProxyCaptcha | undefined {
  const enabled = bool(input, 'captchaEnabled', where);
  const secret = str(input, 'turnstileSecretKey', where);
  const siteKey = str(input, 'turnstileSiteKey', where);
  if (secret !== undefined && !TEST_SECRETS.includes(secret)) {
    // The emulator reaches no outside service, so only Turnstile's test secrets can be checked.
    throw bad(where, `turnstileSecretKey must be one of Turnstile's test secrets (${TEST_SECRETS.join(', ')})`);
  }
  if (enabled === false) return undefined;
  if (enabled === undefined && secret === undefined && siteKey === undefined) return base;
  const keys = Object.values(TURNSTILE_TEST_KEYS).find((k) => k.secret === secret) ?? TURNSTILE_TEST_KEYS.pass;
  return { turnstileSecretKey: keys.secret, turnstileSiteKey: siteKey ?? keys.siteKey };
}

/** Validates one configuration from JSON, filling defaults from `base`. */
export function parseProxyConfig(input: unknown, index: number, base: ProxyConfig = defaultProxyConfig()): ProxyConfig {
  const where = `#${index}`;
  if (!isObject(input)) throw bad(where, 'must be an object');
  const id = str(input, 'id', where);
  if (!id || !/^[A-Za-z0-9_.-]{1,100}$/.test(id)) throw bad(where, 'id must be 1 to 100 letters, digits, dot, dash or underscore');
  const clientIds = stringRecord(input, 'oauthClientIds', where);
  if (clientIds && !Object.keys(clientIds).every((p) => (OAUTH_PROVIDER_NAMES as readonly string[]).includes(p))) {
    throw bad(where, `oauthClientIds keys must be among ${OAUTH_PROVIDER_NAMES.join(', ')}`);
  }
  // `emailCustomizationParams` is the hosted configuration's name for it (v1UpdateAuthProxyConfigIntent).
  const emailCustomization = stringRecord(input, 'emailCustomization', where) ?? stringRecord(input, 'emailCustomizationParams', where);
  const smsCustomization = stringRecord(input, 'smsCustomization', where);
  const config: ProxyConfig = {
    ...base,
    id,
    enabled: bool(input, 'enabled', where) ?? true,
    organizationName: str(input, 'organizationName', where) ?? (id === DEFAULT_CONFIG_ID ? base.organizationName : `Organization ${id}`),
    allowedOrigins: origins(input, where) ?? base.allowedOrigins,
    enabledProviders: providers(input, where) ?? base.enabledProviders,
    otpLength: int(input, 'otpLength', where, 6, 9) ?? base.otpLength,
    otpAlphanumeric: bool(input, 'otpAlphanumeric', where) ?? base.otpAlphanumeric,
    // At most what init_otp accepts (hosted: "Maximum value is 600 seconds").
    otpExpirationSeconds: int(input, 'otpExpirationSeconds', where, 30, 600) ?? base.otpExpirationSeconds,
    otpMaxAttempts: int(input, 'otpMaxAttempts', where, 1, 100) ?? base.otpMaxAttempts,
    otpMaxResends: int(input, 'otpMaxResends', where, 1, 1000) ?? base.otpMaxResends,
    otpResendWindowSeconds: int(input, 'otpResendWindowSeconds', where, 1, 86_400) ?? base.otpResendWindowSeconds,
    sessionExpirationSeconds: int(input, 'sessionExpirationSeconds', where, 60, 31_536_000) ?? base.sessionExpirationSeconds,
    requireVerificationTokenOnAccountLookup: bool(input, 'requireVerificationTokenOnAccountLookup', where) ?? base.requireVerificationTokenOnAccountLookup,
    appName: str(input, 'appName', where) ?? base.appName,
    oauthClientIds: clientIds ?? { ...base.oauthClientIds },
  };
  const secondary = input.oauthSecondaryClientIds;
  if (secondary !== undefined) {
    const valid =
      isObject(secondary) &&
      Object.entries(secondary).every(([p, ids]) => (OAUTH_PROVIDER_NAMES as readonly string[]).includes(p) && Array.isArray(ids) && ids.every((id) => typeof id === 'string' && id !== ''));
    if (!valid) throw bad(where, `oauthSecondaryClientIds must map providers among ${OAUTH_PROVIDER_NAMES.join(', ')} to lists of client ids`);
    config.oauthSecondaryClientIds = secondary as ProxyConfig['oauthSecondaryClientIds'] & object;
  }
  const organizationId = str(input, 'organizationId', where);
  if (organizationId) config.organizationId = organizationId;
  if (emailCustomization) config.emailCustomization = emailCustomization;
  if (smsCustomization) config.smsCustomization = smsCustomization;
  for (const key of ['sendFromEmailAddress', 'sendFromEmailSenderName', 'replyToEmailAddress', 'locale'] as const) {
    const value = str(input, key, where);
    if (value) config[key] = value;
  }
  checkEmailSettings(config, where);
  const redirect = redirectUrl(input, where);
  if (redirect) config.oauthRedirectUrl = redirect;
  const parsedTheme = theme(input, where);
  if (parsedTheme) config.theme = parsedTheme;
  const copy = stringRecord(input, 'copy', where);
  if (copy) config.copy = copy;
  const stepUpMaxAgeSeconds = int(input, 'stepUpMaxAgeSeconds', where, 1, 86_400);
  if (stepUpMaxAgeSeconds !== undefined) config.stepUpMaxAgeSeconds = stepUpMaxAgeSeconds;
  const stepUpCredentials = bool(input, 'stepUpCredentials', where);
  if (stepUpCredentials !== undefined) config.stepUpCredentials = stepUpCredentials;
  const captchaMode = captcha(input, where, base.captcha);
  if (captchaMode) config.captcha = captchaMode;
  else delete config.captcha;
  return config;
}

/** The `demo` configuration plus `extra` (a JSON array, e.g. the `--config` file's content). */
export function resolveProxyConfigs(extra: unknown = []): Map<string, ProxyConfig> {
  if (!Array.isArray(extra)) throw new LatchError('ERR_CONFIG_INVALID', 'The proxy configuration file must hold a JSON array.');
  const configs = new Map<string, ProxyConfig>([[DEFAULT_CONFIG_ID, defaultProxyConfig()]]);
  const seen = new Set<string>();
  extra.forEach((input, i) => {
    const config = parseProxyConfig(input, i);
    if (seen.has(config.id)) throw bad(`#${i}`, 'id is used twice');
    seen.add(config.id);
    configs.set(config.id, config);
  });
  return configs;
}

/** Every client id `config` holds for `provider`: its primary one, then the secondary ones. */
export function clientIdsOf(config: ProxyConfig, provider: OAuthProviderName): string[] {
  const primary = config.oauthClientIds[provider];
  return [...(primary ? [primary] : []), ...(config.oauthSecondaryClientIds?.[provider] ?? [])];
}
