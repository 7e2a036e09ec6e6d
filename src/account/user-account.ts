/**
 * The logged-in user's own account (issue 13, part 3): who they are, their passkeys, linked
 * OAuth logins and sessions (the user's API keys), and the changes they may make to them, all
 * through the signing session (stamped by the session key). Loaded on demand by
 * `<latch-account>`; nothing here is on the signing session's first load.
 *
 * Refusals the service would make are made here first, with stable codes:
 * ERR_ACCOUNT_LAST_CREDENTIAL (a removal that leaves the user no way to log in, after the
 * service's rule: a passkey or a non-expiring API key; in a sub-organization also an email,
 * a phone number or an OAuth login; sessions never count) and ERR_ACCOUNT_CONTACT_TAKEN (a new
 * email or phone number that already logs another account in). The service checks both again.
 */
import { LatchError } from '../errors/latch-error.ts';
import { ProxyClient } from '../clients/proxy-client.ts';
import type { OtpType } from '../clients/proxy-types.ts';
import type { ApiKey, AuthenticatorParams, User } from '../clients/activity-types.ts';
import type { LatchKit } from '../kit/latch-kit.ts';
import type { SigningSession } from '../session/signing-session.ts';
import { checkContact } from '../flows/otp-flow.ts';

/** What `<latch-account>` shows: the user, and which of their API keys is this session's. */
export interface AccountView {
  user: User;
  organizationId: string;
  /** The API key this session stamps with (its public key is the session's), if listed. */
  currentApiKeyId: string | undefined;
  /** Sessions: the user's API keys that expire (logins and refreshes make those). */
  sessions: ApiKey[];
  /** True when the user's organization is a sub-organization of the kit's configuration (or that is unknown). */
  subOrganization: boolean;
}

/** A removal the user asked for. */
export type AccountRemoval =
  | { kind: 'passkey'; id: string }
  | { kind: 'oauth'; id: string }
  | { kind: 'session'; id: string }
  /** A linked wallet's API key (link-wallet.ts): a way to log in, so the rule applies. */
  | { kind: 'wallet'; id: string };

/** The credential types the service lists for the two wallet curves (secp256k1: Ethereum, Ed25519: Solana). */
export const WALLET_CREDENTIALS: Readonly<Record<string, 'ethereum' | 'solana'>> = {
  CREDENTIAL_TYPE_API_KEY_SECP256K1: 'ethereum',
  CREDENTIAL_TYPE_API_KEY_ED25519: 'solana',
};

/** True when `key` is an outside wallet's key (link-wallet.ts, wallet login), not a session's or a backend's. */
export function isWalletKey(key: ApiKey): boolean {
  return Object.hasOwn(WALLET_CREDENTIALS, key.credential.type);
}

/** Removing the email address or phone number (remove-contact.ts), under the same rule. */
export type ContactRemoval = { kind: 'email' } | { kind: 'phone' };

function requireSession(session: SigningSession | null | undefined): SigningSession & { summary: NonNullable<SigningSession['summary']> } {
  if (!session?.active || !session.summary) throw new LatchError('ERR_SESSION_MISSING', 'Nobody is logged in.');
  return session as SigningSession & { summary: NonNullable<SigningSession['summary']> };
}

/** Reads the user (get_user) with their credentials and sessions. */
export async function loadAccount(kit: LatchKit, session: SigningSession | null): Promise<AccountView> {
  const live = requireSession(session);
  const { organizationId, userId, publicKey } = live.summary;
  const { user } = await live.query('get_user', { organizationId, userId });
  const current = user.apiKeys.find((k) => k.credential.publicKey === publicKey);
  // The configuration's organization is the parent; without it, the service's rule is left to the service.
  const parent = (kit.config ?? (await kit.loadConfig().catch(() => null)))?.organizationId;
  return {
    user,
    organizationId,
    currentApiKeyId: current?.apiKeyId,
    sessions: user.apiKeys.filter((k) => k.expirationSeconds !== undefined && k.expirationSeconds !== '' && k.expirationSeconds !== '0'),
    subOrganization: parent === undefined || parent !== organizationId,
  };
}

/** True when the user can still log in once `removal` is done (the service's rule, see above). */
export function hasLoginWayAfter(view: AccountView, removal: AccountRemoval | ContactRemoval): boolean {
  const { user } = view;
  const passkeys = user.authenticators.filter((a) => !(removal.kind === 'passkey' && a.authenticatorId === removal.id));
  if (passkeys.length > 0) return true;
  const keys = user.apiKeys.filter((k) => !((removal.kind === 'session' || removal.kind === 'wallet') && k.apiKeyId === removal.id));
  if (keys.some((k) => !view.sessions.includes(k))) return true;
  if (!view.subOrganization) return false;
  const oauth = user.oauthProviders.filter((p) => !(removal.kind === 'oauth' && p.providerId === removal.id));
  const email = removal.kind === 'email' ? undefined : user.userEmail;
  const phone = removal.kind === 'phone' ? undefined : user.userPhoneNumber;
  return Boolean(email || phone) || oauth.length > 0;
}

/**
 * Removes a passkey (delete_authenticators), unlinks an OAuth login (delete_oauth_providers),
 * removes the email or phone number (update_user_email / update_user_phone_number with an empty
 * value), revokes a session or unlinks a wallet (delete_api_keys). ERR_ACCOUNT_LAST_CREDENTIAL, with nothing sent, when the
 * user would be left with no way to log in. Revoking this very session is a logout: use the
 * kit's `logout()` for it (it ends the session here too).
 */
