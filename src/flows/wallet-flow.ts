/**
 * Login and sign-up with an external wallet (issue 12 part 3), as the hosted client's
 * loginOrSignupWithWallet does it: the wallet's own key is the user's API key. An Ethereum wallet
 * (EIP-1193 `provider`) stamps with SECP256K1_EIP191, a Solana wallet (Wallet Standard `solana`)
 * with ED25519.
 * 1. `eth_requestAccounts` (Solana: `standard:connect`) connects the wallet (and, with
 *    `chainId`, `eth_chainId` / `wallet_switchEthereumChain` put an Ethereum one on that chain).
 * 2. A new session key K is made, and a `stamp_login` for K, addressed to the parent
 *    organization, is stamped by the wallet (one `personal_sign`; the stamp carries the wallet's
 *    public key, recovered from the signature).
 * 3. Before that request is sent: the proxy's account lookup by the wallet's key; none found, the
 *    proxy's signup makes the user with that key (`API_KEY_CURVE_SECP256K1` or
 *    `API_KEY_CURVE_ED25519`, named `wallet-auth:<key>`).
 * 4. The stamped `stamp_login` goes to the Activity API, which verifies the wallet's stamp and
 *    answers a session for K in the user's own sub-organization.
 * The user confirms once in the wallet, for sign-up and login alike. K is deleted on failure.
 */
import { LatchError, isLatchError } from '../errors/latch-error.ts';
import { ActivityClient } from '../clients/activity-client.ts';
import type { ProxyClient } from '../clients/proxy-client.ts';
import type { SignupRequest } from '../clients/proxy-types.ts';
import type { KeyStore } from '../keys/key-store.ts';
import type { Eip1193Requester } from '../providers/discover-wallets.ts';
import { EthereumWalletStamper, walletRequest } from '../stamp/wallet-stamper.ts';
import { SolanaWalletStamper, connectSolanaWallet, type StandardWallet } from '../providers/wallet-standard.ts';
import { decodeJwt } from '../tokens/jwt.ts';
import { callWithCaptcha, type CaptchaDeps } from '../captcha/captcha-call.ts';
import { withNewKey, type LoginResult } from './login-result.ts';
import type { SignupDetails } from './otp-flow.ts';

export interface WalletDeps extends CaptchaDeps {
  proxy: ProxyClient;
  keyStore: KeyStore;
  /** Activity API base URL (the hosted one by default). */
  apiBaseUrl?: string;
  /** The parent organization (wallet_kit_config's organizationId): the login is addressed to it. */
  organizationId: string;
  fetch?: typeof fetch;
  sessionExpirationSeconds?: string;
  signal?: AbortSignal;
}

export interface WalletLoginRequest {
  /** An Ethereum wallet's EIP-1193 provider (from EIP-6963 discovery, or `window.ethereum`). */
  provider?: Eip1193Requester;
  /** Or a Solana wallet (Wallet Standard, from watchSolanaWallets). */
  solana?: StandardWallet;
  /** A chain the wallet must be on (EIP-155 id); none by default (signing a login is chain-free). */
  chainId?: number;
  /** For a sign-up: the user's and organization's names, a wallet to create. */
  signup?: SignupDetails;
}

/** Connects the wallet: its first account (0x-hex). ERR_WALLET_NOT_FOUND without one. */
export async function connectWallet(provider: Eip1193Requester): Promise<string> {
  if (!provider || typeof provider.request !== 'function') throw new LatchError('ERR_WALLET_NOT_FOUND', 'No wallet was given.');
  const accounts = await walletRequest(provider, 'eth_requestAccounts');
  const address = Array.isArray(accounts) ? accounts[0] : undefined;
  if (typeof address !== 'string') throw new LatchError('ERR_WALLET_NOT_FOUND', 'The wallet has no account to connect.');
  return address;
}

