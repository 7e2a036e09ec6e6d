/**
 * `LatchKit`: the one object the elements talk to. It owns what a page's login needs (the auth
 * proxy client, the key store, the session store, the loaded wallet_kit_config, the current
 * session) and runs the core's flows with them, keeping the stores (`$config`, `$session`,
 * `$flow`) current and reporting through events. Elements never fetch and never hold keys:
 * they call these methods and read the stores.
 *
 * Framework-agnostic and safe to import anywhere: no lit, no DOM at import time; `location`,
 * `history`, IndexedDB and popups are reached only inside methods, and everything
 * browser-only is injectable through {@link LatchKitOptions}.
 */
import { LatchError, isLatchError, type LatchErrorCode } from '../errors/latch-error.ts';
import type { KeyStore } from '../keys/key-store.ts';
import { ProxyClient } from '../clients/proxy-client.ts';
import type { OtpType, WalletKitConfig } from '../clients/proxy-types.ts';
import type { BootProof } from '../clients/activity-types.ts';
import type { LogoutOptions, LogoutResult, SigningSession } from '../session/signing-session.ts';
import type { AccountLogin, KitAccounts } from './kit-accounts.ts';
import type { SessionChangeEvent, SessionExpiryEvent } from '../session/session-events.ts';
import { setConfig } from '../state/config-state.ts';
import { trackSession } from '../state/session-state.ts';
import { $flow, endFlow, failFlow, setFlowStep, startFlow } from '../state/flow-state.ts';
import type { LoginResult } from '../flows/login-result.ts';
import type { FlowDeps } from '../flows/otp-flow.ts';
import type { OAuthCallback, PendingOAuth, PendingOAuthStore } from '../flows/oauth-flow.ts';
import type { OAuthLaunch } from '../flows/oauth-popup.ts';
import type { OAuthProvider } from '../flows/oauth-providers.ts';
import type { PasskeyDeps } from '../flows/passkey-flow.ts';
import type { WalletLoginRequest } from '../flows/wallet-flow.ts';
import { accountsModule, keyStoreModule, oauthModules, otpModule, passkeyModule, walletModule, type OAuthModules } from './lazy-modules.ts';
import { orderLoginMethods, requireEnabled, type LoginMethod } from './login-methods.ts';
import { oauthStateOf, withoutOAuthResponse } from './oauth-callback-url.ts';
import { cleanAddressBar } from '../flows/address-bar.ts';
import { toLatchError } from './to-latch-error.ts';
import { configCache, type ConfigCache } from './config-cache.ts';
import { savedSessionHint } from '../session/saved-session-hint.ts';
import type { LatchKitEventMap, LoginOutcome, LogoutReason } from './kit-events.ts';
import type { LatchKitOptions } from './latch-kit-options.ts';
import type { CompleteOtpOptions, FinishOAuthOptions, KitFlow, PasskeySignupOptions } from './kit-flows.ts';

// The kit's public types, importable from here too (the elements code against this module).
export type { LatchKitEventMap, LatchKitEventType, LoginOutcome, LogoutDetail, LogoutReason, SessionExpiringDetail } from './kit-events.ts';
export type { LoginMethod } from './login-methods.ts';
export type { AccountProfile, AccountSession, KitAccounts, SessionSwitchDetail } from './kit-accounts.ts';
export type { OAuthLaunch, PopupHost, PopupWindow } from '../flows/oauth-popup.ts';
export type { PendingOAuth, PendingOAuthStore } from '../flows/oauth-flow.ts';
export type { OAuthProvider } from '../flows/oauth-providers.ts';
export type { CaptchaProvider, TurnstileCaptcha } from '../captcha/captcha.ts';

export type { LatchKitOptions, ProofTrust } from './latch-kit-options.ts';
export { KitFlows, type CompleteOtpOptions, type FinishOAuthOptions, type KitFlow, type PasskeySignupOptions } from './kit-flows.ts';

const proxyOf = (o: LatchKitOptions): ProxyClient =>
  new ProxyClient({ configId: o.configId, ...(o.proxyUrl ? { authProxyUrl: o.proxyUrl } : {}), ...(o.fetch ? { fetch: o.fetch } : {}) });

type Listener<E> = ((event: E) => void) | { handleEvent(event: E): void } | null;

