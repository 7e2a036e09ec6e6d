import type { LatchError } from '../errors/latch-error.ts';
import type { LoginResult } from '../flows/login-result.ts';
import type { LogoutResult, SigningSession } from '../session/signing-session.ts';
import type { SessionSwitchDetail } from './kit-accounts.ts';

/** What every successful login gives: the live session, whether it created the account, and the sign-up answer. */
export interface LoginOutcome {
  session: SigningSession;
  /** True when this login created the account (a sign-up). */
  created: boolean;
  /** New wallet addresses and App Proofs, when `created`. */
  signup?: LoginResult['signup'];
}

/**
 * Why a session ended: `user` (logout() was called), `expired` (it ran out without a refresh),
 * `remote` (another tab logged out).
 */
export type LogoutReason = 'user' | 'expired' | 'remote';

/**
 * `reason`, and for a logout this tab ran (`user`, `expired`) what its service part did: `remote`
 * (`deleted`, `failed` with `error`, `expired`; see SigningSession.logout). Absent when another
 * tab logged out (reason `remote`): that tab's logout reports it.
 */
export interface LogoutDetail extends Partial<LogoutResult> {
  reason: LogoutReason;
}

export interface SessionExpiringDetail {
  session: SigningSession;
  /** Milliseconds since epoch. */
  expiresAt: number;
}

/** The events a LatchKit dispatches, each a CustomEvent whose `detail` is typed here. */
export interface LatchKitEventMap {
  login: CustomEvent<LoginOutcome>;
  logout: CustomEvent<LogoutDetail>;
  'session-expiring': CustomEvent<SessionExpiringDetail>;
  /** Another account is active now (`accounts().setActiveSession`, or another tab's switch). */
  'session-switch': CustomEvent<SessionSwitchDetail>;
  error: CustomEvent<LatchError>;
}

export type LatchKitEventType = keyof LatchKitEventMap;
