/**
 * `activity.resource` and `activity.action` of each operation, as the hosted policy language
 * names them (every signing operation is PRIVATE_KEY / SIGN, whether it signs with a wallet
 * account or a private key). Where no public source names an operation's pair, the closest one
 * is chosen and marked (ours).
 */
export interface ResourceAction {
  resource: string;
  action: string;
}

const TABLE: Readonly<Record<string, readonly [string, string]>> = {
  create_wallet: ['WALLET', 'CREATE'],
  create_wallet_accounts: ['WALLET', 'CREATE'],
  update_wallet: ['WALLET', 'UPDATE'],
  delete_wallets: ['WALLET', 'DELETE'],
  delete_wallet_accounts: ['WALLET', 'DELETE'], // (ours) an account is part of its wallet
  export_wallet: ['WALLET', 'EXPORT'],
  export_wallet_account: ['WALLET', 'EXPORT'], // (ours) an account's key is part of its wallet
  sign_raw_payload: ['PRIVATE_KEY', 'SIGN'],
  sign_raw_payloads: ['PRIVATE_KEY', 'SIGN'],
  sign_transaction: ['PRIVATE_KEY', 'SIGN'],
  eth_send_transaction: ['PRIVATE_KEY', 'SIGN'],
  sol_send_transaction: ['PRIVATE_KEY', 'SIGN'],
  export_private_key: ['PRIVATE_KEY', 'EXPORT'],
  delete_private_keys: ['PRIVATE_KEY', 'DELETE'],
  import_private_key: ['PRIVATE_KEY', 'IMPORT'],
  init_import_private_key: ['PRIVATE_KEY', 'IMPORT'], // (ours)
  import_wallet: ['WALLET', 'IMPORT'],
  init_import_wallet: ['WALLET', 'IMPORT'], // (ours)
  create_policies: ['POLICY', 'CREATE'],
  update_policy: ['POLICY', 'UPDATE'],
  delete_policy: ['POLICY', 'DELETE'],
  create_policy: ['POLICY', 'CREATE'],
  delete_policies: ['POLICY', 'DELETE'],
  create_users: ['USER', 'CREATE'],
  update_user_phone_number: ['USER', 'UPDATE'],
  update_user_name: ['USER', 'UPDATE'],
  update_user: ['USER', 'UPDATE'],
  delete_users: ['USER', 'DELETE'],
  create_user_tag: ['USER', 'UPDATE'], // (ours)
  update_user_tag: ['USER', 'UPDATE'], // (ours)
  delete_user_tags: ['USER', 'UPDATE'], // (ours)
  create_api_keys: ['CREDENTIAL', 'CREATE'],
  delete_oauth_providers: ['CREDENTIAL', 'DELETE'], // (ours)
  create_invitations: ['INVITATION', 'CREATE'],
  create_sub_organization: ['ORGANIZATION', 'CREATE'],
  delete_sub_organization: ['ORGANIZATION', 'DELETE'],
  set_organization_feature: ['ORGANIZATION', 'UPDATE'], // (ours)
  init_fiat_on_ramp: ['ORGANIZATION', 'CREATE'], // (ours)
  delete_fiat_on_ramp_credential: ['CREDENTIAL', 'DELETE'], // (ours)
  oauth: ['AUTH', 'CREATE'],
  otp_auth: ['AUTH', 'CREATE'],
  email_auth: ['AUTH', 'CREATE'],
  init_user_email_recovery: ['RECOVERY', 'CREATE'], // (ours)
  recover_user: ['RECOVERY', 'CREATE'], // (ours)
  create_read_write_session: ['AUTH', 'CREATE'],
  create_read_only_session: ['AUTH', 'CREATE'],
  stamp_login: ['AUTH', 'CREATE'],
  otp_login: ['AUTH', 'CREATE'],
  oauth_login: ['AUTH', 'CREATE'],
  oauth2_authenticate: ['AUTH', 'CREATE'],
  init_otp_auth: ['OTP', 'CREATE'],
  init_otp: ['OTP', 'CREATE'],
  verify_otp: ['OTP', 'VERIFY'],
  approve_activity: ['ORGANIZATION', 'UPDATE'], // (ours) never evaluated: votes are checked by approve_activity itself
  reject_activity: ['ORGANIZATION', 'UPDATE'], // (ours) never evaluated, as approve_activity
};

/** (ours) An operation missing from the table is treated as changing the organization. */
const FALLBACK: ResourceAction = { resource: 'ORGANIZATION', action: 'UPDATE' };

export function resourceActionOf(operation: string): ResourceAction {
  const entry = Object.hasOwn(TABLE, operation) ? TABLE[operation] : undefined;
  return entry ? { resource: entry[0], action: entry[1] } : FALLBACK;
}
