/**
 * Email and SMS one-time-password login, exactly as the hosted service's own clients do it
 * (docs/protocol.md §3): otp_init → the user types the code → a new non-extractable key K →
 * otp_verify binds K into the verification token → account lookup → sign-up when there is no
 * account → otp_login with a client signature made by K → a session JWT for K.
 *
 * Two generations of the first two steps: the seed's (otp_init, otp_verify with the code in
 * clear) and the current one (§9: otp_init_v2 hands out an enclave target, otp_verify_v2 takes
 * the code and K sealed to it). A flow uses the current one when it is given the pinned signer
 * of that target (`otpEncryptionSignerPublicKey`).
 */
import { LatchError } from '../errors/latch-error.ts';
import type { KeyStore, StoredKey } from '../keys/key-store.ts';
import type { ProxyClient } from '../clients/proxy-client.ts';
import type { OtpType, SignupRequest, WalletParams } from '../clients/proxy-types.ts';
import { parseVerificationToken } from '../tokens/verification-token.ts';
import { createLoginClientSignature, createSignupClientSignature } from '../tokens/client-signature.ts';
import { withNewKey, type LoginResult } from './login-result.ts';
import { finishMagicLink, forgetOtpAttempt, rememberOtpAttempt, type FinishMagicLinkOptions, type PendingOtpStore } from './magic-link.ts';
import { callWithCaptcha, type CaptchaDeps } from '../captcha/captcha-call.ts';

export interface FlowDeps extends CaptchaDeps {
  proxy: ProxyClient;
  keyStore: KeyStore;
  signal?: AbortSignal;
  /** Pinned signer of the current generation's encryption target; set = use that generation. */
  otpEncryptionSignerPublicKey?: string;
  /**
   * Where a sent code's attempt waits for its magic link (magic-link.ts). Default: IndexedDB in
   * browsers, none in Node.
   */
  otpAttempts?: PendingOtpStore;
  /** False: remember no attempt (magic links then cannot log in; typed codes still do). */
  magicLinks?: boolean;
}

/** Details used only when the contact has no account yet. */
export interface SignupDetails {
  userName?: string;
  organizationName?: string;
  userTag?: string;
  /** Create a wallet with the new account (e.g. an ETH and a SOL account). */
  wallet?: WalletParams;
}

export interface StartOtpRequest {
  otpType: OtpType;
  /** An email address, or a phone number in E.164 form. */
  contact: string;
}

