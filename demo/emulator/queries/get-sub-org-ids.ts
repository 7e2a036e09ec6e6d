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
import type { UserRecord } from '../state/records.ts';

export const FILTER_TYPES = ['EMAIL', 'PHONE_NUMBER', 'OIDC_TOKEN', 'PUBLIC_KEY', 'CREDENTIAL_ID', 'USERNAME', 'NAME'] as const;

function usersMatching(view: StateView, orgIds: Set<string>, pick: (u: UserRecord) => boolean): string[] {
  return [...orgIds].filter((id) => view.users.findBy('organizationId', id).some(pick));
}

export const getSubOrgIds: QueryHandler = {
  async run({ ctx, view, organization, body }) {
    const filterType = requireEnum(body, 'filterType', FILTER_TYPES);
    const value = requireString(body, 'filterValue', '', { max: 10_000 });
    const children = new Set(view.organizations.findBy('parentId', organization.id).map((o) => o.id));
    let ids: string[];
    switch (filterType) {
      case 'EMAIL':
        ids = usersMatching(view, children, (u) => u.userEmail !== undefined && contactKey(u.userEmail) === contactKey(value));
        break;
      case 'PHONE_NUMBER':
        ids = usersMatching(view, children, (u) => u.userPhoneNumber === value);
        break;
      case 'USERNAME':
        ids = usersMatching(view, children, (u) => u.userName === value);
        break;
      case 'NAME':
        ids = [...children].filter((id) => view.organizations.get(id)!.name === value);
        break;
      case 'PUBLIC_KEY':
        ids = [...new Set(view.apiKeys.findBy('publicKey', value.toLowerCase()).map((k) => k.organizationId))].filter((id) => children.has(id));
        break;
      case 'CREDENTIAL_ID':
        ids = [...new Set(view.authenticators.findBy('credentialId', value).map((a) => a.organizationId))].filter((id) => children.has(id));
        break;
      case 'OIDC_TOKEN': {
        const identity = await verifyOidcToken(ctx, value);
        ids = [...new Set(view.oauthProviders.findBy('subject', `${identity.iss} ${identity.sub}`).map((p) => p.organizationId))].filter((id) => children.has(id));
        break;
      }
      default:
        throw invalidRequest('Unknown filterType.');
    }
    // Oldest first, so "the" account of a contact is stable.
    ids.sort((a, b) => view.organizations.get(a)!.createdAt - view.organizations.get(b)!.createdAt || (a < b ? -1 : 1));
    return { organizationIds: ids };
  },
};
