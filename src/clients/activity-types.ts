/**
 * Wire types of the Activity API (seed tables + docs/protocol.md §5, §7). Type-only: importing this
 * module adds no bytes. Names and shapes follow protobuf-JSON: lowerCamelCase, 64-bit integers
 * as strings, enums as their names, timestamps as `{seconds, nanos}`.
 */
import type {
  ACTIVITY_OPERATIONS,
  ActivityOperation,
  IntentKey,
  ResultKey,
  ActivityStatus,
  QueryOperation,
} from './activity-operations.ts';

export type { ActivityOperation, ActivityStatus, QueryOperation };

type Ops = typeof ACTIVITY_OPERATIONS;
/** The `type` value of an operation, e.g. `ACTIVITY_TYPE_CREATE_USERS_V4`. */
export type ActivityTypeOf<Op extends ActivityOperation> = Ops[Op]['type'];
export type ActivityType = ActivityTypeOf<ActivityOperation>;
export type IntentKeyOf<Op extends ActivityOperation> = IntentKey<Op>;
export type ResultKeyOf<Op extends ActivityOperation> = Exclude<ResultKey<Op>, null>;

// ---------------------------------------------------------------------------------------------
// Shared records

export interface Timestamp {
  seconds: string;
  nanos: string;
}

export type Curve = 'CURVE_SECP256K1' | 'CURVE_ED25519' | 'CURVE_P256';
export type PathFormat = 'PATH_FORMAT_BIP32';
export type ApiKeyCurve = 'API_KEY_CURVE_P256' | 'API_KEY_CURVE_SECP256K1' | 'API_KEY_CURVE_ED25519';
export type AuthenticatorTransport =
  | 'AUTHENTICATOR_TRANSPORT_BLE'
  | 'AUTHENTICATOR_TRANSPORT_INTERNAL'
  | 'AUTHENTICATOR_TRANSPORT_NFC'
  | 'AUTHENTICATOR_TRANSPORT_USB'
  | 'AUTHENTICATOR_TRANSPORT_HYBRID';

type BitcoinNetwork = 'MAINNET' | 'TESTNET' | 'SIGNET' | 'REGTEST';
type BitcoinScript = 'P2PKH' | 'P2SH' | 'P2WPKH' | 'P2WSH' | 'P2TR';
export type AddressFormat =
  | 'ADDRESS_FORMAT_UNCOMPRESSED'
  | 'ADDRESS_FORMAT_COMPRESSED'
  | 'ADDRESS_FORMAT_ETHEREUM'
  | 'ADDRESS_FORMAT_SOLANA'
  | 'ADDRESS_FORMAT_COSMOS'
  | 'ADDRESS_FORMAT_TRON'
  | 'ADDRESS_FORMAT_SUI'
  | 'ADDRESS_FORMAT_APTOS'
  | 'ADDRESS_FORMAT_SEI'
  | 'ADDRESS_FORMAT_XLM'
  | 'ADDRESS_FORMAT_XRP'
  | 'ADDRESS_FORMAT_DOGE_MAINNET'
  | 'ADDRESS_FORMAT_DOGE_TESTNET'
  | 'ADDRESS_FORMAT_TON_V3R2'
  | 'ADDRESS_FORMAT_TON_V4R2'
  | 'ADDRESS_FORMAT_TON_V5R1'
  | `ADDRESS_FORMAT_BITCOIN_${BitcoinNetwork}_${BitcoinScript}`;

export interface ApiKeyParams {
  apiKeyName: string;
  publicKey: string;
  curveType: ApiKeyCurve;
  expirationSeconds?: string;
}

export interface Attestation {
  credentialId: string;
  clientDataJson: string;
  attestationObject: string;
  transports: AuthenticatorTransport[];
}

export interface AuthenticatorParams {
  authenticatorName: string;
  challenge: string;
  attestation: Attestation;
}

/** An OAuth login by its OIDC token (hosted v1OauthProviderParams: sub-organizations, sign-up). */
export interface OauthProviderParams {
  providerName: string;
  oidcToken: string;
}

