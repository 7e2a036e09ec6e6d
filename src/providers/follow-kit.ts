/**
 * What the kit-bound wallets (the EIP-1193 provider, the Solana Wallet Standard wallet) read of a
 * LatchKit: its current session, and a word whenever it may have become another session, another
 * user's, or none. The wallets then read `kit.session` themselves: the word carries nothing, so a
 * late or repeated one can never hand them a session the kit no longer holds.
 *
 * The kit has no single "session changed" event: a login, a logout, an account switch and an
 * expiry each have their own, a restore after a reload has none, and another tab's login reaches
 * the session object only (its `change`). `$session` moves with all of them (the kit's
 * trackSession), but before the kit swaps its session in; so every word is checked one microtask
 * later, when `kit.session` is the new one (as KitSessionController does for the elements).
 */
import { $session } from '../state/session-state.ts';

/** The events a session object fires that may change whose it is, or end it. */
interface SessionEvents {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

/**
 * What a wallet needs of the kit (a LatchKit is one): its current session (null when nobody is
 * logged in) and its events. `S`: what the wallet uses of a session.
 */
export interface WalletKit<S> {
  readonly session: S | null;
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

/** The kit's events after which its session may be another one, or none. */
const KIT_EVENTS = ['login', 'logout', 'session-switch'] as const;
/** A session's own: another key or user (another tab's login), a logout, an expiry. */
const SESSION_EVENTS = ['change', 'expired'] as const;

/**
 * Calls `onChange` (in a microtask, once per burst) whenever the kit's session may have changed,
 * until the returned function is called. It does not call it for the session there now.
 */
export function followKit<S extends SessionEvents>(kit: WalletKit<S>, onChange: () => void): () => void {
  let watched: S | null = null;
  let queued = false;
  let stopped = false;
  const watch = (session: S | null): void => {
    if (session === watched) return;
    for (const type of SESSION_EVENTS) watched?.removeEventListener(type, soon);
    watched = session;
    for (const type of SESSION_EVENTS) session?.addEventListener(type, soon);
  };
  const check = (): void => {
    queued = false;
    if (stopped) return;
    watch(kit.session);
    onChange();
  };
  function soon(): void {
    if (queued || stopped) return;
    queued = true;
    queueMicrotask(check);
  }
  for (const type of KIT_EVENTS) kit.addEventListener(type, soon);
  const unlisten = $session.listen(soon);
  watch(kit.session);
  return () => {
    stopped = true;
    unlisten();
    for (const type of KIT_EVENTS) kit.removeEventListener(type, soon);
    watch(null);
  };
}