export interface CompleteOtpRequest extends StartOtpRequest {
  otpId: string;
  otpCode: string;
  /**
   * The key K made when the code was sent (a magic link's attempt): the login binds it instead
   * of a new key, and deletes it if the code fails (a link is single-use). Unset: a new key.
   */
  keyId?: string;
  /** From startOtp in the current generation: the target the code is sealed to. */
  otpEncryptionTargetBundle?: string;
  /** Sign up when the contact has no account (default true); false makes that an error. */
  signupIfMissing?: boolean;
  signup?: SignupDetails;
  /** Ask the service to invalidate this user's earlier OTP sessions. */
  invalidateExisting?: boolean;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const E164 = /^\+[1-9]\d{6,14}$/;

/** Checks a contact the way the form should before anything is sent. */
export function checkContact(otpType: OtpType, contact: string): string {
  const value = typeof contact === 'string' ? contact.trim() : '';
  const ok = otpType === 'OTP_TYPE_EMAIL' ? EMAIL.test(value) : E164.test(value);
  if (!ok) {
    throw new LatchError(
      'ERR_INPUT_INVALID',
      otpType === 'OTP_TYPE_EMAIL' ? 'Enter a valid email address.' : 'Enter a phone number in international form, e.g. +14155550123.',
    );
  }
  return value;
}

/**
 * Sends the code. Returns the id the code must be verified against (and, in the current
 * generation, the target to seal it to). Given a key store, it also makes the key K a magic
 * link will bind and remembers the attempt where the page that opens the link finds it
 * (magic-link.ts; best effort, never a failure of the sending).
 */
export async function startOtp(
  deps: Pick<FlowDeps, 'proxy' | 'signal' | 'captcha' | 'otpEncryptionSignerPublicKey' | 'otpAttempts' | 'magicLinks'> & { keyStore?: KeyStore },
  request: StartOtpRequest,
): Promise<{ otpId: string; otpEncryptionTargetBundle?: string }> {
  const contact = checkContact(request.otpType, request.contact);
  const body = { otpType: request.otpType, contact };
  // Sending a code needs a captcha token where the page configured a captcha (captcha-call.ts).
  const answer = await callWithCaptcha(deps, (options) =>
    deps.otpEncryptionSignerPublicKey ? deps.proxy.otpInitV2(body, options) : deps.proxy.otpInit(body, options),
  );
  if (deps.keyStore) await rememberOtpAttempt({ ...deps, keyStore: deps.keyStore }, { ...answer, otpType: request.otpType, contact });
  return answer;
}

/**
 * Verifies the code and logs in, signing up first when the contact has no account. The new key
 * (or the attempt's key K, with `keyId`: a magic link) is deleted again if any step fails, so a
 * wrong code leaves nothing behind.
 */
export async function completeOtp(deps: FlowDeps, request: CompleteOtpRequest): Promise<LoginResult> {
  const { proxy, signal } = deps;
  const contact = checkContact(request.otpType, request.contact);
  if (typeof request.otpCode !== 'string' || !request.otpCode.trim()) {
    throw new LatchError('ERR_INPUT_INVALID', 'Enter the code you received.');
  }
  const login = async (key: StoredKey): Promise<LoginResult> => {
    const otpCode = request.otpCode.trim();
    const signer = deps.otpEncryptionSignerPublicKey;
    let verificationToken: string;
    if (request.otpEncryptionTargetBundle) {
      if (!signer) throw new LatchError('ERR_CONFIG_INVALID', 'The current OTP generation needs the pinned signer of its encryption target.');
      const { sealOtpCode } = await import('./otp-seal.ts');
      const encryptedOtpBundle = await sealOtpCode(request.otpEncryptionTargetBundle, signer, otpCode, key.id);
      ({ verificationToken } = await proxy.otpVerifyV2({ otpId: request.otpId, encryptedOtpBundle }, { signal }));
    } else {
      ({ verificationToken } = await proxy.otpVerify({ otpId: request.otpId, otpCode, publicKey: key.id }, { signal }));
    }
    const tokenId = parseVerificationToken(verificationToken).id;
    const filterType = request.otpType === 'OTP_TYPE_EMAIL' ? 'EMAIL' : 'PHONE_NUMBER';
    const account = await proxy.account({ filterType, filterValue: contact, verificationToken }, { signal });

    let organizationId = account.organizationId;
    let signup: LoginResult['signup'];
    if (!organizationId) {
      if (request.signupIfMissing === false) {
        throw new LatchError('ERR_FLOW_STATE', 'There is no account for this contact.');
      }
      signup = await signUp(deps, key, { verificationToken, tokenId, contact, otpType: request.otpType, details: request.signup });
      organizationId = signup.organizationId;
    }

    const clientSignature = await createLoginClientSignature({ tokenId, sessionPublicKey: key.id, signingKey: key });
    const { session } = await proxy.otpLogin(
      { verificationToken, publicKey: key.id, organizationId, invalidateExisting: request.invalidateExisting ?? false, clientSignature },
      { signal },
    );
    return { sessionJwt: session, key, organizationId, created: signup !== undefined, ...(signup ? { signup } : {}) };
  };
  if (!request.keyId) {
    const result = await withNewKey(deps.keyStore, 'session', login);
    // A code typed in: the attempt its magic link would have finished is spent.
    await forgetOtpAttempt(deps, request.otpId);
    return result;
  }
  const key = await deps.keyStore.get(request.keyId);
  if (!key) throw new LatchError('ERR_KEY_NOT_FOUND', 'The key of this login attempt is gone: ask for a new code.');
  try {
    return await login(key);
  } catch (error) {
    await deps.keyStore.delete(key.id).catch(() => undefined);
    throw error;
  }
}

async function signUp(
  deps: FlowDeps,
  key: StoredKey,
  input: { verificationToken: string; tokenId: string; contact: string; otpType: OtpType; details?: SignupDetails },
): Promise<NonNullable<LoginResult['signup']>> {
  const { details = {} } = input;
  const request: SignupRequest = {
    ...(input.otpType === 'OTP_TYPE_EMAIL' ? { userEmail: input.contact } : { userPhoneNumber: input.contact }),
    ...(details.userName ? { userName: details.userName } : {}),
    ...(details.userTag ? { userTag: details.userTag } : {}),
    ...(details.organizationName ? { organizationName: details.organizationName } : {}),
    ...(details.wallet ? { wallet: details.wallet } : {}),
    verificationToken: input.verificationToken,
    apiKeys: [],
    authenticators: [],
    oauthProviders: [],
  };
  // The signed usage names the contact `email` / `phoneNumber` (the hosted SDK's signupV2).
  const usage = {
    apiKeys: request.apiKeys,
    authenticators: request.authenticators,
    oauthProviders: request.oauthProviders,
    ...(input.otpType === 'OTP_TYPE_EMAIL' ? { email: input.contact } : { phoneNumber: input.contact }),
  };
  const clientSignature = await createSignupClientSignature({ tokenId: input.tokenId, signup: usage, signingKey: key });
  return deps.proxy.signup({ ...request, clientSignature }, { signal: deps.signal });
}

/**
 * magic-link.ts's `finishMagicLink` with {@link completeOtp}, for pages that use the flows without
 * the kit: resolves the login result, or null when the URL carries no code. Here rather than in
 * magic-link.ts behind a lazy import of this module: this module imports magic-link.ts, so with
 * esbuild's code splitting any entry re-exporting both put this module on every page using either.
 */
export async function completeMagicLink(
  deps: FlowDeps,
  options: FinishMagicLinkOptions & Pick<CompleteOtpRequest, 'signup' | 'signupIfMissing' | 'invalidateExisting'> = {},
): Promise<LoginResult | null> {
  const { href, otpAttempts, host, ...details } = options;
  const store = otpAttempts ?? deps.otpAttempts;
  return finishMagicLink((login) => completeOtp(deps, { ...details, ...login }), {
    ...(href ? { href } : {}),
    ...(store ? { otpAttempts: store } : {}),
    ...(host ? { host } : {}),
  });
}
