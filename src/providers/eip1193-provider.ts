/**
 * An EIP-1193 provider for the kit's logged-in user (`kit`: one object for the life of the page,
 * following logins, logouts, expiry, another user and the account switch), or over one signing
 * session and one Ethereum account (`session` + `address`: it ends with that session), so
 * that viem (`custom(provider)`), ethers (`new BrowserProvider(provider)`) and any dapp library
 * sign through the service: messages and typed data with sign_raw_payload (the EIP-191 / EIP-712
 * digest, HASH_FUNCTION_NO_OP), transactions with sign_transaction, sends with
 * eth_send_transaction (its status followed until the hash is known). Read-only JSON-RPC goes to
 * the current chain's `rpcUrl`, when one is given. Its own package entry (`latchkey/eip1193`):
 * never part of what a login page loads.
 *
 * Every request that signs, sends, or changes the chain waits for the person: the page's own
 * `approve` hook (headless), or else `confirm`, which is shown the request's RequestReview
 * (src/review/evm-review.ts, loaded with the first such request). The provider refuses to be
 * created with neither: silence is never the default. A refusal is 4001 and nothing is sent to
 * the service. (`latchkey/eip1193` gives the kit's confirmation sheet as `confirm`.)
 *
 * Methods: eth_chainId, net_version, eth_accounts, eth_requestAccounts, personal_sign,
 * eth_signTypedData_v4, eth_signTransaction, eth_sendTransaction, wallet_switchEthereumChain,
 * wallet_addEthereumChain, EIP-2255's wallet_requestPermissions and wallet_getPermissions,
 * EIP-5792's wallet_getCapabilities, wallet_sendCalls, wallet_getCallsStatus and
 * wallet_showCallsStatus (wallet-calls.ts: every call on one review, sent in order, not
 * atomically) and the read-only methods in READ_ONLY_METHODS. eth_sign (it signs any 32 bytes, a transaction
 * hash included, so a page could make the user sign what they cannot read) and the older
 * signTypedData versions are refused with 4200, as is every method not listed.
 *
 * Events (`on` / `removeListener`), as MetaMask sends them: `connect` {chainId} when someone is
 * logged in (after creation, and after each login that follows a logout); `accountsChanged` with
 * the new user's accounts when another user logs in or the account switch makes another active,
 * and ([]) with `disconnect` (ProviderRpcError 4900) at a logout or an expiry; `chainChanged` (hex
 * chain id) after a switch. Bound to a kit, the provider follows the next login by itself;
 * bound to one session, a disconnected provider stays so.
 *
 * A request is for the user logged in when it comes: while nobody is, it answers 4900 at once
 * (eth_requestAccounts opens the page's login first, given `login`); a request during a login or
 * a switch waits for the new user's accounts. A sheet open when another user (or nobody) comes is
 * closed and answered 4001, and what was approved for one user is never stamped by another's
 * session (wallet-signer.ts).
 */
import { LatchError, isLatchError } from '../errors/latch-error.ts';
import { fromHex } from '../encoding/hex.ts';
import { ethereumMessageDigest } from '../signing/message-digest.ts';
import type { TypedData } from '../signing/typed-data-digest.ts';
import type { PollOptions } from '../session/session-status.ts';
import type { SigningSession } from '../session/signing-session.ts';
import type { SendTransactionStatus } from '../clients/activity-types.ts';
import { ProviderRpcError, ProviderRpcErrorCodes as Codes } from './provider-rpc-error.ts';
import type { ConfirmRequest, RequestReview } from '../review/request-review.ts';
import type { EvmRequest, EvmReviewContext } from '../review/evm-review.ts';
import type { EvmSimulationRequest } from '../review/simulate-evm.ts';
import { OWN_WALLET } from './own-wallet.ts';
import { WalletSigner, type Signer } from './wallet-signer.ts';
import type { WalletKit } from './follow-kit.ts';
import type { WalletCalls } from './wallet-calls.ts';

/** What the provider uses of a session (a SigningSession; injectable for tests). */
export type Eip1193Session = Pick<SigningSession, 'active' | 'summary' | 'submit' | 'query' | 'addEventListener' | 'removeEventListener'>;

