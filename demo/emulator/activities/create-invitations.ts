/** create_invitations (ACTIVITY_TYPE_CREATE_INVITATIONS): invitations stored for the organization. */
import { invalidRequest } from '../http/service-error.ts';
import { requireArray, requireEnum, requireObjectArray, requireString } from '../http/fields.ts';
import { checkEmail } from '../identity/contact.ts';
import { requireUser } from '../identity/find-users.ts';
import type { ActivityHandler } from '../api/handler-types.ts';
import type { InvitationRecord } from '../state/records.ts';

const ACCESS_TYPES = ['ACCESS_TYPE_WEB', 'ACCESS_TYPE_API', 'ACCESS_TYPE_ALL'] as const;

export const createInvitations: ActivityHandler = {
  async run({ tx, organization, parameters: p, now }) {
    const list = requireObjectArray(p, 'invitations', 'parameters');
    if (list.length === 0) throw invalidRequest('parameters.invitations must not be empty.');
    const records: InvitationRecord[] = list.map((inv, i) => {
      const at = `parameters.invitations[${i}]`;
      const tags = requireArray(inv, 'receiverUserTags', at);
      if (!tags.every((t) => typeof t === 'string')) throw invalidRequest(`${at}.receiverUserTags must be strings.`);
      const sender = requireUser(tx, organization.id, requireString(inv, 'senderUserId', at));
      return {
        id: crypto.randomUUID(),
        organizationId: organization.id,
        receiverUserName: requireString(inv, 'receiverUserName', at, { max: 256 }),
        receiverUserEmail: checkEmail(requireString(inv, 'receiverUserEmail', at, { max: 320 }), `${at}.receiverUserEmail`),
        receiverUserTags: tags as string[],
        accessType: requireEnum(inv, 'accessType', ACCESS_TYPES, at),
        senderUserId: sender.id,
        createdAt: now,
        updatedAt: now,
      };
    });
    for (const record of records) tx.invitations.put(record);
    return { invitationIds: records.map((r) => r.id) };
  },
};
