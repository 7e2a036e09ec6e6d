/**
 * Status queries that UIs poll: an on-ramp purchase (get_onramp_transaction_status) and a send
 * (get_send_transaction_status), and `pollStatus`, the bounded, backing-off loop around them.
 * Plain functions over a session's `query`, so a page that never shows a status never loads them.
 */
import type { SendTransactionStatus } from '../clients/activity-types.ts';
import { LatchError, isLatchError } from '../errors/latch-error.ts';
import type { SigningSession } from './signing-session.ts';
import { sleep } from '../clients/http.ts';

type Querier = Pick<SigningSession, 'query'>;

/** On-ramp statuses (the emulator's; the seed does not publish the hosted values). */
export const OnRampStatus = { PENDING: 'PENDING', COMPLETED: 'COMPLETED', FAILED: 'FAILED' } as const;
export type OnRampStatus = (typeof OnRampStatus)[keyof typeof OnRampStatus];

/**
 * Send statuses after which nothing changes. The seed shows no txStatus values: INCLUDED and
 * FAILED are the emulator's (and the hosted service's public SDK's); any status that carries an
 * error is final too (see `isFinalSendStatus`).
 */
export const FINAL_SEND_STATUSES: readonly string[] = ['INCLUDED', 'CONFIRMED', 'COMPLETED', 'FAILED'];

export function isFinalOnRampStatus(status: string): boolean {
  return status === OnRampStatus.COMPLETED || status === OnRampStatus.FAILED;
}

export function isFinalSendStatus(status: SendTransactionStatus): boolean {
  return FINAL_SEND_STATUSES.includes(status.txStatus) || Boolean(status.txError) || status.error !== undefined;
}

/** The purchase's status now: PENDING, COMPLETED or FAILED (the emulator's values). */
export async function onRampStatus(session: Querier, transactionId: string, options: { signal?: AbortSignal } = {}): Promise<string> {
  const answer = await session.query('get_onramp_transaction_status', { transactionId }, options);
  if (typeof answer.transactionStatus !== 'string') throw new LatchError('ERR_RESPONSE_MALFORMED', 'The on-ramp status is missing.');
  return answer.transactionStatus;
}

/** The send's status now: `txStatus`, the hash or signature, and the error, if any. */
export async function sendTransactionStatus(session: Querier, sendTransactionStatusId: string, options: { signal?: AbortSignal } = {}): Promise<SendTransactionStatus> {
  const answer = await session.query('get_send_transaction_status', { sendTransactionStatusId }, options);
  if (typeof answer.txStatus !== 'string') throw new LatchError('ERR_RESPONSE_MALFORMED', 'The send status is missing.');
  return answer;
}

export interface PollOptions<T> {
  /** Called with every value read, final or not. */
  onValue?: (value: T) => void;
  signal?: AbortSignal;
  /** Reads at most this many times (default 30). */
  maxAttempts?: number;
  /** Wait before the second read, in ms (default 1000); each later wait is `factor` times longer. */
  initialDelayMs?: number;
  /** Default 1.5. */
  factor?: number;
  /** The longest wait between reads, in ms (default 15 000). */
  maxDelayMs?: number;
  /** How to wait; injectable so tests do not wait. Must reject when `signal` aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface PollOutcome<T> {
  /** The last value read. */
  value: T;
  /** False when the attempts ran out before a final value. */
  final: boolean;
  attempts: number;
}

const aborted = (cause?: unknown): LatchError => new LatchError('ERR_NETWORK_ABORTED', 'Polling was stopped.', { cause });

// Network hiccups are worth another read; anything else (refused, not found, logged out) is not.
const TRANSIENT = ['ERR_NETWORK_FAILED', 'ERR_NETWORK_TIMEOUT', 'ERR_SERVICE_RATE_LIMITED', 'ERR_SERVICE_INTERNAL'] as const;

export { sleep };

/**
 * Reads `read()` until `isFinal` says so, the attempts run out, or `signal` aborts (then it
 * rejects with ERR_NETWORK_ABORTED). Waits grow from `initialDelayMs` by `factor` up to
 * `maxDelayMs`. A transient failure (network, rate limit, 5xx) counts as an attempt and is
 * retried; if the last attempt fails so, or any other failure happens, that error is thrown.
 */
export async function pollStatus<T>(read: (signal?: AbortSignal) => Promise<T>, isFinal: (value: T) => boolean, options: PollOptions<T> = {}): Promise<PollOutcome<T>> {
  const { onValue, signal, maxAttempts = 30, initialDelayMs = 1000, factor = 1.5, maxDelayMs = 15_000, sleep: wait = sleep } = options;
  const attemptsAllowed = Math.max(1, Math.floor(maxAttempts));
  let delay = Math.max(0, initialDelayMs);
  let last: { value: T } | undefined;
  for (let attempt = 1; ; attempt++) {
    if (signal?.aborted) throw aborted(signal.reason);
    try {
      const value = await read(signal);
      last = { value };
      onValue?.(value);
      if (isFinal(value)) return { value, final: true, attempts: attempt };
    } catch (error) {
      if (signal?.aborted) throw aborted(error);
      const transient = isLatchError(error) && (TRANSIENT as readonly string[]).includes(error.code);
      if (!transient || attempt >= attemptsAllowed) throw error;
    }
    if (attempt >= attemptsAllowed) return { value: last!.value, final: false, attempts: attempt };
    await wait(delay, signal);
    delay = Math.min(maxDelayMs, delay * factor);
  }
}
