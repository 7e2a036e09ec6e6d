/**
 * The logged-in user's signing session: a session JWT (or credential-bundle claims) plus the
 * non-extractable key it names, kept in the key store. On the logged-in page's critical path,
 * so it statically imports only the key store, stamper and Activity client; export decryption
 * (HPKE) is loaded on demand.
 */
import { LatchError, isLatchError } from '../errors/latch-error.ts';
import type { KeyStore, StoredKey } from '../keys/key-store.ts';
import type { Stamp, Stamper } from '../stamp/stamper.ts';
import { ApiKeyStamper } from '../stamp/api-key-stamper.ts';
import { ActivityClient, activityResult, type RequestOptions } from '../clients/activity-client.ts';
import type { ActivityOperation, QueryOperation } from '../clients/activity-operations.ts';
import type {
  Activity,
  ActivityParameters,
  ApiKeyParams,
  InitFiatOnRampParameters,
  InitFiatOnRampResult,
  MnemonicLanguage,
  QueryRequest,
  QueryResponse,
  SignRawPayloadParameters,
  SignRawPayloadResult,
  WalletAccount,
  WhoamiResult,
} from '../clients/activity-types.ts';
import type { SessionClaims } from '../tokens/session-jwt.ts';
import type { PersistedSession, SessionStore } from './session-store.ts';
import { createSessionStore } from './create-session-store.ts';
import { createSessionChannel, type SessionChannel, type SessionMessage } from './session-channel.ts';
import { defaultSessionLocks, type SessionLocks } from './session-locks.ts';
import type { ExportOptions, Exporter } from './session-export.ts';
import { SessionChangeEvent, SessionExpiryEvent, type SessionChangeReason } from './session-events.ts';

/** The calls a session makes; an {@link ActivityClient} by default, injectable for tests. */
export type SessionClient = Pick<ActivityClient, 'submit' | 'query' | 'stampLogin'> & { skewMs?: number };

