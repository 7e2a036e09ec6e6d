/** get_activity: one activity of the organization, in the submit envelope. */
import { notFound } from '../http/service-error.ts';
import { wireActivity } from '../api/envelope.ts';
import type { QueryHandler } from '../api/handler-types.ts';

export const getActivity: QueryHandler = {
  run({ view, organization, principal, body }) {
    const activity = view.activities.get(body.activityId as string);
    if (!activity || activity.organizationId !== organization.id) throw notFound('ACTIVITY_NOT_FOUND', 'No activity with this activityId in the organization.');
    return { activity: wireActivity(activity, principal.userId) };
  },
};
