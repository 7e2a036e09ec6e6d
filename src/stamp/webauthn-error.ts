/**
 * Browser WebAuthn failures → stable codes, at the edge (docs/design.md "habits"). Works on raw
 * DOMExceptions and on @simplewebauthn/browser's WebAuthnError, which keeps the DOMException's
 * `name` and adds its own `code`. Used by WebauthnStamper and the passkey flows.
 */
import { LatchError, isLatchError } from '../errors/latch-error.ts';

/** The plain Error that @simplewebauthn/browser throws when `PublicKeyCredential` is missing. */
const SIMPLEWEBAUTHN_UNSUPPORTED = 'WebAuthn is not supported in this browser';

export function mapWebauthnError(error: unknown): LatchError {
  if (isLatchError(error)) return error;
  const { name, code, message } = (typeof error === 'object' && error !== null ? error : {}) as { name?: unknown; code?: unknown; message?: unknown };
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') {
    // NotAllowedError is also what browsers raise on timeout or a dismissed prompt.
    return new LatchError('ERR_PASSKEY_CANCELLED', 'The passkey request was cancelled or timed out.', { cause: error });
  }
  if (name === 'InvalidStateError' || code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
    return new LatchError('ERR_PASSKEY_EXISTS', 'This authenticator already holds a passkey for this account.', { cause: error });
  }
  if (name === 'NotSupportedError' || message === SIMPLEWEBAUTHN_UNSUPPORTED) {
    return new LatchError('ERR_PASSKEY_UNSUPPORTED', 'Passkeys are not supported here.', { cause: error });
  }
  return new LatchError('ERR_PASSKEY_FAILED', 'The passkey request failed.', { cause: error });
}