export async function removeFromAccount(session: SigningSession | null, view: AccountView, removal: AccountRemoval | ContactRemoval): Promise<void> {
  const live = requireSession(session);
  if (removal.kind !== 'session' && !hasLoginWayAfter(view, removal)) {
    throw new LatchError('ERR_ACCOUNT_LAST_CREDENTIAL', 'This is your last way to log in: add another first.');
  }
  const userId = view.user.userId;
  if (removal.kind === 'passkey') await live.submit('delete_authenticators', { userId, authenticatorIds: [removal.id] });
  else if (removal.kind === 'oauth') await live.submit('delete_oauth_providers', { userId, providerIds: [removal.id] });
  // An empty value removes the contact (the hosted intents' documented meaning).
  else if (removal.kind === 'email') await live.submit('update_user_email', { userId, userEmail: '' });
  else if (removal.kind === 'phone') await live.submit('update_user_phone_number', { userId, userPhoneNumber: '' });
  // A session or a linked wallet: both are the user's API keys.
  else await live.submit('delete_api_keys', { userId, apiKeyIds: [removal.id] });
}

/** Adds a passkey made in this browser (create_authenticators V2). */
export async function addPasskey(kit: LatchKit, session: SigningSession | null, view: AccountView, authenticatorName: string): Promise<void> {
  const live = requireSession(session);
  const { createPasskeyAttestation } = await import('./passkey-attestation.ts');
  const rpId = kit.options.rpId ?? (globalThis as { location?: Location }).location?.hostname ?? '';
  const authenticator: AuthenticatorParams = await createPasskeyAttestation({
    rpId,
    userName: view.user.userEmail || view.user.userName,
    authenticatorName,
    excludeCredentialIds: view.user.authenticators.map((a) => a.credentialId),
  });
  await live.submit('create_authenticators', { userId: view.user.userId, authenticators: [authenticator] });
}

/** A code sent to a new contact, to be verified by `changeContact`. */
export interface ContactCode {
  otpType: OtpType;
  contact: string;
  otpId: string;
  otpEncryptionTargetBundle?: string;
}

function proxyOf(kit: LatchKit): ProxyClient {
  const o = kit.options;
  return new ProxyClient({ configId: o.configId, ...(o.proxyUrl ? { authProxyUrl: o.proxyUrl } : {}), ...(o.fetch ? { fetch: o.fetch } : {}) });
}

/** Sends a one-time code to the new email address or phone number (the kit's OTP generation). */
export async function sendContactCode(kit: LatchKit, otpType: OtpType, contact: string): Promise<ContactCode> {
  const value = checkContact(otpType, contact);
  const proxy = proxyOf(kit);
  const { callWithCaptcha } = await import('../captcha/captcha-call.ts');
  const deps = { captcha: kit.options.captcha, proxy };
  const answer = await callWithCaptcha(deps, (options) =>
    kit.options.otpEncryptionSignerPublicKey ? proxy.otpInitV2({ otpType, contact: value }, options) : proxy.otpInit({ otpType, contact: value }, options),
  );
  return { otpType, contact: value, ...answer };
}

/**
 * Verifies the code sent by `sendContactCode` (a verification token for the new contact), refuses
 * a contact another account logs in with (ERR_ACCOUNT_CONTACT_TAKEN), then sets it on the user:
 * update_user_email or update_user_phone_number with the token.
 */
export async function changeContact(kit: LatchKit, session: SigningSession | null, view: AccountView, code: ContactCode, otpCode: string): Promise<void> {
  const live = requireSession(session);
  if (typeof otpCode !== 'string' || !otpCode.trim()) throw new LatchError('ERR_INPUT_INVALID', 'Enter the code you received.');
  const proxy = proxyOf(kit);
  let verificationToken: string;
  if (code.otpEncryptionTargetBundle) {
    const signer = kit.options.otpEncryptionSignerPublicKey;
    if (!signer) throw new LatchError('ERR_CONFIG_INVALID', 'The current OTP generation needs the pinned signer of its encryption target.');
    const { sealOtpCode } = await import('../flows/otp-seal.ts');
    const encryptedOtpBundle = await sealOtpCode(code.otpEncryptionTargetBundle, signer, otpCode.trim(), live.summary.publicKey);
    ({ verificationToken } = await proxy.otpVerifyV2({ otpId: code.otpId, encryptedOtpBundle }));
  } else {
    ({ verificationToken } = await proxy.otpVerify({ otpId: code.otpId, otpCode: otpCode.trim() }));
  }
  const email = code.otpType === 'OTP_TYPE_EMAIL';
  const holder = await proxy.account({ filterType: email ? 'EMAIL' : 'PHONE_NUMBER', filterValue: code.contact, verificationToken });
  if (holder.organizationId && holder.organizationId !== view.organizationId) {
    throw new LatchError('ERR_ACCOUNT_CONTACT_TAKEN', email ? 'This email address belongs to another account.' : 'This phone number belongs to another account.');
  }
  const userId = view.user.userId;
  if (email) await live.submit('update_user_email', { userId, userEmail: code.contact, verificationToken });
  else await live.submit('update_user_phone_number', { userId, userPhoneNumber: code.contact, verificationToken });
}
