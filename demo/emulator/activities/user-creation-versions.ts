/**
 * The other versions of create_sub_organization and create_users the hosted service takes, with
 * its intent and result keys (@turnkey/http 6.3.0's public_api.types.d.ts). The kit goes on
 * sending V7 and V4 (src/clients/activity-operations.ts); the hosted client's
 * v1CreateSubOrganizationRequest is V8, and older hosted clients send CREATE_USERS_V3. Kept apart
 * from the handlers so api/operations.ts imports data only, not the handlers' graph.
 *
 * The shapes (same handlers, see each): V8's root users are v1RootUserParamsV5, whose OAuth
 * providers are v1OauthProviderParamsV2 (oidcToken or oidcClaims), everything else as V7. V3's
 * users are v1UserParamsV3, whose OAuth providers are v1OauthProviderParams (oidcToken required,
 * no oidcClaims), everything else as V4.
 */
import type { OperationVersion } from '../api/operations.ts';

export const CREATE_SUB_ORGANIZATION_V8 = 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8';
export const CREATE_USERS_V3 = 'ACTIVITY_TYPE_CREATE_USERS_V3';

export const USER_CREATION_VERSIONS = {
  create_sub_organization: [{ type: CREATE_SUB_ORGANIZATION_V8, intent: 'createSubOrganizationIntentV8', result: 'createSubOrganizationResultV8' }],
  create_users: [{ type: CREATE_USERS_V3, intent: 'createUsersIntentV3', result: 'createUsersResult' }],
} as const satisfies Record<string, readonly OperationVersion[]>;
