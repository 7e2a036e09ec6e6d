/**
 * A Wallet Standard wallet for the kit's logged-in user (`kit`: one wallet for the life of the
 * page) or over one signing session (`session`), and the user's Solana accounts, so that a
 * Solana dapp (wallet-adapter, @solana/kit, anything that calls `getWallets()`) signs through the
 * service. Features: `standard:connect` (the session user's Solana accounts, listed with
 * list_wallet_accounts), `standard:disconnect`, `standard:events` (`change` with the accounts),
 * `solana:signMessage` (sign_raw_payload, Ed25519 over the message bytes as given),
 * `solana:signTransaction` (sign_transaction, TRANSACTION_TYPE_SOLANA; legacy and v0) and
 * `solana:signAndSendTransaction` (sol_send_transaction, its status followed until the signature
 * is known).
 *
 * Every signature first goes through approval: the request, decoded into a RequestReview (the
 * decoders load on the first request), is handed to `approve` (the page's own hook) or else
 * `confirm` (the sheet). A "no" rejects with the wallets' rejection, a LatchError
 * ERR_WALLET_REJECTED whose message is wallet-adapter's "User rejected the request.", and
 * nothing reaches the service. All of a call's inputs are approved before the first is signed.
 *
 * The accounts become none (a `change` event) at a logout or an expiry. Bound to a kit, once a
 * dapp has connected, the next user's accounts come by themselves (`change`) at their login, as
 * do another user's at an account switch or another tab's login; `standard:connect` answers the
 * logged-in user's accounts, or opens the page's login first (`login`) when nobody is, or else
 * rejects ERR_SESSION_MISSING. Bound to one session, the wallet ends with it.
 *
 * A request is for the user logged in when it came: a sheet still open when another user logs in
 * closes and the request is refused (ERR_SESSION_USER_CHANGED; ERR_SESSION_MISSING at a logout),
 * and each input goes to the service through that same user's session (wallet-signer.ts).
 */
import { LatchError, isLatchError } from '../errors/latch-error.ts';
import { base58 } from '@scure/base';
import { fromHex, toHex } from '../encoding/hex.ts';
import { isFinalSendStatus, pollStatus, sendTransactionStatus, type PollOptions } from '../session/session-status.ts';
import type { SigningSession } from '../session/signing-session.ts';
import type { SendTransactionStatus, SolanaCaip2 } from '../clients/activity-types.ts';
import type { ConfirmRequest, RequestReview } from '../review/request-review.ts';
import { OWN_WALLET } from './own-wallet.ts';
import { WalletSigner, type Signer } from './wallet-signer.ts';
import type { WalletKit } from './follow-kit.ts';

/** What the wallet uses of a session (a SigningSession; injectable for tests). */
export type SolanaWalletSession = Pick<SigningSession, 'active' | 'summary' | 'submit' | 'query' | 'listWalletAccounts' | 'addEventListener' | 'removeEventListener'>;

/** The chains the service sends on (its aliases; the Wallet Standard's Solana chain ids). */
export type SolanaChain = 'solana:mainnet' | 'solana:devnet';

export interface SolanaWalletOptions {
  /**
   * The kit whose logged-in user the wallet signs for, for the life of the page (created before
   * or after `kit.restoreSession()`). Give `kit` or `session`.
   */
  kit?: WalletKit<SolanaWalletSession>;
  /** One session (the wallet ends with it): for code without a kit. */
  session?: SolanaWalletSession;
  /**
   * Kit-bound: opens the page's login when `standard:connect` comes and nobody is logged in;
   * resolves once someone is (rejects: the person closed it). Without it, ERR_SESSION_MISSING.
   */
  login?: () => Promise<unknown>;
  /**
   * The page's own approval (headless): resolve true to sign. Takes precedence over `confirm`.
   * `signal` aborts when another user (or nobody) is logged in meanwhile: the request is refused.
   */
  approve?: (review: RequestReview, options: { signal: AbortSignal }) => boolean | Promise<boolean>;
  /** The confirmation sheet (the package's default). One of `approve` or `confirm` is required. */
  confirm?: ConfirmRequest;
  /** Default ['solana:mainnet', 'solana:devnet']; the first is the chain a message or an unnamed transaction is shown on. */
  chains?: readonly SolanaChain[];
  /** The page asking, as the review shows it. Default: location.origin. */
  origin?: string;
  /** Default 'Latchkey'. */
  name?: string;
  /** A data:image/(svg+xml|webp|png|gif);base64 URI. */
  icon?: SolanaWalletIcon;
  /**
   * Each chain's JSON-RPC endpoint: a transaction is simulated on it before the person is asked
   * (what changes for them: SOL, tokens, accounts handed over) and its address lookup tables are
   * read (the real addresses, not `table[i]`). Without one, the review says it was not simulated.
   */
  rpcUrls?: Partial<Record<SolanaChain, string>>;
  /** How signAndSendTransaction follows the send. Default: 30 reads from 500 ms, ×1.5. */
  sendStatusPolling?: Pick<PollOptions<SendTransactionStatus>, 'maxAttempts' | 'initialDelayMs' | 'factor' | 'maxDelayMs' | 'sleep'>;
}

