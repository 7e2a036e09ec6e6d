/**
 * `X-Stamp-Webauthn` (docs/protocol.md §5): a WebAuthn assertion whose challenge is the ASCII of the
 * lowercase hex SHA-256 of the body (64 characters), sent as plain JSON
 * `{authenticatorData, clientDataJson, credentialId, signature}` (base64url each).
 * @simplewebauthn/browser is loaded on first use, so importing this module costs a page nothing.
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialDescriptorJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { LatchError } from '../errors/latch-error.ts';
import { sha256 } from '../crypto/webcrypto.ts';
import { textToBase64Url } from '../encoding/base64url.ts';
import { toHex } from '../encoding/hex.ts';
import { utf8Encode } from '../encoding/utf8.ts';
import type { Stamp, Stamper } from './stamper.ts';
import { mapWebauthnError } from './webauthn-error.ts';

export { mapWebauthnError };

/**
 * Runs the assertion ceremony; the default is @simplewebauthn/browser's `startAuthentication`.
 * `useBrowserAutofill`: conditional mediation (the passkey is picked from a field's autofill).
 */
export type WebauthnAuthenticate = (options: {
  optionsJSON: PublicKeyCredentialRequestOptionsJSON;
  useBrowserAutofill?: boolean;
  verifyBrowserAutofillInput?: boolean;
  /** The stamper's `signal`: a replacement ceremony should stop waiting when it aborts. */
  signal?: AbortSignal;
}) => Promise<AuthenticationResponseJSON>;

export interface WebauthnStamperOptions {
  /** Relying party id, e.g. the page's registrable domain (`localhost` in tests). */
  rpId: string;
  /** Credential ids (base64url) the user may answer with; empty or absent = any discoverable one. */
  allowCredentials?: ReadonlyArray<string | PublicKeyCredentialDescriptorJSON>;
  /** Milliseconds; default 5 minutes. */
  timeout?: number;
  /** Default 'preferred'. */
  userVerification?: UserVerificationRequirement;
  /** Replaces the browser ceremony (tests, other platforms). */
  authenticate?: WebauthnAuthenticate;
  /**
   * `conditional`: wait for the user to pick a passkey from the autofill of a field whose
   * `autocomplete` ends in `webauthn` (passkey autofill) instead of showing a prompt.
   */
  mediation?: 'conditional';
  /** Ends a waiting ceremony (the browser's request is cancelled; the stamp fails with ERR_PASSKEY_CANCELLED). */
  signal?: AbortSignal;
}

const DEFAULT_TIMEOUT_MS = 5 * 60 * 1000;

/** The challenge the authenticator signs for `body`: lowercase hex SHA-256 (64 characters). */
export async function webauthnChallengeForBody(body: string): Promise<string> {
  return toHex(await sha256(utf8Encode(body)));
}

async function browserAuthenticate(options: Parameters<WebauthnAuthenticate>[0], signal?: AbortSignal): Promise<AuthenticationResponseJSON> {
  if (typeof globalThis.PublicKeyCredential !== 'function') {
    throw new LatchError('ERR_PASSKEY_UNSUPPORTED', 'Passkeys are not supported here.');
  }
  const { startAuthentication, WebAuthnAbortService } = await import('@simplewebauthn/browser');
  if (signal?.aborted) throw new DOMException('The passkey request was cancelled.', 'AbortError');
  // SimpleWebAuthn keeps one ceremony at a time and cancels it through this service.
  const cancel = (): void => WebAuthnAbortService.cancelCeremony();
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    return await startAuthentication(options);
  } finally {
    signal?.removeEventListener('abort', cancel);
  }
}

export class WebauthnStamper implements Stamper {
  readonly #options: WebauthnStamperOptions;

  constructor(options: WebauthnStamperOptions) {
    this.#options = options;
  }

  async stamp(body: string): Promise<Stamp> {
    const { rpId, allowCredentials = [], timeout = DEFAULT_TIMEOUT_MS, userVerification = 'preferred' } = this.#options;
    const challenge = await webauthnChallengeForBody(body);
    const optionsJSON: PublicKeyCredentialRequestOptionsJSON = {
      // SimpleWebAuthn takes the challenge bytes as base64url: here, the 64 ASCII hex characters.
      challenge: textToBase64Url(challenge),
      rpId,
      allowCredentials: allowCredentials.map((credential) => (typeof credential === 'string' ? { id: credential, type: 'public-key' } : credential)),
      timeout,
      userVerification,
    };
    let assertion: AuthenticationResponseJSON;
    try {
      const { mediation, signal, authenticate } = this.#options;
      // Autofill: the field is in a shadow root, where SimpleWebAuthn's document-wide search for it cannot look.
      const ceremony = mediation === 'conditional' ? { optionsJSON, useBrowserAutofill: true, verifyBrowserAutofillInput: false } : { optionsJSON };
      assertion = await (authenticate ? authenticate({ ...ceremony, ...(signal ? { signal } : {}) }) : browserAuthenticate(ceremony, signal));
    } catch (error) {
      throw mapWebauthnError(error);
    }
    const { response, rawId } = assertion ?? {};
    if (!response || typeof rawId !== 'string') {
      throw new LatchError('ERR_PASSKEY_FAILED', 'The authenticator returned no assertion.');
    }
    const stampHeaderValue = JSON.stringify({
      authenticatorData: response.authenticatorData,
      clientDataJson: response.clientDataJSON,
      credentialId: rawId,
      signature: response.signature,
    });
    return { stampHeaderName: 'X-Stamp-Webauthn', stampHeaderValue };
  }
}
