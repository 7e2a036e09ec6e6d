/**
 * Who a wallet (the EIP-1193 provider, the Solana Wallet Standard wallet) signs for, now: the
 * logged-in user and their accounts, or nobody. Bound to a kit, it follows the kit's session for
 * the life of the page (logins, logouts, expiry, another user, the account switch, a restore after
 * a reload); bound to one session, it ends with that session and stays ended.
 *
 * What it guarantees the wallets: a request is for the user who was logged in when it came
 * (`ready()`), its approval is abandoned the moment another user (or nobody) is (`waiting()`), and
 * it is handed to the service only through that same user's live session, read at that very
 * moment (`session()`): nothing approved for user A is ever stamped by user B's session.
 */
import { LatchError } from '../errors/latch-error.ts';
import type { WalletKit } from './follow-kit.ts';

/** Whose a session is: organization and user (undefined when it has ended). */
const sessionUser = (session: SignerSession | null): string | undefined => {
  const summary = session?.active ? session.summary : undefined;
  return summary ? `${summary.organizationId}/${summary.userId}` : undefined;
};

/** What the signer reads of a session (a SigningSession is one). */
export interface SignerSession {
  readonly active: boolean;
  readonly summary: { organizationId: string; userId: string } | null;
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

/** The user a wallet speaks for, and their accounts (as the wallet lists them). */
export interface Signer<A> {
  /** organizationId/userId. */
  readonly user: string;
  readonly accounts: readonly A[];
}

export interface WalletSignerOptions<S extends SignerSession, A> {
  /** The kit to follow; or `session`, one session for the signer's whole life. */
  kit?: WalletKit<S> | undefined;
  session?: S | undefined;
  /** The user's accounts, read when a user logs in (an array: set at once, with no wait). */
  accounts(session: S): readonly A[] | Promise<readonly A[]>;
  /** The signer became another user, or nobody (`next` null), or its first user. */
  onChange(next: Signer<A> | null, previous: Signer<A> | null): void;
}

export const nobody = (): LatchError => new LatchError('ERR_SESSION_MISSING', 'Nobody is logged in.');
export const userChanged = (): LatchError => new LatchError('ERR_SESSION_USER_CHANGED', 'Another user logged in while the request waited: it was not signed.');

export class WalletSigner<S extends SignerSession, A> {
  readonly #kit: WalletKit<S> | undefined;
  readonly #fixed: S | undefined;
  readonly #options: WalletSignerOptions<S, A>;
  #stop: () => void;
  /** The user the signer speaks for (accounts listed). */
  #signer: Signer<A> | null = null;
  /** The user it is on or listing for. */
  #target: string | undefined;
  #listing: Promise<void> | undefined;
  #generation = 0;
  /** Approvals under way: each aborts when the user changes. */
  readonly #waiting = new Set<AbortController>();
  #ended = false;
  /** Session-bound: the user of the session it was made for. */
  #bound: string | undefined;

  constructor(options: WalletSignerOptions<S, A>) {
    this.#options = options;
    this.#kit = options.kit;
    this.#fixed = options.kit ? undefined : options.session;
    const kit = this.#kit;
    if (kit) {
      // The kit's events load as a chunk of their own (the session-bound form never needs them).
      // Until then nothing is missed: they only say when to look, and a request looks anyway.
      this.#stop = () => undefined;
      void import('./follow-kit.ts').then(({ followKit }) => {
        if (this.#ended) return;
        this.#stop = followKit(kit, () => this.#sync());
        this.#sync();
      });
      this.#sync();
      return;
    }
    const session = this.#fixed!;
    const user = sessionUser(session);
    const listen = () => this.#sync();
    const expired = () => {
      this.#ended = true;
      this.#sync();
    };
    session.addEventListener('change', listen);
    session.addEventListener('expired', expired);
    this.#stop = () => {
      session.removeEventListener('change', listen);
      session.removeEventListener('expired', expired);
    };
    if (!user) {
      this.#ended = true;
      return;
    }
    // Session-bound: the user it was made for, for good (accounts given at once are set at once).
    this.#bound = user;
    this.#sync();
  }

  /** Bound to a kit (else to one session). */
  get followsKit(): boolean {
    return this.#kit !== undefined;
  }

