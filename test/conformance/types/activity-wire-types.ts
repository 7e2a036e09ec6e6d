/**
 * Compile-time conformance of the kit's Activity API types with the hosted service's generated
 * types (`@turnkey/sdk-types`, a devDependency that never reaches a bundle). `npm test`'s
 * type-check fails when either side drifts:
 * - each operation's parameters, as the kit sends them, are assignable to the hosted intent of
 *   the activity type the kit sends (ACTIVITY_OPERATIONS);
 * - each hosted result is assignable to what the kit reads of it;
 * - every enum value the kit can send is a value of the hosted enum.
 * The `@ts-expect-error` lines prove the checks can fail: a wrong value must not type-check.
 */
import type * as Hosted from '@turnkey/sdk-types';
import type {
  ActivityParameterMap as Kit,
  ActivityResultMap as KitResult,
  QueryRequestMap as KitQuery,
  QueryResponseMap as KitQueryResponse,
  FiatOnRampCryptoCurrency,
  FiatOnRampCurrency,
  FiatOnRampNetwork,
  FiatOnRampPaymentMethod,
  FiatOnRampProvider,
  TransactionType,
} from '../../../src/clients/activity-types.ts';
import type { ACTIVITY_OPERATIONS, IntentKey, ResultKey } from '../../../src/clients/activity-operations.ts';

/** Compiles only when `A` is assignable to `B`. */
type Assignable<A extends B, B> = [A, B];
/** Compiles only when `T` is exactly `true`. */
type Is<T extends true> = T;
type Extends<A, B> = [A] extends [B] ? true : false;

// Enum values the kit sends exist in the hosted enums (and the neutral seed words do not).
export type OnRampEnums = [
  Assignable<FiatOnRampProvider, Hosted.v1FiatOnRampProvider>,
  Assignable<FiatOnRampPaymentMethod, Hosted.v1FiatOnRampPaymentMethod>,
  Assignable<FiatOnRampNetwork, Hosted.v1FiatOnRampBlockchainNetwork>,
  Assignable<FiatOnRampCryptoCurrency, Hosted.v1FiatOnRampCryptoCurrency>,
  Assignable<FiatOnRampCurrency, Hosted.v1FiatOnRampCurrency>,
  // @ts-expect-error the seed's neutral word is not a hosted provider
  Assignable<'FIAT_ON_RAMP_PROVIDER_PROVIDERA', Hosted.v1FiatOnRampProvider>,
  // @ts-expect-error nor a neutral payment app
  Assignable<'FIAT_ON_RAMP_PAYMENT_METHOD_WALLETA_PAY', Hosted.v1FiatOnRampPaymentMethod>,
];

// The activity types the kit sends are hosted activity types.
export type ActivityTypes = Assignable<(typeof ACTIVITY_OPERATIONS)[keyof typeof ACTIVITY_OPERATIONS]['type'], Hosted.v1ActivityType>;

