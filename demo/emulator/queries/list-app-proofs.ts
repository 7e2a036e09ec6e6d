/** list_app_proofs: the App Proofs an activity generated (issue 5 makes them real). */
import { notFound } from '../http/service-error.ts';
import type { QueryHandler } from '../api/handler-types.ts';

export const listAppProofs: QueryHandler = {
  run({ view, organization, body }) {
    const activity = view.activities.get(body.activityId as string);
    if (!activity || activity.organizationId !== organization.id) throw notFound('ACTIVITY_NOT_FOUND', 'No activity with this activityId in the organization.');
    return { appProofs: activity.appProofs ?? [] };
  },
};
