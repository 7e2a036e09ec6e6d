/**
 * A new passkey's registration for an existing user (create_authenticators): the same WebAuthn
 * creation the passkey sign-up makes (ES256 and RS256, resident key), with the user's passkeys
 * excluded so one authenticator is not registered twice. @simplewebauthn/browser loads on use.
 */
import { LatchError } from '../errors/latch-error.ts';
import type { AuthenticatorParams, AuthenticatorTransport } from '../clients/activity-types.ts';
import { mapWebauthnError } from '../stamp/webauthn-stamper.ts';
import { toBase64Url } from '../encoding/base64url.ts';
import { randomBytes } from '../crypto/webcrypto.ts';
import { isPasskeySupported } from '../flows/passkey-flow.ts';

export interface PasskeyAttestationRequest {
  rpId: string;
  /** The account name the passkey manager shows. */
  userName: string;
  authenticatorName: string;
  /** Credential ids (base64url) the authenticator must not already hold. */
  excludeCredentialIds?: string[];
}

export async function createPasskeyAttestation(request: PasskeyAttestationRequest): Promise<AuthenticatorParams> {
  if (!isPasskeySupported()) throw new LatchError('ERR_PASSKEY_UNSUPPORTED', 'This browser cannot use passkeys.');
  const name = request.authenticatorName.trim();
  if (!name) throw new LatchError('ERR_INPUT_INVALID', 'Enter a name for the passkey.');
  const { startRegistration } = await import('@simplewebauthn/browser');
  const challenge = toBase64Url(randomBytes(32));
  let registration;
  try {
    registration = await startRegistration({
      optionsJSON: {
        challenge,
        rp: { id: request.rpId, name: request.rpId },
        user: { id: toBase64Url(randomBytes(16)), name: request.userName, displayName: request.userName },
        pubKeyCredParams: [
          { type: 'public-key', alg: -7 },
          { type: 'public-key', alg: -257 },
        ],
        excludeCredentials: (request.excludeCredentialIds ?? []).map((id) => ({ id, type: 'public-key' as const })),
        authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
        attestation: 'none',
        timeout: 5 * 60 * 1000,
      },
    });
  } catch (error) {
    throw mapWebauthnError(error);
  }
  return {
    authenticatorName: name,
    challenge,
    attestation: {
      credentialId: registration.id,
      clientDataJson: registration.response.clientDataJSON,
      attestationObject: registration.response.attestationObject,
      transports: (registration.response.transports ?? []).map((t) => `AUTHENTICATOR_TRANSPORT_${t.toUpperCase()}`) as AuthenticatorTransport[],
    },
  };
}
