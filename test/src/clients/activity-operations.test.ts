// The operation catalogue against the seed's table (typed out here from the seed, so a typo in
// the catalogue cannot hide), plus the naming rules every entry must follow.
import { describe, it, expect, expectCode } from '../../support/harness.ts';
import { ACTIVITY_OPERATIONS, ActivityStatus, QUERY_OPERATIONS, intentKey, resultKey, type ActivityOperation } from '../../../src/clients/activity-operations.ts';
import { activityResult } from '../../../src/clients/activity-client.ts';
import type { Activity } from '../../../src/clients/activity-types.ts';
import type { IntentKey } from '../../../src/clients/activity-operations.ts';

// Path segment, type value, intent key, result key: seed "Submit operations" table.
const SEED: [string, string, string, string | null][] = [
  ['oauth', 'ACTIVITY_TYPE_OAUTH', 'oauthIntent', 'oauthResult'],
  ['otp_auth', 'ACTIVITY_TYPE_OTP_AUTH', 'otpAuthIntent', 'otpAuthResult'],
  ['init_otp_auth', 'ACTIVITY_TYPE_INIT_OTP_AUTH_V3', 'initOtpAuthIntentV3', 'initOtpAuthResultV2'],
  ['create_users', 'ACTIVITY_TYPE_CREATE_USERS_V4', 'createUsersIntentV4', 'createUsersResult'],
  ['create_api_keys', 'ACTIVITY_TYPE_CREATE_API_KEYS_V2', 'createApiKeysIntentV2', 'createApiKeysResult'],
  ['create_invitations', 'ACTIVITY_TYPE_CREATE_INVITATIONS', 'createInvitationsIntent', 'createInvitationsResult'],
  ['create_policies', 'ACTIVITY_TYPE_CREATE_POLICIES', 'createPoliciesIntent', 'createPoliciesResult'],
  ['update_policy', 'ACTIVITY_TYPE_UPDATE_POLICY_V2', 'updatePolicyIntentV2', 'updatePolicyResultV2'],
  ['delete_policy', 'ACTIVITY_TYPE_DELETE_POLICY', 'deletePolicyIntent', 'deletePolicyResult'],
  ['approve_activity', 'ACTIVITY_TYPE_APPROVE_ACTIVITY', 'approveActivityIntent', null],
  ['reject_activity', 'ACTIVITY_TYPE_REJECT_ACTIVITY', 'rejectActivityIntent', null],
  ['update_user_phone_number', 'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER', 'updateUserPhoneNumberIntent', 'updateUserPhoneNumberResult'],
  ['delete_oauth_providers', 'ACTIVITY_TYPE_DELETE_OAUTH_PROVIDERS', 'deleteOauthProvidersIntent', 'deleteOauthProvidersResult'],
  ['create_read_write_session', 'ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2', 'createReadWriteSessionIntentV2', 'createReadWriteSessionResultV2'],
  ['sign_raw_payload', 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', 'signRawPayloadIntentV2', 'signRawPayloadResult'],
  ['import_private_key', 'ACTIVITY_TYPE_IMPORT_PRIVATE_KEY', 'importPrivateKeyIntent', 'importPrivateKeyResult'],
  ['export_private_key', 'ACTIVITY_TYPE_EXPORT_PRIVATE_KEY', 'exportPrivateKeyIntent', 'exportPrivateKeyResult'],
  ['init_fiat_on_ramp', 'ACTIVITY_TYPE_INIT_FIAT_ON_RAMP', 'initFiatOnRampIntent', 'initFiatOnRampResult'],
  ['delete_fiat_on_ramp_credential', 'ACTIVITY_TYPE_DELETE_FIAT_ON_RAMP_CREDENTIAL', 'deleteFiatOnRampCredentialIntent', 'deleteFiatOnRampCredentialResult'],
  // The seed leaves the result "not shown"; the hosted service's name.
  ['set_organization_feature', 'ACTIVITY_TYPE_SET_ORGANIZATION_FEATURE', 'setOrganizationFeatureIntent', 'setOrganizationFeatureResult'],
];

// Beyond the seed: the hosted service's names (its public SDK's generated API types).
const HOSTED: [string, string, string, string][] = [
  ['stamp_login', 'ACTIVITY_TYPE_STAMP_LOGIN', 'stampLoginIntent', 'stampLoginResult'],
  ['create_sub_organization', 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V7', 'createSubOrganizationIntentV7', 'createSubOrganizationResultV7'],
  ['create_wallet', 'ACTIVITY_TYPE_CREATE_WALLET', 'createWalletIntent', 'createWalletResult'],
  ['create_wallet_accounts', 'ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS', 'createWalletAccountsIntent', 'createWalletAccountsResult'],
  ['export_wallet', 'ACTIVITY_TYPE_EXPORT_WALLET', 'exportWalletIntent', 'exportWalletResult'],
  ['init_import_private_key', 'ACTIVITY_TYPE_INIT_IMPORT_PRIVATE_KEY', 'initImportPrivateKeyIntent', 'initImportPrivateKeyResult'],
  ['eth_send_transaction', 'ACTIVITY_TYPE_ETH_SEND_TRANSACTION', 'ethSendTransactionIntent', 'ethSendTransactionResult'],
  ['sol_send_transaction', 'ACTIVITY_TYPE_SOL_SEND_TRANSACTION', 'solSendTransactionIntent', 'solSendTransactionResult'],
  // A user's credentials and contacts, in the versions the hosted client sends (issue 13).
  ['delete_api_keys', 'ACTIVITY_TYPE_DELETE_API_KEYS', 'deleteApiKeysIntent', 'deleteApiKeysResult'],
  ['create_authenticators', 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2', 'createAuthenticatorsIntentV2', 'createAuthenticatorsResult'],
  ['delete_authenticators', 'ACTIVITY_TYPE_DELETE_AUTHENTICATORS', 'deleteAuthenticatorsIntent', 'deleteAuthenticatorsResult'],
  ['update_user_email', 'ACTIVITY_TYPE_UPDATE_USER_EMAIL', 'updateUserEmailIntent', 'updateUserEmailResult'],
  ['create_oauth_providers', 'ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS_V2', 'createOauthProvidersIntentV2', 'createOauthProvidersResultV2'],
  // Transaction signing (issue 12): V2 type and intent, unversioned result.
  ['sign_transaction', 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2', 'signTransactionIntentV2', 'signTransactionResult'],
  // A person's own account (issue 24), as @turnkey/sdk-types 1.10.0 names them (v1UpdateUserNameRequest…).
  ['update_user_name', 'ACTIVITY_TYPE_UPDATE_USER_NAME', 'updateUserNameIntent', 'updateUserNameResult'],
  ['init_import_wallet', 'ACTIVITY_TYPE_INIT_IMPORT_WALLET', 'initImportWalletIntent', 'initImportWalletResult'],
  ['import_wallet', 'ACTIVITY_TYPE_IMPORT_WALLET', 'importWalletIntent', 'importWalletResult'],
  ['delete_sub_organization', 'ACTIVITY_TYPE_DELETE_SUB_ORGANIZATION', 'deleteSubOrganizationIntent', 'deleteSubOrganizationResult'],
  // One account's key (v1ExportWalletAccountRequest), as the hosted client sends it.
  ['export_wallet_account', 'ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT', 'exportWalletAccountIntent', 'exportWalletAccountResult'],
];

const entries = Object.entries(ACTIVITY_OPERATIONS) as [string, { type: string; result?: string | null }][];
const camel = (snake: string) => snake.toLowerCase().replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

describe('ACTIVITY_OPERATIONS', () => {
  it('holds every seed operation with its exact type, intent key and result key', () => {
    for (const [path, type, intent, result] of SEED) {
      expect(ACTIVITY_OPERATIONS, path).to.have.property(path);
      expect(ACTIVITY_OPERATIONS[path as ActivityOperation].type, path).to.equal(type);
      expect(resultKey(path as ActivityOperation), path).to.equal(result);
      expect(intentKey(path, type), path).to.equal(intent);
    }
  });

  it('holds the operations the kit and the emulator also need, under the hosted names', () => {
    for (const [path, type, intent, result] of HOSTED) {
      expect(ACTIVITY_OPERATIONS[path as ActivityOperation].type, path).to.equal(type);
      expect(resultKey(path as ActivityOperation), path).to.equal(result);
      expect(intentKey(path, type), path).to.equal(intent);
    }
    expect(entries.length).to.equal(SEED.length + HOSTED.length);
  });

  it('has one operation per type value', () => {
    const types = entries.map(([, op]) => op.type);
    expect(new Set(types).size).to.equal(types.length);
  });

  it('names each path after its type (ACTIVITY_TYPE_<PATH>[_Vn])', () => {
    for (const [path, op] of entries) {
      expect(op.type, path).to.match(/^ACTIVITY_TYPE_[A-Z0-9_]+$/);
      expect(op.type.replace(/^ACTIVITY_TYPE_/, '').replace(/_V\d+$/, '').toLowerCase(), path).to.equal(path);
    }
  });

  it('names each intent key after its type, with the same version suffix', () => {
    for (const [path, op] of entries) {
      const version = op.type.match(/_V(\d+)$/)?.[1];
      expect(intentKey(path, op.type), path).to.equal(`${camel(path)}Intent${version ? `V${version}` : ''}`);
    }
  });

  it('names each result key after its operation, and names it in the table only where the rule does not give it', () => {
    for (const [path, op] of entries) {
      const key = resultKey(path as ActivityOperation);
      if (key === null) continue;
      expect(key, path).to.match(new RegExp(`^${camel(path)}Result(V\\d+)?$`));
      // An entry spelling out what the rule would give is bytes every logged-in page pays for.
      if ('result' in op) expect(op.result, path).to.not.equal(`${camel(path)}Result`);
    }
  });
});

describe('QUERY_OPERATIONS', () => {
  it('lists the queries the kit and emulator use, each needing an organizationId', () => {
    expect(Object.keys(QUERY_OPERATIONS).sort()).to.deep.equal(
      ['get_activity', 'get_boot_proof', 'get_onramp_transaction_status', 'get_send_transaction_status', 'get_user', 'get_wallet_address_balances', 'list_activities', 'list_app_proofs', 'list_policies', 'list_private_keys', 'list_users', 'list_wallet_accounts', 'list_wallets', 'whoami'],
    );
    for (const [name, query] of Object.entries(QUERY_OPERATIONS)) {
      expect(query.required[0], name).to.equal('organizationId');
    }
  });

  it('names the request fields and answer keys of the seed and docs/protocol.md', () => {
    expect(QUERY_OPERATIONS.list_users).to.deep.equal({ required: ['organizationId'], response: 'users' });
    expect(QUERY_OPERATIONS.list_wallet_accounts).to.deep.equal({ required: ['organizationId'], response: 'accounts' });
    expect(QUERY_OPERATIONS.get_send_transaction_status).to.deep.equal({ required: ['organizationId', 'sendTransactionStatusId'], response: 'txStatus' });
    expect(QUERY_OPERATIONS.get_onramp_transaction_status).to.deep.equal({ required: ['organizationId', 'transactionId'], response: 'transactionStatus' });
    expect(QUERY_OPERATIONS.get_activity).to.deep.equal({ required: ['organizationId', 'activityId'], response: 'activity' });
    expect(QUERY_OPERATIONS.get_boot_proof).to.deep.equal({ required: ['organizationId', 'ephemeralKey'], response: 'bootProof' });
    expect(QUERY_OPERATIONS.list_app_proofs).to.deep.equal({ required: ['organizationId', 'activityId'], response: 'appProofs' });
    expect(QUERY_OPERATIONS.get_wallet_address_balances).to.deep.equal({ required: ['organizationId', 'address', 'caip2'], response: 'balances' });
  });
});

describe('ActivityStatus', () => {
  it('has the six statuses of docs/protocol.md §5', () => {
    expect(Object.values(ActivityStatus).sort()).to.deep.equal(
      ['CREATED', 'PENDING', 'COMPLETED', 'FAILED', 'CONSENSUS_NEEDED', 'REJECTED'].map((s) => `ACTIVITY_STATUS_${s}`).sort(),
    );
  });
});

describe('activityResult', () => {
  const base = { id: 'a', organizationId: 'o', status: 'ACTIVITY_STATUS_COMPLETED', intent: {}, votes: [], fingerprint: 'f', canApprove: false, canReject: false };

  it('picks the result key the catalogue names for the activity type', () => {
    const activity = { ...base, type: 'ACTIVITY_TYPE_CREATE_WALLET', result: { createWalletResult: { walletId: 'w', addresses: ['0x1'] } } } as unknown as Activity<'create_wallet'>;
    expect(activityResult(activity)).to.deep.equal({ walletId: 'w', addresses: ['0x1'] });
  });

  it('returns the approved activity result for approve_activity', () => {
    const activity = { ...base, type: 'ACTIVITY_TYPE_APPROVE_ACTIVITY', result: { signRawPayloadResult: { r: '1', s: '2', v: '0' } } } as unknown as Activity;
    expect(activityResult(activity)).to.deep.equal({ r: '1', s: '2', v: '0' });
  });

  it('refuses an activity without its result', async () => {
    const wrongKey = { ...base, type: 'ACTIVITY_TYPE_CREATE_WALLET', result: { otherResult: {} } } as unknown as Activity;
    const none = { ...base, type: 'ACTIVITY_TYPE_CREATE_WALLET' } as unknown as Activity;
    await expectCode(() => activityResult(wrongKey), 'ERR_RESPONSE_MALFORMED');
    await expectCode(() => activityResult(none), 'ERR_RESPONSE_MALFORMED');
  });
});

// Compile-time: the derived intent key type agrees with the seed (a wrong literal fails tsc).
const typed: [IntentKey<'create_users'>, IntentKey<'init_otp_auth'>, IntentKey<'oauth'>] = ['createUsersIntentV4', 'initOtpAuthIntentV3', 'oauthIntent'];
describe('IntentKey type', () => {
  it('matches the runtime rule', () => {
    expect(typed).to.deep.equal([intentKey('create_users', 'ACTIVITY_TYPE_CREATE_USERS_V4'), intentKey('init_otp_auth', 'ACTIVITY_TYPE_INIT_OTP_AUTH_V3'), intentKey('oauth', 'ACTIVITY_TYPE_OAUTH')]);
  });
});