/** What a kit-bound provider uses of the kit's sessions: it lists the user's accounts too. */
export type Eip1193KitSession = Eip1193Session & Pick<SigningSession, 'listWalletAccounts'>;

/** What the provider uses of the kit (a LatchKit is one): its session and events. */
export type Eip1193Kit = WalletKit<Eip1193KitSession>;

export interface Eip1193Chain {
  /** A number, bigint, decimal string or 0x-hex string. */
  chainId: number | bigint | string;
  /** JSON-RPC endpoint for read-only methods and for filling a transaction's missing fields. */
  rpcUrl?: string;
}

export interface Eip1193RequestArguments {
  readonly method: string;
  /** An array or an object (checked per method); `unknown` so that viem's and wagmi's request types fit. */
  readonly params?: unknown;
}

export interface Eip1193ProviderOptions {
  /**
   * The kit whose logged-in user the provider signs for, for the life of the page: the accounts
   * are the user's Ethereum accounts (list_wallet_accounts), read at each login. Creating it
   * before `kit.restoreSession()` is fine: it follows the restored session. Give `kit`, or
   * `session` and `address`.
   */
  kit?: Eip1193Kit;
  /**
   * Kit-bound: opens the page's login when eth_requestAccounts comes and nobody is logged in, and
   * resolves once someone is (or rejects: the person closed it). Without it such a request is 4900.
   */
  login?: () => Promise<unknown>;
  /** One session (the provider ends with it): for code without a kit. */
  session?: Eip1193Session;
  /** With `session`: the account, an Ethereum address of the session's organization (0x and 40 hex digits). */
  address?: string;
  /** The chain to start on. */
  chainId: number | bigint | string;
  /** The starting chain's JSON-RPC endpoint (or give it in `chains`). */
  rpcUrl?: string;
  /** The chains wallet_switchEthereumChain may switch to (the starting one is always allowed). */
  chains?: readonly Eip1193Chain[];
  /**
   * The page's own confirmation (headless): asked before each signature, send or chain change,
   * with the raw request; resolve false to refuse it (4001, user rejected). Replaces `confirm`.
   * `signal` aborts when another user (or nobody) is logged in meanwhile: the request is then
   * answered 4001 whatever the hook says.
   */
  approve?: (request: Eip1193RequestArguments, options: { signal: AbortSignal }) => boolean | Promise<boolean>;
  /**
   * Shows the person what a request would do (its RequestReview) and resolves their answer.
   * Used when there is no `approve`. One of the two is required.
   */
  confirm?: ConfirmRequest;
  /** The page that asks, shown in the review. Default: `location.origin`. */
  origin?: string;
  /** For read-only JSON-RPC. Default: the global fetch. */
  fetch?: typeof fetch;
  /** Per JSON-RPC request, in ms. Default 30 000. */
  rpcTimeoutMs?: number;
  /** How eth_sendTransaction follows the send's status. Default: 30 reads from 500 ms, ×1.5. */
  sendStatusPolling?: Pick<PollOptions<SendTransactionStatus>, 'maxAttempts' | 'initialDelayMs' | 'factor' | 'maxDelayMs' | 'sleep'>;
}

type Listener = (...args: unknown[]) => void;

/** What a request's review is made from besides the request (see #approved). */
export interface ApprovalDetails {
  /** Transaction fields filled or read from the chain, shown in the review. */
  filled?: EvmReviewContext['filled'];
  /** The transaction to simulate before the review is shown. */
  tx?: EvmSimulationRequest['tx'];
  /** A review of the provider's own making (wallet_sendCalls: every call on one sheet). */
  review?: (context: EvmReviewContext) => RequestReview;
}

/**
 * What the lazily loaded request handlers (evm-transactions.ts, wallet-calls.ts) use of the
 * provider: one object per provider.
 */
