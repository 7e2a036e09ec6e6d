/**
 * `X-Stamp-Webauthn` verification: a standard WebAuthn assertion whose challenge is the ASCII
 * of the lowercase hex SHA-256 of the request body (docs/protocol.md §5), checked against the
 * stored authenticator with @simplewebauthn/server.
 */
import { verifyAuthenticationResponse } from '@simplewebauthn/server';
import { cose, decodeCredentialPublicKey } from '@simplewebauthn/server/helpers';
import { derToRaw } from '../../../src/crypto/der.ts';
import { sha256 } from '../../../src/crypto/webcrypto.ts';
import { fromBase64Url, textToBase64Url } from '../../../src/encoding/base64url.ts';
import { toHex } from '../../../src/encoding/hex.ts';
import { unauthenticated } from '../http/service-error.ts';
import { isWebAuthnOriginAllowed, readClientData } from './webauthn-origin.ts';
import type { WebAuthnSettings } from '../context.ts';
import type { WebAuthnStamp } from '../api/stamp-check.ts';
import type { AuthenticatorRecord } from '../state/records.ts';

/** The challenge a passkey stamp must sign for `body`, base64url as WebAuthn carries it. */
export async function stampChallenge(body: Uint8Array): Promise<string> {
  return textToBase64Url(toHex(await sha256(body)));
}

/**
 * An EC2 key's assertion signature must be exactly one DER SEQUENCE of two minimal INTEGERs:
 * SimpleWebAuthn's ASN.1 reader ignores bytes after the SEQUENCE, so a genuine signature with a
 * byte appended verified (issue 39), another spelling of one signature. RSA signatures have the
 * modulus' length, which the verification itself enforces.
 */
function isStrictSignature(signature: string, publicKey: Uint8Array): boolean {
  const key = decodeCredentialPublicKey(publicKey as Uint8Array<ArrayBuffer>);
  if (!cose.isCOSEPublicKeyEC2(key)) return true;
  try {
    // ES256 is the one EC2 algorithm registration accepts (webauthn-registration.ts): P-256.
    derToRaw(fromBase64Url(signature));
    return true;
  } catch {
    return false;
  }
}

/** Resolves with the authenticator's new signature counter, or throws SIGNATURE_INVALID. */
export async function verifyPasskeyStamp(
  stamp: WebAuthnStamp,
  body: Uint8Array,
  authenticator: AuthenticatorRecord,
  settings: WebAuthnSettings,
): Promise<number> {
  const invalid = (cause?: unknown) => unauthenticated('SIGNATURE_INVALID', 'The passkey stamp does not verify.', cause);
  const origin = readClientData(stamp.clientDataJson)?.origin;
  if (!isWebAuthnOriginAllowed(origin, settings)) throw invalid();
  let verified = false;
  let newCounter = authenticator.counter;
  try {
    if (!isStrictSignature(stamp.signature, fromBase64Url(authenticator.publicKey))) throw invalid();
    const result = await verifyAuthenticationResponse({
      response: {
        id: stamp.credentialId,
        rawId: stamp.credentialId,
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          authenticatorData: stamp.authenticatorData,
          clientDataJSON: stamp.clientDataJson,
          signature: stamp.signature,
          ...(stamp.userHandle ? { userHandle: stamp.userHandle } : {}),
        },
      },
      expectedChallenge: await stampChallenge(body),
      expectedOrigin: origin,
      expectedRPID: settings.rpIds,
      expectedType: 'webauthn.get',
      credential: {
        id: authenticator.credentialId,
        publicKey: fromBase64Url(authenticator.publicKey) as Uint8Array<ArrayBuffer>,
        counter: authenticator.counter,
      },
      requireUserVerification: false,
    });
    verified = result.verified;
    newCounter = result.authenticationInfo.newCounter;
  } catch (error) {
    throw invalid(error);
  }
  if (!verified) throw invalid();
  return newCounter;
}