// A restore that finds these has found "nobody is logged in", not a failure.
const NO_SESSION: readonly LatchErrorCode[] = ['ERR_SESSION_MISSING', 'ERR_SESSION_EXPIRED', 'ERR_SESSION_KEY_MISSING', 'ERR_JWT_CLAIMS'];

interface Attached {
  session: SigningSession;
  /** The account's session key (see kit-accounts.ts). */
  key: string;
  detach: () => void;
}

// The typed events: overloads only (declaration merging), so no method of the kit's own is
// evaluated, or shipped in the drop-in's first chunk, to forward them to EventTarget's. Safe
// merging: it declares no property, only signatures of methods EventTarget implements.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface LatchKit {
  addEventListener<K extends keyof LatchKitEventMap>(type: K, listener: Listener<LatchKitEventMap[K]>, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof LatchKitEventMap>(type: K, listener: Listener<LatchKitEventMap[K]>, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | EventListenerOptions): void;
}

/**
 * One kit per (auth proxy, configuration): see `configure()` / `kitFor()` for the shared ones.
 *
 * @event login - `CustomEvent<LoginOutcome>`: a login or sign-up finished; `session` is live.
 * @event logout - `CustomEvent<LogoutDetail>`: the session ended (`user`, `expired`, `remote`), and what its service part did.
 * @event session-expiring - `CustomEvent<SessionExpiringDetail>`: time to `refresh()`.
 * @event error - `CustomEvent<LatchError>`: a kit call failed (cancellations are not reported).
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the interface above
export class LatchKit extends EventTarget {
  #options: Readonly<LatchKitOptions>;
  /** Its login endpoints' checks load with the first of them (proxy-requests.ts). */
  #proxy: ProxyClient;
  /** With `emulator`: its /__keys read (once it succeeds, `#options` holds what it stands for). */
  #emulator: Promise<void> | undefined;
  #trusted = false;
  #config: WalletKitConfig | null = null;
  #configRequest: Promise<WalletKitConfig> | undefined;
  /** The config kept from an earlier visit, shown until the answer (null: none, or answered). */
  #kept: WalletKitConfig | null | undefined;
  readonly #cache: ConfigCache | undefined;
  #keyStore: Promise<KeyStore> | undefined;
  #accounts: KitAccounts | undefined;
  #pendingStore: PendingOAuthStore | undefined;
  #current: Attached | undefined;
  #restoring: Promise<SigningSession | null> | undefined;
  /** Logins under way: each saves its session in the slot before it attaches it (see #restore). */
  readonly #logins = new Set<Promise<unknown>>();
  readonly #resuming = new Map<string, Promise<LoginOutcome | null>>();
  /** Current-generation OTPs: otpId → the target the code is sealed to (kept only until completed). */
  readonly #otpTargets = new Map<string, string>();

  /** Throws ERR_CONFIG_INVALID without a `configId`. Touches no network, storage or DOM. */
  constructor(options: LatchKitOptions) {
    super();
    this.#options = Object.freeze({ ...options });
    this.#proxy = proxyOf(options);
    const kept = options.configCache;
    // Storage is reached only when the first load starts.
    if (kept !== false) this.#cache = configCache(options.proxyUrl ?? options.emulator, options.configId, kept === true ? undefined : kept);
  }

  /** What the kit was configured with; with `emulator`, once its /__keys is read, what that stands for too. */
  get options(): Readonly<LatchKitOptions> {
    return this.#options;
  }

  /**
   * With `emulator`, before the first call: its checks and its /__keys (a lazy chunk,
   * emulator-options.ts); the page's own options win. Undefined when there is nothing to wait for.
   * A failure (no emulator yet) is retried by the next call.
   */
  #ready(): Promise<void> | undefined {
    if (this.#options.emulator === undefined || this.#trusted) return undefined;
    return (this.#emulator ??= import('./emulator-options.ts')
      .then(async ({ withEmulator }) => {
        this.#options = await withEmulator(this.#options);
        this.#proxy = proxyOf(this.#options);
        this.#trusted = true;
      })
      .catch((error: unknown) => {
        this.#emulator = undefined;
        throw error;
      }));
  }

  #emit<K extends keyof LatchKitEventMap>(type: K, detail: LatchKitEventMap[K]['detail']): void {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }

  /** Reports a failure (an `error` event, unless it is a cancellation) and returns it as a LatchError. */
  #report(error: unknown, fallback?: LatchErrorCode): LatchError {
    const latch = toLatchError(error, fallback);
    if (latch.code !== 'ERR_NETWORK_ABORTED') this.#emit('error', latch);
    return latch;
  }

  async #reporting<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw this.#report(error);
    }
  }

  // ---- configuration -----------------------------------------------------------------------

  /**
   * Fetches wallet_kit_config once and caches it (callers at the same time share the request);
   * `force` fetches again. Sets `$config`. A failed load is not cached.
   */
  loadConfig(options: { force?: boolean } = {}): Promise<WalletKitConfig> {
    return this.#reporting(() => this.#loadConfig(options.force === true));
  }

  #loadConfig(force: boolean): Promise<WalletKitConfig> {
    const ready = this.#ready();
    if (ready) return ready.then(() => this.#loadConfig(force));
    if (!force && this.#config) return Promise.resolve(this.#config);
    if (!force && this.#configRequest) return this.#configRequest;
    const cache = this.#cache;
    const request: Promise<WalletKitConfig> = this.#proxy.walletKitConfig({}).then(
      (config) => {
        // A later forced load wins over an earlier one still in flight.
        if (this.#configRequest === request) {
          this.#config = config; // shownConfig from now on
          // Kept in a task of its own: a localStorage write is synchronous, and the first render
          // of the answer should not wait for it. Not if a later load has started (or failed) since.
          if (cache) setTimeout(() => this.#configRequest === request && cache.write(config));
          setConfig(config);
        }
        return config;
      },
      (error: unknown) => {
        if (this.#configRequest === request) {
          this.#configRequest = undefined;
          // A failure is shown (the element's failed view), never covered by what was kept: the
          // entry goes, so a retry and the next visit start cold.
          cache?.forget();
        }
        throw error;
      },
    );
    this.#configRequest = request;
    // Read once, as the first request is under way (never before it: what shows meanwhile is
    // always followed by its check). After the request has gone out, not before: the first
    // access to localStorage can block the page's thread while the browser opens the origin's
    // storage (tens of ms in a cold start's profile), and the round trip now runs meanwhile.
    if (!this.#config) this.#kept = cache?.read();
    return request;
  }

  /** The loaded wallet_kit_config, or null before `loadConfig()` resolves. */
  get config(): WalletKitConfig | null {
    return this.#config;
  }

  /**
   * What to render: the loaded config, else, while the first load is under way, the one kept
   * from an earlier visit (see `configCache`); null if neither. Flows never use it.
   */
  get shownConfig(): WalletKitConfig | null {
    return this.#config ?? this.#kept ?? null;
  }

  /**
   * The login methods the configuration enables, in the default order (email, SMS, passkey,
   * Google, Apple, Facebook, X, Discord), or only those `order` names, in its order (see
   * orderLoginMethods), as `shownConfig` has them (the kept config while the first load is under
   * way). Empty before either.
   */
  enabledMethods(order?: readonly string[]): LoginMethod[] {
    return orderLoginMethods(this.shownConfig?.enabledProviders ?? [], order);
  }

  // ---- stores ------------------------------------------------------------------------------

  #keys(): Promise<KeyStore> {
    if (!this.#keyStore) {
      const given = this.options.keyStore;
      // Every flow opens the key store before it reads the options: the emulator's are in by then.
      const opening = Promise.all([given ?? keyStoreModule.get().then(async ({ openKeyStore }) => (await openKeyStore()).store), this.#ready()]).then(([store]) => store);
      // A failed open is retried by the next call rather than cached.
      this.#keyStore = opening.catch((error: unknown) => {
        this.#keyStore = undefined;
        throw error;
      });
    }
    return this.#keyStore;
  }

  /**
   * The accounts logged in here and the active one: list, switch, add, log out one or all
   * (kit-accounts.ts, loaded with the session).
   */
  accounts(): Promise<KitAccounts> {
    return accountsModule.get().then(
      ({ KitAccounts, kitSessionOptions }) =>
        (this.#accounts ??= new KitAccounts(this, {
          keys: () => this.#keys(),
          options: (keyStore) => kitSessionOptions(this.options, this.#config, keyStore),
          attach: (session, key) => this.#attach(session, key),
          end: (options) => this.#logout(options),
        })),
    );
  }

  /** Only after the OAuth modules are loaded (prepareOAuth loads them). */
  #pending(oauth: OAuthModules): PendingOAuthStore {
    return (this.#pendingStore ??= this.options.pendingStore ?? oauth.sessionStoragePendingStore());
  }

  // ---- session -----------------------------------------------------------------------------

  /** The current session, or null when nobody is logged in (or before `restoreSession()`). */
  get session(): SigningSession | null {
    return this.#current?.session ?? null;
  }

  /**
   * Picks up the session an earlier page load left (after a reload). Resolves null when there is
   * none, or when it expired, lost its key or is damaged (those are cleaned up). Callers at the
   * same time share one restore; with a session already here, returns it.
   */
  restoreSession(): Promise<SigningSession | null> {
    if (this.#current) return Promise.resolve(this.#current.session);
    if (!this.#restoring) {
      this.#restoring = this.#reporting(() => this.#restore()).finally(() => {
        this.#restoring = undefined;
      });
    }
    return this.#restoring;
  }

  /**
   * Whether `restoreSession()` may find a session: false only when the kit keeps sessions in the
   * default IndexedDB store and that store's hint (saved-session-hint.ts) says nothing is saved
   * there, or only sessions that have expired since, so that a first render need not wait for the
   * restore. True when unsure. A hint can be lost over a saved session: the restore still finds it.
   */
  mayHaveSavedSession(): boolean {
    const { sessionSlots, sessionStore } = this.options;
    return !!(sessionSlots || sessionStore) || savedSessionHint() !== false;
  }

  async #restore(): Promise<SigningSession | null> {
    // A hint that a session is saved (a logged-in visitor): straight to the slots, whose read
    // keeps the hint. Else IndexedDB is asked first whether anything can be there at all (a small
    // chunk of its own: no first render waits for this answer once the hint says nothing is saved).
    if (savedSessionHint() !== true && (await (await import('./nothing-saved.ts')).nothingSaved(this.options))) return null;
    let restored;
    try {
      restored = await (await this.accounts()).restore();
    } catch (error) {
      if (!isLatchError(error) || !NO_SESSION.includes(error.code)) throw error;
      return null;
    }
    const [session, key] = restored;
    // A login under way has saved its session already and attaches it next: what we read may be
    // that very session, and attaching our copy first would hand the pages two session objects
    // for one login (an element that asked with the first dropped the answer when the second
    // came). Its session wins; a login that fails leaves ours to attach.
    while (this.#logins.size > 0) await Promise.allSettled(this.#logins);
    if (this.#current) {
      // A login finished while we read the store: it is the newer session.
      session.dispose();
      return this.#current.session;
    }
    await this.#attach(session, key);
    return session;
  }

  /** Makes `session` the kit's session: `$session` follows it; its expiry and remote logout reach the kit's events. */
  #attach(session: SigningSession, key: string): Promise<void> {
    const previous = this.#current;
    const untrack = trackSession(session);
    const onChange = (event: Event): void => {
      if ((event as SessionChangeEvent).reason === 'logout') void this.#end(session, 'remote');
    };
    const onExpiring = (event: Event): void => {
      this.#emit('session-expiring', { session, expiresAt: (event as SessionExpiryEvent).expiresAt });
    };
    const onExpired = (): void => void this.#end(session, 'expired');
    session.addEventListener('change', onChange);
    session.addEventListener('expiring', onExpiring);
    session.addEventListener('expired', onExpired);
    // A lazy chunk, only with autoRefresh; it stops once `session` is no longer the kit's.
    if (this.options.autoRefresh) void import('./kit-auto-refresh.ts').then((m) => m.follow(this, session));
    this.#current = {
      session,
      key,
      detach: () => {
        untrack();
        session.removeEventListener('change', onChange);
        session.removeEventListener('expiring', onExpiring);
        session.removeEventListener('expired', onExpired);
      },
    };
    if (!previous || previous.session === session) return Promise.resolve();
    previous.detach();
    const oldKey = previous.session.summary?.publicKey;
    previous.session.dispose();
    // A login into the same account replaces its session: the old key can never sign again, so
    // it goes. Another account's (a switch, an added account) stays for a switch back.
    if (!oldKey || oldKey === session.summary?.publicKey || previous.key !== key) return Promise.resolve();
    return this.#keys()
      .then((keys) => keys.delete(oldKey))
      .catch(() => undefined);
  }

  /**
   * Forgets `session` (if it is still ours), ending it first unless another tab already did.
   * Resolves what the service part of the logout did (`{remote: 'none'}` when nothing was ended here).
   */
  async #end(session: SigningSession, reason: LogoutReason, options?: LogoutOptions): Promise<LogoutResult> {
    let result: LogoutResult = { remote: 'none' };
    if (this.#current?.session !== session) return result;
    this.#current.detach();
    this.#current = undefined;
    try {
      if (reason !== 'remote') result = await session.logout(options);
    } finally {
      session.dispose();
      trackSession(null);
      this.#emit('logout', reason === 'remote' ? { reason } : { reason, ...result });
    }
    return result;
  }

  /**
   * Ends the session, on the service first (its API key deleted there; with `everywhere`, every
   * session key of the user, ending the user's sessions on other devices too), then here: deletes
   * its key and the saved session, tells the other tabs, empties `$session`, and dispatches
   * `logout`. Offline or refused, it still logs out here; the result (and the event's detail)
   * says `remote: 'failed'` with the LatchError why. Resolves `{remote: 'none'}` when nobody is
   * logged in. See SigningSession.logout.
   */
  async logout(options?: LogoutOptions): Promise<LogoutResult> {
    const result = await this.#logout(options);
    // Another account logged in here becomes active (kit-accounts.ts).
    if (result.remote !== 'none') await this.#accounts?.afterLogout();
    return result;
  }

  async #logout(options?: LogoutOptions): Promise<LogoutResult> {
    await this.#restoring?.catch(() => null);
    const session = this.#current?.session;
    return session ? this.#end(session, 'user', options) : { remote: 'none' };
  }

  /** Replaces the session key before expiry (SigningSession.refresh). ERR_SESSION_MISSING when nobody is logged in. */
  refresh(): Promise<void> {
    return this.#reporting(async () => {
      const session = this.#current?.session;
      if (!session) throw new LatchError('ERR_SESSION_MISSING', 'Nobody is logged in.');
      await session.refresh();
    });
  }

  /**
   * One enclave's Boot Proof, queried with the current session: the kit is the `client` that
   * `verifyAppProofs` needs. ERR_SESSION_MISSING when nobody is logged in.
   */
  getBootProof(organizationId: string, ephemeralKey: string): Promise<BootProof> {
    return this.#reporting(async () => {
      const session = this.#current?.session;
      if (!session) throw new LatchError('ERR_SESSION_MISSING', 'Nobody is logged in.');
      return (await session.query('get_boot_proof', { organizationId, ephemeralKey })).bootProof;
    });
  }

  /** Stops listening to the session (timers, other tabs) without logging out. The kit stays usable. */
  dispose(): void {
    this.#accounts?.dispose();
    this.#accounts = undefined;
    const current = this.#current;
    if (!current) return;
    this.#current = undefined;
    current.detach();
    current.session.dispose();
  }

  // ---- flows -------------------------------------------------------------------------------

  /** Moves `$flow` to `step` of `name`, starting that flow if another (or none) is showing. */
  #step(name: KitFlow, step: string): void {
    if ($flow.get()?.name === name) setFlowStep(step);
    else startFlow(name, step);
  }

  /** Runs a step of a flow: `$flow` shows it; a failure is recorded there and reported. */
  async #flow<T>(name: KitFlow, step: string, work: () => Promise<T>): Promise<T> {
    this.#step(name, step);
    try {
      return await work();
    } catch (error) {
      throw this.#fail(name, error);
    }
  }

  #fail(name: KitFlow, error: unknown, fallback?: LatchErrorCode): LatchError {
    const latch = this.#report(error, fallback);
    if (latch.code === 'ERR_NETWORK_ABORTED') {
      endFlow();
    } else {
      if (!$flow.get()) startFlow(name);
      failFlow(latch);
    }
    return latch;
  }

  /**
   * Turns a flow's result into the kit's session and announces it. `reauthenticate` (step-up):
   * the result must be the logged-in user's, checked before anything is saved.
   */
  #login(result: LoginResult, reauthenticate = false): Promise<LoginOutcome> {
    const login = this.#loginNow(result, reauthenticate);
    // The caller gets `login` itself: no extra turn before its latch-login (see below).
    this.#logins.add(login);
    void login.then(
      () => this.#logins.delete(login),
      () => this.#logins.delete(login),
    );
    return login;
  }

  async #loginNow(result: LoginResult, reauthenticate: boolean): Promise<LoginOutcome> {
    const keyStore = await this.#keys();
    const accounts = await this.accounts();
    let login: AccountLogin;
    try {
      // Step-up only: its check (and the JWT parser it needs) loads with the first one.
      if (reauthenticate) (await import('./require-same-user.ts')).requireSameUser(result, this.#current?.session.summary?.userId);
      login = await accounts.login(result, keyStore);
    } catch (error) {
      await keyStore.delete(result.key.id).catch(() => undefined);
      throw error;
    }
    const [session] = login;
    // The account is made active before the session is attached (which re-renders the drop-in).
    // A button inside the drop-in fires its latch-login after this login resolves, however late:
    // the drop-in keeps it shown until then (latch-auth.ts #renderView), not for a set time.
    await accounts.loggedIn(login);
    await this.#attach(session, login[1]);
    const outcome: LoginOutcome = { session, created: result.created, ...(result.signup ? { signup: result.signup } : {}) };
    endFlow();
    this.#emit('login', outcome);
    return outcome;
  }

  // ---- OTP ---------------------------------------------------------------------------------

  /**
   * The OTP flow's deps: the options (the pinned signer, `otpAttempts`, `magicLinks`), the
   * proxy client and the key store.
   */
  async #otpDeps(signal: AbortSignal | undefined): Promise<FlowDeps> {
    const keyStore = await this.#keys();
    return { ...this.options, proxy: this.#proxy, keyStore, ...(signal ? { signal } : {}) };
  }

  /**
   * Sends a one-time code by email or SMS. `$flow`: otp/sending → otp/code-sent. In a browser it
   * also makes the key a magic link will bind and remembers the attempt (see `otpAttempts`).
   */
  startOtp(otpType: OtpType, contact: string, options: { signal?: AbortSignal } = {}): Promise<{ otpId: string }> {
    return this.#flow('otp', 'sending', async () => {
      const { startOtp } = await otpModule.get();
      const answer = await startOtp(await this.#otpDeps(options.signal), { otpType, contact });
      if (answer.otpEncryptionTargetBundle) {
        this.#otpTargets.set(answer.otpId, answer.otpEncryptionTargetBundle);
        // Codes resent and never completed: keep the newest few (a code lives minutes anyway).
        for (const stale of [...this.#otpTargets.keys()].slice(0, -8)) this.#otpTargets.delete(stale);
      }
      setFlowStep('code-sent');
      return { otpId: answer.otpId };
    });
  }

  /**
   * Checks the code and logs in, signing up first when the contact has no account.
   * `$flow`: otp/verifying, then none; a wrong code leaves otp/verifying with ERR_OTP_INVALID.
   * A magic link's attempt (`finishMagicLink`) comes with its `keyId` and target.
   */
  completeOtp(request: CompleteOtpOptions): Promise<LoginOutcome> {
    return this.#flow('otp', 'verifying', async () => {
      const { signal, reauthenticate, ...rest } = request;
      const { completeOtp } = await otpModule.get();
      const target = this.#otpTargets.get(rest.otpId);
      const result = await completeOtp(await this.#otpDeps(signal), {
        ...rest,
        ...(target ? { otpEncryptionTargetBundle: target } : {}),
        ...(reauthenticate ? { signupIfMissing: false } : {}),
      });
      this.#otpTargets.delete(rest.otpId);
      return this.#login(result, reauthenticate);
    });
  }

  // ---- OAuth -------------------------------------------------------------------------------

  /**
   * Prepares an OAuth login before the click: loads the configuration (client ids), creates
   * the login key, builds the authorization URL. Does not touch `$flow` (nothing has been
   * clicked yet). An attempt that will not be used should be given to `abandonOAuth()`.
   */
  prepareOAuth(provider: OAuthProvider): Promise<PendingOAuth> {
    return this.#reporting(async () => {
      const [config, { prepareOAuth, oauthRedirectUri }] = await Promise.all([this.#loadConfig(false), oauthModules.get()]);
      requireEnabled(config, provider);
      const authorizeUrl = this.options.oauthAuthorizeUrls?.[provider];
      const tokenUrl = this.options.oauthTokenUrls?.[provider];
      return prepareOAuth(
        { keyStore: await this.#keys() },
        {
          provider,
          clientId: config.oauthClientIds?.[provider] ?? '',
          redirectUri: oauthRedirectUri(this.options, config),
          ...(authorizeUrl ? { authorizeUrl } : {}),
          ...(tokenUrl ? { tokenUrl } : {}),
        },
      );
    });
  }

  /**
   * Opens the provider in a popup. Synchronous: call it inside the click handler. When the popup
   * is blocked, saves the attempt and sends the whole page to the provider instead (then
   * `resumeOAuthRedirect()` finishes on the way back). `$flow`: oauth/popup or oauth/redirecting.
   */
  launchOAuth(pending: PendingOAuth): OAuthLaunch {
    let launch: OAuthLaunch;
    try {
      const oauth = oauthModules.loaded();
      if (!oauth) throw new LatchError('ERR_FLOW_STATE', 'Call prepareOAuth() before launching the login.');
      // After "Use another account" a redirect must not forget it: the saved attempt says so.
      const saved = this.#accounts?.addingAccount ? { ...pending, anotherAccount: true } : pending;
      launch = oauth.launchOAuth(saved, this.#pending(oauth), this.options.popupHost ?? oauth.browserPopupHost());
    } catch (error) {
      // No window to open (a non-browser host) or navigation refused.
      this.#step('oauth', 'popup');
      throw this.#fail('oauth', error, 'ERR_OAUTH_POPUP_BLOCKED');
    }
    this.#step('oauth', launch.mode === 'popup' ? 'popup' : 'redirecting');
    return launch;
  }

  /**
   * Waits for the popup to come back, then logs in (signing up when the identity has no
   * account). Resolves null in redirect mode (the page is leaving). A closed popup is
   * ERR_OAUTH_POPUP_CLOSED; after any failure the attempt is spent: prepare a new one.
   */
  async finishOAuth(pending: PendingOAuth, launch: OAuthLaunch, options: FinishOAuthOptions = {}): Promise<LoginOutcome | null> {
    if (launch.mode === 'redirect') return null;
    return this.#flow('oauth', 'popup', async () => {
      const [keyStore, { abandonOAuth, completeOAuth, waitForOAuthPopup }] = await Promise.all([this.#keys(), oauthModules.get()]);
      const { signal, ...rest } = options;
      let callback: OAuthCallback;
      try {
        callback = await waitForOAuthPopup(launch.popup, pending, signal ? { signal } : {});
      } catch (error) {
        await abandonOAuth({ keyStore }, pending);
        throw error;
      }
      setFlowStep('verifying');
      const result = await completeOAuth({ ...this.options, proxy: this.#proxy, keyStore, signal }, { pending, callback, ...rest });
      return this.#login(result);
    });
  }

  /**
   * On page load: when `href` (default: this page's URL) is the answer to a redirect-mode OAuth
   * attempt this tab started, finishes the login, and removes the answer from the address bar.
   * Resolves null when the URL is not such an answer. Callers at the same time share one run.
   */
  resumeOAuthRedirect(href?: string): Promise<LoginOutcome | null> {
    const url = href ?? (globalThis as { location?: Location }).location?.href;
    const state = url ? oauthStateOf(url) : undefined;
    if (!url || !state) return Promise.resolve(null);
    let running = this.#resuming.get(url);
    if (!running) {
      running = this.#resume(url, state).finally(() => this.#resuming.delete(url));
      this.#resuming.set(url, running);
    }
    return running;
  }

  async #resume(href: string, state: string): Promise<LoginOutcome | null> {
    let pending: PendingOAuth | undefined;
    let oauth: OAuthModules;
    try {
      oauth = await oauthModules.get();
      pending = this.#pending(oauth).take(state);
    } catch (error) {
      throw this.#report(error, 'ERR_OAUTH_STATE');
    }
    if (!pending) return null; // not an attempt of this tab: leave the page's URL alone
    cleanAddressBar(href, withoutOAuthResponse(href));
    const attempt = pending;
    return this.#flow('oauth', 'verifying', async () => {
      const keyStore = await this.#keys();
      const { abandonOAuth, completeOAuth, parseOAuthCallback } = oauth;
      let callback: OAuthCallback;
      try {
        callback = parseOAuthCallback(href, attempt.state);
      } catch (error) {
        await abandonOAuth({ keyStore }, attempt);
        throw error;
      }
      const result = await completeOAuth({ ...this.options, proxy: this.#proxy, keyStore }, { pending: attempt, callback });
      if (attempt.anotherAccount) (await this.accounts()).useAnotherAccount(); // the login adds an account
      return this.#login(result);
    });
  }

  /** Deletes the key of a prepared OAuth attempt that will not be used. */
  async abandonOAuth(pending: PendingOAuth): Promise<void> {
    const [keyStore, { abandonOAuth }] = await Promise.all([this.#keys(), oauthModules.get()]);
    await abandonOAuth({ keyStore }, pending);
  }

  // ---- passkeys ----------------------------------------------------------------------------

  /** Creates a passkey and an account, and logs in. `$flow`: passkey/creating, then none. */
  signUpWithPasskey(request: PasskeySignupOptions): Promise<LoginOutcome> {
    return this.#flow('passkey', 'creating', async () => {
      const [deps, { signUpWithPasskey }] = await Promise.all([this.#passkeyDeps(request.signal), passkeyModule.get()]);
      const { userName, signup, authenticatorName, userEmail } = request;
      const result = await signUpWithPasskey(deps, {
        ...signup,
        userName,
        ...(authenticatorName ? { authenticatorName } : {}),
        ...(userEmail ? { userEmail } : {}),
      });
      return this.#login(result);
    });
  }

  /**
   * Logs in with an existing passkey. `$flow`: passkey/authenticating, then none. With
   * `reauthenticate` (step-up), the passkey must be the logged-in user's, as in `completeOtp`.
   */
  logInWithPasskey(options: { signal?: AbortSignal; reauthenticate?: boolean } = {}): Promise<LoginOutcome> {
    return this.#flow('passkey', 'authenticating', async () => {
      const [deps, { logInWithPasskey }] = await Promise.all([this.#passkeyDeps(options.signal), passkeyModule.get()]);
      return this.#login(await logInWithPasskey(deps), options.reauthenticate);
    });
  }

  /**
   * Passkey autofill (WebAuthn conditional mediation): the browser offers this site's passkeys in
   * the autofill of a field whose `autocomplete` ends in `webauthn`; picking one logs in as
   * `logInWithPasskey` does. Resolves null when `signal` ends the wait first, when another passkey
   * prompt takes over, or where the browser has no conditional mediation. `$flow` shows nothing
   * while it waits (the user may never pick one).
   */
  async logInWithPasskeyAutofill(options: { signal: AbortSignal }): Promise<LoginOutcome | null> {
    let result: LoginResult | null;
    try {
      const [deps, { logInWithPasskeyAutofill }] = await Promise.all([this.#passkeyDeps(undefined), passkeyModule.get()]);
      result = await logInWithPasskeyAutofill(deps, options);
    } catch (error) {
      throw this.#fail('passkey', error);
    }
    return result && this.#flow('passkey', 'authenticating', () => this.#login(result));
  }

  // ---- external wallets --------------------------------------------------------------------

  /**
   * Logs in with an external Ethereum wallet (EIP-1193), signing up first when its key has no
   * account: the wallet confirms once. `$flow`: wallet/signing, then none.
   */
  logInWithWallet(request: WalletLoginRequest & { signal?: AbortSignal }): Promise<LoginOutcome> {
    return this.#flow('wallet', 'signing', async () => {
      const [deps, { logInWithWallet }] = await Promise.all([this.#passkeyDeps(request.signal, 'wallet'), walletModule.get()]);
      return this.#login(await logInWithWallet(deps, request));
    });
  }

  async #passkeyDeps(signal: AbortSignal | undefined, method: 'passkey' | 'wallet' = 'passkey'): Promise<PasskeyDeps> {
    const config = await this.#loadConfig(false);
    requireEnabled(config, method);
    const o = this.options;
    return {
      proxy: this.#proxy,
      keyStore: await this.#keys(),
      captcha: o.captcha,
      organizationId: config.organizationId,
      rpId: o.rpId ?? (globalThis as { location?: Location }).location?.hostname ?? '',
      sessionExpirationSeconds: config.sessionExpirationSeconds,
      ...(o.apiBaseUrl ? { apiBaseUrl: o.apiBaseUrl } : {}),
      ...(o.fetch ? { fetch: o.fetch } : {}),
      ...(signal ? { signal } : {}),
    };
  }
}

