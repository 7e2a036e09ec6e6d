/**
 * The Activity API's operations as data: shared by the ActivityClient and the emulator, so the
 * two can never disagree on a `type` value or an intent/result key. Data plus two tiny rules, no
 * imports: it sits on the logged-in signing path and must stay small.
 *
 * Submit operations: path segment → `type` and result key. The first block is the seed's table
 * verbatim; the second holds the operations the kit and emulator also need, with the hosted
 * service's names (its public SDK and OpenAPI files). Intent and result keys mostly follow one
 * rule each (see `intentKey`, `resultKey`), so they are derived rather than shipped to every
 * logged-in page; an entry names its `result` only where the service departs from the rule.
 * `result: null` means the activity's result is the approved activity's own (approve_activity).
 */
export const ACTIVITY_OPERATIONS = {
  oauth: { type: 'ACTIVITY_TYPE_OAUTH' },
  otp_auth: { type: 'ACTIVITY_TYPE_OTP_AUTH' },
  init_otp_auth: { type: 'ACTIVITY_TYPE_INIT_OTP_AUTH_V3', result: 'initOtpAuthResultV2' },
  create_users: { type: 'ACTIVITY_TYPE_CREATE_USERS_V4' },
  create_api_keys: { type: 'ACTIVITY_TYPE_CREATE_API_KEYS_V2' },
  create_invitations: { type: 'ACTIVITY_TYPE_CREATE_INVITATIONS' },
  create_policies: { type: 'ACTIVITY_TYPE_CREATE_POLICIES' },
  update_policy: { type: 'ACTIVITY_TYPE_UPDATE_POLICY_V2', result: 'updatePolicyResultV2' },
  delete_policy: { type: 'ACTIVITY_TYPE_DELETE_POLICY' },
  approve_activity: { type: 'ACTIVITY_TYPE_APPROVE_ACTIVITY', result: null },
  update_user_phone_number: { type: 'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER' },
  delete_oauth_providers: { type: 'ACTIVITY_TYPE_DELETE_OAUTH_PROVIDERS' },
  create_read_write_session: { type: 'ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2', result: 'createReadWriteSessionResultV2' },
  sign_raw_payload: { type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2' },
  import_private_key: { type: 'ACTIVITY_TYPE_IMPORT_PRIVATE_KEY' },
  export_private_key: { type: 'ACTIVITY_TYPE_EXPORT_PRIVATE_KEY' },
  init_fiat_on_ramp: { type: 'ACTIVITY_TYPE_INIT_FIAT_ON_RAMP' },
  delete_fiat_on_ramp_credential: { type: 'ACTIVITY_TYPE_DELETE_FIAT_ON_RAMP_CREDENTIAL' },
  // The seed leaves this result shape "not shown"; the hosted service answers with its features.
  set_organization_feature: { type: 'ACTIVITY_TYPE_SET_ORGANIZATION_FEATURE' },

  stamp_login: { type: 'ACTIVITY_TYPE_STAMP_LOGIN' },
  create_sub_organization: { type: 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V7', result: 'createSubOrganizationResultV7' },
  create_wallet: { type: 'ACTIVITY_TYPE_CREATE_WALLET' },
  create_wallet_accounts: { type: 'ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS' },
  export_wallet: { type: 'ACTIVITY_TYPE_EXPORT_WALLET' },
  init_import_private_key: { type: 'ACTIVITY_TYPE_INIT_IMPORT_PRIVATE_KEY' },
  // The seed's "send-transaction operation that produces a sendTransactionStatusId".
  eth_send_transaction: { type: 'ACTIVITY_TYPE_ETH_SEND_TRANSACTION' },
  // Its Solana twin (hosted name); the status is followed with get_send_transaction_status too.
  sol_send_transaction: { type: 'ACTIVITY_TYPE_SOL_SEND_TRANSACTION' },
} as const satisfies Record<string, { type: string; result?: string | null }>;

/**
 * Query operations (POST /public/v1/query/<name>): the body fields a request must carry, and
 * the key a successful answer must carry. Query bodies have no `type` or `timestampMs`.
 */
export const QUERY_OPERATIONS = {
  list_users: { required: ['organizationId'], response: 'users' },
  get_user: { required: ['organizationId', 'userId'], response: 'user' },
  list_private_keys: { required: ['organizationId'], response: 'privateKeys' },
  list_wallet_accounts: { required: ['organizationId'], response: 'accounts' },
  get_send_transaction_status: { required: ['organizationId', 'sendTransactionStatusId'], response: 'txStatus' },
  get_activity: { required: ['organizationId', 'activityId'], response: 'activity' },
  whoami: { required: ['organizationId'], response: 'organizationId' },
  get_boot_proof: { required: ['organizationId', 'ephemeralKey'], response: 'bootProof' },
  list_app_proofs: { required: ['organizationId', 'activityId'], response: 'appProofs' },
  list_policies: { required: ['organizationId'], response: 'policies' },
  // The hosted SDK calls this getWallets; its path is list_wallets.
  list_wallets: { required: ['organizationId'], response: 'wallets' },
  // The hosted name (its Rust SDK); the status of an on-ramp purchase.
  get_onramp_transaction_status: { required: ['organizationId', 'transactionId'], response: 'transactionStatus' },
} as const;

export const SUBMIT_PATH = '/public/v1/submit/';
export const QUERY_PATH = '/public/v1/query/';

/** Activity statuses (PROTOCOL.md §5). CREATED and PENDING are the only non-final ones. */
export const ActivityStatus = {
  CREATED: 'ACTIVITY_STATUS_CREATED',
  PENDING: 'ACTIVITY_STATUS_PENDING',
  COMPLETED: 'ACTIVITY_STATUS_COMPLETED',
  FAILED: 'ACTIVITY_STATUS_FAILED',
  CONSENSUS_NEEDED: 'ACTIVITY_STATUS_CONSENSUS_NEEDED',
  REJECTED: 'ACTIVITY_STATUS_REJECTED',
} as const;
export type ActivityStatus = (typeof ActivityStatus)[keyof typeof ActivityStatus];

export type ActivityOperation = keyof typeof ACTIVITY_OPERATIONS;

type Camel<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;
type VersionOf<T extends string> = T extends `${string}_V${infer N}` ? (N extends `${number}` ? `V${N}` : '') : '';
/** The intent key of an operation, e.g. `createUsersIntentV4` for create_users. */
export type IntentKey<Op extends ActivityOperation> = `${Camel<Op>}Intent${VersionOf<(typeof ACTIVITY_OPERATIONS)[Op]['type']>}`;
/** The result key of an operation (null for approve_activity); see `resultKey`. */
export type ResultKey<Op extends ActivityOperation> = (typeof ACTIVITY_OPERATIONS)[Op] extends { result: infer R extends string | null } ? R : `${Camel<Op>}Result`;

/**
 * The key an activity's `intent` object holds its parameters under: the path segment in
 * lowerCamelCase, `Intent`, and the version suffix of its `type` (ACTIVITY_TYPE_CREATE_USERS_V4
 * → createUsersIntentV4). True of every operation in the seed's table.
 */
export function intentKey(operation: string, type: string): string {
  const version = /_V(\d+)$/.exec(type)?.[1];
  return `${camelCase(operation)}Intent${version ? `V${version}` : ''}`;
}

/**
 * The key a completed activity's `result` holds its value under: the entry's `result` where it
 * names one (null: the approved activity's own result), else the path segment in lowerCamelCase
 * and `Result` (create_wallet → createWalletResult). Versioned results name themselves.
 */
export function resultKey(operation: ActivityOperation): string | null {
  const named = (ACTIVITY_OPERATIONS[operation] as { result?: string | null }).result;
  return named === undefined ? `${camelCase(operation)}Result` : named;
}

const camelCase = (snake: string) => snake.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
export type QueryOperation = keyof typeof QUERY_OPERATIONS;
