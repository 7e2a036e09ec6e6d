/**
 * Passkeys given at sign-up or in create_users: the attestation is verified (challenge, origin,
 * rpId, signature for packed/none/…) with @simplewebauthn/server before anything is stored.
 * ES256 (-7) and RS256 (-257), as the kit requests.
 */
import { verifyRegistrationResponse } from '@simplewebauthn/server';
import type { AuthenticatorTransport } from '@simplewebauthn/server';
import { toBase64Url } from '../../../src/encoding/base64url.ts';
import { invalidRequest } from '../http/service-error.ts';
import { isObject, requireObject, requireString } from '../http/fields.ts';
import { isWebAuthnOriginAllowed, readClientData } from './webauthn-origin.ts';
import type { JsonObject } from '../http/fields.ts';
import type { WebAuthnSettings } from '../context.ts';

export const AUTHENTICATOR_TRANSPORTS = {
  AUTHENTICATOR_TRANSPORT_BLE: 'ble',
  AUTHENTICATOR_TRANSPORT_INTERNAL: 'internal',
  AUTHENTICATOR_TRANSPORT_NFC: 'nfc',
  AUTHENTICATOR_TRANSPORT_USB: 'usb',
  AUTHENTICATOR_TRANSPORT_HYBRID: 'hybrid',
} as const satisfies Record<string, AuthenticatorTransport>;
type TransportName = keyof typeof AUTHENTICATOR_TRANSPORTS;

export interface VerifiedAuthenticator {
  authenticatorName: string;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  aaguid: string;
  attestationType: string;
}

export async function verifyAuthenticatorParams(params: JsonObject, where: string, settings: WebAuthnSettings): Promise<VerifiedAuthenticator> {
  const authenticatorName = requireString(params, 'authenticatorName', where, { max: 256 });
  const challenge = requireString(params, 'challenge', where);
  const attestation = requireObject(params, 'attestation', where);
  const at = `${where}.attestation`;
  const credentialId = requireString(attestation, 'credentialId', at);
  const clientDataJson = requireString(attestation, 'clientDataJson', at);
  const attestationObject = requireString(attestation, 'attestationObject', at);
  const transportsIn = attestation.transports ?? [];
  if (!Array.isArray(transportsIn) || !transportsIn.every((t) => typeof t === 'string' && Object.hasOwn(AUTHENTICATOR_TRANSPORTS, t))) {
    throw invalidRequest(`${at}.transports must be AUTHENTICATOR_TRANSPORT_* values.`);
  }
  const transports = transportsIn as TransportName[];
  const origin = readClientData(clientDataJson)?.origin;
  if (!isWebAuthnOriginAllowed(origin, settings)) throw invalidRequest(`${at}: the passkey was made for an origin this emulator does not accept.`);
  let info;
  try {
    const result = await verifyRegistrationResponse({
      response: {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        clientExtensionResults: {},
        response: { clientDataJSON: clientDataJson, attestationObject, transports: transports.map((t) => AUTHENTICATOR_TRANSPORTS[t]) },
      },
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: settings.rpIds,
      requireUserVerification: false,
      supportedAlgorithmIDs: [-7, -257],
    });
    if (!result.verified) throw invalidRequest(`${at} does not verify as a WebAuthn registration.`);
    info = result.registrationInfo;
  } catch (error) {
    throw invalidRequest(`${at} does not verify as a WebAuthn registration.`, error);
  }
  if (!isObject(info) || info.credential.id !== credentialId) throw invalidRequest(`${at}.credentialId does not match the attestation.`);
  return {
    authenticatorName,
    credentialId,
    publicKey: toBase64Url(info.credential.publicKey),
    counter: info.credential.counter,
    transports,
    aaguid: info.aaguid,
    attestationType: info.fmt,
  };
}
