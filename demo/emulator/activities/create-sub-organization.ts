/**
 * create_sub_organization (ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V7, and V8 as the hosted client
 * sends it: the same intent, its root users' OAuth providers may give oidcClaims instead of an
 * oidcToken, which parseUserParams takes for both): a child organization with its root users (and their keys, passkeys, OAuth providers) and optionally a wallet. The auth
 * proxy's signup passes a `verificationToken` (and `clientSignature` when the token is bound to
 * a key): the emulator then requires that the token verifies a root user's contact, and uses it
 * once for sign-up.
 */
import { forbidden, invalidRequest } from '../http/service-error.ts';
import { optionalObject, optionalString, optionalUint, requireObjectArray, requireString } from '../http/fields.ts';
import { parseUserParams } from '../identity/user-params.ts';
import { stageUser } from '../identity/stage-user.ts';
import { contactKey } from '../identity/contact.ts';
import { checkClientSignature, checkVerificationToken, consumeVerificationToken } from '../identity/verification.ts';
import { parseWalletParams } from '../custody/wallet-params.ts';
import { stageWallet } from '../custody/stage-wallet.ts';
import type { ActivityHandler } from '../api/handler-types.ts';
import type { SignupUsageMessage } from '../../../src/tokens/client-signature.ts';
import type { UserSpec } from '../identity/user-params.ts';

function checkSignedSignup(message: SignupUsageMessage, root: UserSpec): void {
  const signed = message.signupV2;
  const mismatch = (field: string) => invalidRequest(`The client signature signs another sign-up (${field} differs).`);
  if (signed.email !== undefined && contactKey(String(signed.email)) !== contactKey(root.userEmail ?? '')) throw mismatch('email');
  if (signed.phoneNumber !== undefined && signed.phoneNumber !== root.userPhoneNumber) throw mismatch('phoneNumber');
  if (signed.apiKeys !== undefined) {
    const keys = (Array.isArray(signed.apiKeys) ? signed.apiKeys : []).map((k) => String((k as { publicKey?: unknown })?.publicKey ?? '').toLowerCase()).sort();
    if (JSON.stringify(keys) !== JSON.stringify(root.apiKeys.map((k) => k.publicKey).sort())) throw mismatch('apiKeys');
  }
}

export const createSubOrganization: ActivityHandler = {
  async run({ ctx, tx, organization, parameters: p, now }) {
    if (organization.parentId) throw invalidRequest('A sub-organization cannot have sub-organizations.');
    const name = requireString(p, 'subOrganizationName', 'parameters', { max: 256 });
    const rootList = requireObjectArray(p, 'rootUsers', 'parameters', 10);
    if (rootList.length === 0) throw invalidRequest('parameters.rootUsers must not be empty.');
    const threshold = optionalUint(p, 'rootQuorumThreshold', 'parameters', { min: 1, max: rootList.length }) ?? 1;
    const roots: UserSpec[] = [];
    for (const [i, user] of rootList.entries()) roots.push(await parseUserParams(ctx, user, `parameters.rootUsers[${i}]`));
    const walletParams = optionalObject(p, 'wallet', 'parameters');
    const wallet = walletParams ? parseWalletParams(walletParams, 'parameters.wallet') : undefined;

    const token = optionalString(p, 'verificationToken', 'parameters');
    if (token) {
      const claims = await checkVerificationToken(ctx, token);
      const root = roots.find((r) => {
        const contact = claims.verification_type === 'OTP_TYPE_SMS' ? r.userPhoneNumber : r.userEmail;
        return contact !== undefined && contactKey(contact) === contactKey(claims.contact);
      });
      if (!root) throw forbidden('The verification token does not verify a root user\'s contact.');
      const signed = (await checkClientSignature(claims, p.clientSignature, 'USAGE_TYPE_SIGNUP')) as SignupUsageMessage | undefined;
      if (signed) checkSignedSignup(signed, root);
      consumeVerificationToken(tx, claims, 'SIGNUP', now);
    }

    const subOrganizationId = crypto.randomUUID();
    const rootUserIds = roots.map((spec) => stageUser(tx, spec, subOrganizationId, now).id);
    tx.organizations.put({ id: subOrganizationId, name, parentId: organization.id, rootUserIds, rootQuorumThreshold: threshold, features: {}, createdAt: now, updatedAt: now });
    const result: Record<string, unknown> = { subOrganizationId, rootUserIds };
    if (wallet) result.wallet = stageWallet(tx, subOrganizationId, wallet, now);
    return result;
  },
};