/** Time, injectable so tests can move it. */
export interface SessionClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const systemClock: SessionClock = {
  now: () => Date.now(),
  setTimeout(callback, ms) {
    const handle = setTimeout(callback, ms);
    // An expiry timer must not keep a Node process alive.
    (handle as { unref?: () => void }).unref?.();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface SigningSessionOptions {
  keyStore: KeyStore;
  /** Where the session is kept for the next page load. Default: IndexedDB, or memory in Node. */
  sessionStore?: SessionStore;
  /** How tabs hear of logins, refreshes and logouts. Default: BroadcastChannel, none in Node. */
  channel?: SessionChannel;
  /** Serializes refreshes across tabs. Default: Web Locks, or an in-process queue. */
  locks?: SessionLocks;
  /** Trusted notarizer key (hex) for session JWTs. Default: the hosted service's. */
  notarizerPublicKey?: string;
  /** Pinned enclave key (hex) for export bundles. Default: the hosted service's. */
  enclavePublicKey?: string;
  apiBaseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Builds the Activity client for a key's stamper. Default: `new ActivityClient(...)`. */
  createClient?: (stamper: Stamper) => SessionClient;
  /** How long before expiry `expiring` fires. Default 60 000 ms. */
  expiringLeadMs?: number;
  /** Lifetime asked for by `refresh()`. Default 900 s. */
  refreshExpirationSeconds?: number;
  clock?: SessionClock;
}

export interface LogoutOptions {
  /**
   * Also end the user's other sessions (other devices, other browsers): every expiring P-256 API
   * key of the user is deleted on the service. Keys without an expiry, passkeys and the user's
   * other logins stay. Default false: only this session's key.
   */
  everywhere?: boolean;
  /** Gives up on the service (the local logout still happens). Default: a 10 s time limit. */
  signal?: AbortSignal;
  /** The time limit when no `signal` is given, in ms. Default 10 000. */
  timeoutMs?: number;
}

/**
 * What a logout did on the service: `deleted` (the key, or with `everywhere` the keys, are gone
 * there: a request stamped with them is refused), `failed` (offline, timed out or refused: `error`
 * says why; the session ended here anyway), `expired` (the session had expired: nothing sent),
 * `none` (there was no session).
 */
export type RemoteLogout = 'deleted' | 'failed' | 'expired' | 'none';

export interface LogoutResult {
  remote: RemoteLogout;
  /** Why the service part failed (ERR_NETWORK_*, ERR_SERVICE_*, ERR_ACTIVITY_*), with `remote: 'failed'`. */
  error?: LatchError;
}

/** What the UI may know about a session: nothing here can sign. */
export interface SessionSummary {
  organizationId: string;
  userId: string;
  /** The session key's id (compressed public key hex). */
  publicKey: string;
  sessionType: string;
  /** Milliseconds since epoch. */
  expiresAt: number;
}

interface State {
  /** What is saved and announced: `jwt` (absent for bundle sessions) and its verified claims. */
  saved: PersistedSession;
  claims: SessionClaims;
  key: StoredKey;
  /** The key's stamper, made once: it precomputes what every stamp of that key shares. */
  stamper: ApiKeyStamper;
  client: SessionClient;
}

export interface ListWalletAccountsOptions {
  walletId?: string;
  includeWalletDetails?: boolean;
  limit?: number | string;
  before?: string;
  after?: string;
}

export interface SubmitOptions extends RequestOptions {
  generateAppProofs?: boolean;
}

type QueryBody<Op extends QueryOperation> = Omit<QueryRequest<Op>, 'organizationId'> & { organizationId?: string };

const REFRESH_LOCK = 'latchkey-session-refresh';

function checkClaims(claims: SessionClaims | undefined): SessionClaims {
  // The key id is checked by the key store; the ids and expiry here.
  if (typeof claims?.exp !== 'number' || !claims.user_id || !claims.organization_id) {
    throw new LatchError('ERR_JWT_CLAIMS', 'The session claims are damaged.');
  }
  return claims;
}

/**
 * The notarizer's signature over a JWT, checked whenever a session comes in from outside (a
 * login, a refresh, another tab). Loaded on demand: a reloaded page restores its own saved,
 * already verified claims and can stamp before this code arrives. Expiry is the caller's call.
 */
async function verify(jwt: string, notarizerPublicKey: string | undefined): Promise<SessionClaims> {
  const { verifySessionJwt } = await import('../tokens/session-jwt.ts');
  return verifySessionJwt(jwt, { notarizerPublicKey, ignoreExpiry: true });
}

/** A session from another tab: its JWT verified, or (bundle sessions) its claims' shape. */
const claimsOf = (session: PersistedSession, notarizerPublicKey: string | undefined): Promise<SessionClaims> | SessionClaims =>
  session.jwt === undefined ? checkClaims(session.claims) : verify(session.jwt, notarizerPublicKey);

/**
 * Empties the shared slot only while it holds the session of `publicKey` (or nothing); true when
 * it is empty now, false when it holds another tab's session, which stays.
 */
async function clearSlotIfHolds(store: SessionStore, publicKey: string): Promise<boolean> {
  if (store.clearIfHolds) return store.clearIfHolds(publicKey);
  const saved = await store.load();
  if (saved && saved.claims.public_key !== publicKey) return false;
  await store.clear();
  return true;
}

const expiredError = (): LatchError => new LatchError('ERR_SESSION_EXPIRED', 'The session has expired.');
const keyMissingError = (): LatchError => new LatchError('ERR_SESSION_KEY_MISSING', 'The session key is missing.');
const endedError = (): LatchError => new LatchError('ERR_SESSION_MISSING', 'The session has ended.');

/**
 * A logged-in session that stamps and submits Activity API requests with its key.
 *
 * Build one with {@link SigningSession.fromJwt} after a login, {@link SigningSession.restore}
 * after a reload, or `sessionFromCredentialBundle` (its own module) for credential bundles.
 * An origin has one session: its tabs share it through the session store and channel, so a
 * login, refresh or logout in one tab is taken over by the others.
 *
 * @event expiring - {@link SessionExpiryEvent}, `expiringLeadMs` before expiry: time to `refresh()`.
 * @event expired - {@link SessionExpiryEvent}, at expiry; requests now fail with ERR_SESSION_EXPIRED.
 * @event change - {@link SessionChangeEvent}: refreshed, adopted from another tab, or logged out.
 */
export class SigningSession extends EventTarget {
  #state: State | undefined;
  readonly #options: SigningSessionOptions;
  readonly #clock: SessionClock;
  readonly #sessionStore: SessionStore;
  readonly #channel: SessionChannel;
  readonly #ownsChannel: boolean;
  readonly #locks: SessionLocks;
  readonly #id = crypto.randomUUID();
  readonly #unsubscribe: () => void;
  #timers: unknown[] = [];
  /** The service-time offset the timers were set with (#retime). */
  #skew?: number;

  private constructor(saved: PersistedSession, claims: SessionClaims, key: StoredKey, options: SigningSessionOptions) {
    super();
    this.#options = options;
    this.#clock = options.clock ?? systemClock;
    this.#sessionStore = options.sessionStore ?? createSessionStore();
    this.#ownsChannel = !options.channel;
    this.#channel = options.channel ?? createSessionChannel();
    this.#locks = options.locks ?? defaultSessionLocks();
    this.#set(saved, claims, key);
    this.#unsubscribe = this.#channel.subscribe((message) => this.#hear(message).catch(() => undefined));
  }

  /**
   * A session from a login's JWT: verifies the notarizer's signature, finds the key the JWT names
   * (`key` if given, else in the key store), saves the session and tells the other tabs.
   * Rejects with ERR_SESSION_EXPIRED, ERR_SESSION_KEY_MISSING, ERR_KEY_MISMATCH or ERR_JWT_*.
   */
  static async fromJwt(jwt: string, options: SigningSessionOptions & { key?: StoredKey }): Promise<SigningSession> {
    return SigningSession.#start(jwt, await verify(jwt, options.notarizerPublicKey), options);
  }

  /**
   * A session for a key whose claims the caller vouches for (a decrypted credential bundle: the
   * service issued the key, but no JWT). Saved and announced like a JWT session.
   */
  static async fromKey(claims: SessionClaims, options: SigningSessionOptions & { key?: StoredKey }): Promise<SigningSession> {
    return SigningSession.#start(undefined, checkClaims(claims), options);
  }

  static async #start(jwt: string | undefined, claims: SessionClaims, options: SigningSessionOptions & { key?: StoredKey }): Promise<SigningSession> {
    if (claims.exp * 1000 <= (options.clock ?? systemClock).now()) throw expiredError();
    const key = options.key ?? (await options.keyStore.get(claims.public_key));
    if (!key) throw keyMissingError();
    if (key.id !== claims.public_key) throw new LatchError('ERR_KEY_MISMATCH', 'The session names another key.');
    const saved = jwt === undefined ? { claims } : { jwt, claims };
    const session = new SigningSession(saved, claims, key, options);
    await session.#save(saved);
    session.#post({ type: 'login', sender: session.#id, session: saved });
    return session;
  }

  /**
   * The session saved by an earlier page (or another tab). Its claims were verified before they
   * were saved, and the saved session is as trusted as the page's own code (same origin), so no
   * signature is checked here. Rejects with ERR_SESSION_MISSING when there is none;
   * ERR_SESSION_EXPIRED (the key and the saved session are deleted) or ERR_SESSION_KEY_MISSING
   * (the saved session is deleted) when it cannot be used; ERR_JWT_CLAIMS when it is damaged.
   * The saved session is deleted only while the slot still holds it: when another tab saved a
   * newer one meanwhile, that one is left alone and restored instead.
   */
  static async restore(options: SigningSessionOptions): Promise<SigningSession> {
    const sessionStore = options.sessionStore ?? createSessionStore();
    // Another tab can replace the slot while this one reads it (a refresh saves the new session,
    // then deletes the old key): the slot is emptied only while it still holds what was read,
    // and a newer session found there instead is restored (SECURITY.md D4). A few rounds only:
    // a slot that keeps changing under us is not worth chasing.
    for (let round = 1; ; round++) {
      const persisted = await sessionStore.load();
      if (!persisted) throw new LatchError('ERR_SESSION_MISSING', 'No session is saved.');
      const claims = checkClaims(persisted.claims);
      const expired = claims.exp * 1000 <= (options.clock ?? systemClock).now();
      const key = expired ? undefined : await options.keyStore.get(claims.public_key);
      if (key) return new SigningSession(persisted, claims, key, { ...options, sessionStore });
      const cleared = await clearSlotIfHolds(sessionStore, claims.public_key);
      if (expired) await options.keyStore.delete(claims.public_key).catch(() => undefined);
      if (!cleared && round < 3) continue;
      throw expired ? expiredError() : keyMissingError();
    }
  }

  // ---- state -------------------------------------------------------------------------------

  /** False once logged out (here or in another tab). */
  get active(): boolean {
    return this.#state !== undefined;
  }

  /** The session JWT (not secret: it cannot sign); undefined for credential-bundle sessions. */
  get jwt(): string | undefined {
    return this.#state?.saved.jwt;
  }

  get claims(): SessionClaims | undefined {
    return this.#state && { ...this.#state.claims };
  }

  /** The session key's id, compressed public key hex. */
  get publicKey(): string {
    return this.#live().key.id;
  }

  get summary(): SessionSummary | null {
    const s = this.#state;
    if (!s) return null;
    const c = s.claims;
    return { organizationId: c.organization_id, userId: c.user_id, publicKey: s.key.id, sessionType: c.session_type, expiresAt: c.exp * 1000 };
  }

  #live(): State {
    if (!this.#state) throw endedError();
    return this.#state;
  }

  /** The state, if it may still sign. */
  #usable(): State {
    const state = this.#live();
    if (state.claims.exp * 1000 <= this.serviceTime()) throw expiredError();
    return state;
  }

