import { LatchError, isLatchError, type LatchErrorCode } from '../errors/latch-error.ts';

/**
 * Whatever a flow threw, as a LatchError: LatchErrors pass through, an AbortError becomes
 * ERR_NETWORK_ABORTED, anything else (a bug, a browser quirk) becomes `fallback` with the
 * original chained as `cause`.
 */
export function toLatchError(error: unknown, fallback: LatchErrorCode = 'ERR_FLOW_STATE'): LatchError {
  if (isLatchError(error)) return error;
  if ((error as { name?: unknown } | null)?.name === 'AbortError') {
    return new LatchError('ERR_NETWORK_ABORTED', 'The request was cancelled.', { cause: error });
  }
  return new LatchError(fallback, 'The login could not be completed.', { cause: error });
}