export type SolanaWalletIcon = `data:image/${'svg+xml' | 'webp' | 'png' | 'gif'};base64,${string}`;

/** A Wallet Standard account (read-only; `publicKey` is a fresh copy on each read). */
export interface SolanaWalletAccount {
  readonly address: string;
  readonly publicKey: Uint8Array;
  readonly chains: readonly SolanaChain[];
  readonly features: readonly `${string}:${string}`[];
}

export interface SolanaWalletChange {
  accounts: readonly SolanaWalletAccount[];
}

interface Input {
  account: { address: string };
}
interface MessageInput extends Input {
  message: Uint8Array;
}
interface TransactionInput extends Input {
  transaction: Uint8Array;
  chain?: string;
}

/** A send that the chain (or its simulation) refused: the service's status says why. */
export class SolanaSendError extends LatchError {
  readonly sendTransactionStatusId: string;
  readonly sendStatus: SendTransactionStatus;
  constructor(sendTransactionStatusId: string, sendStatus: SendTransactionStatus) {
    super('ERR_ACTIVITY_FAILED', 'The transaction failed.');
    this.sendTransactionStatusId = sendTransactionStatusId;
    this.sendStatus = sendStatus;
  }
}

const ICON: SolanaWalletIcon =
  'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAzMiAzMiI+PHJlY3Qgd2lkdGg9IjMyIiBoZWlnaHQ9IjMyIiByeD0iOCIgZmlsbD0iIzFlMjkzYiIvPjxwYXRoIGQ9Ik0xMSAxNXYtNGE1IDUgMCAwIDEgMTAgMHY0IiBmaWxsPSJub25lIiBzdHJva2U9IiNmZmYiIHN0cm9rZS13aWR0aD0iMi41Ii8+PHJlY3QgeD0iOCIgeT0iMTUiIHdpZHRoPSIxNiIgaGVpZ2h0PSIxMSIgcng9IjIiIGZpbGw9IiNmZmYiLz48L3N2Zz4=';
const CHAIN_NAMES: Record<SolanaChain, string> = { 'solana:mainnet': 'Solana', 'solana:devnet': 'Solana Devnet' };
const SIGN_FEATURES = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'] as const;
const VERSIONS = ['legacy', 0] as const;

const invalid = (message: string) => new LatchError('ERR_INPUT_INVALID', message);
const ended = () => new LatchError('ERR_SESSION_MISSING', 'Nobody is logged in (a logout or an expiry), or the wallet was unregistered: log in, then connect.');
/** How Solana wallets reject (Phantom, Brave, and wallet-adapter's wrapping keep this message). */
export const rejected = (): LatchError => new LatchError('ERR_WALLET_REJECTED', 'User rejected the request.');

function bytes(value: unknown, what: string): Uint8Array {
  if (!(value instanceof Uint8Array) || !value.length) throw invalid(`${what} must be non-empty bytes (a Uint8Array).`);
  return value;
}

export class LatchSolanaWallet {
  readonly version = '1.0.0' as const;
  /** The kit's mark: its own login never lists this wallet (own-wallet.ts). */
  readonly [OWN_WALLET] = true;
  readonly name: string;
  readonly icon: SolanaWalletIcon;
  readonly chains: readonly SolanaChain[];
  readonly features;
  readonly #signer: WalletSigner<SolanaWalletSession, SolanaWalletAccount>;
  readonly #login: (() => Promise<unknown>) | undefined;
  readonly #approve: (review: RequestReview, options: { signal: AbortSignal }) => boolean | Promise<boolean>;
  readonly #origin: string;
  readonly #polling: SolanaWalletOptions['sendStatusPolling'];
  readonly #rpcUrls: SolanaWalletOptions['rpcUrls'];
  readonly #listeners = new Set<(change: SolanaWalletChange) => void>();
  /** The accounts the dapp sees: the user's, once it connected. */
  #accounts: readonly SolanaWalletAccount[] = [];
  /** A dapp connected (and has not disconnected): the next user's accounts reach it by themselves. */
  #connected = false;

