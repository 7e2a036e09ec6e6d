/**
 * What this browser can do with passkeys, asked once per page and only of the browser itself
 * (no WebAuthn library loads): whether it has WebAuthn at all, a platform authenticator that can
 * create a passkey here (Touch ID, Windows Hello, an Android screen lock), and conditional
 * mediation (passkeys offered in a field's autofill). Without a platform authenticator a user can
 * still log in with a passkey on a phone or a security key, but a sign-up has nothing to make one with.
 */
export interface PasskeyCapabilities {
  /** WebAuthn exists (PublicKeyCredential and navigator.credentials). */
  webauthn: boolean;
  /** A user-verifying platform authenticator is available: a passkey can be created on this device. */
  platformAuthenticator: boolean;
  /** Conditional mediation: a passkey can be picked from the autofill of a `webauthn` field. */
  conditionalMediation: boolean;
}

type PublicKeyCredentialStatics = {
  isUserVerifyingPlatformAuthenticatorAvailable?: () => Promise<boolean>;
  isConditionalMediationAvailable?: () => Promise<boolean>;
};

let asked: Promise<PasskeyCapabilities> | undefined;
/** The PublicKeyCredential that was asked: a page (a test) that replaces it is asked again. */
let askedOf: unknown;

/** Whether a check is there and says yes; a missing or failing check is a no. */
async function yes(check: (() => Promise<boolean>) | undefined, on: unknown): Promise<boolean> {
  try {
    return typeof check === 'function' ? (await check.call(on)) === true : false;
  } catch {
    return false;
  }
}

/** The browser's passkey capabilities, detected on first call and remembered for the page. */
export function passkeyCapabilities(): Promise<PasskeyCapabilities> {
  const Credential = globalThis.PublicKeyCredential as (typeof PublicKeyCredential & PublicKeyCredentialStatics) | undefined;
  if (asked && askedOf === Credential) return asked;
  askedOf = Credential;
  return (asked = (async () => {
    const webauthn = typeof Credential === 'function' && typeof globalThis.navigator?.credentials?.get === 'function';
    if (!webauthn) return { webauthn, platformAuthenticator: false, conditionalMediation: false };
    const [platformAuthenticator, conditionalMediation] = await Promise.all([
      yes(Credential.isUserVerifyingPlatformAuthenticatorAvailable, Credential),
      yes(Credential.isConditionalMediationAvailable, Credential),
    ]);
    return { webauthn, platformAuthenticator, conditionalMediation };
  })());
}