export interface ProviderHost {
  readonly chainId: bigint;
  readonly polling: Eip1193ProviderOptions['sendStatusPolling'];
  /** The chains it was given or added, and the current chain's endpoint. */
  chains(): bigint[];
  rpcUrl(): string | undefined;
  rpc(method: string, params: unknown): Promise<unknown>;
  live(): Promise<Signer<string>>;
  account(signer: Signer<string>, value: unknown, what: string): string;
  approved(signer: Signer<string>, account: string, args: Eip1193RequestArguments, details?: ApprovalDetails): Promise<Eip1193Session>;
  /** `signer`'s live session, read now (4900 / 4001 once it is not theirs any more). */
  session(signer: Signer<string>): Eip1193Session;
}

/** Read-only JSON-RPC methods passed to the chain's rpcUrl (4200 without one). */
export const READ_ONLY_METHODS: readonly string[] = [
  'eth_blockNumber', 'eth_call', 'eth_estimateGas', 'eth_feeHistory', 'eth_gasPrice', 'eth_getBalance', 'eth_getBlockByHash',
  'eth_getBlockByNumber', 'eth_getBlockTransactionCountByHash', 'eth_getBlockTransactionCountByNumber', 'eth_getCode', 'eth_getLogs',
  'eth_getProof', 'eth_getStorageAt', 'eth_getTransactionByBlockHashAndIndex', 'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash', 'eth_getTransactionCount', 'eth_getTransactionReceipt', 'eth_maxPriorityFeePerGas', 'eth_blobBaseFee',
  'eth_syncing', 'web3_clientVersion',
  // Broadcasts bytes already signed: no key is used.
  'eth_sendRawTransaction',
];

export const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
export const HEX_BYTES = /^0x(?:[0-9a-fA-F]{2})*$/;

export const invalidParams = (message: string, cause?: unknown) => new ProviderRpcError(Codes.INVALID_PARAMS, message, { cause });
const unsupported = (method: string) => new ProviderRpcError(Codes.UNSUPPORTED_METHOD, `The provider does not support ${method}.`);
const disconnected = () => new ProviderRpcError(Codes.DISCONNECTED, 'The provider is disconnected: the session has ended.');

export function chainIdOf(value: unknown, what = 'chainId'): bigint {
  try {
    if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return BigInt(value);
    if (typeof value === 'bigint' && value > 0n) return value;
    if (typeof value === 'string' && /^(?:0x[0-9a-fA-F]{1,64}|[1-9]\d{0,77})$/.test(value) && BigInt(value) > 0n) return BigInt(value);
  } catch {
    // falls through
  }
  throw invalidParams(`${what} must be a positive integer (a number, or a decimal or 0x-hex string).`);
}

export const toQuantity = (n: bigint): string => `0x${n.toString(16)}`;

/** The kit's LatchErrors as EIP-1193 errors (the LatchError is the cause). */
function fromLatchError(error: unknown): ProviderRpcError {
  if (error instanceof ProviderRpcError) return error;
  if (!isLatchError(error)) return new ProviderRpcError(Codes.INTERNAL, 'The request failed.', { cause: error });
  const data = { latchCode: error.code };
  switch (error.code) {
    case 'ERR_SESSION_EXPIRED':
    case 'ERR_SESSION_MISSING':
    case 'ERR_SESSION_KEY_MISSING':
      return new ProviderRpcError(Codes.DISCONNECTED, `The provider is disconnected: ${error.code === 'ERR_SESSION_MISSING' ? 'nobody is logged in' : 'the session has ended'}.`, { data, cause: error });
    case 'ERR_ACTIVITY_REJECTED':
    case 'ERR_WALLET_REJECTED':
      return new ProviderRpcError(Codes.USER_REJECTED, 'The request was rejected.', { data, cause: error });
    case 'ERR_SESSION_USER_CHANGED':
      return new ProviderRpcError(Codes.USER_REJECTED, 'Another user logged in: the request was rejected.', { data, cause: error });
    case 'ERR_SERVICE_FORBIDDEN':
    case 'ERR_ACTIVITY_CONSENSUS_NEEDED':
      return new ProviderRpcError(Codes.UNAUTHORIZED, 'The request is not authorized by the organization\u2019s policies.', { data, cause: error });
    case 'ERR_INPUT_INVALID':
    case 'ERR_SERVICE_INVALID_REQUEST':
    case 'ERR_SERVICE_NOT_FOUND':
      return new ProviderRpcError(Codes.INVALID_PARAMS, 'The service refused the request\u2019s parameters.', { data, cause: error });
    default:
      return new ProviderRpcError(Codes.INTERNAL, 'The request failed.', { data, cause: error });
  }
}