/** An OAuth login by its claims (hosted v1OauthProviderParamsV2: create_users V4). */
export interface OauthProviderClaimsParams {
  providerName: string;
  oidcClaims: { iss: string; sub: string; aud: string };
}

export interface WalletAccountParams {
  curve: Curve;
  pathFormat: PathFormat;
  path: string;
  addressFormat: AddressFormat;
}

export interface Credential {
  publicKey: string;
  type: string;
}

export interface Authenticator {
  authenticatorId: string;
  authenticatorName: string;
  transports: AuthenticatorTransport[];
  attestationType: string;
  aaguid: string;
  credentialId: string;
  model: string;
  credential: Credential;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ApiKey {
  apiKeyId: string;
  apiKeyName: string;
  credential: Credential;
  expirationSeconds?: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface OauthProvider {
  providerId: string;
  providerName: string;
  issuer: string;
  audience: string;
  subject: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface User {
  userId: string;
  userName: string;
  userEmail?: string;
  userPhoneNumber?: string;
  authenticators: Authenticator[];
  apiKeys: ApiKey[];
  userTags: string[];
  oauthProviders: OauthProvider[];
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface WalletDetails {
  walletId: string;
  walletName: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  exported: boolean;
  imported: boolean;
}

export interface WalletAccount {
  walletAccountId: string;
  organizationId: string;
  walletId: string;
  curve: Curve;
  pathFormat: PathFormat;
  path: string;
  addressFormat: AddressFormat;
  address: string;
  publicKey?: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  walletDetails?: WalletDetails;
}

export interface Wallet {
  walletId: string;
  walletName: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  exported: boolean;
  imported: boolean;
}

export type PolicyEffect = 'EFFECT_ALLOW' | 'EFFECT_DENY';

export interface Policy {
  policyId: string;
  policyName: string;
  effect: PolicyEffect;
  condition?: string;
  consensus?: string;
  notes?: string;
  createdAt?: Timestamp;
  updatedAt?: Timestamp;
}

export type AccessType = 'ACCESS_TYPE_WEB' | 'ACCESS_TYPE_API' | 'ACCESS_TYPE_ALL';

export interface Invitation {
  receiverUserName: string;
  receiverUserEmail: string;
  /** Send an empty array when unneeded. */
  receiverUserTags: string[];
  accessType: AccessType;
  senderUserId: string;
}

/** App Proof (docs/protocol.md §7). `publicKey` = 65-byte encryption key || 65-byte signing key. */
export interface AppProof {
  scheme: 'SIGNATURE_SCHEME_EPHEMERAL_KEY_P256';
  publicKey: string;
  proofPayload: string;
  signature: string;
}

export interface BootProof {
  ephemeralPublicKeyHex: string;
  awsAttestationDocB64: string;
  qosManifestB64: string;
  qosManifestEnvelopeB64: string;
  deploymentLabel: string;
  enclaveApp: string;
  owner: string;
  createdAt: Timestamp;
}

// ---------------------------------------------------------------------------------------------
// The activity envelope

export interface ErrorDetail {
  '@type'?: string;
  turnkeyErrorCode?: string;
  [key: string]: unknown;
}

/** Failure reason of a FAILED activity (a gRPC status). */
export interface ActivityFailure {
  code?: number;
  message?: string;
  details?: ErrorDetail[];
}

export interface Vote {
  id: string;
  userId: string;
  activityId: string;
  selection: 'VOTE_SELECTION_APPROVED' | 'VOTE_SELECTION_REJECTED';
  message: string;
  publicKey: string;
  signature: string;
  scheme: string;
  createdAt: Timestamp;
  user?: User;
}

export interface Activity<Op extends ActivityOperation = ActivityOperation> {
  id: string;
  organizationId: string;
  status: ActivityStatus;
  type: ActivityTypeOf<Op>;
  timestampMs?: string;
  /** Exactly one key, named after the operation's intent, holding the submitted parameters. */
  intent: { [K in IntentKeyOf<Op>]?: ActivityParameters<Op> } & Record<string, unknown>;
  /** Exactly one key, named after the operation's result (empty until COMPLETED). */
  result: { [K in ResultKeyOf<Op>]?: ActivityResult<Op> } & Record<string, unknown>;
  votes: Vote[];
  /** What a user approves with approve_activity: show it when consensus is needed. */
  fingerprint: string;
  canApprove: boolean;
  canReject: boolean;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  appProofs?: AppProof[];
  failure?: ActivityFailure;
}

/** The signed body of a submit (docs/protocol.md §5), in this key order. */
export interface ActivityBody<Op extends ActivityOperation = ActivityOperation> {
  type: ActivityTypeOf<Op>;
  timestampMs: string;
  organizationId: string;
  parameters: ActivityParameters<Op>;
  generateAppProofs?: boolean;
}

export interface ActivityResponse<Op extends ActivityOperation = ActivityOperation> {
  activity: Activity<Op>;
}

// ---------------------------------------------------------------------------------------------
// Parameters and results per submit operation

export interface CredentialResult {
  userId: string;
  apiKeyId: string;
  /** HPKE credential bundle encrypted to targetPublicKey (docs/protocol.md §6). */
  credentialBundle: string;
}

export interface OauthParameters {
  oidcToken: string;
  targetPublicKey: string;
  apiKeyName?: string;
  expirationSeconds?: string;
  invalidateExisting?: boolean;
}

export interface OtpAuthParameters {
  otpId: string;
  otpCode: string;
  targetPublicKey: string;
  apiKeyName?: string;
  expirationSeconds?: string;
  invalidateExisting?: boolean;
}

export interface EmailCustomization {
  logoUrl?: string;
  magicLinkTemplate?: string;
  templateVariables?: string;
  templateId?: string;
}

export interface InitOtpAuthParameters {
  otpType: string;
  contact: string;
  otpLength?: number;
  /** Required by the hosted INIT_OTP_AUTH_V3 intent (the name shown in the message). */
  appName: string;
  emailCustomization?: EmailCustomization;
  smsCustomization?: { template?: string };
  userIdentifier?: string;
  sendFromEmailAddress?: string;
  alphanumeric?: boolean;
  sendFromEmailSenderName?: string;
  expirationSeconds?: string;
  replyToEmailAddress?: string;
}

export interface CreateUserParams {
  userName: string;
  userEmail?: string;
  userPhoneNumber?: string;
  apiKeys: ApiKeyParams[];
  authenticators: AuthenticatorParams[];
  oauthProviders: OauthProviderClaimsParams[];
  userTags: string[];
}

export interface CreateUsersParameters {
  users: CreateUserParams[];
}

export interface CreateApiKeysParameters {
  apiKeys: ApiKeyParams[];
  userId: string;
}

export interface CreateInvitationsParameters {
  invitations: Invitation[];
}

export interface PolicyParams {
  policyName: string;
  effect: PolicyEffect;
  condition?: string;
  consensus?: string;
  /** Required by the hosted policy intent (V3); may be empty. */
  notes: string;
}

export interface CreatePoliciesParameters {
  policies: PolicyParams[];
}

export interface UpdatePolicyParameters {
  policyId: string;
  policyName?: string;
  policyEffect?: PolicyEffect;
  policyCondition?: string;
  policyConsensus?: string;
  policyNotes?: string;
}

export interface PolicyIdParameters {
  policyId: string;
}

/** approve_activity and reject_activity: the activity voted on, by its fingerprint. */
export interface ApproveActivityParameters {
  fingerprint: string;
}
export type RejectActivityParameters = ApproveActivityParameters;

export interface UpdateUserPhoneNumberParameters {
  userId: string;
  /** E.164; an empty string removes the number. */
  userPhoneNumber: string;
  verificationToken?: string;
}

export interface DeleteOauthProvidersParameters {
  userId: string;
  providerIds: string[];
}

export interface CreateReadWriteSessionParameters {
  targetPublicKey: string;
  userId?: string;
  apiKeyName?: string;
  expirationSeconds?: string;
  invalidateExisting?: boolean;
}

export interface CreateReadWriteSessionResult extends CredentialResult {
  organizationId: string;
  organizationName: string;
  username: string;
}

export type PayloadEncoding =
  | 'PAYLOAD_ENCODING_HEXADECIMAL'
  | 'PAYLOAD_ENCODING_TEXT_UTF8'
  | 'PAYLOAD_ENCODING_EIP712'
  | 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION';
export type HashFunction =
  | 'HASH_FUNCTION_NO_OP'
  | 'HASH_FUNCTION_SHA256'
  | 'HASH_FUNCTION_KECCAK256'
  | 'HASH_FUNCTION_NOT_APPLICABLE';

export interface SignRawPayloadParameters {
  signWith: string;
  payload: string;
  encoding: PayloadEncoding;
  hashFunction: HashFunction;
}

export interface SignRawPayloadResult {
  r: string;
  s: string;
  v: string;
}

/** The chains sign_transaction takes (hosted v1TransactionType); the emulator signs Ethereum and Solana ones. */
export type TransactionType =
  | 'TRANSACTION_TYPE_ETHEREUM'
  | 'TRANSACTION_TYPE_SOLANA'
  | 'TRANSACTION_TYPE_TRON'
  | 'TRANSACTION_TYPE_BITCOIN'
  | 'TRANSACTION_TYPE_TEMPO';

/** sign_transaction (V2, what the hosted client sends): signs and returns; nothing is broadcast. */
export interface SignTransactionParameters {
  /** A wallet account address, private key address or private key id. */
  signWith: string;
  /** The unsigned transaction's bytes in hex (Ethereum: its RLP / EIP-2718 wire form). */
  unsignedTransaction: string;
  type: TransactionType;
}

export interface SignTransactionResult {
  /** Hex; for Ethereum without the 0x prefix, as the service answers (add it to broadcast). */
  signedTransaction: string;
}

export interface ImportPrivateKeyParameters {
  userId: string;
  privateKeyName: string;
  /** JSON string `{"encappedPublic", "ciphertext"}` sealed to the import target (docs/protocol.md §6). */
  encryptedBundle: string;
  curve: Curve;
  addressFormats: AddressFormat[];
}

export interface Address {
  format: AddressFormat;
  address: string;
}

export interface ImportPrivateKeyResult {
  privateKeyId: string;
  addresses: Address[];
}

export interface ExportPrivateKeyParameters {
  privateKeyId: string;
  targetPublicKey: string;
}

export interface ExportPrivateKeyResult {
  privateKeyId: string;
  exportBundle: string;
}

export type FiatOnRampProvider = 'FIAT_ON_RAMP_PROVIDER_COINBASE' | 'FIAT_ON_RAMP_PROVIDER_MOONPAY';
export type FiatOnRampNetwork = `FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_${'BITCOIN' | 'ETHEREUM' | 'SOLANA' | 'BASE'}`;
export type FiatOnRampCryptoCurrency = `FIAT_ON_RAMP_CRYPTO_CURRENCY_${'BTC' | 'ETH' | 'SOL' | 'USDC'}`;
export type FiatOnRampCurrency = `FIAT_ON_RAMP_CURRENCY_${
  | 'AUD' | 'BGN' | 'BRL' | 'CAD' | 'CHF' | 'COP' | 'CZK' | 'DKK' | 'DOP' | 'EGP' | 'EUR' | 'GBP'
  | 'HKD' | 'IDR' | 'ILS' | 'JOD' | 'KES' | 'KWD' | 'LKR' | 'MXN' | 'NGN' | 'NOK' | 'NZD' | 'OMR'
  | 'PEN' | 'PLN' | 'RON' | 'SEK' | 'THB' | 'TRY' | 'TWD' | 'USD' | 'VND' | 'ZAR'}`;
export type FiatOnRampPaymentMethod = `FIAT_ON_RAMP_PAYMENT_METHOD_${
  | 'CREDIT_DEBIT_CARD' | 'APPLE_PAY' | 'GBP_BANK_TRANSFER' | 'GBP_OPEN_BANKING_PAYMENT'
  | 'GOOGLE_PAY' | 'SEPA_BANK_TRANSFER' | 'PIX_INSTANT_PAYMENT' | 'PAYPAL' | 'VENMO'
  | 'MOONPAY_BALANCE' | 'CRYPTO_ACCOUNT' | 'FIAT_WALLET' | 'ACH_BANK_ACCOUNT'}`;

export interface InitFiatOnRampParameters {
  onrampProvider: FiatOnRampProvider;
  /** Destination address of the buy. */
  walletAddress: string;
  network: FiatOnRampNetwork;
  cryptoCurrencyCode: FiatOnRampCryptoCurrency;
  fiatCurrencyCode?: FiatOnRampCurrency;
  /** Optional preset amount; must be greater than 20 (checked before sending). */
  fiatCurrencyAmount?: string;
  paymentMethod?: FiatOnRampPaymentMethod;
  /** ISO 3166-1 alpha-2 country of residence. */
  countryCode?: string;
  /** ISO 3166-2 subdivision; required when countryCode is US (checked before sending). */
  countrySubdivisionCode?: string;
  sandboxMode?: boolean;
  urlForSignature?: string;
}

export interface InitFiatOnRampResult {
  onRampUrl: string;
  onRampTransactionId: string;
  onRampUrlSignature?: string;
}

export interface DeleteFiatOnRampCredentialParameters {
  fiatOnrampCredentialId: string;
}

export interface SetOrganizationFeatureParameters {
  /** FEATURE_NAME_WEBHOOK registers the webhook; other names are not shown in the seed. */
  name: 'FEATURE_NAME_WEBHOOK' | (string & {});
  value: string;
}

export interface SetOrganizationFeatureResult {
  features: { name?: string; value?: string }[];
}

export interface StampLoginParameters {
  /** Compressed P-256 hex of the new session key. */
  publicKey: string;
  expirationSeconds?: string;
  invalidateExisting?: boolean;
}

export interface SessionResult {
  /** Session JWT (docs/protocol.md §4). */
  session: string;
}

export interface RootUserParams {
  userName: string;
  userEmail?: string;
  userPhoneNumber?: string;
  apiKeys: ApiKeyParams[];
  authenticators: AuthenticatorParams[];
  oauthProviders: OauthProviderParams[];
}

export interface WalletParams {
  walletName: string;
  accounts: WalletAccountParams[];
  mnemonicLength?: number;
}

export interface CreateSubOrganizationParameters {
  subOrganizationName: string;
  rootUsers: RootUserParams[];
  rootQuorumThreshold: number;
  wallet?: WalletParams;
  disableEmailRecovery?: boolean;
  disableEmailAuth?: boolean;
  disableSmsAuth?: boolean;
  disableOtpEmailAuth?: boolean;
  verificationToken?: string;
}

export interface CreatedWallet {
  walletId: string;
  addresses: string[];
}

export interface CreateSubOrganizationResult {
  subOrganizationId: string;
  wallet?: CreatedWallet;
  rootUserIds?: string[];
}

export type CreateWalletParameters = WalletParams;

export interface CreateWalletAccountsParameters {
  walletId: string;
  accounts: WalletAccountParams[];
}

export type MnemonicLanguage = `MNEMONIC_LANGUAGE_${
  | 'ENGLISH' | 'SIMPLIFIED_CHINESE' | 'TRADITIONAL_CHINESE' | 'CZECH' | 'FRENCH' | 'ITALIAN'
  | 'JAPANESE' | 'KOREAN' | 'SPANISH'}`;

export interface ExportWalletParameters {
  walletId: string;
  targetPublicKey: string;
  language?: MnemonicLanguage;
}

export interface ExportWalletResult {
  walletId: string;
  exportBundle: string;
}

/** export_wallet_account (hosted v1ExportWalletAccountIntent): one account's key, by its address. */
export interface ExportWalletAccountParameters {
  address: string;
  targetPublicKey: string;
}

export interface ExportWalletAccountResult {
  address: string;
  exportBundle: string;
}

export interface InitImportPrivateKeyParameters {
  userId: string;
}

export interface InitImportPrivateKeyResult {
  /** Signed import target (docs/protocol.md §6). */
  importBundle: string;
}

export interface EthSendTransactionParameters {
  from: string;
  to: string;
  /** CAIP-2 chain id, e.g. `eip155:8453`. */
  caip2: string;
  value?: string;
  data?: string;
  nonce?: string;
  gasLimit?: string;
  maxFeePerGas?: string;
  maxPriorityFeePerGas?: string;
  sponsor?: boolean;
  gasStationNonce?: string;
}

export interface EthSendTransactionResult {
  sendTransactionStatusId: string;
}

/** The Solana networks the hosted service sends on: the aliases and the genesis-hash forms. */
export type SolanaCaip2 =
  | 'solana:mainnet'
  | 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
  | 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d'
  | 'solana:devnet'
  | 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
  | 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG';

export interface SolSendTransactionParameters {
  /** Hex of the serialized unsigned transaction, full wire format (signature slots zeroed). */
  unsignedTransaction: string;
  /** The wallet account address that signs. */
  signWith: string;
  caip2: SolanaCaip2;
  /** Fee payment by the service's gas station. */
  sponsor?: boolean;
  /** A blockhash to use as is; omitted with `sponsor`, the service fetches a fresh one. */
  recentBlockhash?: string;
}

export interface SolSendTransactionResult {
  sendTransactionStatusId: string;
}

/** delete_api_keys: keys of one user, all or none (a session key may delete itself). */
export interface DeleteApiKeysParameters {
  userId: string;
  apiKeyIds: string[];
}

/** create_authenticators (V2, what the hosted client sends): passkeys for a user. */
export interface CreateAuthenticatorsParameters {
  userId: string;
  authenticators: AuthenticatorParams[];
}

export interface DeleteAuthenticatorsParameters {
  userId: string;
  authenticatorIds: string[];
}

export interface UpdateUserEmailParameters {
  userId: string;
  /** An empty string removes the address. */
  userEmail: string;
  /**
   * A verification token of an email OTP sent to `userEmail`. Optional in the hosted API:
   * without one the address is stored unverified.
   */
  verificationToken?: string;
}

/** An OAuth login by its OIDC token or its claims (hosted v1OauthProviderParamsV2). */
export type OauthProviderParamsV2 = OauthProviderParams | OauthProviderClaimsParams;

/** create_oauth_providers (V2, what the hosted client sends). */
export interface CreateOauthProvidersParameters {
  userId: string;
  oauthProviders: OauthProviderParamsV2[];
}

/** update_user_name (hosted v1UpdateUserNameIntent). */
export interface UpdateUserNameParameters {
  userId: string;
  userName: string;
}

/** init_import_wallet (hosted v1InitImportWalletIntent). */
export interface InitImportWalletParameters {
  userId: string;
}

/** import_wallet (hosted v1ImportWalletIntent): the mnemonic sealed to init_import_wallet's target. */
export interface ImportWalletParameters {
  userId: string;
  walletName: string;
  encryptedBundle: string;
  accounts: WalletAccountParams[];
}

/** delete_sub_organization (hosted v1DeleteSubOrganizationIntent); runs in the organization it deletes. */
export interface DeleteSubOrganizationParameters {
  /** Delete even while wallets or private keys were never exported. Default false. */
  deleteWithoutExport?: boolean;
}

export interface ActivityParameterMap {
  oauth: OauthParameters;
  otp_auth: OtpAuthParameters;
  init_otp_auth: InitOtpAuthParameters;
  create_users: CreateUsersParameters;
  create_api_keys: CreateApiKeysParameters;
  create_invitations: CreateInvitationsParameters;
  create_policies: CreatePoliciesParameters;
  update_policy: UpdatePolicyParameters;
  delete_policy: PolicyIdParameters;
  approve_activity: ApproveActivityParameters;
  reject_activity: RejectActivityParameters;
  update_user_phone_number: UpdateUserPhoneNumberParameters;
  delete_oauth_providers: DeleteOauthProvidersParameters;
  create_read_write_session: CreateReadWriteSessionParameters;
  sign_raw_payload: SignRawPayloadParameters;
  import_private_key: ImportPrivateKeyParameters;
  export_private_key: ExportPrivateKeyParameters;
  init_fiat_on_ramp: InitFiatOnRampParameters;
  delete_fiat_on_ramp_credential: DeleteFiatOnRampCredentialParameters;
  set_organization_feature: SetOrganizationFeatureParameters;
  stamp_login: StampLoginParameters;
  create_sub_organization: CreateSubOrganizationParameters;
  create_wallet: CreateWalletParameters;
  create_wallet_accounts: CreateWalletAccountsParameters;
  export_wallet: ExportWalletParameters;
  init_import_private_key: InitImportPrivateKeyParameters;
  eth_send_transaction: EthSendTransactionParameters;
  sol_send_transaction: SolSendTransactionParameters;
  delete_api_keys: DeleteApiKeysParameters;
  create_authenticators: CreateAuthenticatorsParameters;
  delete_authenticators: DeleteAuthenticatorsParameters;
  update_user_email: UpdateUserEmailParameters;
  create_oauth_providers: CreateOauthProvidersParameters;
  sign_transaction: SignTransactionParameters;
  update_user_name: UpdateUserNameParameters;
  init_import_wallet: InitImportWalletParameters;
  import_wallet: ImportWalletParameters;
  delete_sub_organization: DeleteSubOrganizationParameters;
  export_wallet_account: ExportWalletAccountParameters;
}

export interface ActivityResultMap {
  oauth: CredentialResult;
  otp_auth: CredentialResult;
  init_otp_auth: { otpId: string };
  create_users: { userIds: string[] };
  create_api_keys: { apiKeyIds: string[] };
  create_invitations: { invitationIds: string[] };
  create_policies: { policyIds: string[] };
  update_policy: { policyId: string };
  delete_policy: { policyId: string };
  /** The approved activity's own result, once it completes. */
  approve_activity: Record<string, unknown>;
  /** Empty: the hosted types define no reject result; the rejected activity says the rest. */
  reject_activity: Record<string, never>;
  update_user_phone_number: { userId: string };
  delete_oauth_providers: { providerIds: string[] };
  create_read_write_session: CreateReadWriteSessionResult;
  sign_raw_payload: SignRawPayloadResult;
  import_private_key: ImportPrivateKeyResult;
  export_private_key: ExportPrivateKeyResult;
  init_fiat_on_ramp: InitFiatOnRampResult;
  delete_fiat_on_ramp_credential: { fiatOnRampCredentialId: string };
  set_organization_feature: SetOrganizationFeatureResult;
  stamp_login: SessionResult;
  create_sub_organization: CreateSubOrganizationResult;
  create_wallet: CreatedWallet;
  create_wallet_accounts: { addresses: string[] };
  export_wallet: ExportWalletResult;
  init_import_private_key: InitImportPrivateKeyResult;
  eth_send_transaction: EthSendTransactionResult;
  sol_send_transaction: SolSendTransactionResult;
  delete_api_keys: { apiKeyIds: string[] };
  create_authenticators: { authenticatorIds: string[] };
  delete_authenticators: { authenticatorIds: string[] };
  update_user_email: { userId: string };
  create_oauth_providers: { providerIds: string[] };
  sign_transaction: SignTransactionResult;
  update_user_name: { userId: string };
  init_import_wallet: { importBundle: string };
  import_wallet: { walletId: string; addresses: string[] };
  delete_sub_organization: { subOrganizationUuid: string };
  export_wallet_account: ExportWalletAccountResult;
}

export type ActivityParameters<Op extends ActivityOperation> = ActivityParameterMap[Op];
export type ActivityResult<Op extends ActivityOperation> = ActivityResultMap[Op];

// ---------------------------------------------------------------------------------------------
// Queries

export interface PaginationOptions {
  /** 1 to 100, default 10 (a string on the wire; a number is accepted and converted). */
  limit?: string | number;
  /** An object id: fetch objects before it. */
  before?: string;
  /** An object id: fetch objects after it. */
  after?: string;
}

export interface RevertEntry {
  address?: string;
  errorType?: string;
  displayMessage?: string;
  unknown?: { selector: string; data: string };
  native?: { nativeType: string; message: string; panicCode: string };
  custom?: { errorName: string; paramsJson: string };
}

export interface SendTransactionError {
  message?: string;
  revertChain?: RevertEntry[];
  eth?: { revertChain: RevertEntry[] };
  solana?: {
    source: string;
    rpcCode: number;
    rpcMessage: string;
    transactionErrorJson: string;
    logs: string[];
    unitsConsumed: string;
    innerInstructionsJson: string;
  };
}

export interface SendTransactionStatus {
  txStatus: string;
  /** `blockNumber` (and Solana's `slot`): where the chain included it; the emulator's addition, absent from the hosted status. */
  eth?: { txHash: string; blockNumber?: string };
  solana?: { signature: string; slot?: string };
  txError?: string;
  error?: SendTransactionError;
}

export interface WhoamiResult {
  organizationId: string;
  organizationName: string;
  userId: string;
  username: string;
}

/**
 * One asset's balance (hosted `v1AssetBalance`; every field optional there). `balance` is exact,
 * in base units; `display` is the service's rounded text, for display only.
 */
export interface AssetBalance {
  caip19?: string;
  symbol?: string;
  balance?: string;
  decimals?: number;
  name?: string;
  display?: { crypto?: string; usd?: string };
}

/** A key held by the organization outside any wallet (hosted `v1PrivateKey`); never its material. */
export interface PrivateKey {
  privateKeyId: string;
  publicKey: string;
  privateKeyName: string;
  curve: string;
  addresses: { format: string; address: string }[];
  privateKeyTags: string[];
  createdAt: Timestamp;
  updatedAt: Timestamp;
  exported: boolean;
  imported: boolean;
}

export interface QueryRequestMap {
  list_users: { organizationId: string };
  get_user: { organizationId: string; userId: string };
  list_private_keys: { organizationId: string };
  list_wallet_accounts: {
    organizationId: string;
    /** When absent, all accounts of the organization are returned. */
    walletId?: string;
    includeWalletDetails?: boolean;
    paginationOptions?: PaginationOptions;
  };
  get_send_transaction_status: { organizationId: string; sendTransactionStatusId: string };
  get_activity: { organizationId: string; activityId: string };
  /** Newest first; `canApprove` / `canReject` of each are the asking user's. */
  list_activities: {
    organizationId: string;
    filterByStatus?: ActivityStatus[];
    filterByType?: ActivityTypeOf<ActivityOperation>[];
    paginationOptions?: PaginationOptions;
  };
  whoami: { organizationId: string };
  get_boot_proof: { organizationId: string; ephemeralKey: string };
  list_app_proofs: { organizationId: string; activityId: string };
  list_policies: { organizationId: string };
  list_wallets: { organizationId: string };
  /** `refresh` asks the provider again instead of answering from the last known status. */
  get_onramp_transaction_status: { organizationId: string; transactionId: string; refresh?: boolean };
  get_wallet_address_balances: { organizationId: string; address: string; caip2: string };
}

export interface QueryResponseMap {
  list_users: { users: User[] };
  get_user: { user: User };
  list_private_keys: { privateKeys: PrivateKey[] };
  list_wallet_accounts: { accounts: WalletAccount[] };
  get_send_transaction_status: SendTransactionStatus;
  get_activity: ActivityResponse;
  list_activities: { activities: Activity[] };
  whoami: WhoamiResult;
  get_boot_proof: { bootProof: BootProof };
  list_app_proofs: { appProofs: AppProof[] };
  list_policies: { policies: Policy[] };
  list_wallets: { wallets: Wallet[] };
  /** The emulator answers PENDING, COMPLETED or FAILED (the hosted values are not published). */
  get_onramp_transaction_status: { transactionStatus: string };
  get_wallet_address_balances: { balances: AssetBalance[] };
}

export type QueryRequest<Op extends QueryOperation> = QueryRequestMap[Op];
export type QueryResponse<Op extends QueryOperation> = QueryResponseMap[Op];
