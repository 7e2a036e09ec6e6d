/**
 * Solana wallets through the Wallet Standard (github.com/wallet-standard): wallets register by
 * dispatching `wallet-standard:register-wallet` with a callback that takes `{register}`; the page
 * says it is ready with `wallet-standard:app-ready`, whose detail is that `{register}`. Only
 * wallets on a `solana:` chain with `standard:connect` and `solana:signMessage` are kept; the
 * icon only as a data:image URI, as for EIP-6963. Browser-only: it needs a window (or `target`).
 */
import { LatchError } from '../errors/latch-error.ts';
import { toHex } from '../encoding/hex.ts';
import { textToBase64Url } from '../encoding/base64url.ts';
import { utf8Encode } from '../encoding/utf8.ts';
import type { Stamp, Stamper } from '../stamp/stamper.ts';
import { walletError } from '../stamp/wallet-stamper.ts';
import { isOwnWallet } from './own-wallet.ts';

export interface StandardWalletAccount {
  address: string;
  publicKey: Uint8Array;
  chains?: readonly string[];
}

/** The part of a Wallet Standard wallet a login uses. */
export interface StandardWallet {
  name: string;
  icon: string;
  chains: readonly string[];
  accounts?: readonly StandardWalletAccount[];
  features: Record<string, unknown>;
}

interface ConnectFeature {
  connect(input?: { silent?: boolean }): Promise<{ accounts: readonly StandardWalletAccount[] }>;
}
interface SignMessageFeature {
  signMessage(...inputs: { account: StandardWalletAccount; message: Uint8Array }[]): Promise<readonly { signedMessage: Uint8Array; signature: Uint8Array }[]>;
}

export interface SolanaWallet {
  /** An id for this page's session (the wallet's name: Wallet Standard gives no uuid). */
  id: string;
  name: string;
  /** The icon when it is a data:image URI, else ''. */
  icon: string;
  wallet: StandardWallet;
}

const DATA_IMAGE = /^data:image\/[a-z0-9.+-]+(;[a-z0-9=.+-]+)*(;base64)?,/i;

function usable(wallet: StandardWallet | undefined): wallet is StandardWallet {
  const f = wallet?.features;
  return (
    !!wallet &&
    // The kit's own wallet (latchkey/solana) is the session being logged into, not a way in.
    !isOwnWallet(wallet) &&
    typeof wallet.name === 'string' &&
    !!wallet.name.trim() &&
    Array.isArray(wallet.chains) &&
    wallet.chains.some((c) => typeof c === 'string' && c.startsWith('solana:')) &&
    typeof (f?.['standard:connect'] as ConnectFeature | undefined)?.connect === 'function' &&
    typeof (f?.['solana:signMessage'] as SignMessageFeature | undefined)?.signMessage === 'function'
  );
}

/**
 * Calls `onChange` with every Solana wallet registered so far (one per name), now and on each
 * registration. Returns a function that stops listening.
 */
export function watchSolanaWallets(onChange: (wallets: readonly SolanaWallet[]) => void, options: { target?: EventTarget } = {}): () => void {
  const target = options.target ?? (globalThis as { window?: EventTarget }).window;
  if (!target) return () => undefined;
  const found = new Map<string, SolanaWallet>();
  const api = Object.freeze({
    register: (...wallets: StandardWallet[]) => {
      for (const wallet of wallets) {
        if (!usable(wallet)) continue;
        const name = wallet.name.trim().slice(0, 100);
        found.set(name, { id: `solana:${name}`, name, icon: typeof wallet.icon === 'string' && DATA_IMAGE.test(wallet.icon) ? wallet.icon : '', wallet });
      }
      onChange([...found.values()]);
      return () => undefined;
    },
  });
  const listener = (event: Event): void => {
    const callback = (event as CustomEvent).detail;
    if (typeof callback === 'function') {
      try {
        callback(api);
      } catch {
        // A wallet's own failure: it is not listed.
      }
    }
  };
  target.addEventListener('wallet-standard:register-wallet', listener);
  target.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }));
  return () => target.removeEventListener('wallet-standard:register-wallet', listener);
}

/** Connects a Solana wallet: its first account. ERR_WALLET_NOT_FOUND without one. */
export async function connectSolanaWallet(wallet: StandardWallet): Promise<StandardWalletAccount> {
  if (!usable(wallet)) throw new LatchError('ERR_WALLET_NOT_FOUND', 'No Solana wallet with connect and signMessage was given.');
  let accounts: readonly StandardWalletAccount[];
  try {
    ({ accounts } = await (wallet.features['standard:connect'] as ConnectFeature).connect());
  } catch (error) {
    throw walletError(error);
  }
  const account = accounts?.[0];
  if (!account || !(account.publicKey instanceof Uint8Array) || account.publicKey.length !== 32) {
    throw new LatchError('ERR_WALLET_NOT_FOUND', 'The wallet has no Solana account to connect.');
  }
  return account;
}

export const WALLET_STAMP_SCHEME_ED25519 = 'SIGNATURE_SCHEME_TK_API_ED25519';

/**
 * The hosted service's Ed25519 wallet stamp: the wallet's `solana:signMessage` of the body's
 * UTF-8 bytes; `publicKey` the account's 32-byte key in hex, `signature` the 64 bytes in hex.
 */
export class SolanaWalletStamper implements Stamper {
  readonly #wallet: StandardWallet;
  readonly #account: StandardWalletAccount;
  readonly publicKey: string;

  constructor(wallet: StandardWallet, account: StandardWalletAccount) {
    this.#wallet = wallet;
    this.#account = account;
    this.publicKey = toHex(account.publicKey);
  }

  async stamp(body: string): Promise<Stamp> {
    let signature: unknown;
    try {
      const [output] = await (this.#wallet.features['solana:signMessage'] as SignMessageFeature).signMessage({ account: this.#account, message: utf8Encode(body) });
      signature = output?.signature;
    } catch (error) {
      throw walletError(error);
    }
    if (!(signature instanceof Uint8Array) || signature.length !== 64) throw new LatchError('ERR_WALLET_STAMP_REFUSED', 'The wallet gave no Ed25519 signature.');
    const stamp = { publicKey: this.publicKey, scheme: WALLET_STAMP_SCHEME_ED25519, signature: toHex(signature) };
    return { stampHeaderName: 'X-Stamp', stampHeaderValue: textToBase64Url(JSON.stringify(stamp)) };
  }
}
