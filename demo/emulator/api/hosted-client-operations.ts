/**
 * Operations the hosted service's own client (`@turnkey/core`'s TurnkeyClient and its generated
 * httpClient) sends and the kit never does, with the hosted names and the required fields of its
 * published request types (v1Get*Request, v1ExportWalletAccountRequest, v1SignRawPayloadsRequest). The kit's shared table
 * stays as small as the logged-in bundle needs; api/operations.ts merges these into the
 * emulator's tables.
 */
import type { OperationSpec, QuerySpec } from './operations.ts';

export const HOSTED_CLIENT_OPERATIONS = {
  // The kit sends it too since issue 24 (<latch-wallet-export>), with the same names; kept here
  // so the conformance types go on checking it against the hosted ones.
  export_wallet_account: { type: 'ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT', intent: 'exportWalletAccountIntent', result: 'exportWalletAccountResult' },
  sign_raw_payloads: { type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOADS', intent: 'signRawPayloadsIntent', result: 'signRawPayloadsResult' },
  update_wallet: { type: 'ACTIVITY_TYPE_UPDATE_WALLET', intent: 'updateWalletIntent', result: 'updateWalletResult' },
  delete_wallets: { type: 'ACTIVITY_TYPE_DELETE_WALLETS', intent: 'deleteWalletsIntent', result: 'deleteWalletsResult' },
  delete_private_keys: { type: 'ACTIVITY_TYPE_DELETE_PRIVATE_KEYS', intent: 'deletePrivateKeysIntent', result: 'deletePrivateKeysResult' },
  delete_wallet_accounts: { type: 'ACTIVITY_TYPE_DELETE_WALLET_ACCOUNTS', intent: 'deleteWalletAccountsIntent', result: 'deleteWalletAccountsResult' },
  update_user: { type: 'ACTIVITY_TYPE_UPDATE_USER', intent: 'updateUserIntent', result: 'updateUserResult' },
  delete_users: { type: 'ACTIVITY_TYPE_DELETE_USERS', intent: 'deleteUsersIntent', result: 'deleteUsersResult' },
  create_policy: { type: 'ACTIVITY_TYPE_CREATE_POLICY_V3', intent: 'createPolicyIntentV3', result: 'createPolicyResult' },
  delete_policies: { type: 'ACTIVITY_TYPE_DELETE_POLICIES', intent: 'deletePoliciesIntent', result: 'deletePoliciesResult' },
  create_user_tag: { type: 'ACTIVITY_TYPE_CREATE_USER_TAG', intent: 'createUserTagIntent', result: 'createUserTagResult' },
  update_user_tag: { type: 'ACTIVITY_TYPE_UPDATE_USER_TAG', intent: 'updateUserTagIntent', result: 'updateUserTagResult' },
  delete_user_tags: { type: 'ACTIVITY_TYPE_DELETE_USER_TAGS', intent: 'deleteUserTagsIntent', result: 'deleteUserTagsResult' },
  email_auth: { type: 'ACTIVITY_TYPE_EMAIL_AUTH_V3', intent: 'emailAuthIntentV3', result: 'emailAuthResult' },
  init_user_email_recovery: { type: 'ACTIVITY_TYPE_INIT_USER_EMAIL_RECOVERY_V2', intent: 'initUserEmailRecoveryIntentV2', result: 'initUserEmailRecoveryResult' },
  recover_user: { type: 'ACTIVITY_TYPE_RECOVER_USER', intent: 'recoverUserIntent', result: 'recoverUserResult' },
  create_read_only_session: { type: 'ACTIVITY_TYPE_CREATE_READ_ONLY_SESSION', intent: 'createReadOnlySessionIntent', result: 'createReadOnlySessionResult' },
} as const satisfies Record<string, OperationSpec>;

export const HOSTED_CLIENT_QUERIES = {
  get_wallet: { required: ['organizationId', 'walletId'], response: 'wallet' },
  // address and path are both optional in the hosted request; the handler asks for one.
  get_wallet_account: { required: ['organizationId', 'walletId'], response: 'account' },
  get_api_keys: { required: ['organizationId'], response: 'apiKeys' },
  get_api_key: { required: ['organizationId', 'apiKeyId'], response: 'apiKey' },
  get_authenticators: { required: ['organizationId', 'userId'], response: 'authenticators' },
  get_authenticator: { required: ['organizationId', 'authenticatorId'], response: 'authenticator' },
  get_oauth_providers: { required: ['organizationId'], response: 'oauthProviders' },
  get_private_key: { required: ['organizationId', 'privateKeyId'], response: 'privateKey' },
  get_organization: { required: ['organizationId'], response: 'organizationData' },
  get_policy: { required: ['organizationId', 'policyId'], response: 'policy' },
  list_user_tags: { required: ['organizationId'], response: 'userTags' },
  get_latest_boot_proof: { required: ['organizationId', 'appName'], response: 'bootProof' },
  // The hosted answer has three keys (windowDurationMinutes, windowLimitUsd, usageUsd); the first names it.
  get_gas_usage: { required: ['organizationId'], response: 'windowDurationMinutes' },
} as const satisfies Record<string, QuerySpec>;
