/** Every query the emulator answers: path segment → handler module. */
import { getActivity } from './get-activity.ts';
import { getApiKey } from './get-api-key.ts';
import { getApiKeys } from './get-api-keys.ts';
import { getAuthenticator } from './get-authenticator.ts';
import { getAuthenticators } from './get-authenticators.ts';
import { getBootProof } from './get-boot-proof.ts';
import { getGasUsage } from './get-gas-usage.ts';
import { getLatestBootProof } from './get-latest-boot-proof.ts';
import { getOauthProviders } from './get-oauth-providers.ts';
import { getOrganization } from './get-organization.ts';
import { getPrivateKey } from './get-private-key.ts';
import { getSubOrgIds } from './get-sub-org-ids.ts';
import { getUser } from './get-user.ts';
import { getWallet } from './get-wallet.ts';
import { getWalletAccount } from './get-wallet-account.ts';
import { listActivities } from './list-activities.ts';
import { listAppProofs } from './list-app-proofs.ts';
import { listPrivateKeys } from './list-private-keys.ts';
import { listUsers } from './list-users.ts';
import { listWalletAccounts } from './list-wallet-accounts.ts';
import { listWallets } from './list-wallets.ts';
import { whoami } from './whoami.ts';
import { listUserTags } from '../activities/user-tags.ts';
import { policyQueries } from '../policy/policy-feature.ts';
import { onRampQueries } from '../onramp/onramp-feature.ts';
import { chainQueries } from '../chains/chain-queries.ts';
import type { QueryHandler } from '../api/handler-types.ts';

export function queryRegistry(): Map<string, QueryHandler> {
  const registry = new Map<string, QueryHandler>([
    ['get_activity', getActivity],
    ['get_api_key', getApiKey],
    ['get_api_keys', getApiKeys],
    ['get_authenticator', getAuthenticator],
    ['get_authenticators', getAuthenticators],
    ['get_boot_proof', getBootProof],
    ['get_gas_usage', getGasUsage],
    ['get_latest_boot_proof', getLatestBootProof],
    ['get_oauth_providers', getOauthProviders],
    ['get_organization', getOrganization],
    ['get_private_key', getPrivateKey],
    ['get_sub_org_ids', getSubOrgIds],
    ['get_user', getUser],
    ['get_wallet', getWallet],
    ['get_wallet_account', getWalletAccount],
    ['list_activities', listActivities],
    ['list_app_proofs', listAppProofs],
    ['list_private_keys', listPrivateKeys],
    ['list_users', listUsers],
    ['list_wallet_accounts', listWalletAccounts],
    ['list_wallets', listWallets],
    ['list_user_tags', listUserTags],
    ['whoami', whoami],
  ]);
  // Policies, on-ramp and transactions (their modules take precedence).
  for (const [name, handler] of [...policyQueries, ...onRampQueries, ...chainQueries]) registry.set(name, handler);
  return registry;
}