// Parameters the kit sends → the hosted intent of the same activity type.
export type Intents = [
  Assignable<Kit['sign_raw_payload'], Hosted.v1SignRawPayloadIntentV2>,
  Assignable<Kit['create_wallet'], Hosted.v1CreateWalletIntent>,
  Assignable<Kit['create_wallet_accounts'], Hosted.v1CreateWalletAccountsIntent>,
  Assignable<Kit['export_wallet'], Hosted.v1ExportWalletIntent>,
  Assignable<Kit['export_private_key'], Hosted.v1ExportPrivateKeyIntent>,
  Assignable<Kit['import_private_key'], Hosted.v1ImportPrivateKeyIntent>,
  Assignable<Kit['init_import_private_key'], Hosted.v1InitImportPrivateKeyIntent>,
  Assignable<Kit['create_api_keys'], Hosted.v1CreateApiKeysIntentV2>,
  Assignable<Kit['create_read_write_session'], Hosted.v1CreateReadWriteSessionIntentV2>,
  Assignable<Kit['stamp_login'], Hosted.v1StampLoginIntent>,
  Assignable<Kit['init_fiat_on_ramp'], Hosted.v1InitFiatOnRampIntent>,
  Assignable<Kit['delete_fiat_on_ramp_credential'], Hosted.v1DeleteFiatOnRampCredentialIntent>,
  Assignable<Kit['update_user_phone_number'], Hosted.v1UpdateUserPhoneNumberIntent>,
  Assignable<Kit['approve_activity'], Hosted.v1ApproveActivityIntent>,
  Assignable<Kit['reject_activity'], Hosted.v1RejectActivityIntent>,
  Assignable<Kit['init_otp_auth'], Hosted.v1InitOtpAuthIntentV3>,
  Assignable<Kit['otp_auth'], Hosted.v1OtpAuthIntent>,
  Assignable<Kit['create_invitations'], Hosted.v1CreateInvitationsIntent>,
  Assignable<Kit['create_policies'], Hosted.v1CreatePoliciesIntent>,
  Assignable<Kit['create_users'], Hosted.v1CreateUsersIntentV4>,
  Assignable<Kit['create_sub_organization'], Hosted.v1CreateSubOrganizationIntentV7>,
  Assignable<Kit['sol_send_transaction'], Hosted.v1SolSendTransactionIntent>,
  Assignable<Kit['delete_api_keys'], Hosted.v1DeleteApiKeysIntent>,
  Assignable<Kit['create_authenticators'], Hosted.v1CreateAuthenticatorsIntentV2>,
  Assignable<Kit['delete_authenticators'], Hosted.v1DeleteAuthenticatorsIntent>,
  Assignable<Kit['update_user_email'], Hosted.v1UpdateUserEmailIntent>,
  Assignable<Kit['create_oauth_providers'], Hosted.v1CreateOauthProvidersIntentV2>,
  Assignable<Kit['delete_oauth_providers'], Hosted.v1DeleteOauthProvidersIntent>,
  Assignable<Kit['sign_transaction'], Hosted.v1SignTransactionIntentV2>,
  Assignable<Kit['update_user_name'], Hosted.v1UpdateUserNameIntent>,
  Assignable<Kit['init_import_wallet'], Hosted.v1InitImportWalletIntent>,
  Assignable<Kit['import_wallet'], Hosted.v1ImportWalletIntent>,
  Assignable<Kit['delete_sub_organization'], Hosted.v1DeleteSubOrganizationIntent>,
];

// Hosted results → what the kit reads of them.
export type Results = [
  Assignable<Hosted.v1SignRawPayloadResult, KitResult['sign_raw_payload']>,
  Assignable<Hosted.v1ExportWalletResult, KitResult['export_wallet']>,
  Assignable<Hosted.v1ExportPrivateKeyResult, KitResult['export_private_key']>,
  Assignable<Hosted.v1InitImportPrivateKeyResult, KitResult['init_import_private_key']>,
  Assignable<Hosted.v1InitFiatOnRampResult, KitResult['init_fiat_on_ramp']>,
  Assignable<Hosted.v1StampLoginResult, KitResult['stamp_login']>,
  Assignable<Hosted.v1CreateReadWriteSessionResultV2, KitResult['create_read_write_session']>,
  Assignable<Hosted.v1CreateWalletAccountsResult, KitResult['create_wallet_accounts']>,
  Assignable<Hosted.v1SolSendTransactionResult, KitResult['sol_send_transaction']>,
  Assignable<Hosted.v1DeleteApiKeysResult, KitResult['delete_api_keys']>,
  Assignable<Hosted.v1CreateAuthenticatorsResult, KitResult['create_authenticators']>,
  Assignable<Hosted.v1DeleteAuthenticatorsResult, KitResult['delete_authenticators']>,
  Assignable<Hosted.v1UpdateUserEmailResult, KitResult['update_user_email']>,
  Assignable<Hosted.v1UpdateUserPhoneNumberResult, KitResult['update_user_phone_number']>,
  Assignable<Hosted.v1CreateOauthProvidersResultV2, KitResult['create_oauth_providers']>,
  Assignable<Hosted.v1DeleteOauthProvidersResult, KitResult['delete_oauth_providers']>,
  Assignable<Hosted.v1SignTransactionResult, KitResult['sign_transaction']>,
  Assignable<Hosted.v1UpdateUserNameResult, KitResult['update_user_name']>,
  Assignable<Hosted.v1InitImportWalletResult, KitResult['init_import_wallet']>,
  Assignable<Hosted.v1ImportWalletResult, KitResult['import_wallet']>,
  Assignable<Hosted.v1DeleteSubOrganizationResult, KitResult['delete_sub_organization']>,
];

