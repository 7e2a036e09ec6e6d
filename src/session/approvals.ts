/**
 * Approvals (consensus): what waits for this user's vote, the vote itself, and waiting for the
 * outcome of an activity that needs other people's votes. Functions over a session rather than
 * session methods, so the signing path does not carry them (`<latch-approvals>` imports this
 * module; a page may too).
 *
 * The wire is the hosted service's: list_activities (its client's getActivities) filtered to
 * ACTIVITY_STATUS_CONSENSUS_NEEDED, approve_activity / reject_activity by fingerprint, and
 * get_activity for the held activity afterwards. `canApprove` / `canReject` are the asking
 * user's, so "waits for me" is a filter on them.
 *
 * An export a policy holds waits here too (session-export.ts): so this chunk imports nothing of
 * the signing path but LatchError and ActivityError (see `pause`).
 */
import { ActivityError } from '../clients/activity-error.ts';
import { LatchError } from '../errors/latch-error.ts';
import type { Activity } from '../clients/activity-types.ts';
import type { SigningSession } from './signing-session.ts';

/** What these functions use of a session (a stand-in in tests). */
export type ApprovalSession = Pick<SigningSession, 'query' | 'submit'>;

export interface ListApprovalsOptions {
  /** Up to 100 per call; default 10. */
  limit?: number;
  /** An activity id from the previous page: the next, older ones. */
  after?: string;
  signal?: AbortSignal;
}

/** The activities waiting for consensus that this user may still approve or reject, newest first. */
export async function listApprovals(session: ApprovalSession, options: ListApprovalsOptions = {}): Promise<Activity[]> {
  const { limit, after, signal } = options;
  const paginationOptions = limit === undefined && after === undefined ? undefined : { limit, after };
  const { activities } = await session.query('list_activities', { filterByStatus: ['ACTIVITY_STATUS_CONSENSUS_NEEDED'], paginationOptions }, { signal });
  return activities.filter((activity) => activity.canApprove || activity.canReject);
}

/**
 * Approves `activity` (by its fingerprint) and returns it as it stands after the vote:
 * COMPLETED with its result when this vote made consensus, still CONSENSUS_NEEDED otherwise.
 */
export async function approveActivity(session: ApprovalSession, activity: Pick<Activity, 'id' | 'fingerprint'>): Promise<Activity> {
  await session.submit('approve_activity', { fingerprint: activity.fingerprint });
  return heldActivity(session, activity.id);
}

/** Rejects `activity` (by its fingerprint); returns it as it stands after (REJECTED). */
export async function rejectActivity(session: ApprovalSession, activity: Pick<Activity, 'id' | 'fingerprint'>): Promise<Activity> {
  await session.submit('reject_activity', { fingerprint: activity.fingerprint });
  return heldActivity(session, activity.id);
}

export interface WaitForDecisionOptions {
  /** Pause between reads. Default 2 s. */
  intervalMs?: number;
  signal?: AbortSignal;
}

/**
 * Waits while `activity` (one that came back CONSENSUS_NEEDED, e.g. the `activity` of an
 * ActivityError ERR_ACTIVITY_CONSENSUS_NEEDED) waits for other votes. Resolves with it
 * COMPLETED, result included; rejects with an ActivityError ERR_ACTIVITY_REJECTED or
 * ERR_ACTIVITY_FAILED when it ends otherwise, or with the signal's reason when aborted.
 */
export async function waitForDecision(session: ApprovalSession, activity: Pick<Activity, 'id'>, options: WaitForDecisionOptions = {}): Promise<Activity> {
  const { intervalMs = 2000, signal } = options;
  for (;;) {
    const current = await heldActivity(session, activity.id, signal);
    if (current.status === 'ACTIVITY_STATUS_COMPLETED') return current;
    if (current.status === 'ACTIVITY_STATUS_REJECTED') throw new ActivityError('ERR_ACTIVITY_REJECTED', 'The activity was rejected.', current);
    if (current.status === 'ACTIVITY_STATUS_FAILED') {
      throw new ActivityError('ERR_ACTIVITY_FAILED', current.failure?.message || 'The activity failed.', current, { serviceCode: current.failure?.code });
    }
    await pause(intervalMs, signal);
  }
}

/**
 * Waits `ms`; an abort ends the wait at once, as the clients' own `sleep` does (ERR_NETWORK_ABORTED).
 * Its own copy: importing http.ts (or the operations table) from this lazy chunk would split them
 * off the signing path's chunk, ~0.3 KB more brotli on every logged-in page (scripts/size.mjs).
 */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = (): void => {
      clearTimeout(timer);
      reject(new LatchError('ERR_NETWORK_ABORTED', 'The request was cancelled.', { cause: signal?.reason }));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', aborted);
      resolve();
    }, ms);
    if (signal?.aborted) aborted();
    else signal?.addEventListener('abort', aborted, { once: true });
  });
}

async function heldActivity(session: ApprovalSession, activityId: string, signal?: AbortSignal): Promise<Activity> {
  return (await session.query('get_activity', { activityId }, { signal })).activity;
}
