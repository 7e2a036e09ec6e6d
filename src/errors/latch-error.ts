/**
 * Every failure the kit reports is a `LatchError` with a stable `code` that callers can
 * `switch` on. Codes follow `ERR_<AREA>_<CAUSE>`; messages are for people and never
 * interpolate another error (the original is kept as `cause`).
 */
import type { LatchErrorCodes } from './latch-error-codes.ts';

export type LatchErrorCode = (typeof LatchErrorCodes)[number];

export interface LatchErrorOptions {
  cause?: unknown;
  /** HTTP status of a service answer. */
  status?: number;
  /** gRPC code of a service answer (`code` in the service's error body). */
  serviceCode?: number;
  /** `turnkeyErrorCode` of the first error detail, when the service gave one. */
  serviceErrorCode?: string;
}

export class LatchError extends Error {
  override readonly name = 'LatchError';
  readonly code: LatchErrorCode;
  readonly status: number | undefined;
  readonly serviceCode: number | undefined;
  readonly serviceErrorCode: string | undefined;

  constructor(code: LatchErrorCode, message: string, options: LatchErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = options.status;
    this.serviceCode = options.serviceCode;
    this.serviceErrorCode = options.serviceErrorCode;
  }
}

export function isLatchError(value: unknown, code?: LatchErrorCode): value is LatchError {
  return value instanceof LatchError && (code === undefined || value.code === code);
}
