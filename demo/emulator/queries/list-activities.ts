/**
 * list_activities (the hosted client's getActivities): the organization's activities, newest
 * first, optionally only those of the given statuses (`filterByStatus`) and types
 * (`filterByType`), with paginationOptions {limit 1..100 (default 10), before, after} (activity
 * ids, as in list_wallet_accounts). `canApprove` / `canReject` are the asking user's, so an
 * approvals view lists `filterByStatus: [ACTIVITY_STATUS_CONSENSUS_NEEDED]` and keeps those it
 * may still vote on.
 */
import { ActivityStatus } from '../../../src/clients/activity-operations.ts';
import { invalidRequest } from '../http/service-error.ts';
import { optionalObject, optionalString } from '../http/fields.ts';
import { wireActivity } from '../api/envelope.ts';
import { pageLimit } from './list-wallet-accounts.ts';
import type { JsonObject } from '../http/fields.ts';
import type { QueryHandler } from '../api/handler-types.ts';

const STATUSES: ReadonlySet<string> = new Set(Object.values(ActivityStatus));

function stringList(body: JsonObject, key: string, allowed?: (value: string) => boolean): Set<string> | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || (allowed && !allowed(v)))) {
    throw invalidRequest(`${key} must be a list of ${key === 'filterByStatus' ? 'ACTIVITY_STATUS_' : 'ACTIVITY_TYPE_'} values.`);
  }
  return value.length ? new Set(value as string[]) : undefined;
}

export const listActivities: QueryHandler = {
  run({ view, organization, principal, body }) {
    const statuses = stringList(body, 'filterByStatus', (v) => STATUSES.has(v));
    const types = stringList(body, 'filterByType', (v) => v.startsWith('ACTIVITY_TYPE_'));
    const pagination = optionalObject(body, 'paginationOptions') ?? {};
    const limit = pageLimit(pagination.limit);
    const before = optionalString(pagination, 'before', 'paginationOptions');
    const after = optionalString(pagination, 'after', 'paginationOptions');
    if (before && after) throw invalidRequest('paginationOptions takes before or after, not both.');
    const all = view.activities
      .findBy('organizationId', organization.id)
      .filter((a) => (!statuses || statuses.has(a.status)) && (!types || types.has(a.type)))
      .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
    const cursorIndex = (id: string): number => {
      const i = all.findIndex((a) => a.id === id);
      if (i < 0) throw invalidRequest('The pagination cursor names no activity of this listing.');
      return i;
    };
    const page = after
      ? all.slice(cursorIndex(after) + 1, cursorIndex(after) + 1 + limit)
      : before
        ? all.slice(Math.max(0, cursorIndex(before) - limit), cursorIndex(before))
        : all.slice(0, limit);
    return { activities: page.map((a) => wireActivity(a, principal.userId)) };
  },
};
