/** The activity as the wire shows it (PROTOCOL.md §5), from a stored record. */
import { ActivityStatus } from '../../../src/clients/activity-operations.ts';
import type { ActivityRecord } from '../state/records.ts';

export interface WireTimestamp {
  seconds: string;
  nanos: string;
}

export function timestamp(ms: number): WireTimestamp {
  return { seconds: String(Math.floor(ms / 1000)), nanos: String((ms % 1000) * 1_000_000) };
}

export function wireActivity(record: ActivityRecord): Record<string, unknown> {
  const pending = record.status === ActivityStatus.CONSENSUS_NEEDED;
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
