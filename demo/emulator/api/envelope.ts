/** The activity as the wire shows it (docs/protocol.md §5), from a stored record. */
import { canVote } from '../policy/can-vote.ts';
import type { ActivityRecord } from '../state/records.ts';

export interface WireTimestamp {
  seconds: string;
  nanos: string;
}

export function timestamp(ms: number): WireTimestamp {
  return { seconds: String(Math.floor(ms / 1000)), nanos: String((ms % 1000) * 1_000_000) };
}

/**
 * `viewerUserId`: the user who asks (the submitter, or the stamping user of a query), for
 * `canApprove` / `canReject`; without one (webhooks), they say whether the activity is open to
 * votes at all.
 */
export function wireActivity(record: ActivityRecord, viewerUserId?: string): Record<string, unknown> {
  const pending = canVote(record, viewerUserId);
  const out: Record<string, unknown> = {
    id: record.id,
    organizationId: record.organizationId,
    status: record.status,
    type: record.type,
    timestampMs: record.timestampMs,
    intent: record.intent,
    result: record.result,
    votes: record.votes,
    fingerprint: record.fingerprint,
    canApprove: pending,
    canReject: pending,
    createdAt: timestamp(record.createdAt),
    updatedAt: timestamp(record.updatedAt),
  };
  if (record.appProofs) out.appProofs = record.appProofs;
  if (record.failure) out.failure = record.failure;
  return out;
}
