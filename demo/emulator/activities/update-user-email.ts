/**
 * update_user_email (ACTIVITY_TYPE_UPDATE_USER_EMAIL): sets or (with an empty string) removes the
 * user's email address, as update_user_phone_number does the number. The verification token is
 * optional in the hosted API (its client sends none unless the page verified the address): without
 * one the address is stored unverified; with one, it must be a token of an email OTP sent to that
 * very address, and it is used up. Refused: an address another user holds, and a removal that
 * leaves the user no way to log in.
 */
import { forbidden } from '../http/service-error.ts';
import { requireString } from '../http/fields.ts';
import { checkEmail, contactKey } from '../identity/contact.ts';
import { requireUser } from '../identity/find-users.ts';
import { requireContactFree, requireLoginWayLeft } from '../identity/login-ways.ts';
import { checkVerificationToken, consumeVerificationToken } from '../identity/verification.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

export const updateUserEmail: ActivityHandler = {
  async run({ ctx, tx, organization, parameters: p, now }) {
    const user = requireUser(tx, organization.id, requireString(p, 'userId', 'parameters'));
    const email = requireString(p, 'userEmail', 'parameters', { allowEmpty: true, max: 320 });
    if (email === '') {
      const { userEmail: _removed, ...rest } = user;
      tx.users.put({ ...rest, updatedAt: now });
      requireLoginWayLeft(tx, user.id);
      return { userId: user.id };
    }
    const address = checkEmail(email, 'parameters.userEmail');
    if (p.verificationToken !== undefined) {
      const claims = await checkVerificationToken(ctx, p.verificationToken);
      if (claims.verification_type !== 'OTP_TYPE_EMAIL' || contactKey(claims.contact) !== contactKey(address)) {
        throw forbidden('The verification token does not verify this email address.');
      }
      consumeVerificationToken(tx, claims, 'UPDATE_EMAIL', now);
    }
    requireContactFree(tx, user, 'email', address);
    tx.users.put({ ...user, userEmail: address, updatedAt: now });
    return { userId: user.id };
  },
};