  constructor(options: SolanaWalletOptions) {
    const approve = options?.approve ?? options?.confirm;
    const kit = options?.kit;
    if (kit !== undefined) {
      if (typeof kit !== 'object' || kit === null || !('session' in kit) || typeof kit.addEventListener !== 'function') throw new LatchError('ERR_CONFIG_INVALID', 'The wallet’s `kit` must be a LatchKit.');
      if (options.session !== undefined) throw new LatchError('ERR_CONFIG_INVALID', 'Give the wallet `kit` (it follows the logged-in user) or `session`, not both.');
    } else if (!options?.session || typeof options.session.submit !== 'function') {
      throw new LatchError('ERR_CONFIG_INVALID', 'The wallet needs `kit` (created before or after kit.restoreSession(), it follows the logged-in user) or a signing `session`.');
    }
    // A signature needs the person: without a hook or the sheet nothing would ask them.
    if (typeof approve !== 'function') throw new LatchError('ERR_CONFIG_INVALID', 'The wallet needs approve (the page\u2019s own approval) or confirm (the sheet).');
    const chains = options.chains ?? ['solana:mainnet', 'solana:devnet'];
    if (!chains.length || chains.some((c) => !Object.hasOwn(CHAIN_NAMES, c))) throw new LatchError('ERR_CONFIG_INVALID', 'The wallet\u2019s chains are solana:mainnet and solana:devnet.');
    this.#approve = approve;
    this.#login = options.login;
    this.#origin = options.origin ?? globalThis.location?.origin ?? '';
    this.#polling = options.sendStatusPolling;
    this.#rpcUrls = options.rpcUrls;
    this.name = options.name ?? 'Latchkey';
    this.icon = options.icon ?? ICON;
    this.chains = Object.freeze([...chains]);
    const transactions = { version: '1.0.0', supportedTransactionVersions: VERSIONS } as const;
    this.features = Object.freeze({
      'standard:connect': { version: '1.0.0', connect: (input?: { silent?: boolean }) => this.#connect(input) },
      'standard:disconnect': { version: '1.0.0', disconnect: async () => this.#disconnect() },
      'standard:events': { version: '1.0.0', on: (event: 'change', listener: (change: SolanaWalletChange) => void) => this.#on(event, listener) },
      'solana:signMessage': { version: '1.1.0', signMessage: (...inputs: MessageInput[]) => this.#signMessages(inputs) },
      'solana:signTransaction': { ...transactions, signTransaction: (...inputs: TransactionInput[]) => this.#signTransactions(inputs) },
      'solana:signAndSendTransaction': { ...transactions, signAndSendTransaction: (...inputs: TransactionInput[]) => this.#sendTransactions(inputs) },
    } as const);
    this.#signer = new WalletSigner<SolanaWalletSession, SolanaWalletAccount>({
      kit,
      session: options.session,
      accounts: (session) => this.#list(session),
      onChange: (next) => this.#changed(next),
    });
  }

  /**
   * The connected accounts: none before connect, after a logout, and while another user's are
   * being listed (a switch), so that a dapp that reads them then connects again.
   */
  get accounts(): readonly SolanaWalletAccount[] {
    return this.#signer.settled ? this.#accounts : [];
  }

  /** Stops following the kit or the session; the accounts become none, and it connects and signs no more. */
  dispose(): void {
    this.#signer.dispose();
    this.#clear();
    this.#listeners.clear();
  }

  // ---- accounts and events -------------------------------------------------------------------

  #on(event: string, listener: (change: SolanaWalletChange) => void): () => void {
    if (event !== 'change' || typeof listener !== 'function') return () => undefined;
    // A wrapper per registration: the same function registered twice is removed one at a time.
    const once = (change: SolanaWalletChange) => listener(change);
    this.#listeners.add(once);
    return () => this.#listeners.delete(once);
  }

  #set(accounts: readonly SolanaWalletAccount[]): void {
    this.#accounts = Object.freeze(accounts);
    for (const listener of [...this.#listeners]) {
      try {
        listener({ accounts: this.#accounts });
      } catch {
        // A listener's failure is its own; the others still hear the change.
      }
    }
  }

  #clear(): void {
    if (this.#accounts.length) this.#set([]);
  }

  #disconnect(): void {
    this.#connected = false;
    this.#clear();
  }

  /** Another user (their accounts listed) or nobody: a connected dapp hears of it (`change`). */
  #changed(next: Signer<SolanaWalletAccount> | null): void {
    if (!next) this.#clear();
    else if (this.#connected && !this.#same(next.accounts)) this.#set(next.accounts);
  }

  #same(accounts: readonly SolanaWalletAccount[]): boolean {
    return accounts.length === this.#accounts.length && accounts.every((a, i) => a.address === this.#accounts[i]!.address);
  }

  /** The logged-in user whose accounts the dapp was given (ERR_SESSION_MISSING when nobody is). */
  async #live(): Promise<Signer<SolanaWalletAccount>> {
    let signer: Signer<SolanaWalletAccount>;
    try {
      signer = await this.#signer.ready();
    } catch {
      throw ended();
    }
    return signer;
  }

  async #connect(input?: { silent?: boolean }): Promise<{ accounts: readonly SolanaWalletAccount[] }> {
    // Silent or not, connecting signs nothing: the person logged in on this page. Not silent and
    // nobody logged in, the page's login opens (given `login`).
    if (!this.#signer.loggedIn && !input?.silent && this.#login && this.#signer.followsKit) await this.#login();
    let signer: Signer<SolanaWalletAccount>;
    try {
      signer = await this.#signer.ready();
    } catch {
      throw ended();
    }
    this.#connected = true;
    if (!this.#same(signer.accounts)) this.#set(signer.accounts);
    return { accounts: this.#accounts };
  }

  async #list(session: SolanaWalletSession): Promise<readonly SolanaWalletAccount[]> {
    const listed = await session.listWalletAccounts({ limit: 100 });
    const accounts: SolanaWalletAccount[] = [];
    for (const a of listed) {
      if (a.addressFormat !== 'ADDRESS_FORMAT_SOLANA' || a.curve !== 'CURVE_ED25519' || accounts.some((b) => b.address === a.address)) continue;
      let key: Uint8Array;
      try {
        key = base58.decode(a.address);
      } catch {
        continue;
      }
      if (key.length !== 32) continue;
      accounts.push(Object.freeze({ address: a.address, get publicKey() { return key.slice(); }, chains: this.chains, features: SIGN_FEATURES }));
    }
    return accounts;
  }

  // ---- signing -------------------------------------------------------------------------------

  /** The connected account an input names. */
  #account(input: Input | undefined): string {
    const address = input?.account?.address;
    if (typeof address !== 'string' || !this.#accounts.some((a) => a.address === address)) throw invalid('The input\u2019s account is not a connected account of this wallet.');
    return address;
  }

  #chain(chain: unknown, required: boolean): SolanaChain {
    if (chain === undefined && !required) return this.chains[0]!;
    if (!this.chains.includes(chain as SolanaChain)) throw invalid('The input\u2019s chain is not one of this wallet\u2019s chains.');
    return chain as SolanaChain;
  }

  /**
   * Reviews every input, then asks; throws the rejection at the first "no", before anything is
   * signed. Another user logging in meanwhile closes the sheet: ERR_SESSION_USER_CHANGED (nobody:
   * ERR_SESSION_MISSING).
   */
  async #approved(signer: Signer<SolanaWalletAccount>, reviews: readonly RequestReview[]): Promise<void> {
    for (const review of reviews) {
      const yes = await this.#signer.waiting(signer, async (signal) => {
        try {
          return (await this.#approve(review, { signal })) === true;
        } catch (cause) {
          throw new LatchError('ERR_WALLET_FAILED', 'The request could not be shown for approval.', { cause });
        }
      });
      if (!yes) throw rejected();
    }
  }

