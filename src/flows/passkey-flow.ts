/**
 * Passkey sign-up and login (docs/protocol.md §3).
 * Sign-up: a WebAuthn registration (ES256 and RS256, resident key required) plus a short-lived
 * (60 s) P-256 API key go into the proxy's signup; that API key then stamps one `stamp_login`
 * for the real session key, and is deleted. The user touches the authenticator once.
 * Login: `stamp_login` stamped by the passkey itself (X-Stamp-Webauthn).
 * @simplewebauthn/browser is loaded on first use: a page without passkeys pays nothing for it.
 */
import { isLatchError, LatchError } from '../errors/latch-error.ts';
import type { KeyStore } from '../keys/key-store.ts';
import type { ProxyClient } from '../clients/proxy-client.ts';
import { ActivityClient } from '../clients/activity-client.ts';
import type { SignupRequest } from '../clients/proxy-types.ts';
import { ApiKeyStamper } from '../stamp/api-key-stamper.ts';
import { WebauthnStamper, mapWebauthnError, type WebauthnAuthenticate } from '../stamp/webauthn-stamper.ts';
import { toBase64Url } from '../encoding/base64url.ts';
import { randomBytes } from '../crypto/webcrypto.ts';
import { decodeJwt } from '../tokens/jwt.ts';
import { passkeyCapabilities } from './passkey-capabilities.ts';
import { autofillUnusable, originRefused } from './autofill-origin.ts';
import { withNewKey, type LoginResult } from './login-result.ts';
import type { SignupDetails } from './otp-flow.ts';
import { callWithCaptcha, type CaptchaDeps } from '../captcha/captcha-call.ts';

export interface PasskeyDeps extends CaptchaDeps {
  proxy: ProxyClient;
  keyStore: KeyStore;
  /** Activity API base URL (the hosted one by default). */
  apiBaseUrl?: string;
  /** The parent organization (wallet_kit_config's organizationId): passkey logins are addressed to it. */
  organizationId: string;
  /** Relying party id: the page's registrable domain (`localhost` in development). */
  rpId: string;
  rpName?: string;
  fetch?: typeof fetch;
  /** Session lifetime to ask for, in seconds (wallet_kit_config's sessionExpirationSeconds). */
  sessionExpirationSeconds?: string;
  signal?: AbortSignal;
}

export interface PasskeySignupRequest extends SignupDetails {
  /** The name the user sees for the account in their passkey manager. */
  userName: string;
  authenticatorName?: string;
  userEmail?: string;
}

/** True when this browser can make passkeys at all. */
export function isPasskeySupported(): boolean {
  return typeof globalThis.PublicKeyCredential === 'function' && typeof globalThis.navigator?.credentials?.create === 'function';
}

function unsupported(): LatchError {
  return new LatchError('ERR_PASSKEY_UNSUPPORTED', 'This browser cannot use passkeys.');
}

export async function signUpWithPasskey(deps: PasskeyDeps, request: PasskeySignupRequest): Promise<LoginResult> {
  if (!isPasskeySupported()) throw unsupported();
  if (!request.userName?.trim()) throw new LatchError('ERR_INPUT_INVALID', 'Enter a name for the passkey.');
  const { startRegistration } = await import('@simplewebauthn/browser');
  const challenge = toBase64Url(randomBytes(32));
  let registration;
  try {
    registration = await startRegistration({
      optionsJSON: {
        challenge,
        rp: { id: deps.rpId, name: deps.rpName ?? deps.rpId },
        user: { id: toBase64Url(randomBytes(16)), name: request.userName.trim(), displayName: request.userName.trim() },
        pubKeyCredParams: [
          { type: 'public-key', alg: -7 },
          { type: 'public-key', alg: -257 },
        ],
        authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
        attestation: 'none',
        timeout: 5 * 60 * 1000,
      },
    });
  } catch (error) {
    throw mapWebauthnError(error);
  }

  // The temporary key only has to live long enough to stamp one stamp_login.
  return withNewKey(deps.keyStore, 'passkey-signup', async (temporary) => {
    const body: SignupRequest = {
      userName: request.userName.trim(),
      ...(request.userEmail ? { userEmail: request.userEmail } : {}),
      ...(request.organizationName ? { organizationName: request.organizationName } : {}),
      ...(request.wallet ? { wallet: request.wallet } : {}),
      apiKeys: [{ apiKeyName: `passkey-signup-${Date.now()}`, publicKey: temporary.id, curveType: 'API_KEY_CURVE_P256', expirationSeconds: '60' }],
      authenticators: [
        {
          authenticatorName: request.authenticatorName ?? 'Passkey',
          challenge,
          attestation: {
            credentialId: registration.id,
            clientDataJson: registration.response.clientDataJSON,
            attestationObject: registration.response.attestationObject,
            transports: (registration.response.transports ?? []).map((t) => `AUTHENTICATOR_TRANSPORT_${t.toUpperCase()}`) as never,
          },
        },
      ],
      oauthProviders: [],
    };
    const signup = await callWithCaptcha(deps, (options) => deps.proxy.signup(body, options));
    try {
      const login = await stampLogin(deps, new ApiKeyStamper(temporary), signup.organizationId);
      return { ...login, created: true, signup };
    } finally {
      await deps.keyStore.delete(temporary.id).catch(() => undefined);
    }
  });
}

