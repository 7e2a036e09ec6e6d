/**
 * Several accounts logged in at once, one active (issue 24): what the hosted drop-in kit keeps as
 * sessions by session key with an active one (`getAllSessions`, `setActiveSession`,
 * `clearSession`, `clearAllSessions`). Loaded with the session, never on the login page's first
 * load; `LatchKit.accounts()` hands it out.
 *
 * Each account has its own slot (SessionSlots), its own non-extractable key, and its own session
 * channel (`latchkey-session` for the first, `latchkey-session:<key>` for the others), so that
 * SECURITY.md D3 and D4 hold per account: a logout or a refresh of one account reaches only that
 * account's sessions in the other tabs, and each slot is emptied only while it holds what its tab
 * read. The active key is one more record, and the tabs follow it over `latchkey-accounts`.
 */
import { LatchError, isLatchError, type LatchErrorCode } from '../errors/latch-error.ts';
import type { KeyStore } from '../keys/key-store.ts';
import { SigningSession, type LogoutOptions, type LogoutResult, type SessionSummary, type SigningSessionOptions } from '../session/signing-session.ts';
import type { SessionChannel } from '../session/session-channel.ts';
import { createSessionChannel, noSessionChannel } from '../session/session-channel.ts';
import type { PersistedSession } from '../session/session-store.ts';
import { ACCOUNT_KEY_PREFIX, DEFAULT_SESSION_KEY, isSessionKey, type SessionSlots } from '../session/session-slots.ts';
import { createSessionSlots } from '../session/create-session-slots.ts';
import { parseSessionJwt } from '../tokens/session-jwt.ts';
import type { LoginResult } from '../flows/login-result.ts';
import type { LatchKit } from './latch-kit.ts';
import { createAccountsChannel, noAccountsChannel, type AccountsChannel, type AccountsMessage } from './accounts-channel.ts';
import { untrustedNotarizer } from './untrusted-notarizer.ts';

/** What the kit lends its accounts: its private parts, as closures. */
export interface AccountsHost {
  keys(): Promise<KeyStore>;
  /** The kit's session options without a store or channel (those are per account). */
  options(keyStore: KeyStore): Promise<SigningSessionOptions>;
  /** Makes `session` the kit's; the previous one's key is deleted only when it had the same session key. */
  attach(session: SigningSession, sessionKey: string): Promise<void>;
  /** Ends the kit's current session as `logout()` does, without choosing another account. */
  end(options?: LogoutOptions): Promise<LogoutResult>;
}

/** A login's session, its session key, and what that slot held before (a tuple: the kit's bytes count). */
export type AccountLogin = [session: SigningSession, sessionKey: string, replaced: PersistedSession | undefined];

/** One saved account, as `getAllSessions()` lists it (nothing here can sign). */
export interface AccountSession extends SessionSummary {
  sessionKey: string;
  /** The kit's current session. */
  active: boolean;
}

/** An account's name and email as the service has them, for a switch to show. */
export interface AccountProfile {
  name: string;
  email?: string;
}

/** `session-switch`'s detail: the account that is active now. */
export interface SessionSwitchDetail {
  session: SigningSession;
  sessionKey: string;
}

const NO_SESSION: readonly LatchErrorCode[] = ['ERR_SESSION_MISSING', 'ERR_SESSION_EXPIRED', 'ERR_SESSION_KEY_MISSING', 'ERR_JWT_CLAIMS'];
const noSession = (error: unknown): boolean => isLatchError(error) && NO_SESSION.includes(error.code);

const summaryOf = (sessionKey: string, saved: PersistedSession, active: boolean): AccountSession => {
  const c = saved.claims;
  return { sessionKey, active, organizationId: c.organization_id, userId: c.user_id, publicKey: c.public_key, sessionType: c.session_type, expiresAt: c.exp * 1000 };
};

export class KitAccounts {
  readonly #kit: LatchKit;
  readonly #host: AccountsHost;
  readonly #slots: SessionSlots;
  readonly #channels = new Map<string, SessionChannel>();
  readonly #accounts: AccountsChannel;
  readonly #unsubscribe: () => void;
  readonly #id = crypto.randomUUID();
  /** The session key of the kit's current session (or of the next plain login). */
  #active = DEFAULT_SESSION_KEY;
  /** Set by `useAnotherAccount()`: the next login adds an account instead of replacing this one. */
  #another = false;

  constructor(kit: LatchKit, host: AccountsHost) {
    this.#kit = kit;
    this.#host = host;
    const o = kit.options;
    this.#slots = o.sessionSlots ?? createSessionSlots(o.sessionStore);
    // A kit given its own session channel is kept apart from the origin's other kits: its tabs
    // follow each other only over channels it is given too.
    this.#accounts = o.accountsChannel ?? (o.sessionChannel ? noAccountsChannel : createAccountsChannel());
    this.#unsubscribe = this.#accounts.subscribe((message) => this.#hear(message).catch(() => undefined));
  }

