/**
 * POST /v1/account {filterType, filterValue, verificationToken?, oidcToken?} → {organizationId}
 * (absent when nothing matches: "no account, sign up"). With a verificationToken, an EMAIL or
 * PHONE_NUMBER lookup must be for the contact that token verified; with an oidcToken, an EMAIL
 * lookup must be for its email. A configuration with `requireVerificationTokenOnAccountLookup`
 * (the hosted dashboard's setting of that name, which the hosted client anticipates) refuses
 * such lookups without either proof, before looking anything up.
 */
import { verifyVerificationToken } from '../../../../src/tokens/verification-token.ts';
import { forbidden, unauthenticated } from '../../http/service-error.ts';
import { optionalString, requireEnum, requireString } from '../../http/fields.ts';
import { contactKey } from '../../identity/contact.ts';
import { verifyOidcToken } from '../../identity/oidc-token.ts';
import { FILTER_TYPES } from '../../queries/get-sub-org-ids.ts';
import type { ProxyEndpoint } from '../endpoint-types.ts';

export const account: ProxyEndpoint = {
  async run({ ctx, config, organizationId, body, upstream }) {
    const filterType = requireEnum(body, 'filterType', FILTER_TYPES);
    const filterValue = requireString(body, 'filterValue', '', { max: 8192 });
    const token = optionalString(body, 'verificationToken', '', { max: 4096 });
    const oidcToken = optionalString(body, 'oidcToken', '', { max: 8192 });
    const isContact = filterType === 'EMAIL' || filterType === 'PHONE_NUMBER';
    if (isContact && !token && oidcToken) {
      const identity = await verifyOidcToken(ctx, oidcToken);
      if (filterType !== 'EMAIL' || !identity.email || contactKey(identity.email) !== contactKey(filterValue)) {
        throw forbidden('The OIDC token is not for this email.');
      }
    } else if (isContact && !token && config.requireVerificationTokenOnAccountLookup) {
      throw unauthenticated('UNAUTHENTICATED', 'This configuration requires a verification token (or an OIDC token) to look up an email or phone number.');
    }
    if (token) {
      let claims;
      try {
        claims = await verifyVerificationToken(token, ctx.keys.verificationSigner.publicKeyHex, { now: ctx.now() });
      } catch (error) {
        throw unauthenticated('UNAUTHENTICATED', 'The verification token is not valid.', error);
      }
      if ((filterType === 'EMAIL' || filterType === 'PHONE_NUMBER') && contactKey(claims.contact) !== contactKey(filterValue)) {
        throw forbidden('The verification token is for another contact.');
      }
    }
    const answer = await upstream.query('get_sub_org_ids', { organizationId, filterType, filterValue });
    const ids = Array.isArray(answer.organizationIds) ? (answer.organizationIds as string[]) : [];
    return ids.length > 0 ? { organizationId: ids[0] } : {};
  },
};