// Each of these entries' intent and result keys (derived by rule or named in RESULTS) is a hosted key.
type Credentials = 'delete_api_keys' | 'create_authenticators' | 'delete_authenticators' | 'update_user_email' | 'update_user_phone_number' | 'create_oauth_providers' | 'delete_oauth_providers';
export type Keys = [
  Assignable<{ [Op in Credentials]: IntentKey<Op> }[Credentials], keyof Hosted.v1Intent>,
  Assignable<{ [Op in Credentials]: Exclude<ResultKey<Op>, null> }[Credentials], keyof Hosted.v1Result>,
  // @ts-expect-error create_authenticators is V2 but its result is not versioned
  Assignable<'createAuthenticatorsResultV2', keyof Hosted.v1Result>,
];

// A person's own account (issue 24): each type is the one the hosted request names, and each
// derived intent and result key is a hosted key.
type Account = 'update_user_name' | 'init_import_wallet' | 'import_wallet' | 'delete_sub_organization';
export type AccountOperations = [
  Assignable<{ [Op in Account]: (typeof ACTIVITY_OPERATIONS)[Op]['type'] }[Account], (Hosted.v1UpdateUserNameRequest | Hosted.v1InitImportWalletRequest | Hosted.v1ImportWalletRequest | Hosted.v1DeleteSubOrganizationRequest)['type']>,
  Assignable<(typeof ACTIVITY_OPERATIONS)['delete_sub_organization']['type'], Hosted.v1DeleteSubOrganizationRequest['type']>,
  Assignable<(typeof ACTIVITY_OPERATIONS)['import_wallet']['type'], Hosted.v1ImportWalletRequest['type']>,
  Assignable<{ [Op in Account]: IntentKey<Op> }[Account], keyof Hosted.v1Intent>,
  Assignable<{ [Op in Account]: Exclude<ResultKey<Op>, null> }[Account], keyof Hosted.v1Result>,
];

// sign_transaction: the version the hosted client sends (its request type names it), its intent
// key (V2) and its result key (not versioned), and the transaction types the kit can name.
export type SignTransaction = [
  Assignable<(typeof ACTIVITY_OPERATIONS)['sign_transaction']['type'], Hosted.v1SignTransactionRequest['type']>,
  Assignable<Hosted.v1SignTransactionRequest['type'], (typeof ACTIVITY_OPERATIONS)['sign_transaction']['type']>,
  Assignable<IntentKey<'sign_transaction'>, keyof Hosted.v1Intent>,
  Assignable<ResultKey<'sign_transaction'>, keyof Hosted.v1Result>,
  Assignable<TransactionType, Hosted.v1TransactionType>,
  Assignable<Hosted.v1TransactionType, TransactionType>,
  // @ts-expect-error the result is not versioned
  Assignable<'signTransactionResultV2', keyof Hosted.v1Result>,
];
// Approvals (issue 13): reject_activity's type and intent key as the hosted client sends them,
// and list_activities (the hosted getActivities): what the kit asks is a hosted request (its
// page limit goes out as a string: checkQuery converts a number, tested in activity-rules),
// and the statuses and votes the kit names are hosted ones. The hosted enum has one status more
// (AUTHENTICATORS_NEEDED), which the kit lists as an unknown string.
export type Approvals = [
  Assignable<(typeof ACTIVITY_OPERATIONS)['reject_activity']['type'], Hosted.v1RejectActivityRequest['type']>,
  Assignable<IntentKey<'reject_activity'>, keyof Hosted.v1Intent>,
  Assignable<Omit<KitQuery['list_activities'], 'paginationOptions'> & { paginationOptions?: { limit?: string } }, Hosted.v1GetActivitiesRequest>,
  Assignable<KitQueryResponse['list_activities']['activities'][number]['status'], Hosted.v1ActivityStatus>,
  Assignable<Hosted.v1Vote['selection'], KitQueryResponse['list_activities']['activities'][number]['votes'][number]['selection']>,
  // @ts-expect-error a status filter outside the hosted enum does not type-check
  Assignable<{ organizationId: string; filterByStatus: ['ACTIVITY_STATUS_WAITING'] }, Hosted.v1GetActivitiesRequest>,
];

// The checks can fail: a kit type that drifted from the hosted one is caught.
export type CanFail = [
  Is<Extends<Kit['sign_raw_payload'], Hosted.v1SignRawPayloadIntentV2>>,
  // @ts-expect-error a parameters object missing the hosted required fields does not type-check
  Assignable<{ signWith: string }, Hosted.v1SignRawPayloadIntentV2>,
];