  /** Stops following the other tabs (the kit's `dispose()`); the saved accounts stay. */
  dispose(): void {
    this.#unsubscribe();
    if (!this.#kit.options.accountsChannel) this.#accounts.close();
  }

  /** The session key of the kit's current session; undefined when nobody is logged in. */
  getActiveSessionKey(): string | undefined {
    return this.#kit.session?.active ? this.#active : undefined;
  }

  /** True while the next login will add an account (see `useAnotherAccount`). */
  get addingAccount(): boolean {
    return this.#another;
  }

  /**
   * The next login (any method) adds an account and makes it active, keeping the current session
   * and its key; `false` takes that back. A login of a user who already has an account here
   * replaces that account's session instead. Without it, a login replaces the active account's
   * session (its key deleted), as it always has.
   */
  useAnotherAccount(on = true): void {
    this.#another = on;
  }

  /** Every saved account, the active one marked, soonest to expire last. Expired ones are listed too. */
  async getAllSessions(): Promise<Record<string, AccountSession>> {
    const active = this.getActiveSessionKey();
    const all: Record<string, AccountSession> = {};
    const saved = Object.entries(await this.#slots.list()).sort(([, a], [, b]) => b.claims.exp - a.claims.exp);
    for (const [key, session] of saved) all[key] = summaryOf(key, session, key === active);
    return all;
  }

  /** The session options of the account under `sessionKey`: its slot and its channel. */
  async sessionOptions(sessionKey: string, keyStore?: KeyStore): Promise<SigningSessionOptions> {
    const base = await this.#host.options(keyStore ?? (await this.#host.keys()));
    const channel = this.#channel(sessionKey);
    return { ...base, sessionStore: this.#slots.slot(sessionKey), ...(channel ? { channel } : {}) };
  }

  #channel(sessionKey: string): SessionChannel | undefined {
    const o = this.#kit.options;
    if (sessionKey === DEFAULT_SESSION_KEY) return o.sessionChannel;
    let channel = this.#channels.get(sessionKey);
    const make = (): SessionChannel => o.sessionChannels?.(sessionKey) ?? (o.sessionChannel ? noSessionChannel : createSessionChannel({ name: `latchkey-session:${sessionKey}` }));
    if (!channel) this.#channels.set(sessionKey, (channel = make()));
    return channel;
  }

  async #restoreKey(sessionKey: string): Promise<SigningSession> {
    const options = await this.sessionOptions(sessionKey);
    try {
      return await SigningSession.restore(options);
    } catch (error) {
      // A damaged saved session would fail every reload: forget it.
      if (isLatchError(error, 'ERR_JWT_CLAIMS')) await options.sessionStore!.clear().catch(() => undefined);
      throw error;
    }
  }

  /**
   * On page load: the active account's session, else (it expired or lost its key, and is cleaned
   * up) the first other saved account that can be used, which becomes active. Rejects as SigningSession.restore.
   */
  async restore(): Promise<[session: SigningSession, sessionKey: string]> {
    // Nobody saved (a first visit, everyone logged out): said from the slots' names alone, before
    // the key store's chunk and database open. The drop-in's methods wait for this answer.
    const saved = await this.#slots.keys().catch(() => undefined);
    if (saved?.length === 0) throw new LatchError('ERR_SESSION_MISSING', 'No session is saved.');
    const pointed = (await this.#slots.getActive().catch(() => undefined)) ?? DEFAULT_SESSION_KEY;
    let first: unknown;
    try {
      return [await this.#restoreKey(pointed), (this.#active = pointed)];
    } catch (error) {
      if (!noSession(error)) throw error;
      first = error;
    }
    // Only the other slots are read: the pointed one was, once (SECURITY.md C5: no second read).
    for (const sessionKey of saved ?? (await this.#slots.keys().catch(() => []))) {
      if (sessionKey === pointed) continue;
      try {
        const session = await this.#restoreKey(sessionKey);
        await this.#point(sessionKey);
        return [session, sessionKey];
      } catch (error) {
        if (!noSession(error)) throw error;
      }
    }
    throw first;
  }

  /**
   * A login's session, saved in its account's slot and announced on that account's channel (not
   * yet the kit's: the kit attaches it, then calls `loggedIn`). Rejects as SigningSession.fromJwt.
   */
  async login(result: LoginResult, keyStore: KeyStore): Promise<AccountLogin> {
    const sessionKey = await this.#target(result.sessionJwt);
    const replaced = await this.#slots.slot(sessionKey).load().catch(() => undefined);
    const options = await this.sessionOptions(sessionKey, keyStore);
    try {
      return [await SigningSession.fromJwt(result.sessionJwt, { ...options, key: result.key }), sessionKey, replaced];
    } catch (error) {
      throw isLatchError(error, 'ERR_JWT_SIGNATURE') ? untrustedNotarizer(this.#kit.options, error) : error;
    }
  }

  /**
   * Where a login's session goes: the account of the same user if there is one, else a new
   * account (after `useAnotherAccount()`), else the active account's slot.
   */
  async #target(sessionJwt: string): Promise<string> {
    if (!this.#another) return this.#active;
    const claims = parseSessionJwt(sessionJwt);
    const saved = await this.#slots.list().catch(() => ({}) as Record<string, PersistedSession>);
    const same = Object.entries(saved).find(([, s]) => s.claims.user_id === claims.user_id && s.claims.organization_id === claims.organization_id);
    return same ? same[0] : `${ACCOUNT_KEY_PREFIX}${crypto.randomUUID()}`;
  }

  /** After the kit attached a login's session: its account is the active one. */
  async loggedIn([session, sessionKey, replaced]: AccountLogin): Promise<void> {
    this.#another = false;
    // The older session that slot held (another tab's, or the same user's set-aside account): its
    // key can never sign again. The kit already deleted the one it held itself.
    if (replaced && replaced.claims.public_key !== session.publicKey) await (await this.#host.keys()).delete(replaced.claims.public_key).catch(() => undefined);
    await this.#point(sessionKey);
  }

  async #point(sessionKey: string | undefined): Promise<void> {
    this.#active = sessionKey ?? DEFAULT_SESSION_KEY;
    // Best effort, as saving a session is: a tab that cannot write it still works.
    await this.#slots.setActive(sessionKey).catch(() => undefined);
    try {
      this.#accounts.post({ type: 'active', sender: this.#id, ...(sessionKey === undefined ? {} : { sessionKey }) });
    } catch {
      // A closed channel only means the other tabs follow on their next load.
    }
  }

  /**
   * Makes the account under `sessionKey` the kit's session: that session stamps from now on, the
   * previous one stays saved with its key. The other tabs follow. Rejects with ERR_SESSION_MISSING
   * when there is no such account, ERR_SESSION_EXPIRED / ERR_SESSION_KEY_MISSING when it cannot be
   * used (it is then forgotten); the active account stays as it was.
   */
  async setActiveSession(sessionKey: string): Promise<SigningSession> {
    const session = await this.#switch(sessionKey);
    await this.#point(sessionKey);
    return session;
  }

  async #switch(sessionKey: string): Promise<SigningSession> {
    if (!isSessionKey(sessionKey)) throw new LatchError('ERR_SESSION_MISSING', 'There is no such account.');
    const current = this.#kit.session;
    if (current?.active && sessionKey === this.#active) return current;
    const session = await this.#restoreKey(sessionKey);
    this.#active = sessionKey;
    await this.#host.attach(session, sessionKey);
    this.#kit.dispatchEvent(new CustomEvent<SessionSwitchDetail>('session-switch', { detail: { session, sessionKey } }));
    return session;
  }

  /** Another tab moved the pointer: follow it (a slot this tab cannot use leaves it where it is). */
  async #hear(message: AccountsMessage): Promise<void> {
    if (message.sender === this.#id || message.sessionKey === undefined) return;
    await this.#switch(message.sessionKey);
  }

  /**
   * After the active account logged out: the saved account that lives longest becomes active, or,
   * with none left, nobody is (the hosted kit leaves nobody active in either case; see README).
   */
  async afterLogout(): Promise<void> {
    for (const sessionKey of Object.keys(await this.getAllSessions().catch(() => ({})))) {
      try {
        await this.setActiveSession(sessionKey);
        return;
      } catch (error) {
        if (!noSession(error)) throw error;
      }
    }
    await this.#point(undefined);
  }

  /**
   * Logs out the account under `sessionKey` (the active one: as `LatchKit.logout`), on the service
   * and here: only its key and its saved session are deleted, the other tabs holding it end it.
   * `{remote: 'none'}` when there is no such account.
   */
  async logout(sessionKey: string, options?: LogoutOptions): Promise<LogoutResult> {
    if (sessionKey === this.getActiveSessionKey()) {
      const result = await this.#host.end(options);
      await this.afterLogout();
      return result;
    }
    let session: SigningSession;
    try {
      session = await this.#restoreKey(sessionKey);
    } catch (error) {
      if (noSession(error)) return { remote: 'none' };
      throw error;
    }
    try {
      return await session.logout(options);
    } finally {
      session.dispose();
    }
  }

  /** Logs out every account (each as `logout` does); nobody is active afterwards. By session key. */
  async logoutAll(options?: LogoutOptions): Promise<Record<string, LogoutResult>> {
    const results: Record<string, LogoutResult> = {};
    const active = this.getActiveSessionKey();
    for (const sessionKey of Object.keys(await this.getAllSessions())) {
      if (sessionKey !== active) results[sessionKey] = await this.logout(sessionKey, options);
    }
    if (active) results[active] = await this.#host.end(options);
    await this.#point(undefined);
    return results;
  }

  /**
   * The account's name and email (`get_user`, stamped by that account's own session; nothing is
   * kept). Rejects as `setActiveSession` does when the account cannot be used.
   */
  async profile(sessionKey: string): Promise<AccountProfile> {
    const current = this.#kit.session;
    const own = current?.active && sessionKey === this.#active ? current : undefined;
    const session = own ?? (await this.#restoreKey(sessionKey));
    try {
      const claims = session.claims!;
      const { user } = await session.query('get_user', { organizationId: claims.organization_id, userId: claims.user_id });
      return { name: user.userName, ...(user.userEmail ? { email: user.userEmail } : {}) };
    } finally {
      if (!own) session.dispose();
    }
  }
}
