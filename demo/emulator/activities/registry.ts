/**
 * Every submit operation the emulator runs: path segment → handler module. Later features add
 * their modules here (policies, approve_activity, on-ramp, transactions).
 */
import { createApiKeys } from './create-api-keys.ts';
import { createAuthenticators } from './create-authenticators.ts';
import { createInvitations } from './create-invitations.ts';
import { createOauthProviders } from './create-oauth-providers.ts';
import { createReadOnlySession } from './create-read-only-session.ts';
import { createReadWriteSession } from './create-read-write-session.ts';
import { createSubOrganization } from './create-sub-organization.ts';
import { createUsers } from './create-users.ts';
import { createWallet } from './create-wallet.ts';
import { createWalletAccounts } from './create-wallet-accounts.ts';
import { deleteApiKeys } from './delete-api-keys.ts';
import { deleteAuthenticators } from './delete-authenticators.ts';
import { deleteOauthProviders } from './delete-oauth-providers.ts';
import { deletePrivateKeys } from './delete-private-keys.ts';
import { deleteSubOrganization } from './delete-sub-organization.ts';
import { deleteUsers } from './delete-users.ts';
import { deleteWalletAccounts } from './delete-wallet-accounts.ts';
import { deleteWallets } from './delete-wallets.ts';
import { emailAuth, initUserEmailRecovery } from './email-credential.ts';
import { exportPrivateKey } from './export-private-key.ts';
import { exportWallet } from './export-wallet.ts';
import { exportWalletAccount } from './export-wallet-account.ts';
import { importPrivateKey } from './import-private-key.ts';
import { importWallet } from './import-wallet.ts';
import { initImportPrivateKey } from './init-import-private-key.ts';
import { initImportWallet } from './init-import-wallet.ts';
import { initOtp } from './init-otp.ts';
import { initOtpAuth } from './init-otp-auth.ts';
import { oauth } from './oauth.ts';
import { oauth2Authenticate } from './oauth2-authenticate.ts';
import { oauthLogin } from './oauth-login.ts';
import { otpAuth } from './otp-auth.ts';
import { otpLogin } from './otp-login.ts';
import { recoverUser } from './recover-user.ts';
import { signRawPayload } from './sign-raw-payload.ts';
import { signRawPayloads } from './sign-raw-payloads.ts';
import { signTransaction } from './sign-transaction.ts';
import { stampLogin } from './stamp-login.ts';
import { updateUser } from './update-user.ts';
import { updateUserEmail } from './update-user-email.ts';
import { createUserTag, deleteUserTags, updateUserTag } from './user-tags.ts';
import { updateUserName } from './update-user-name.ts';
import { updateWallet } from './update-wallet.ts';
import { updateUserPhoneNumber } from './update-user-phone-number.ts';
import { verifyOtp } from './verify-otp.ts';
import { policyActivities } from '../policy/policy-feature.ts';
import { onRampActivities } from '../onramp/onramp-feature.ts';
import { webhookActivities } from '../webhooks/webhook-feature.ts';
import type { ActivityHandler } from '../api/handler-types.ts';
import { chainActivities } from '../chains/chain-activities.ts';

export function activityRegistry(): Map<string, ActivityHandler> {
  const registry = new Map<string, ActivityHandler>([
    ['create_api_keys', createApiKeys],
    ['create_authenticators', createAuthenticators],
    ['create_invitations', createInvitations],
    ['create_oauth_providers', createOauthProviders],
    ['create_read_only_session', createReadOnlySession],
    ['create_read_write_session', createReadWriteSession],
    ['create_sub_organization', createSubOrganization],
    ['create_users', createUsers],
    ['create_wallet', createWallet],
    ['create_wallet_accounts', createWalletAccounts],
    ['delete_api_keys', deleteApiKeys],
    ['delete_authenticators', deleteAuthenticators],
    ['delete_oauth_providers', deleteOauthProviders],
    ['delete_private_keys', deletePrivateKeys],
    ['delete_sub_organization', deleteSubOrganization],
    ['delete_users', deleteUsers],
    ['delete_wallet_accounts', deleteWalletAccounts],
    ['delete_wallets', deleteWallets],
    ['create_user_tag', createUserTag],
    ['update_user_tag', updateUserTag],
    ['delete_user_tags', deleteUserTags],
    ['email_auth', emailAuth],
    ['init_user_email_recovery', initUserEmailRecovery],
    ['recover_user', recoverUser],
    ['export_private_key', exportPrivateKey],
    ['export_wallet', exportWallet],
    ['export_wallet_account', exportWalletAccount],
    ['import_private_key', importPrivateKey],
    ['import_wallet', importWallet],
    ['init_import_private_key', initImportPrivateKey],
    ['init_import_wallet', initImportWallet],
    ['init_otp', initOtp],
    ['init_otp_auth', initOtpAuth],
    ['oauth', oauth],
    ['oauth2_authenticate', oauth2Authenticate],
    ['oauth_login', oauthLogin],
    ['otp_auth', otpAuth],
    ['otp_login', otpLogin],
    ['sign_raw_payload', signRawPayload],
    ['sign_raw_payloads', signRawPayloads],
    ['sign_transaction', signTransaction],
    ['stamp_login', stampLogin],
    ['update_user', updateUser],
    ['update_user_email', updateUserEmail],
    ['update_user_name', updateUserName],
    ['update_wallet', updateWallet],
    ['update_user_phone_number', updateUserPhoneNumber],
    ['verify_otp', verifyOtp],
  ]);
  // Policies, approve_activity, on-ramp, transactions and webhooks (each feature registers its own handlers).
  for (const [name, handler] of [...policyActivities(() => registry), ...onRampActivities, ...webhookActivities, ...chainActivities]) registry.set(name, handler);
  return registry;
}
