/**
 * The service's error answers (docs/protocol.md §1): `{code, message, details: [{"@type",
 * turnkeyErrorCode}]}` with the HTTP status derived from the gRPC code. Emulator code throws
 * these as `LatchError`s (the project's one error type) carrying the gRPC code and the
 * service's error code; the HTTP layer turns them into bodies.
 */
import { LatchError } from '../../../src/errors/latch-error.ts';
import type { LatchErrorCode } from '../../../src/errors/latch-error.ts';

/** The gRPC codes the service answers with. */
export const Grpc = {
  INVALID_ARGUMENT: 3,
  NOT_FOUND: 5,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
  UNAUTHENTICATED: 16,
} as const;
export type Grpc = (typeof Grpc)[keyof typeof Grpc];

const HTTP_STATUS: Record<Grpc, number> = { 3: 400, 5: 404, 7: 403, 8: 429, 12: 501, 13: 500, 16: 401 };

const LATCH_CODE: Record<Grpc, LatchErrorCode> = {
  3: 'ERR_SERVICE_INVALID_REQUEST',
  5: 'ERR_SERVICE_NOT_FOUND',
  7: 'ERR_SERVICE_FORBIDDEN',
  8: 'ERR_SERVICE_RATE_LIMITED',
  12: 'ERR_SERVICE_UNKNOWN',
  13: 'ERR_SERVICE_INTERNAL',
  16: 'ERR_SERVICE_UNAUTHENTICATED',
};

export const ERROR_DETAIL_TYPE = 'type.googleapis.com/errors.v1.TurnkeyErrorDetail';

export interface ServiceErrorBody {
  code: number;
  message: string;
  details: { '@type': string; turnkeyErrorCode: string }[];
}

/**
 * A service answer as a LatchError. `httpStatus` overrides the gRPC mapping only where HTTP
 * itself has the better word (413 for an oversized body, 405 for a wrong method).
 */
export function serviceError(
  grpc: Grpc,
  turnkeyErrorCode: string,
  message: string,
  options: { cause?: unknown; httpStatus?: number } = {},
): LatchError {
  return new LatchError(LATCH_CODE[grpc], message, {
    cause: options.cause,
    status: options.httpStatus ?? HTTP_STATUS[grpc],
    serviceCode: grpc,
    serviceErrorCode: turnkeyErrorCode,
  });
}

export const invalidRequest = (message: string, cause?: unknown): LatchError =>
  serviceError(Grpc.INVALID_ARGUMENT, 'REQUEST_INVALID', message, { cause });

export const notFound = (turnkeyErrorCode: string, message: string): LatchError =>
  serviceError(Grpc.NOT_FOUND, turnkeyErrorCode, message);

export const forbidden = (message: string): LatchError => serviceError(Grpc.PERMISSION_DENIED, 'FORBIDDEN', message);

export const unauthenticated = (turnkeyErrorCode: string, message: string, cause?: unknown): LatchError =>
  serviceError(Grpc.UNAUTHENTICATED, turnkeyErrorCode, message, { cause });

/** True when `error` is a service answer (it carries a gRPC code), as opposed to a bug. */
export function isServiceError(error: unknown): error is LatchError & { serviceCode: number; status: number } {
  return error instanceof LatchError && typeof error.serviceCode === 'number' && typeof error.status === 'number';
}

/** The status and body to send for any thrown value; anything unexpected is an INTERNAL 500. */
export function errorResponse(error: unknown): { status: number; body: ServiceErrorBody } {
  if (isServiceError(error)) {
    return {
      status: error.status,
      body: {
        code: error.serviceCode,
        message: error.message,
        details: [{ '@type': ERROR_DETAIL_TYPE, turnkeyErrorCode: error.serviceErrorCode ?? 'INTERNAL' }],
      },
    };
  }
  return {
    status: 500,
    body: { code: Grpc.INTERNAL, message: 'Internal error', details: [{ '@type': ERROR_DETAIL_TYPE, turnkeyErrorCode: 'INTERNAL' }] },
  };
}