export class LatchEip1193Provider {
  /** The kit's mark: its own login never lists this provider (own-wallet.ts). */
  readonly [OWN_WALLET] = true;
  readonly #signer: WalletSigner<Eip1193KitSession, string>;
  readonly #login: (() => Promise<unknown>) | undefined;
  readonly #chains = new Map<bigint, string | undefined>();
  readonly #approve: Eip1193ProviderOptions['approve'];
  readonly #confirm: ConfirmRequest | undefined;
  readonly #origin: string | undefined;
  readonly #fetch: typeof fetch;
  readonly #rpcTimeoutMs: number;
  readonly #listeners = new Map<string, Set<Listener>>();
  #chainId: bigint;
  #rpcId = 0;
  /** The provider as its lazily loaded handlers see it. */
  readonly #host: ProviderHost;
  #calls: Promise<WalletCalls> | undefined;
  /** When the user spoken for now was connected, and that grant's id (EIP-2255). */
  #grant: { id: string; date: number } | undefined;

  constructor(options: Eip1193ProviderOptions) {
    const kit = options?.kit;
    if (kit !== undefined) {
      if (typeof kit?.addEventListener !== 'function' || options.session || options.address) throw new LatchError('ERR_CONFIG_INVALID', 'Give the provider a LatchKit as `kit`, or `session` and `address`.');
    } else {
      // Before kit.restoreSession() there is no session yet: `kit` needs none.
      if (typeof options?.session?.submit !== 'function') throw new LatchError('ERR_CONFIG_INVALID', 'The provider needs `kit` (made before or after kit.restoreSession()) or a `session`.');
      if (typeof options.address !== 'string' || !ADDRESS.test(options.address)) throw new LatchError('ERR_CONFIG_INVALID', 'The provider needs an Ethereum address (0x and 40 hex digits).');
    }
    if (typeof options.approve !== 'function' && typeof options.confirm !== 'function') {
      throw new LatchError('ERR_CONFIG_INVALID', 'The provider needs `approve` or `confirm`: every signature waits for the person.');
    }
    this.#approve = options.approve;
    this.#confirm = options.confirm;
    this.#login = options.login;
    this.#origin = options.origin;
    this.#fetch = options.fetch ?? ((...a) => fetch(...a));
    this.#rpcTimeoutMs = options.rpcTimeoutMs ?? 30_000;
    let start: bigint;
    try {
      start = chainIdOf(options.chainId);
      for (const chain of options.chains ?? []) this.#chains.set(chainIdOf(chain.chainId), chain.rpcUrl);
    } catch (cause) {
      throw new LatchError('ERR_CONFIG_INVALID', 'A chain id of the provider is not a positive integer.', { cause });
    }
    if (options.rpcUrl !== undefined || !this.#chains.has(start)) this.#chains.set(start, options.rpcUrl ?? this.#chains.get(start));
    this.#chainId = start;
    const address = options.address;
    this.#signer = new WalletSigner<Eip1193KitSession, string>({
      kit,
      session: options.session as Eip1193KitSession | undefined,
      accounts: (session) => (kit ? ethereumAccounts(session) : [address!]),
      onChange: (next, previous) => this.#changed(next, previous),
    });
    const chainId = () => this.#chainId;
    this.#host = {
      get chainId() {
        return chainId();
      },
      polling: options.sendStatusPolling,
      chains: () => [...this.#chains.keys()],
      rpcUrl: () => this.#chains.get(this.#chainId),
      rpc: (method, params) => this.#rpc(method, params),
      live: () => this.#live(),
      account: (signer, value, what) => this.#account(signer, value, what),
      approved: (signer, account, args, details) => this.#approved(signer, account, args, details),
      session: (signer) => this.#signer.session(signer),
    };
    // Session-bound: live from the start, so `connect` comes once, after the page could listen.
    if (!kit && this.#signer.current) queueMicrotask(() => this.#signer.current && this.#emit('connect', { chainId: toQuantity(this.#chainId) }));
  }