  /**
   * The service's answers, each request after the previous, each handed over with `signer`'s
   * user's session read at that moment (never another user's); a session that ended empties the
   * accounts.
   */
  async #each<I, O>(signer: Signer<SolanaWalletAccount>, inputs: readonly I[], run: (session: SolanaWalletSession, input: I) => Promise<O>): Promise<O[]> {
    const out: O[] = [];
    try {
      for (const input of inputs) out.push(await run(this.#signer.session(signer), input));
    } catch (error) {
      if (isLatchError(error) && (error.code === 'ERR_SESSION_EXPIRED' || error.code === 'ERR_SESSION_MISSING' || error.code === 'ERR_SESSION_KEY_MISSING') && !this.#signer.followsKit) this.#clear();
      throw error;
    }
    return out;
  }

  #context(account: string, chain: SolanaChain) {
    return { origin: this.#origin, account, chain: { id: chain, name: CHAIN_NAMES[chain] } };
  }

  async #signMessages(inputs: readonly MessageInput[]) {
    const signer = await this.#live();
    const checked = inputs.map((input) => ({ account: this.#account(input), message: bytes(input?.message, 'message').slice() }));
    const { solanaMessageReview, assertSignableSolanaMessage } = await import('../review/solana-review.ts');
    // Before the person is asked: a message that is a transaction (or not text) is never signed.
    for (const { message } of checked) assertSignableSolanaMessage(message);
    await this.#approved(signer, checked.map(({ account, message }) => solanaMessageReview(this.#context(account, this.chains[0]!), message)));
    return this.#each(signer, checked, async (session, { account, message }) => {
      const activity = await session.submit('sign_raw_payload', { signWith: account, payload: toHex(message), encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE' });
      const r = activity.result.signRawPayloadResult;
      // Ed25519: r and s are the signature's two halves.
      if (!r || !/^[0-9a-fA-F]{64}$/.test(r.r) || !/^[0-9a-fA-F]{64}$/.test(r.s)) throw new LatchError('ERR_RESPONSE_MALFORMED', 'The signature is malformed.');
      return { signedMessage: message, signature: fromHex(r.r + r.s), signatureType: 'ed25519' as const };
    });
  }

  /** Checks and reviews each transaction; returns them parsed. */
  async #reviewTransactions(inputs: readonly TransactionInput[], action: 'sign-transaction' | 'send-transaction') {
    const signer = await this.#live();
    const checked = inputs.map((input) => ({ account: this.#account(input), chain: this.#chain(input?.chain, action === 'send-transaction'), transaction: bytes(input?.transaction, 'transaction').slice() }));
    const { parseSolanaTransaction, solanaTransactionReview, withSimulation } = await import('../review/solana-review.ts');
    const parsed = checked.map((c) => ({ ...c, tx: parseSolanaTransaction(c.transaction) }));
    // Simulated on the chain's rpcUrl first (its own chunk; never throws: ~1.5 s at most), else said not simulated.
    const reviews = await Promise.all(parsed.map(async (p) => {
      const context = { ...this.#context(p.account, p.chain), action };
      const rpcUrl = this.#rpcUrls?.[p.chain];
      if (!rpcUrl) return withSimulation(solanaTransactionReview(context, p.tx), { status: 'not-simulated', cause: 'no rpcUrl' });
      return (await import('../review/simulate-solana.ts')).simulateSolanaReview(context, p.transaction, { rpcUrl });
    }));
    await this.#approved(signer, reviews);
    return { signer, parsed, parseSolanaTransaction };
  }

  async #signTransactions(inputs: readonly TransactionInput[]) {
    const { signer, parsed, parseSolanaTransaction } = await this.#reviewTransactions(inputs, 'sign-transaction');
    return this.#each(signer, parsed, async (session, { account, transaction, tx }) => {
      const activity = await session.submit('sign_transaction', { signWith: account, unsignedTransaction: toHex(transaction), type: 'TRANSACTION_TYPE_SOLANA' });
      const hex = activity.result.signTransactionResult?.signedTransaction;
      let signed: Uint8Array;
      try {
        signed = fromHex(typeof hex === 'string' ? hex.replace(/^0x/i, '') : '');
        // What comes back must be the transaction the person approved, signed: the same message.
        if (toHex(parseSolanaTransaction(signed).message) !== toHex(tx.message)) throw invalid('another message');
      } catch (cause) {
        throw new LatchError('ERR_RESPONSE_MALFORMED', 'The signed transaction is not the transaction approved.', { cause });
      }
      return { signedTransaction: signed };
    });
  }

  async #sendTransactions(inputs: readonly TransactionInput[]) {
    const { signer, parsed } = await this.#reviewTransactions(inputs, 'send-transaction');
    return this.#each(signer, parsed, async (session, { account, chain, transaction }) => {
      const activity = await session.submit('sol_send_transaction', { signWith: account, unsignedTransaction: toHex(transaction), caip2: chain as SolanaCaip2 });
      const id = activity.result.solSendTransactionResult?.sendTransactionStatusId;
      if (typeof id !== 'string') throw new LatchError('ERR_RESPONSE_MALFORMED', 'The send answered no sendTransactionStatusId.');
      const { value: status } = await pollStatus(
        (signal) => sendTransactionStatus(session, id, { signal }),
        (s) => Boolean(s.solana?.signature) || isFinalSendStatus(s),
        { maxAttempts: 30, initialDelayMs: 500, ...this.#polling },
      );
      if (status.txStatus === 'FAILED' || status.txError || status.error !== undefined) throw new SolanaSendError(id, status);
      const text = status.solana?.signature;
      if (!text) throw new LatchError('ERR_ACTIVITY_TIMEOUT', 'The transaction has no signature yet.');
      let signature: Uint8Array | undefined;
      try {
        signature = base58.decode(text);
      } catch {
        // checked below
      }
      if (signature?.length !== 64) throw new LatchError('ERR_RESPONSE_MALFORMED', 'The transaction signature is malformed.');
      return { signature };
    });
  }
}
