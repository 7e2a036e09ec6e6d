/**
 * An outside wallet as another way to log in (issue 24): linkWallet adds the wallet's own public
 * key to the logged-in user as an API key, exactly as wallet login registers one on sign-up
 * (wallet-flow.ts): named `wallet-auth:<key>`, `API_KEY_CURVE_SECP256K1` for an Ethereum wallet
 * (EIP-1193, stamping with SIGNATURE_SCHEME_TK_API_SECP256K1_EIP191), `API_KEY_CURVE_ED25519`
 * for a Solana one (Wallet Standard, SIGNATURE_SCHEME_TK_API_ED25519). From then on wallet login
 * with that wallet finds this user. unlinkWallet deletes that key (delete_api_keys), under the
 * rule every removal follows (ERR_ACCOUNT_LAST_CREDENTIAL, nothing sent).
 *
 * An Ethereum wallet never hands out its public key: it signs a short message naming the
 * account (one `personal_sign`) and the key is recovered from the signature, checked against
 * the connected address (the hosted core signs "GET_PUBLIC_KEY" for the same purpose). A Solana
 * account's address is its key. Refused before anything is sent: a wallet this user has already
 * (ERR_ACCOUNT_WALLET_LINKED) and one that logs another account in (ERR_ACCOUNT_CONTACT_TAKEN).
 * Loaded only when a person links, unlinks or has wallets to list.
 */
import { base58 } from '@scure/base';
import { LatchError } from '../errors/latch-error.ts';
import { ProxyClient } from '../clients/proxy-client.ts';
import { activityResult } from '../clients/activity-client.ts';
import type { ApiKeyCurve } from '../clients/activity-types.ts';
import { fromHex, toHex } from '../encoding/hex.ts';
import type { LatchKit } from '../kit/latch-kit.ts';
import type { SigningSession } from '../session/signing-session.ts';
import type { Eip1193Requester } from '../providers/discover-wallets.ts';
import { connectSolanaWallet, type StandardWallet } from '../providers/wallet-standard.ts';
import { EthereumWalletStamper } from '../stamp/wallet-stamper.ts';
import { connectWallet } from '../flows/wallet-flow.ts';
import { WALLET_CREDENTIALS, isWalletKey, removeFromAccount, type AccountView } from './user-account.ts';

export { isWalletKey };

export type WalletChain = 'ethereum' | 'solana';

/** A wallet linked to the user: one of their API keys on a wallet curve. */
export interface LinkedWallet {
  apiKeyId: string;
  chain: WalletChain;
  /** Compressed secp256k1 (Ethereum) or Ed25519 (Solana) public key, hex. */
  publicKey: string;
  /** The wallet's address: 0x-hex (EIP-55 is the wallet's business: lowercase here) or base58. */
  address: string;
}

/** The wallet to link: an Ethereum one's EIP-1193 provider, or a Solana one (Wallet Standard). */
export type WalletToLink = { provider: Eip1193Requester } | { solana: StandardWallet };

async function addressOf(chain: WalletChain, publicKey: string): Promise<string> {
  const bytes = fromHex(publicKey.toLowerCase());
  if (chain === 'solana') return base58.encode(bytes);
  const [{ secp256k1 }, { keccak_256 }] = await Promise.all([import('../crypto/secp256k1.ts'), import('@noble/hashes/sha3.js')]);
  const uncompressed = secp256k1.Point.fromBytes(bytes).toBytes(false);
  return `0x${toHex(keccak_256(uncompressed.subarray(1)).subarray(12))}`;
}

/** The user's linked wallets, with their addresses, in the service's order. */
export async function linkedWallets(view: AccountView): Promise<LinkedWallet[]> {
  return Promise.all(
    view.user.apiKeys.filter(isWalletKey).map(async (key) => {
      const chain = WALLET_CREDENTIALS[key.credential.type]!;
      return { apiKeyId: key.apiKeyId, chain, publicKey: key.credential.publicKey, address: await addressOf(chain, key.credential.publicKey) };
    }),
  );
}

function requireSession(session: SigningSession | null): SigningSession {
  if (!session?.active || !session.summary) throw new LatchError('ERR_SESSION_MISSING', 'Nobody is logged in.');
  return session;
}

/** Connects the wallet and learns its public key (an Ethereum wallet signs once for it). */
async function walletKey(wallet: WalletToLink, userId: string): Promise<{ publicKey: string; curveType: ApiKeyCurve; chain: WalletChain }> {
  if ('solana' in wallet) {
    const account = await connectSolanaWallet(wallet.solana);
    return { publicKey: toHex(account.publicKey), curveType: 'API_KEY_CURVE_ED25519', chain: 'solana' };
  }
  const address = await connectWallet(wallet.provider);
  const stamper = new EthereumWalletStamper(wallet.provider, address);
  await stamper.stamp(`Link this wallet to your account as a way to log in.\nAccount: ${userId}`);
  return { publicKey: stamper.publicKey, curveType: 'API_KEY_CURVE_SECP256K1', chain: 'ethereum' };
}

/**
 * Links `wallet` to the user `view` shows (create_api_keys). `guard` wraps the one stamped call,
 * so a step-up retries only it and the wallet is not asked twice. Resolves the linked wallet.
 */
export async function linkWallet(
  kit: LatchKit,
  session: SigningSession | null,
  view: AccountView,
  wallet: WalletToLink,
  guard: (submit: () => Promise<unknown>) => Promise<unknown> = (submit) => submit(),
): Promise<LinkedWallet> {
  requireSession(session);
  const userId = view.user.userId;
  const { publicKey, curveType, chain } = await walletKey(wallet, userId);
  if (view.user.apiKeys.some((k) => k.credential.publicKey.toLowerCase() === publicKey.toLowerCase())) {
    throw new LatchError('ERR_ACCOUNT_WALLET_LINKED', 'This wallet is already a way to log in to your account.');
  }
  const o = kit.options;
  const proxy = new ProxyClient({ configId: o.configId, ...(o.proxyUrl ? { authProxyUrl: o.proxyUrl } : {}), ...(o.fetch ? { fetch: o.fetch } : {}) });
  const holder = await proxy.account({ filterType: 'PUBLIC_KEY', filterValue: publicKey });
  if (holder.organizationId && holder.organizationId !== view.organizationId) {
    throw new LatchError('ERR_ACCOUNT_CONTACT_TAKEN', 'This wallet logs in to another account.');
  }
  let apiKeyId = '';
  // After a step-up the kit's session is the fresh login's.
  await guard(async () => {
    const live = kit.session?.active ? kit.session : requireSession(session);
    const done = await live.submit('create_api_keys', { userId, apiKeys: [{ apiKeyName: `wallet-auth:${publicKey}`, publicKey, curveType }] });
    apiKeyId = activityResult(done).apiKeyIds[0] ?? '';
  });
  return { apiKeyId, chain, publicKey, address: await addressOf(chain, publicKey) };
}

/** Unlinks the wallet whose API key is `apiKeyId`: ERR_INPUT_INVALID when no linked wallet has it. */
export async function unlinkWallet(session: SigningSession | null, view: AccountView, apiKeyId: string): Promise<void> {
  const key = view.user.apiKeys.find((k) => k.apiKeyId === apiKeyId);
  if (!key || !isWalletKey(key)) throw new LatchError('ERR_INPUT_INVALID', 'No linked wallet has this key.');
  await removeFromAccount(session, view, { kind: 'wallet', id: apiKeyId });
}