  /** The selected account (the first of the user's); undefined while nobody is logged in. */
  get address(): string | undefined {
    return this.#signer.settled ? this.#signer.current?.accounts[0] : undefined;
  }

  /** The current chain, 0x-hex. */
  get chainId(): string {
    return toQuantity(this.#chainId);
  }

  /** True while someone is logged in and the provider has their accounts. */
  isConnected(): boolean {
    return this.#signer.settled;
  }

  // ---- events ------------------------------------------------------------------------------

  on(event: string, listener: Listener): this {
    let set = this.#listeners.get(event);
    if (!set) this.#listeners.set(event, (set = new Set()));
    set.add(listener);
    return this;
  }

  removeListener(event: string, listener: Listener): this {
    this.#listeners.get(event)?.delete(listener);
    return this;
  }

  off(event: string, listener: Listener): this {
    return this.removeListener(event, listener);
  }

  #emit(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.#listeners.get(event) ?? [])]) {
      try {
        listener(...args);
      } catch {
        // A listener's failure is its own; the others still hear the event.
      }
    }
  }

  /** The user changed: the events MetaMask sends for the same change. */
  #changed(next: Signer<string> | null, previous: Signer<string> | null): void {
    if (!next) {
      this.#emit('accountsChanged', []);
      this.#emit('disconnect', disconnected());
      return;
    }
    this.#grant = { id: [...crypto.getRandomValues(new Uint8Array(12))].map((b) => b.toString(36)).join(''), date: Date.now() };
    if (!previous) this.#emit('connect', { chainId: toQuantity(this.#chainId) });
    if (!previous || next.accounts.join() !== previous.accounts.join()) this.#emit('accountsChanged', [...next.accounts]);
  }

  /** Stops following the kit or the session (the provider is disconnected from then on). */
  dispose(): void {
    this.#signer.dispose();
    this.#listeners.clear();
  }

  // ---- requests ----------------------------------------------------------------------------

  /**
   * EIP-1193 `request`: resolves with the method's result or rejects with a ProviderRpcError.
   * (`Promise<any>`: each method's own result, as viem's and wagmi's provider types expect.)
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the EIP-1193 result type libraries expect
  async request(args: Eip1193RequestArguments): Promise<any> {
    if (typeof args !== 'object' || args === null || typeof args.method !== 'string') throw invalidParams('request() takes {method, params}.');
    const { method } = args;
    const params = args.params ?? [];
    try {
      switch (method) {
        case 'eth_chainId':
          return toQuantity(this.#chainId);
        case 'net_version':
          return this.#chainId.toString();
        case 'eth_accounts':
          return await this.#signer.ready().then((signer) => [...signer.accounts], () => []);
        case 'eth_requestAccounts':
          return [...(await this.#requestAccounts()).accounts];
        case 'personal_sign':
          return await this.#personalSign(args, this.#list(params, 2));
        case 'eth_signTypedData_v4':
          return await this.#signTypedData(args, this.#list(params, 2));
        case 'eth_signTransaction':
          return await (await import('./evm-transactions.ts')).signTransaction(this.#host, args, this.#list(params, 1)[0]);
        case 'eth_sendTransaction':
          return await (await import('./evm-transactions.ts')).sendTransaction(this.#host, args, this.#list(params, 1)[0]);
        case 'wallet_switchEthereumChain':
          return await this.#switchChain(args, this.#list(params, 1));
        case 'wallet_addEthereumChain':
          return await this.#addChain(args, this.#list(params, 1));
        case 'wallet_requestPermissions':
        case 'wallet_getPermissions':
          return await this.#permissions(method, params);
        case 'wallet_getCapabilities':
        case 'wallet_sendCalls':
        case 'wallet_getCallsStatus':
        case 'wallet_showCallsStatus':
          // EIP-5792 loads with its first request; its batches live as long as the provider.
          return await (await (this.#calls ??= import('./wallet-calls.ts').then((m) => new m.WalletCalls(this.#host)))).request(args, params);
        default:
          if (READ_ONLY_METHODS.includes(method)) return await this.#rpc(method, params);
          throw unsupported(method);
      }
    } catch (error) {
      throw fromLatchError(error);
    }
  }

  /** The logged-in user; when nobody is, the page's login first (given `login`), else 4900. */
  async #requestAccounts(): Promise<Signer<string>> {
    if (!this.#signer.loggedIn && this.#login && this.#signer.followsKit) {
      try {
        await this.#login();
      } catch (cause) {
        throw new ProviderRpcError(Codes.USER_REJECTED, 'The login was not completed.', { cause });
      }
    }
    return this.#live();
  }

  /**
   * EIP-2255, as MetaMask answers it: the one permission is eth_accounts, granted by logging in
   * (wallet_requestPermissions opens the login as eth_requestAccounts does); caveat
   * restrictReturnedAccounts lists the user's accounts. Any other permission is -32601; nobody
   * logged in: wallet_getPermissions is [].
   */
  async #permissions(method: string, params: unknown): Promise<unknown[]> {
    let signer: Signer<string> | undefined;
    if (method === 'wallet_requestPermissions') {
      const asked = this.#list(params, 1)[0];
      const names = typeof asked === 'object' && asked !== null && !Array.isArray(asked) ? Object.keys(asked) : [];
      if (!names.length) throw invalidParams('wallet_requestPermissions takes [{eth_accounts: {}}].');
      const other = names.find((name) => name !== 'eth_accounts');
      if (other) throw new ProviderRpcError(-32601, `The permission ${other} does not exist.`);
      signer = await this.#requestAccounts();
    } else signer = await this.#signer.ready().catch(() => undefined);
    const origin = this.#origin ?? (globalThis as { location?: { origin?: string } }).location?.origin ?? '';
    const grant = this.#grant;
    if (!signer || !grant) return [];
    return [{ id: grant.id, parentCapability: 'eth_accounts', invoker: origin, date: grant.date, caveats: [{ type: 'restrictReturnedAccounts', value: [...signer.accounts] }] }];
  }

  /** The logged-in user with their accounts (a login or switch under way is waited for); 4900 when nobody is. */
  async #live(): Promise<Signer<string>> {
    const signer = await this.#signer.ready();
    if (!signer.accounts.length) throw new ProviderRpcError(Codes.UNAUTHORIZED, 'The logged-in user has no Ethereum account.');
    return signer;
  }

  #list(params: unknown, min: number): unknown[] {
    if (!Array.isArray(params) || params.length < min) throw invalidParams(`This method takes an array of at least ${min} parameter${min > 1 ? 's' : ''}.`);
    return params;
  }

  /** The account a request names: one of the signer's (4100 otherwise), as the provider lists it. */
  #account(signer: Signer<string>, value: unknown, what: string): string {
    if (typeof value !== 'string' || !ADDRESS.test(value)) throw invalidParams(`${what} must be an Ethereum address.`);
    const account = signer.accounts.find((a) => a.toLowerCase() === value.toLowerCase());
    if (!account) throw new ProviderRpcError(Codes.UNAUTHORIZED, `${what} is not this provider's account.`);
    return account;
  }

  /**
   * Waits for the person's answer to `args` (4001 unless they approve; 4001 too when another user
   * logs in meanwhile: the sheet closes). `filled`: the fields the provider filled or read from the
   * chain, shown in the review. Resolves the session to sign with, read after the answer: the
   * same user's (4900 when nobody is logged in any more). Hand it the request in the same turn.
   */
  async #approved(signer: Signer<string>, account: string, args: Eip1193RequestArguments, { filled, tx, review: made }: ApprovalDetails = {}): Promise<Eip1193Session> {
    const ok = await this.#signer.waiting(signer, async (signal) => {
      if (this.#approve) return this.#approve(args, { signal });
      // The page's origin is read when a request comes, not at creation (src/ runs without a window).
      const context = { origin: this.#origin ?? (globalThis as { location?: { origin?: string } }).location?.origin ?? '', account, chainId: this.#chainId, filled };
      // The decoders load with the first request that needs them, not with the provider. The
      // params were checked as an array by the method's handler. A transaction is simulated on its
      // chain first (never throws: without an answer in ~1.5 s it says `not-simulated`).
      const review = made
        ? made(context)
        : await (await import('../review/evm-review-simulated.ts')).reviewEvmRequestSimulated(args as EvmRequest, context, tx, this.#chains.get(this.#chainId), this.#fetch);
      if (!review) throw new ProviderRpcError(Codes.INTERNAL, 'The request has no review.');
      return this.#confirm!(review, { signal });
    });
    if (ok !== true) throw new ProviderRpcError(Codes.USER_REJECTED, 'The user rejected the request.');
    // The session may have ended, or become another user's, while the person read the request.
    return this.#signer.session(signer);
  }

  /** A secp256k1 signature by `account` over a 32-byte digest, as r ‖ s ‖ v (v 27 or 28), 0x-hex. */
  async #signDigest(session: Eip1193Session, account: string, digest: Uint8Array): Promise<string> {
    let payload = '';
    for (const byte of digest) payload += byte.toString(16).padStart(2, '0');
    const activity = await session.submit('sign_raw_payload', { signWith: account, payload, encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NO_OP' });
    const result = activity.result.signRawPayloadResult;
    const v = result ? Number.parseInt(result.v, 16) : Number.NaN;
    if (!result || !/^[0-9a-fA-F]{1,64}$/.test(result.r) || !/^[0-9a-fA-F]{1,64}$/.test(result.s) || ![0, 1, 27, 28].includes(v)) {
      throw new LatchError('ERR_RESPONSE_MALFORMED', 'The signature is malformed.');
    }
    return `0x${result.r.padStart(64, '0')}${result.s.padStart(64, '0')}${(v < 27 ? v + 27 : v).toString(16)}`.toLowerCase();
  }

  async #personalSign(args: Eip1193RequestArguments, [message, address]: unknown[]): Promise<string> {
    const signer = await this.#live();
    if (typeof message !== 'string') throw invalidParams('personal_sign takes [message, address]; the message is a string (0x-hex bytes or text).');
    const account = this.#account(signer, address, 'personal_sign address');
    // Hex is the message's bytes (what viem and ethers send); anything else is UTF-8 text.
    const digest = await ethereumMessageDigest(HEX_BYTES.test(message) ? fromHex(message.slice(2)) : message);
    return this.#signDigest(await this.#approved(signer, account, args), account, digest);
  }

  async #signTypedData(args: Eip1193RequestArguments, [address, data]: unknown[]): Promise<string> {
    const signer = await this.#live();
    const account = this.#account(signer, address, 'eth_signTypedData_v4 address');
    let typed: TypedData;
    try {
      typed = (typeof data === 'string' ? JSON.parse(data) : data) as TypedData;
    } catch (cause) {
      throw invalidParams('eth_signTypedData_v4 takes [address, typed data as JSON].', cause);
    }
    if (typeof typed !== 'object' || typed === null) throw invalidParams('eth_signTypedData_v4 takes [address, typed data as JSON].');
    const domainChain = (typed.domain as { chainId?: unknown } | undefined)?.chainId;
    if (domainChain !== undefined && chainIdOf(domainChain, 'domain.chainId') !== this.#chainId) {
      throw invalidParams(`The typed data's domain.chainId is not the current chain (${this.#chainId}).`);
    }
    // EIP-712 hashing loads with the first typed-data request: most pages only ever sign messages
    // and send, and the entry stays within its budget in every bundler (8 KB brotli).
    const { typedDataDigest } = await import('../signing/typed-data-digest.ts');
    const digest = await typedDataDigest(typed).catch((cause: unknown) => {
      throw invalidParams(isLatchError(cause) ? cause.message : 'The typed data is invalid.', cause);
    });
    return this.#signDigest(await this.#approved(signer, account, args), account, digest);
  }

  async #switchChain(args: Eip1193RequestArguments, [value]: unknown[]): Promise<null> {
    const requested = chainIdOf((value as { chainId?: unknown } | null)?.chainId, 'wallet_switchEthereumChain chainId');
    if (!this.#chains.has(requested)) {
      throw new ProviderRpcError(Codes.UNRECOGNIZED_CHAIN, `Chain ${requested} is not one this provider was given.`, { data: { chainId: toQuantity(requested) } });
    }
    if (requested !== this.#chainId) {
      const signer = await this.#live();
      // Another chain changes what every later request means: the person says so first.
      await this.#approved(signer, signer.accounts[0]!, args);
      this.#chainId = requested;
      this.#emit('chainChanged', toQuantity(requested));
    }
    return null;
  }

  /**
   * EIP-3085: a chain the provider was not given, with its JSON-RPC endpoint (the first of
   * `rpcUrls`, http or https), after the person agrees. A known chain answers at once; adding does
   * not switch (the dapp asks wallet_switchEthereumChain next, as EIP-3085 expects).
   */
  async #addChain(args: Eip1193RequestArguments, [value]: unknown[]): Promise<null> {
    const chain = (value ?? {}) as { chainId?: unknown; rpcUrls?: unknown };
    const id = chainIdOf(chain.chainId, 'wallet_addEthereumChain chainId');
    if (this.#chains.has(id)) return null;
    const rpcUrl = Array.isArray(chain.rpcUrls) ? chain.rpcUrls[0] : undefined;
    if (typeof rpcUrl !== 'string' || !/^https?:\/\/[^\s]+$/.test(rpcUrl)) throw invalidParams('wallet_addEthereumChain takes rpcUrls with an http(s) URL first.');
    const signer = await this.#live();
    await this.#approved(signer, signer.accounts[0]!, args);
    this.#chains.set(id, rpcUrl);
    return null;
  }

  /** A JSON-RPC call to the current chain's endpoint: 4200 without one, 4901 when it does not answer. */
  async #rpc(method: string, params: unknown): Promise<unknown> {
    const url = this.#chains.get(this.#chainId);
    if (!url) throw new ProviderRpcError(Codes.UNSUPPORTED_METHOD, `${method} needs an rpcUrl for chain ${this.#chainId}, and the provider has none.`);
    let answer: { result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } };
    try {
      const response = await this.#fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++this.#rpcId, method, params }),
        signal: AbortSignal.timeout(this.#rpcTimeoutMs),
      });
      answer = (await response.json()) as typeof answer;
      if (typeof answer !== 'object' || answer === null) throw new TypeError('not a JSON-RPC answer');
    } catch (cause) {
      throw new ProviderRpcError(Codes.CHAIN_DISCONNECTED, `The RPC endpoint of chain ${this.#chainId} did not answer.`, { cause });
    }
    if (answer.error) {
      const { code, message, data } = answer.error;
      throw new ProviderRpcError(typeof code === 'number' ? code : Codes.INTERNAL, typeof message === 'string' ? message : 'The RPC endpoint refused the request.', { data });
    }
    return answer.result ?? null;
  }
}

/** The user's Ethereum accounts, as the service lists them (one each, in its order). */
async function ethereumAccounts(session: Eip1193KitSession): Promise<string[]> {
  const accounts: string[] = [];
  for (const a of await session.listWalletAccounts({ limit: 100 })) {
    if (a.addressFormat === 'ADDRESS_FORMAT_ETHEREUM' && ADDRESS.test(a.address) && !accounts.some((b) => b.toLowerCase() === a.address.toLowerCase())) accounts.push(a.address);
  }
  return accounts;
}

/** An EIP-1193 provider for the kit's logged-in user (`kit`), or for `address` over `session`; see {@link LatchEip1193Provider}. */
export function createEip1193Provider(options: Eip1193ProviderOptions): LatchEip1193Provider {
  return new LatchEip1193Provider(options);
}
