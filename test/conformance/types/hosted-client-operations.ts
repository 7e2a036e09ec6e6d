/**
 * Compile-time conformance of the operations only the hosted client sends
 * (demo/emulator/api/hosted-client-operations.ts) with the hosted service's generated types
 * (`@turnkey/sdk-types`), checked by `npm test`'s type-check like send-transaction-v2.ts:
 * - each query's required fields are exactly the hosted request's required fields, and its
 *   response key is the one key of the hosted response;
 * - export_wallet_account's and sign_raw_payloads' type, intent key and result key are the hosted ones, the intent key
 *   holding the hosted intent and the result key the hosted result.
 * The `@ts-expect-error` lines prove the checks can fail.
 */
import type * as Hosted from '@turnkey/sdk-types';
import type { TurnkeyApiTypes } from '@turnkey/http';
import type { HOSTED_CLIENT_OPERATIONS, HOSTED_CLIENT_QUERIES } from '../../../demo/emulator/api/hosted-client-operations.ts';
import type { NO_GAS_USAGE } from '../../../demo/emulator/queries/get-gas-usage.ts';

/** Compiles only when `T` is exactly `true`. */
type Is<T extends true> = T;
type Equal<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** The keys of `T` a value must carry. */
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
type Q = typeof HOSTED_CLIENT_QUERIES;
/** The emulator's spec of `name` says what the hosted request and response say. */
type Conforms<Name extends keyof Q, Request, Response> = Equal<Q[Name]['required'][number], RequiredKeys<Request>> extends true ? Equal<Q[Name]['response'], keyof Response> : false;

export type Queries = [
  Is<Conforms<'get_wallet', Hosted.v1GetWalletRequest, Hosted.v1GetWalletResponse>>,
  Is<Conforms<'get_wallet_account', Hosted.v1GetWalletAccountRequest, Hosted.v1GetWalletAccountResponse>>,
  Is<Conforms<'get_api_keys', Hosted.v1GetApiKeysRequest, Hosted.v1GetApiKeysResponse>>,
  Is<Conforms<'get_api_key', Hosted.v1GetApiKeyRequest, Hosted.v1GetApiKeyResponse>>,
  Is<Conforms<'get_authenticators', Hosted.v1GetAuthenticatorsRequest, Hosted.v1GetAuthenticatorsResponse>>,
  Is<Conforms<'get_authenticator', Hosted.v1GetAuthenticatorRequest, Hosted.v1GetAuthenticatorResponse>>,
  Is<Conforms<'get_oauth_providers', Hosted.v1GetOauthProvidersRequest, Hosted.v1GetOauthProvidersResponse>>,
  Is<Conforms<'get_private_key', Hosted.v1GetPrivateKeyRequest, Hosted.v1GetPrivateKeyResponse>>,
  // @turnkey/sdk-types has no get_organization; the HTTP client's generated types do.
  Is<Conforms<'get_organization', TurnkeyApiTypes['v1GetOrganizationRequest'], TurnkeyApiTypes['v1GetOrganizationResponse']>>,
  // @ts-expect-error get_authenticators' userId is required, get_api_keys' is not
  Is<Conforms<'get_api_keys', Hosted.v1GetAuthenticatorsRequest, Hosted.v1GetApiKeysResponse>>,
];

type Export = (typeof HOSTED_CLIENT_OPERATIONS)['export_wallet_account'];
export type ExportWalletAccount = [
  Is<Equal<Export['type'], Hosted.v1ExportWalletAccountRequest['type']>>,
  Is<Equal<NonNullable<Hosted.v1Intent[Export['intent']]>, Hosted.v1ExportWalletAccountIntent>>,
  Is<Equal<NonNullable<Hosted.v1Result[Export['result']]>, Hosted.v1ExportWalletAccountResult>>,
  // @ts-expect-error the wallet's export takes another intent
  Is<Equal<NonNullable<Hosted.v1Intent['exportWalletIntent']>, Hosted.v1ExportWalletAccountIntent>>,
];

type UpdateWallet = (typeof HOSTED_CLIENT_OPERATIONS)['update_wallet'];
export type UpdateWalletOperation = [
  Is<Equal<UpdateWallet['type'], TurnkeyApiTypes['v1UpdateWalletRequest']['type']>>,
  Is<Equal<NonNullable<TurnkeyApiTypes['v1Intent'][UpdateWallet['intent']]>, TurnkeyApiTypes['v1UpdateWalletIntent']>>,
  Is<Equal<NonNullable<TurnkeyApiTypes['v1Result'][UpdateWallet['result']]>, TurnkeyApiTypes['v1UpdateWalletResult']>>,
];

