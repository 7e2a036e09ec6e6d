/**
 * approve_activity: the stamping user approves the activity whose fingerprint is given. Once
 * the organization's policies agree with the votes gathered, the held activity's own handler
 * runs (as its initiator, inside this same transaction) and its result becomes both the held
 * activity's result and this activity's result, as the seed says. While consensus is still
 * short, the vote is stored and the result is empty.
 *
 * If the held activity's handler refuses (its input no longer fits the state), the approval is
 * refused with that error and nothing changes: the activity stays held with its votes.
 */
import { ActivityStatus } from '../../../src/clients/activity-operations.ts';
import { invalidRequest, notFound, serviceError, Grpc } from '../http/service-error.ts';
import { isObject, requireString } from '../http/fields.ts';
import { operationOfType } from '../api/operations.ts';
import { decide, refusal } from './policy-engine.ts';
import { approvalVote, principalOfVote, votesOf } from './votes.ts';
import type { ActivityHandler } from '../api/handler-types.ts';
import type { JsonObject } from '../http/fields.ts';

/** `handlers` is read when an approval completes, so the registry may be filled after this is made. */
export function createApproveActivityHandler(handlers: () => ReadonlyMap<string, ActivityHandler>): ActivityHandler {
  return {
    async run({ ctx, tx, organization, principal, parameters, now, keepChangesOnRefusal }) {
      const fingerprint = requireString(parameters, 'fingerprint', 'parameters');
      const held = tx.activities.findBy('fingerprint', fingerprint).find((a) => a.organizationId === organization.id);
      if (!held) throw notFound('ACTIVITY_NOT_FOUND', 'No activity with this fingerprint in the organization.');
      if (held.status !== ActivityStatus.CONSENSUS_NEEDED) throw invalidRequest('The activity is not waiting for approval.');
      const earlier = votesOf(held.votes);
      if (earlier.some((vote) => vote.userId === principal.userId)) throw invalidRequest('This user has already voted on the activity.');

      const found = operationOfType(held.type);
      const intent = found ? held.intent[found.version.intent] : undefined;
      if (!found || !isObject(intent)) throw serviceError(Grpc.INTERNAL, 'INTERNAL', 'The held activity cannot be resumed.');
      const { operation, version } = found;
      const votes = [...earlier, approvalVote(principal, tx.users.get(principal.userId), held.id, fingerprint, now)];
      const initiator = earlier[0] ? principalOfVote(tx, earlier[0]) : undefined;
      if (!initiator) throw invalidRequest('The user who submitted the activity no longer exists.');
      const evaluation = decide(tx, organization.id, { operation, type: held.type, parameters: intent }, votes, initiator);
      if (evaluation.outcome === 'DENY' || evaluation.outcome === 'NO_POLICY') throw refusal(evaluation.outcome);

      if (evaluation.outcome === 'CONSENSUS_NEEDED') {
        tx.activities.put({ ...held, votes, updatedAt: now });
        return {};
      }
      const handler = handlers().get(operation);
      if (!handler) throw serviceError(Grpc.INTERNAL, 'INTERNAL', 'The held activity cannot be resumed.');
      const value = await handler.run({ ctx, tx, operation, type: held.type, organization, principal: initiator, parameters: intent, activityId: held.id, now, keepChangesOnRefusal });
      const result: JsonObject = version.result === null ? value : { [version.result]: value };
      tx.activities.put({ ...held, status: ActivityStatus.COMPLETED, result, votes, updatedAt: now });
      return result;
    },
  };
}
