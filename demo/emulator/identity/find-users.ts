/** Finding users inside one organization by contact or OAuth identity. */
import { notFound } from '../http/service-error.ts';
import { contactKey } from './contact.ts';
import type { StateView } from '../state/store.ts';
import type { UserRecord } from '../state/records.ts';

export function findUserByContact(view: StateView, organizationId: string, otpType: string, contact: string): UserRecord | undefined {
  const key = contactKey(contact);
  return view.users.findBy('organizationId', organizationId).find((u) => {
    const value = otpType === 'OTP_TYPE_SMS' ? u.userPhoneNumber : u.userEmail;
    return value !== undefined && contactKey(value) === key;
  });
}

/**
 * The user with the OAuth identity `issuer` + `subject` for `audience`: a token for another
 * client id of the same app matches only a provider registered with that audience (the hosted
 * kit registers one per secondary client id), never the identity alone.
 */
export function findUserByOauth(view: StateView, organizationId: string, issuer: string, subject: string, audience: string): UserRecord | undefined {
  const provider = view.oauthProviders.findBy('subject', `${issuer} ${subject}`).find((p) => p.organizationId === organizationId && p.audience === audience);
  return provider ? view.users.get(provider.userId) : undefined;
}

export function requireUser(view: StateView, organizationId: string, userId: string): UserRecord {
  const user = view.users.get(userId);
  if (!user || user.organizationId !== organizationId) throw notFound('USER_NOT_FOUND', 'No user with this userId in the organization.');
  return user;
}
