/**
 * The Activity API's operations as data: shared by the ActivityClient and the emulator, so the
 * two can never disagree on a `type` value or an intent/result key. Data plus three tiny rules,
 * no imports: it sits on the logged-in signing path and must stay small.
 *
 * Submit operations: path segment → `type` and result key. Every hosted `type` is
 * `ACTIVITY_TYPE_` + the path segment in upper case + the version suffix (`_V4`), so the table
 * ships each operation's version only (0: none) and `ACTIVITY_OPERATIONS` is built from it.
 * The first block is the seed's table; the others hold the operations the kit and emulator also
 * need, with the hosted service's names (its public SDK and OpenAPI files) and the versions its
 * client sends. Intent and result keys mostly follow one rule each (see `intentKey`,
 * `resultKey`), so they are derived too; `RESULTS` names a result only where the service departs
 * from the rule. `result: null` means the activity's result is the approved activity's own
 * (approve_activity).
 */
const VERSIONS = {
  oauth: 0,
  otp_auth: 0,
  init_otp_auth: 3,
  create_users: 4,
  create_api_keys: 2,
  create_invitations: 0,
  create_policies: 0,
  update_policy: 2,
  delete_policy: 0,
  approve_activity: 0,
  reject_activity: 0,
  update_user_phone_number: 0,
  delete_oauth_providers: 0,
  create_read_write_session: 2,
  sign_raw_payload: 2,
  import_private_key: 0,
  export_private_key: 0,
  init_fiat_on_ramp: 0,
  delete_fiat_on_ramp_credential: 0,
  // The seed leaves this result shape "not shown"; the hosted service answers with its features.
  set_organization_feature: 0,

  stamp_login: 0,
  create_sub_organization: 7,
  create_wallet: 0,
  create_wallet_accounts: 0,
  export_wallet: 0,
  init_import_private_key: 0,
  // The seed's "send-transaction operation that produces a sendTransactionStatusId".
  eth_send_transaction: 0,
  // Its Solana twin (hosted name); the status is followed with get_send_transaction_status too.
  sol_send_transaction: 0,

  // A user's credentials and contacts (issue 13).
  delete_api_keys: 0,
  create_authenticators: 2,
  delete_authenticators: 0,
  update_user_email: 0,
  create_oauth_providers: 2,

  // Signs an unsigned transaction and returns it signed (issue 12); nothing is sent.
  sign_transaction: 2,

  // A person's own account (issue 24): rename, import a recovery phrase, delete the account.
  update_user_name: 0,
  init_import_wallet: 0,
  import_wallet: 0,
  delete_sub_organization: 0,
  // One wallet account's private key, named by its address (issue 24's <latch-wallet-export>).
  export_wallet_account: 0,
} as const satisfies Record<string, number>;

/** Result keys that depart from the rule (see `resultKey`). */
const RESULTS = {
  init_otp_auth: 'initOtpAuthResultV2',
  update_policy: 'updatePolicyResultV2',
  approve_activity: null,
  reject_activity: null,
  create_read_write_session: 'createReadWriteSessionResultV2',
  create_sub_organization: 'createSubOrganizationResultV7',
  create_oauth_providers: 'createOauthProvidersResultV2',
} as const satisfies { [Op in keyof typeof VERSIONS]?: string | null };

type Versions = typeof VERSIONS;
type Results = typeof RESULTS;
/** The hosted `type` of an operation, e.g. `ACTIVITY_TYPE_CREATE_USERS_V4` for create_users. */
type TypeOf<Op extends keyof Versions> = `ACTIVITY_TYPE_${Uppercase<Op>}${Versions[Op] extends 0 ? '' : `_V${Versions[Op]}`}`;
/** One operation's catalogue entry: its `type`, and its `result` key where that departs from the rule. */
export type ActivityOperationEntry<Op extends keyof Versions> = { readonly type: TypeOf<Op> } & (Op extends keyof Results ? { readonly result: Results[Op] } : unknown);

export const ACTIVITY_OPERATIONS = Object.fromEntries(
  Object.entries(VERSIONS).map(([op, v]) => [op, { type: `ACTIVITY_TYPE_${op.toUpperCase()}${v ? `_V${v}` : ''}`, ...(op in RESULTS && { result: RESULTS[op as keyof Results] }) }]),
) as { readonly [Op in keyof Versions]: ActivityOperationEntry<Op> };

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
  // The hosted client calls this getActivities; its path is list_activities.
  list_activities: { required: ['organizationId'], response: 'activities' },
  whoami: { required: ['organizationId'], response: 'organizationId' },
  get_boot_proof: { required: ['organizationId', 'ephemeralKey'], response: 'bootProof' },
  list_app_proofs: { required: ['organizationId', 'activityId'], response: 'appProofs' },
  list_policies: { required: ['organizationId'], response: 'policies' },
  // The hosted SDK calls this getWallets; its path is list_wallets.
  list_wallets: { required: ['organizationId'], response: 'wallets' },
  // The hosted name (its Rust SDK); the status of an on-ramp purchase.
  get_onramp_transaction_status: { required: ['organizationId', 'transactionId'], response: 'transactionStatus' },
  // A wallet account's balances on one chain (the hosted route; the emulator answers it from its local chains).
  get_wallet_address_balances: { required: ['organizationId', 'address', 'caip2'], response: 'balances' },
} as const;

export const SUBMIT_PATH = '/public/v1/submit/';
export const QUERY_PATH = '/public/v1/query/';

/** Activity statuses (docs/protocol.md §5). CREATED and PENDING are the only non-final ones. */
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
