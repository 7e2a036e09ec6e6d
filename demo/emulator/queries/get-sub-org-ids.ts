/**
 * get_sub_org_ids (the hosted query behind the auth proxy's /v1/account): sub-organizations of
 * this organization matching a filter. OIDC_TOKEN matches on the verified token's issuer and
 * subject; the other filters compare the value exactly (emails case-insensitively).
 */
import { invalidRequest } from '../http/service-error.ts';
import { requireEnum, requireString } from '../http/fields.ts';
import { contactKey } from '../identity/contact.ts';
import { verifyOidcToken } from '../identity/oidc-token.ts';
import type { QueryHandler } from '../api/handler-types.ts';
import type { StateView } from '../state/store.ts';

export const FILTER_TYPES = ['EMAIL', 'PHONE_NUMBER', 'OIDC_TOKEN', 'PUBLIC_KEY', 'CREDENTIAL_ID', 'USERNAME', 'NAME'] as const;

/**
 * The distinct organizations among `orgIds` that are direct sub-organizations of `parentId`.
 * Every filter starts from an index (users by contact or name, keys, credentials, providers,
 * organizations by name), never from the parent's list of children, which grows with every
 * sign-up.
 */
function childrenAmong(view: StateView, parentId: string, orgIds: Iterable<string>): string[] {
  return [...new Set(orgIds)].filter((id) => view.organizations.get(id)?.parentId === parentId);
}

const orgsOf = (records: readonly { organizationId: string }[]): string[] => records.map((r) => r.organizationId);

export const getSubOrgIds: QueryHandler = {
  async run({ ctx, view, organization, body }) {
    const filterType = requireEnum(body, 'filterType', FILTER_TYPES);
    const value = requireString(body, 'filterValue', '', { max: 10_000 });
    let found: string[];
    switch (filterType) {
      case 'EMAIL':
        found = orgsOf(view.users.findBy('email', contactKey(value)));
        break;
      case 'PHONE_NUMBER':
        found = orgsOf(view.users.findBy('phoneNumber', value));
        break;
      case 'USERNAME':
        found = orgsOf(view.users.findBy('userName', value));
        break;
      case 'NAME':
        found = view.organizations.findBy('name', value).map((o) => o.id);
        break;
      case 'PUBLIC_KEY':
        found = orgsOf(view.apiKeys.findBy('publicKey', value.toLowerCase()));
        break;
      case 'CREDENTIAL_ID':
        found = orgsOf(view.authenticators.findBy('credentialId', value));
        break;
      case 'OIDC_TOKEN': {
        const identity = await verifyOidcToken(ctx, value);
        // Its audience too: a secondary client id's token finds only accounts that registered it.
        found = orgsOf(view.oauthProviders.findBy('subject', `${identity.iss} ${identity.sub}`).filter((p) => p.audience === identity.aud));
        break;
      }
      default:
        throw invalidRequest('Unknown filterType.');
    }
    const ids = childrenAmong(view, organization.id, found);
    // Oldest first, so "the" account of a contact is stable.
    ids.sort((a, b) => view.organizations.get(a)!.createdAt - view.organizations.get(b)!.createdAt || (a < b ? -1 : 1));
    return { organizationIds: ids };
  },
};