/** Puts the wallet on `chainId`, asking it to switch if needed; ERR_WALLET_WRONG_CHAIN if it will not. */
async function requireChain(provider: Eip1193Requester, chainId: number): Promise<void> {
  const wanted = `0x${chainId.toString(16)}`;
  const current = await walletRequest(provider, 'eth_chainId');
  if (typeof current === 'string' && current.toLowerCase() === wanted) return;
  try {
    await walletRequest(provider, 'wallet_switchEthereumChain', [{ chainId: wanted }]);
  } catch (error) {
    if (isLatchError(error, 'ERR_WALLET_REJECTED')) throw error;
    throw new LatchError('ERR_WALLET_WRONG_CHAIN', 'The wallet is not on the required chain.', { cause: error });
  }
}

/** A service refusal of the wallet's stamp (401 / 403) as ERR_WALLET_STAMP_REFUSED. */
function refusal(error: unknown): unknown {
  const status = (error as LatchError | undefined)?.status;
  return isLatchError(error) && (status === 401 || status === 403)
    ? new LatchError('ERR_WALLET_STAMP_REFUSED', 'The service refused the wallet\'s signature.', { cause: error, status, serviceCode: error.serviceCode, serviceErrorCode: error.serviceErrorCode })
    : error;
}

export async function logInWithWallet(deps: WalletDeps, request: WalletLoginRequest): Promise<LoginResult> {
  let wallet: EthereumWalletStamper | SolanaWalletStamper;
  let address: string;
  if (request.solana) {
    const account = await connectSolanaWallet(request.solana);
    address = account.address;
    wallet = new SolanaWalletStamper(request.solana, account);
  } else {
    const provider = request.provider!;
    address = await connectWallet(provider);
    if (request.chainId !== undefined) await requireChain(provider, request.chainId);
    wallet = new EthereumWalletStamper(provider, address);
  }
  const curveType = wallet instanceof SolanaWalletStamper ? 'API_KEY_CURVE_ED25519' : 'API_KEY_CURVE_SECP256K1';
  let signup: LoginResult['signup'];
  /** Set once the account is there and the stamped request goes out: only its refusal is the stamp's. */
  let sending = false;
  // Signed first (the stamp names the wallet's key), then the account is found or made, then sent.
  const stamper = {
    stamp: async (body: string) => {
      const stamp = await wallet.stamp(body);
      const publicKey = wallet.publicKey;
      const found = await deps.proxy.account({ filterType: 'PUBLIC_KEY', filterValue: publicKey }, { signal: deps.signal });
      if (!found.organizationId && !signup) {
        const details = request.signup ?? {};
        const signupBody: SignupRequest = {
          userName: details.userName ?? address,
          ...(details.organizationName ? { organizationName: details.organizationName } : {}),
          ...(details.userTag ? { userTag: details.userTag } : {}),
          ...(details.wallet ? { wallet: details.wallet } : {}),
          apiKeys: [{ apiKeyName: `wallet-auth:${publicKey}`, publicKey, curveType }],
          authenticators: [],
          oauthProviders: [],
        };
        signup = await callWithCaptcha(deps, (options) => deps.proxy.signup(signupBody, options));
      }
      sending = true;
      return stamp;
    },
  };
  const client = new ActivityClient({ stamper, ...(deps.apiBaseUrl ? { apiBaseUrl: deps.apiBaseUrl } : {}), ...(deps.fetch ? { fetch: deps.fetch } : {}) });
  return withNewKey(deps.keyStore, 'session', async (key) => {
    let session: string;
    try {
      ({ session } = await client.stampLogin(
        deps.organizationId,
        { publicKey: key.id, expirationSeconds: deps.sessionExpirationSeconds ?? '900', invalidateExisting: false },
        { signal: deps.signal },
      ));
    } catch (error) {
      // A refused account lookup or sign-up is the proxy's answer as it is, not a refused stamp.
      throw sending ? refusal(error) : error;
    }
    const { organization_id: organization } = decodeJwt(session).payload as { organization_id?: unknown };
    return {
      sessionJwt: session,
      key,
      organizationId: typeof organization === 'string' ? organization : deps.organizationId,
      created: signup !== undefined,
      ...(signup ? { signup } : {}),
    };
  });
}
