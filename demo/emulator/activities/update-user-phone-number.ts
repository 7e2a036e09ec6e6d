/**
 * update_user_phone_number (ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER): sets or (with an empty
 * string) removes the user's number. The verification token is optional, as the hosted API
 * documents it (and its client sends none by default): without one the number is stored
 * unverified; with one, it must be a token of an SMS OTP sent to that very number, and it is
 * used up. Refused: a number another user holds, and a removal that leaves the user no way to
 * log in (identity/login-ways.ts).
 */
import { forbidden } from '../http/service-error.ts';
import { requireString } from '../http/fields.ts';
import { checkPhone } from '../identity/contact.ts';
import { requireUser } from '../identity/find-users.ts';
import { requireContactFree, requireLoginWayLeft } from '../identity/login-ways.ts';
import { checkVerificationToken, consumeVerificationToken } from '../identity/verification.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

export const updateUserPhoneNumber: ActivityHandler = {
  async run({ ctx, tx, organization, parameters: p, now }) {
    const user = requireUser(tx, organization.id, requireString(p, 'userId', 'parameters'));
    const number = requireString(p, 'userPhoneNumber', 'parameters', { allowEmpty: true, max: 32 });
    if (number === '') {
      const { userPhoneNumber: _removed, ...rest } = user;
      tx.users.put({ ...rest, updatedAt: now });
      requireLoginWayLeft(tx, user.id);
      return { userId: user.id };
    }
    checkPhone(number, 'parameters.userPhoneNumber');
    if (p.verificationToken !== undefined) {
      const claims = await checkVerificationToken(ctx, p.verificationToken);
      if (claims.verification_type !== 'OTP_TYPE_SMS' || claims.contact !== number) {
        throw forbidden('The verification token does not verify this phone number.');
      }
      consumeVerificationToken(tx, claims, 'UPDATE_PHONE_NUMBER', now);
    }
    requireContactFree(tx, user, 'phoneNumber', number);
    tx.users.put({ ...user, userPhoneNumber: number, updatedAt: now });
    return { userId: user.id };
  },
};
