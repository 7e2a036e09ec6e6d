/**
 * update_user (ACTIVITY_TYPE_UPDATE_USER, the hosted v1UpdateUserIntent): changes any of a user's
 * name, email, phone number and tags in one activity. Each field is optional and, as protobuf JSON
 * reads it, an empty string is the same as no field: nothing changes (removing an email or a
 * number is update_user_email / update_user_phone_number with ""). The name, email and number
 * follow the rules of the single-field activities, which this one runs in its own transaction:
 * if any of them refuses, nothing of the request is stored. Tag ids must be the organization's
 * user tags (create_user_tag); they replace the user's tags.
 */
import { invalidRequest } from '../http/service-error.ts';
import { optionalArray, requireString } from '../http/fields.ts';
import { requireUser } from '../identity/find-users.ts';
import { requireUserTags } from './user-tags.ts';
import { updateUserEmail } from './update-user-email.ts';
import { updateUserName } from './update-user-name.ts';
import { updateUserPhoneNumber } from './update-user-phone-number.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

const nonEmpty = (value: unknown, key: string): string | undefined => {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw invalidRequest(`parameters.${key} must be a string.`);
  return value;
};

export const updateUser: ActivityHandler = {
  async run(input) {
    const { tx, organization, parameters: p, now } = input;
    const userId = requireString(p, 'userId', 'parameters');
    requireUser(tx, organization.id, userId);
    const userName = nonEmpty(p.userName, 'userName');
    const userEmail = nonEmpty(p.userEmail, 'userEmail');
    const userPhoneNumber = nonEmpty(p.userPhoneNumber, 'userPhoneNumber');
    const tagIds = optionalArray(p, 'userTagIds', 'parameters');
    if (tagIds?.some((id) => typeof id !== 'string')) throw invalidRequest('parameters.userTagIds must hold strings.');
    const userTags = tagIds && tagIds.length > 0 ? requireUserTags(tx, organization.id, tagIds as string[]) : undefined;
    if (userName !== undefined) await updateUserName.run({ ...input, parameters: { userId, userName } });
    if (userEmail !== undefined) await updateUserEmail.run({ ...input, parameters: { userId, userEmail } });
    if (userPhoneNumber !== undefined) await updateUserPhoneNumber.run({ ...input, parameters: { userId, userPhoneNumber } });
    if (userTags !== undefined) tx.users.put({ ...tx.users.get(userId)!, userTags, updatedAt: now });
    return { userId };
  },
};
