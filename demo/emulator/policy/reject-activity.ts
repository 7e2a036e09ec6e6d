/**
 * reject_activity: the stamping user rejects the activity whose fingerprint is given. One
 * rejection ends it: the held activity becomes ACTIVITY_STATUS_REJECTED with the vote added,
 * and never runs. (Our reading: the hosted service documents the status and the vote, not a
 * rejection threshold; a consensus expression counts approvers only, so no later approval
 * could be undone by waiting for more rejections.) The result is empty, as the hosted types
 * define no reject result.
 *
 * Refused, changing nothing: an unknown fingerprint (404), an activity not waiting for
 * consensus, or a user who already voted on it (the initiator's request is its approval).
 */
import { ActivityStatus } from '../../../src/clients/activity-operations.ts';
import { invalidRequest, notFound } from '../http/service-error.ts';
import { requireString } from '../http/fields.ts';
import { canVote } from './can-vote.ts';
import { rejectionVote } from './votes.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

export const rejectActivity: ActivityHandler = {
  async run({ tx, organization, principal, parameters, now }) {
    const fingerprint = requireString(parameters, 'fingerprint', 'parameters');
    const held = tx.activities.findBy('fingerprint', fingerprint).find((a) => a.organizationId === organization.id);
    if (!held) throw notFound('ACTIVITY_NOT_FOUND', 'No activity with this fingerprint in the organization.');
    if (held.status !== ActivityStatus.CONSENSUS_NEEDED) throw invalidRequest('The activity is not waiting for approval.');
    if (!canVote(held, principal.userId)) throw invalidRequest('This user has already voted on the activity.');
    const vote = rejectionVote(principal, tx.users.get(principal.userId), held.id, fingerprint, now);
    tx.activities.put({ ...held, status: ActivityStatus.REJECTED, votes: [...held.votes, vote], updatedAt: now });
    return {};
  },
};
