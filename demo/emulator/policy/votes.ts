/**
 * Consensus votes, in the hosted service's shape (id, userId, user, activityId, selection,
 * message, publicKey, signature, scheme, createdAt). The initiator's own request is the first
 * approval, so `approvers.count() >= 2` needs one other user. A vote records which credential
 * approved (`publicKey`: the API key's compressed hex, or the passkey's credential id; `scheme`:
 * the stamp that carried it, which for an API key also says its curve, a wallet's key being
 * secp256k1 or Ed25519), which is also how a held activity later runs as its initiator.
 */
import { timestamp } from '../api/envelope.ts';
import type { Principal } from '../api/principal.ts';
import type { ApiKeyRecord, AuthenticatorRecord, UserRecord } from '../state/records.ts';
import type { StateView } from '../state/store.ts';
import { API_KEY_STAMP_SCHEMES, curveOfStampScheme } from '../identity/api-keys.ts';

export const PASSKEY_SCHEME = 'SIGNATURE_SCHEME_TK_API_WEBAUTHN';
export const VOTE_APPROVED = 'VOTE_SELECTION_APPROVED';
export const VOTE_REJECTED = 'VOTE_SELECTION_REJECTED';

export interface Vote {
  readonly id: string;
  readonly userId: string;
  readonly user: { readonly userId: string; readonly userName: string; readonly userEmail?: string; readonly userTags: readonly string[] };
  readonly activityId: string;
  readonly selection: string;
  /** What was approved: the activity's fingerprint. */
  readonly message: string;
  readonly publicKey: string;
  /** The emulator does not keep request signatures: always empty. */
  readonly signature: string;
  readonly scheme: string;
  readonly createdAt: { readonly seconds: string; readonly nanos: string };
}

export function isVote(value: unknown): value is Vote {
  const v = value as Partial<Vote> | null;
  return typeof v === 'object' && v !== null && typeof v.userId === 'string' && typeof v.selection === 'string' && typeof v.publicKey === 'string';
}

export function votesOf(values: readonly unknown[]): Vote[] {
  return values.filter(isVote);
}

export function approvalVote(principal: Principal, user: UserRecord | undefined, activityId: string, fingerprint: string, now: number): Vote {
  return castVote(VOTE_APPROVED, principal, user, activityId, fingerprint, now);
}

export function rejectionVote(principal: Principal, user: UserRecord | undefined, activityId: string, fingerprint: string, now: number): Vote {
  return castVote(VOTE_REJECTED, principal, user, activityId, fingerprint, now);
}

function castVote(selection: string, principal: Principal, user: UserRecord | undefined, activityId: string, fingerprint: string, now: number): Vote {
  return {
    id: crypto.randomUUID(),
    userId: principal.userId,
    user: {
      userId: principal.userId,
      userName: user?.userName ?? '',
      ...(user?.userEmail ? { userEmail: user.userEmail } : {}),
      userTags: [...(user?.userTags ?? [])],
    },
    activityId,
    selection,
    message: fingerprint,
    publicKey: principal.credential,
    signature: '',
    // An attested key (X-Stamp-Attested) is P-256, as the kit's keys are.
    scheme: principal.kind === 'PASSKEY' ? PASSKEY_SCHEME : API_KEY_STAMP_SCHEMES[principal.curve ?? 'API_KEY_CURVE_P256'],
    createdAt: timestamp(now),
  };
}

/** The stored credential a vote was cast with, if it still exists. */
export function credentialOfVote(view: StateView, vote: Vote): ApiKeyRecord | AuthenticatorRecord | undefined {
  if (vote.scheme === PASSKEY_SCHEME) return view.authenticators.findBy('credentialId', vote.publicKey).find((a) => a.userId === vote.userId);
  const curve = curveOfStampScheme(vote.scheme) ?? 'API_KEY_CURVE_P256';
  return view.apiKeys.findBy('publicKey', vote.publicKey).find((k) => k.userId === vote.userId && k.curveType === curve);
}

/** The initiator of a held activity (its first vote) as a principal, to run it once approved. */
export function principalOfVote(view: StateView, vote: Vote): Principal | undefined {
  const user = view.users.get(vote.userId);
  if (!user) return undefined;
  const credential = credentialOfVote(view, vote);
  const base = { userId: user.id, organizationId: user.organizationId, credential: vote.publicKey };
  if (vote.scheme === PASSKEY_SCHEME) return { kind: 'PASSKEY', ...base, ...(credential ? { authenticatorId: credential.id } : {}) };
  return { kind: 'API_KEY', ...base, curve: curveOfStampScheme(vote.scheme) ?? 'API_KEY_CURVE_P256', ...(credential ? { apiKeyId: credential.id } : {}) };
}