export interface PasskeyLoginRequest {
  /** Limit the prompt to these credential ids (base64url); default: any passkey for the site. */
  allowCredentials?: string[];
}

export async function logInWithPasskey(deps: PasskeyDeps, request: PasskeyLoginRequest = {}): Promise<LoginResult> {
  if (!isPasskeySupported()) throw unsupported();
  const stamper = new WebauthnStamper({ rpId: deps.rpId, ...(request.allowCredentials ? { allowCredentials: request.allowCredentials } : {}) });
  return { ...(await stampLogin(deps, stamper, deps.organizationId)), created: false };
}

/**
 * How long one autofill request may wait before it is made again: its signed body carries a
 * timestamp that the service accepts for about five minutes (the emulator: exactly five).
 */
export const AUTOFILL_RENEW_MS = 4 * 60 * 1000;

export interface PasskeyAutofillRequest {
  /** Stops waiting: the browser's request is cancelled and the call resolves null. */
  signal: AbortSignal;
  /** Milliseconds before a waiting request is made again (default AUTOFILL_RENEW_MS). */
  renewMs?: number;
  /** Replaces the browser's ceremony (tests, other platforms); it gets `useBrowserAutofill: true`. */
  authenticate?: WebauthnAuthenticate;
}

/**
 * Passkey autofill (WebAuthn conditional mediation): waits until the user picks a passkey from
 * the autofill of a field whose `autocomplete` ends in `webauthn`, then logs in with it exactly
 * as `logInWithPasskey` does. Resolves null when `signal` ends the wait (also when another
 * passkey prompt takes over), and at once where the browser has no conditional mediation. The request is renewed every `renewMs`, with a new session key and
 * a fresh timestamp; each key of a request that was not used is deleted.
 */
export async function logInWithPasskeyAutofill(deps: PasskeyDeps, request: PasskeyAutofillRequest): Promise<LoginResult | null> {
  const { signal, renewMs = AUTOFILL_RENEW_MS, authenticate } = request;
  // An IP address or an insecure page: nothing the person can do, so nothing shown to them.
  if (!authenticate && autofillUnusable(deps.rpId)) return null;
  // Not an error where the browser cannot (no WebAuthn, or no conditional mediation): the field
  // then autofills what it always did.
  if (!authenticate && !(await passkeyCapabilities()).conditionalMediation) return null;
  while (!signal.aborted) {
    const round = new AbortController();
    const renew = setTimeout(() => round.abort(), renewMs);
    const stop = (): void => round.abort();
    signal.addEventListener('abort', stop, { once: true });
    try {
      const stamper = new WebauthnStamper({ rpId: deps.rpId, mediation: 'conditional', signal: round.signal, ...(authenticate ? { authenticate } : {}) });
      return { ...(await stampLogin(deps, stamper, deps.organizationId)), created: false };
    } catch (error) {
      // Renewed or stopped here, or replaced by another passkey prompt (a cancellation nobody here asked for): no error.
      if (isLatchError(error) && error.code === 'ERR_PASSKEY_CANCELLED') {
        if (round.signal.aborted && !signal.aborted) continue;
        return null;
      }
      if (originRefused(error, deps.rpId)) return null;
      throw error;
    } finally {
      clearTimeout(renew);
      signal.removeEventListener('abort', stop);
    }
  }
  return null;
}

/** A new session key K, and a `stamp_login` for it signed by `stamper`. K is deleted on failure. */
async function stampLogin(
  deps: PasskeyDeps,
  stamper: ApiKeyStamper | WebauthnStamper,
  organizationId: string,
): Promise<Omit<LoginResult, 'created'>> {
  const client = new ActivityClient({ stamper, ...(deps.apiBaseUrl ? { apiBaseUrl: deps.apiBaseUrl } : {}), ...(deps.fetch ? { fetch: deps.fetch } : {}) });
  return withNewKey(deps.keyStore, 'session', async (key) => {
    const { session } = await client.stampLogin(
      organizationId,
      { publicKey: key.id, expirationSeconds: deps.sessionExpirationSeconds ?? '900', invalidateExisting: false },
      { signal: deps.signal },
    );
    const organization = organizationOf(session) ?? organizationId;
    return { sessionJwt: session, key, organizationId: organization };
  });
}

/** The session's own organization (a passkey login addressed to the parent lands in the user's sub-organization). */
function organizationOf(jwt: string): string | undefined {
  const { organization_id: organization } = decodeJwt(jwt).payload as { organization_id?: unknown };
  return typeof organization === 'string' ? organization : undefined;
}
