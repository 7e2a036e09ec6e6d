/**
 * What keeps a user able to log in, and the two refusals that protect it: a change that would
 * leave the user none, and a contact that already belongs to someone else.
 *
 * The hosted service documents that every user needs at least one long-lived credential (a
 * passkey or a non-expiring API key), except a user of a sub-organization that has email
 * login. Here: a passkey or a non-expiring API key anywhere; in a sub-organization also an
 * email address, a phone number or an OAuth provider (the auth proxy logs those users in by
 * OTP or OAuth). Expiring API keys (sessions) never count: they run out, and the service may
 * evict them on its own (the 10-key rule).
 */
import { invalidRequest } from '../http/service-error.ts';
import { contactKey } from './contact.ts';
import type { StateView } from '../state/store.ts';
import type { UserRecord } from '../state/records.ts';

export function hasLoginWay(view: StateView, user: UserRecord): boolean {
  if (view.authenticators.findBy('userId', user.id).length > 0) return true;
  if (view.apiKeys.findBy('userId', user.id).some((k) => k.expiresAt === undefined)) return true;
  if (!view.organizations.get(user.organizationId)?.parentId) return false;
  return Boolean(user.userEmail || user.userPhoneNumber) || view.oauthProviders.findBy('userId', user.id).length > 0;
}

/**
 * Call after staging a removal on `tx`: refuses (and so undoes) it when the user is left with no
 * way to log in. `user` is read again from the transaction, so staged contact changes count.
 */
export function requireLoginWayLeft(view: StateView, userId: string): void {
  const user = view.users.get(userId);
  if (user && !hasLoginWay(view, user)) {
    throw invalidRequest('This change would leave the user no way to log in: add a passkey, a non-expiring API key or another login first.');
  }
}

/**
 * The organizations whose users share a login namespace with `organizationId`: the organization
 * itself and, for a sub-organization, its siblings (the auth proxy's account lookup searches
 * them all by contact, so two of them holding one contact would make the lookup ambiguous).
 */
function sharesLogins(view: StateView, organizationId: string, other: string): boolean {
  if (other === organizationId) return true;
  const parent = view.organizations.get(organizationId)?.parentId;
  return parent !== undefined && view.organizations.get(other)?.parentId === parent;
}

/** Refuses `contact` (an email or a phone number) when another user already holds it. */
export function requireContactFree(view: StateView, user: UserRecord, kind: 'email' | 'phoneNumber', contact: string): void {
  const holders = view.users.findBy(kind, kind === 'email' ? contactKey(contact) : contact);
  if (holders.some((u) => u.id !== user.id && sharesLogins(view, user.organizationId, u.organizationId))) {
    throw invalidRequest(kind === 'email' ? 'This email address belongs to another user.' : 'This phone number belongs to another user.');
  }
}

/** Refuses an OAuth identity (issuer and subject) another user of the same login namespace holds. */
export function requireOauthIdentityFree(view: StateView, user: UserRecord, issuer: string, subject: string): void {
  const holders = view.oauthProviders.findBy('subject', `${issuer} ${subject}`);
  if (holders.some((p) => sharesLogins(view, user.organizationId, p.organizationId))) {
    throw invalidRequest('This OAuth identity is already linked to a user.');
  }
}