type SignMany = (typeof HOSTED_CLIENT_OPERATIONS)['sign_raw_payloads'];
export type SignRawPayloads = [
  Is<Equal<SignMany['type'], Hosted.v1SignRawPayloadsRequest['type']>>,
  Is<Equal<NonNullable<Hosted.v1Intent[SignMany['intent']]>, Hosted.v1SignRawPayloadsIntent>>,
  Is<Equal<NonNullable<Hosted.v1Result[SignMany['result']]>, Hosted.v1SignRawPayloadsResult>>,
  // @ts-expect-error the single payload's intent is another
  Is<Equal<NonNullable<Hosted.v1Intent['signRawPayloadIntentV2']>, Hosted.v1SignRawPayloadsIntent>>,
];

/** The hosted route `Name`'s type, intent key and result key, each holding the hosted intent and result (issue 38 item 5). */
type Hosts<Name extends keyof typeof HOSTED_CLIENT_OPERATIONS, Request extends { type: string }, Intent, Result> =
  Equal<(typeof HOSTED_CLIENT_OPERATIONS)[Name]['type'], Request['type']> extends true
    ? Equal<NonNullable<TurnkeyApiTypes['v1Intent'][(typeof HOSTED_CLIENT_OPERATIONS)[Name]['intent']]>, Intent> extends true
      ? Equal<NonNullable<TurnkeyApiTypes['v1Result'][(typeof HOSTED_CLIENT_OPERATIONS)[Name]['result']]>, Result>
      : false
    : false;
type H = TurnkeyApiTypes;
export type WalletAppRoutes = [
  Is<Hosts<'delete_wallets', H['v1DeleteWalletsRequest'], H['v1DeleteWalletsIntent'], H['v1DeleteWalletsResult']>>,
  Is<Hosts<'delete_private_keys', H['v1DeletePrivateKeysRequest'], H['v1DeletePrivateKeysIntent'], H['v1DeletePrivateKeysResult']>>,
  Is<Hosts<'delete_wallet_accounts', H['v1DeleteWalletAccountsRequest'], H['v1DeleteWalletAccountsIntent'], H['v1DeleteWalletAccountsResult']>>,
  Is<Hosts<'update_user', H['v1UpdateUserRequest'], H['v1UpdateUserIntent'], H['v1UpdateUserResult']>>,
  Is<Hosts<'delete_users', H['v1DeleteUsersRequest'], H['v1DeleteUsersIntent'], H['v1DeleteUsersResult']>>,
  Is<Hosts<'create_policy', H['v1CreatePolicyRequest'], H['v1CreatePolicyIntentV3'], H['v1CreatePolicyResult']>>,
  Is<Hosts<'delete_policies', H['v1DeletePoliciesRequest'], H['v1DeletePoliciesIntent'], H['v1DeletePoliciesResult']>>,
  Is<Hosts<'create_user_tag', H['v1CreateUserTagRequest'], H['v1CreateUserTagIntent'], H['v1CreateUserTagResult']>>,
  Is<Hosts<'update_user_tag', H['v1UpdateUserTagRequest'], H['v1UpdateUserTagIntent'], H['v1UpdateUserTagResult']>>,
  Is<Hosts<'delete_user_tags', H['v1DeleteUserTagsRequest'], H['v1DeleteUserTagsIntent'], H['v1DeleteUserTagsResult']>>,
  Is<Conforms<'get_policy', H['v1GetPolicyRequest'], H['v1GetPolicyResponse']>>,
  Is<Conforms<'list_user_tags', H['v1ListUserTagsRequest'], H['v1ListUserTagsResponse']>>,
  // @ts-expect-error delete_users' result is not delete_wallets'
  Is<Hosts<'delete_users', H['v1DeleteUsersRequest'], H['v1DeleteUsersIntent'], H['v1DeleteWalletsResult']>>,
];

export type EmailRoutes = [
  Is<Hosts<'email_auth', H['v1EmailAuthRequest'], H['v1EmailAuthIntentV3'], H['v1EmailAuthResult']>>,
  Is<Hosts<'init_user_email_recovery', H['v1InitUserEmailRecoveryRequest'], H['v1InitUserEmailRecoveryIntentV2'], H['v1InitUserEmailRecoveryResult']>>,
  Is<Hosts<'recover_user', H['v1RecoverUserRequest'], H['v1RecoverUserIntent'], H['v1RecoverUserResult']>>,
];

export type ReadOnlySession = [
  Is<Hosts<'create_read_only_session', H['v1CreateReadOnlySessionRequest'], H['v1CreateReadOnlySessionIntent'], H['v1CreateReadOnlySessionResult']>>,
];

export type ProofAndGasQueries = [
  Is<Conforms<'get_latest_boot_proof', H['v1GetLatestBootProofRequest'], H['v1BootProofResponse']>>,
  Is<Equal<(typeof HOSTED_CLIENT_QUERIES)['get_gas_usage']['required'][number], RequiredKeys<H['v1GetGasUsageRequest']>>>,
  Is<Equal<keyof typeof NO_GAS_USAGE, keyof H['v1GetGasUsageResponse']>>,
];