  /** The user spoken for now (accounts listed), or null. Does not wait for a listing under way. */
  get current(): Signer<A> | null {
    return this.#signer;
  }

  /** The live session to sign with, whoever it is for; null when nobody is logged in. */
  #live(): S | null {
    if (this.#ended) return null;
    if (this.#kit) {
      const session = this.#kit.session;
      return session?.active ? session : null;
    }
    const session = this.#fixed!;
    // A session that ended or became another user's (another tab's login) ends the signer for good.
    if (!session.active || sessionUser(session) !== this.#bound) {
      this.#ended = true;
      return null;
    }
    return session;
  }

  /** True when the user spoken for is the one logged in now (false during a switch's listing, or with nobody). */
  get settled(): boolean {
    return this.#signer !== null && this.#signer.user === sessionUser(this.#live());
  }

  /** True when someone is logged in (whether or not their accounts are listed yet). */
  get loggedIn(): boolean {
    return this.#live() !== null;
  }

  /** Brings the signer to the kit's current user: lists their accounts, tells onChange. */
  #sync(): void {
    const session = this.#live();
    const user = sessionUser(session);
    if (user === this.#target) return;
    this.#target = user;
    const generation = ++this.#generation;
    // A sheet open for the previous user closes: the request is refused.
    for (const waiting of [...this.#waiting]) waiting.abort(user ? userChanged() : nobody());
    if (!session || !user) {
      this.#listing = undefined;
      this.#set(null);
      return;
    }
    const listed = this.#options.accounts(session);
    if (Array.isArray(listed)) {
      this.#listing = undefined;
      this.#set({ user, accounts: Object.freeze([...(listed as readonly A[])]) });
      return;
    }
    this.#listing = Promise.resolve(listed)
      .then(
        (accounts) => {
          if (generation !== this.#generation) return;
          this.#listing = undefined;
          this.#set({ user, accounts: Object.freeze([...accounts]) });
        },
        () => {
          if (generation !== this.#generation) return;
          // Listed again by the next request or change.
          this.#listing = undefined;
          this.#target = undefined;
          this.#set(null);
        },
      );
  }

  #set(next: Signer<A> | null): void {
    const previous = this.#signer;
    if (previous === next) return;
    this.#signer = next;
    this.#options.onChange(next, previous);
  }

  /**
   * The logged-in user and their accounts, once listed (a request that comes during a login or a
   * switch waits for the listing). Rejects ERR_SESSION_MISSING when nobody is logged in.
   */
  async ready(): Promise<Signer<A>> {
    // Twice at most: a change that lands while one listing is read starts another.
    for (let attempt = 0; attempt < 3; attempt++) {
      this.#sync(); // a change the kit's events have not brought yet
      if (this.#listing) await this.#listing;
      const signer = this.#signer;
      const user = sessionUser(this.#live());
      if (!user) throw nobody();
      if (signer?.user === user) return signer;
    }
    throw nobody();
  }

  /**
   * `signer`'s user's live session, read now: hand the request to the service with it in the same
   * turn. ERR_SESSION_MISSING when nobody is logged in, ERR_SESSION_USER_CHANGED when another user is.
   */
  session(signer: Signer<A>): S {
    const session = this.#live();
    const user = sessionUser(session);
    if (!session || !user) {
      this.#sync();
      throw nobody();
    }
    if (user !== signer.user) {
      this.#sync();
      throw userChanged();
    }
    return session;
  }

  /**
   * Runs `ask` (the person's approval) for `signer`'s user; rejects ERR_SESSION_USER_CHANGED as
   * soon as the user changes, `signal` aborting so that what `ask` shows can close.
   */
  async waiting<T>(signer: Signer<A>, ask: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (this.#signer !== signer) throw userChanged();
    const controller = new AbortController();
    this.#waiting.add(controller);
    const aborted = new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true }));
    try {
      return await Promise.race([ask(controller.signal), aborted]);
    } finally {
      this.#waiting.delete(controller);
    }
  }

  /** Stops following; speaks for nobody from then on. */
  dispose(): void {
    this.#stop();
    this.#ended = true;
    this.#generation++;
    this.#target = undefined;
    this.#listing = undefined;
    for (const waiting of [...this.#waiting]) waiting.abort(nobody());
    this.#set(null);
  }
}