  /**
   * The service's time as this session's client knows it (ms since epoch): the local clock
   * corrected by what the service's answers taught (SECURITY.md C8). `summary.expiresAt` is in it.
   */
  serviceTime(): number {
    return this.#clock.now() + (this.#state?.client.skewMs ?? 0);
  }

  #set(saved: PersistedSession, claims: SessionClaims, key: StoredKey): void {
    const o = this.#options;
    const stamper = new ApiKeyStamper(key);
    const client = o.createClient
      ? o.createClient(stamper)
      : new ActivityClient({ apiBaseUrl: o.apiBaseUrl, stamper, fetch: o.fetch, timeoutMs: o.timeoutMs });
    // What the last client learned of the service's clock carries over to the next session.
    if (this.#state) client.skewMs = this.#state.client.skewMs;
    this.#state = { saved, claims, key, stamper, client };
    this.#schedule();
  }

  // ---- expiry ------------------------------------------------------------------------------

  #schedule(): void {
    this.#cancelTimers();
    const s = this.#state;
    if (!s) return;
    this.#skew = s.client.skewMs;
    const expiresAt = s.claims.exp * 1000;
    this.#at(expiresAt - (this.#options.expiringLeadMs ?? 60_000), () => this.dispatchEvent(new SessionExpiryEvent('expiring', expiresAt)));
    this.#at(expiresAt, () => this.dispatchEvent(new SessionExpiryEvent('expired', expiresAt)));
  }

  #at(time: number, fire: () => void): void {
    const MAX = 2 ** 31 - 1; // longer delays overflow setTimeout and fire at once
    const delay = Math.max(0, time - this.serviceTime());
    this.#timers.push(this.#clock.setTimeout(() => (delay > MAX ? this.#at(time, fire) : fire()), Math.min(delay, MAX)));
  }

  #cancelTimers(): void {
    for (const timer of this.#timers) this.#clock.clearTimeout(timer);
    this.#timers = [];
  }

  // ---- requests ----------------------------------------------------------------------------

  // These three are async so that an ended or expired session rejects, never throws at the call.

  /** Stamps exactly `body` with the session key. */
  async stamp(body: string): Promise<Stamp> {
    return this.#usable().stamper.stamp(body);
  }

  /** Submits an activity in the session's organization and waits for it to complete. */
  submit<Op extends ActivityOperation>(operation: Op, parameters: ActivityParameters<Op>, options: SubmitOptions = {}): Promise<Activity<Op>> {
    const { generateAppProofs, signal } = options;
    return this.#send((s) => s.client.submit(operation, { organizationId: s.claims.organization_id, parameters, ...(generateAppProofs === undefined ? {} : { generateAppProofs }) }, { signal }));
  }

  /** A stamped query; `organizationId` defaults to the session's. */
  query<Op extends QueryOperation>(operation: Op, body: QueryBody<Op>, options: RequestOptions = {}): Promise<QueryResponse<Op>> {
    return this.#send((s) => s.client.query(operation, { organizationId: s.claims.organization_id, ...body } as QueryRequest<Op>, options));
  }

  /**
   * One request with the live session (an ended or expired one rejects). An answer can teach
   * the client the service's time (C8): the expiry timers then follow it, so a request refused
   * because the key expired on the service is followed by `expired` (C9).
   */
  async #send<T>(request: (s: State) => Promise<T>): Promise<T> {
    try {
      return await request(this.#usable());
    } finally {
      if (this.#state?.client.skewMs !== this.#skew) this.#schedule();
    }
  }

  async signRawPayload(parameters: SignRawPayloadParameters, options?: SubmitOptions): Promise<SignRawPayloadResult> {
    return activityResult(await this.submit('sign_raw_payload', parameters, options));
  }

  async listWalletAccounts(options: ListWalletAccountsOptions = {}): Promise<WalletAccount[]> {
    const { walletId, includeWalletDetails, limit, before, after } = options;
    // Undefined fields vanish in JSON; paginationOptions only when a page is asked for.
    const paginationOptions = [limit, before, after].some((v) => v !== undefined) ? { limit, before, after } : undefined;
    return (await this.query('list_wallet_accounts', { walletId, includeWalletDetails, paginationOptions })).accounts;
  }

  async initFiatOnRamp(parameters: InitFiatOnRampParameters): Promise<InitFiatOnRampResult> {
    return activityResult(await this.submit('init_fiat_on_ramp', parameters));
  }

  /** Adds API keys to the session's user; returns their ids. */
  async createApiKeys(apiKeys: ApiKeyParams[]): Promise<string[]> {
    const userId = this.#usable().claims.user_id;
    return activityResult(await this.submit('create_api_keys', { apiKeys, userId })).apiKeyIds;
  }

  whoami(): Promise<WhoamiResult> {
    return this.query('whoami', {});
  }

  /**
   * Exports a private key, decrypted here in the page (sealed to a throwaway key made for this
   * call; HPKE is loaded on demand). Returns the raw key bytes: zero them when done.
   */
  async exportPrivateKey(privateKeyId: string, options?: ExportOptions): Promise<Uint8Array> {
    return (await import('./session-export.ts')).exportPrivateKey(this.#exporter(), privateKeyId, options);
  }

  /**
   * Exports one wallet account's private key (by its address), decrypted here in the page.
   * Returns the raw key bytes (an Ed25519 seed for a Solana account): zero them when done.
   */
  async exportWalletAccount(address: string, options?: ExportOptions): Promise<Uint8Array> {
    return (await import('./session-export.ts')).exportWalletAccount(this.#exporter(), address, options);
  }

  /**
   * Exports a wallet's mnemonic, decrypted here in the page. With `options.onApprovalNeeded`, an
   * export a consensus policy holds waits for the other approvals, then completes.
   */
  async exportWallet(walletId: string, language?: MnemonicLanguage, options?: ExportOptions): Promise<string> {
    return (await import('./session-export.ts')).exportWallet(this.#exporter(), walletId, language, options);
  }

  /** What session-export.ts needs of the session; it reads no activity result itself (see there). */
  #exporter(): Exporter {
    return {
      organizationId: this.#state?.claims.organization_id ?? '',
      enclavePublicKey: this.#options.enclavePublicKey,
      submit: async (operation, parameters) => activityResult(await this.submit(operation, parameters)),
      session: this,
    };
  }

  // ---- refresh, adoption, logout -----------------------------------------------------------

  /**
   * Replaces the session key before it expires: a new non-extractable key K2, a `stamp_login`
   * stamped by the current key for K2 (existing sessions stay valid), the new JWT verified, then
   * the switch and the old key deleted. Runs under a cross-tab lock; a tab that gets the lock
   * after another tab refreshed adopts that session instead of refreshing again (parallel
   * refreshes would evict each other's keys: the service keeps few keys per user).
   * Fails with ERR_SESSION_EXPIRED / ERR_SESSION_MISSING before starting, ERR_STORE_* when the
   * new key cannot be stored, else ERR_SESSION_REFRESH (cause chained; the new key is deleted and
   * the session stays as it was).
   */
  async refresh(): Promise<void> {
    const started = this.#usable();
    await this.#locks.request(REFRESH_LOCK, async () => {
      if (this.#state !== started) return; // another tab's refresh reached us while we waited
      const saved = await this.#sessionStore.load().catch(() => undefined);
      if (saved && saved.claims.public_key !== started.key.id && (await this.#adopt(saved, true))) return;
      // That adopt can lose to the same session arriving over the channel (#hear adopts it while
      // we verify it): then we have moved on already, and refreshing the old state would fail.
      if (this.#state !== started) return;
      await this.#refresh(started);
    });
  }

  async #refresh(old: State): Promise<void> {
    const o = this.#options;
    const { saved, next } = await import('./session-refresh.ts').then(
      (m) => m.renewSession(old, o, this.#clock.now(), (jwt) => verify(jwt, o.notarizerPublicKey), () => (this.#state !== old ? endedError() : undefined)),
      // The chunk did not load (offline): the session stays as it was, as after a refused refresh.
      (cause: unknown) => Promise.reject(new LatchError('ERR_SESSION_REFRESH', 'The session could not be refreshed.', { cause })),
    );
    await this.#save(saved);
    this.#post({ type: 'refresh', sender: this.#id, session: saved });
    await this.#switch(saved, next, 'refresh');
  }

  /**
   * Saving is best effort: a session that cannot be saved (IndexedDB broken or blocked) still
   * works in this page; it just will not survive a reload.
   */
  async #save(session: PersistedSession): Promise<void> {
    await this.#sessionStore.save(session).catch(() => undefined);
  }

  #post(message: SessionMessage): void {
    try {
      this.#channel.post(message);
    } catch {
      // A closed channel only means other tabs learn on their next restore or refresh.
    }
  }

  /** Moves to another session; the old key is deleted first, then `change` fires. Never throws. */
  async #switch(session: PersistedSession, key: StoredKey, reason: SessionChangeReason): Promise<void> {
    const old = this.#state;
    this.#set(session, session.claims, key);
    if (old && old.key.id !== key.id) await this.#options.keyStore.delete(old.key.id).catch(() => undefined);
    this.dispatchEvent(new SessionChangeEvent(reason));
  }

  /**
   * Takes over a session another tab saved or announced, if it verifies, is live, has its key
   * here, and (when `sameUser`) belongs to the same user and outlives ours.
   */
  async #adopt(session: PersistedSession, sameUser: boolean): Promise<boolean> {
    const current = this.#state;
    if (!current) return false;
    let claims: SessionClaims;
    try {
      claims = await claimsOf(session, this.#options.notarizerPublicKey);
    } catch {
      return false;
    }
    if (claims.exp * 1000 <= this.#clock.now() || claims.public_key === current.key.id) return false;
    if (sameUser && (claims.user_id !== current.claims.user_id || claims.organization_id !== current.claims.organization_id || claims.exp < current.claims.exp)) {
      return false;
    }
    const key = await this.#options.keyStore.get(claims.public_key).catch(() => undefined);
    if (!key || this.#state !== current) return false;
    await this.#switch(session.jwt === undefined ? { claims } : { jwt: session.jwt, claims }, key, 'adopt');
    return true;
  }

  async #hear(message: SessionMessage): Promise<void> {
    if (message.sender === this.#id || !this.#state) return;
    // A logout is about one session: a stale tab ending its older session (at its expiry, say)
    // must not end the newer one this tab holds (SECURITY.md D4).
    if (message.type === 'logout') {
      if (message.publicKey === this.#state.key.id) await this.#end(false);
    } else await this.#adopt(message.session, false);
  }

  /**
   * Ends the session: first on the service (its API key deleted there, stamped by that key; with
   * `everywhere`, every session key of the user, so other devices' sessions end too), then on this
   * origin (its key and the saved session deleted, the other tabs told). The service part loads
   * on demand (session-logout.ts). Offline, or refused, the local part still happens and the
   * result says so: `remote: 'failed'` with the LatchError that stopped it (the key then lives on
   * the service until it expires). `remote: 'expired'`: the session had expired, nothing was
   * sent. Resolves `{remote: 'none'}` when there is no session; never rejects.
   */
  async logout(options: LogoutOptions = {}): Promise<LogoutResult> {
    const s = this.#state;
    if (!s) return { remote: 'none' };
    // The saved copy goes first: the kit drops this session before calling here, and an element
    // that sees nobody logged in asks the kit to restore; read during the service call, the saved
    // copy came back as the current session and undid the logout (Firefox, <latch-wallet>).
    await this.#clearSavedIfMine(s.key.id).catch(() => undefined);
    const result: LogoutResult = await import('./session-logout.ts')
      .then((m) => m.endOnService(s.client, s.claims, s.key.id, options, this.serviceTime()))
      // Offline, refused, or the module did not load: the local logout goes on.
      .catch((cause: unknown) => ({ remote: 'failed', error: isLatchError(cause) ? cause : new LatchError('ERR_NETWORK_FAILED', 'The logout did not reach the service.', { cause }) }));
    // Another tab's logout may have ended it meanwhile; a refresh may have moved it to a new key.
    const key = this.#state?.key.id;
    if (key) {
      this.#post({ type: 'logout', sender: this.#id, publicKey: key });
      await this.#end(true);
    }
    return result;
  }

  async #end(clearSaved: boolean): Promise<void> {
    const state = this.#state;
    if (!state) return;
    this.#state = undefined;
    this.#cancelTimers();
    await Promise.all([
      this.#options.keyStore.delete(state.key.id).catch(() => undefined),
      clearSaved ? this.#clearSavedIfMine(state.key.id).catch(() => undefined) : undefined,
    ]);
    this.dispatchEvent(new SessionChangeEvent('logout'));
  }

  /** Empties the shared slot only while it still holds this session, never another tab's newer one. */
  async #clearSavedIfMine(keyId: string): Promise<void> {
    await clearSlotIfHolds(this.#sessionStore, keyId);
  }

  /** Stops timers and stops listening to other tabs, leaving key and saved session in place. */
  dispose(): void {
    this.#cancelTimers();
    this.#unsubscribe();
    if (this.#ownsChannel) this.#channel.close();
  }
}
