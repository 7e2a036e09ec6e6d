/**
 * Whether `userId` may still vote on `activity`: it waits for consensus and this user has not
 * voted (the initiator's own request counts as its approval). The hosted service computes
 * `canApprove` / `canReject` for the user who asks; the emulator uses this one rule for both.
 * Kept apart from votes.ts, which needs the wire envelope: this is what the envelope needs.
 */
export function canVote(activity: { readonly status: string; readonly votes: readonly unknown[] }, userId: string | undefined): boolean {
  if (activity.status !== 'ACTIVITY_STATUS_CONSENSUS_NEEDED') return false;
  return userId === undefined || !activity.votes.some((vote) => (vote as { userId?: unknown } | null)?.userId === userId);
}
