/**
 * Which chain transactions the service itself submitted, for the history routes' `origin`
 * ("TURNKEY") and `turnkey` metadata: each send activity of the organization (eth / sol
 * send_transaction, both versions, through their send status; eth_send_raw_transaction by its
 * result) by its transaction hash (lowercase) or Solana signature.
 */
import type { StateView } from '../state/store.ts';

export interface SentThroughService {
  /** The hosted `activityFingerprint`: the activity's fingerprint. */
  readonly activityFingerprint: string;
  /** When the activity was submitted, milliseconds since the epoch. */
  readonly submittedAtMs: number;
}

export function sentThroughService(view: StateView, organizationId: string): Map<string, SentThroughService> {
  const sent = new Map<string, SentThroughService>();
  for (const activity of view.activities.findBy('organizationId', organizationId)) {
    for (const result of Object.values(activity.result)) {
      if (!result || typeof result !== 'object') continue;
      const { sendTransactionStatusId, transactionHash } = result as { sendTransactionStatusId?: unknown; transactionHash?: unknown };
      const record = typeof sendTransactionStatusId === 'string' ? view.sendTransactions.get(sendTransactionStatusId) : undefined;
      const key = record?.txHash?.toLowerCase() ?? record?.signature ?? (typeof transactionHash === 'string' ? transactionHash.toLowerCase() : undefined);
      if (key) sent.set(key, { activityFingerprint: activity.fingerprint, submittedAtMs: activity.createdAt });
    }
  }
  return sent;
}
