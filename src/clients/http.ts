/**
 * The one way the core talks HTTP: POST a JSON body, get a JSON object back, and turn every
 * failure into a LatchError with a stable code. The body is serialized exactly once and that
 * string is what goes on the wire, so a stamp made over it (`sign`) covers the bytes sent.
 */
import { LatchError, type LatchErrorCode } from '../errors/latch-error.ts';

export type JsonObject = Record<string, unknown>;

export interface PostJsonOptions {
  /** Injectable for tests and non-browser hosts; read at call time, never at import. */
  fetch?: typeof fetch;
  headers?: Record<string, string>;
  /** Whole-request budget (connect, headers and body). Default 30 s. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Receives the exact body string and returns headers to add (an `X-Stamp`, say). */
  sign?: (body: string) => Promise<Record<string, string>>;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

const GRPC_CODES: Record<number, LatchErrorCode> = {
  3: 'ERR_SERVICE_INVALID_REQUEST',
  16: 'ERR_SERVICE_UNAUTHENTICATED',
  7: 'ERR_SERVICE_FORBIDDEN',
  5: 'ERR_SERVICE_NOT_FOUND',
  8: 'ERR_SERVICE_RATE_LIMITED',
  13: 'ERR_SERVICE_INTERNAL',
};

// Used only when the error body carries no gRPC code (a gateway page, an empty body).
const HTTP_TO_GRPC: Record<number, number> = { 400: 3, 401: 16, 403: 7, 404: 5, 429: 8, 500: 13 };

// Real clients recognise these service messages; they are more precise than the gRPC code.
const MESSAGE_CODES: [string, LatchErrorCode][] = [
  ['Invalid OTP code', 'ERR_OTP_INVALID'],
  ['Max number of OTPs have been initiated', 'ERR_OTP_LIMIT'],
  ['OAUTH disallowed', 'ERR_OAUTH_DISALLOWED'],
];

/** A non-empty string, or ERR_INPUT_INVALID naming the field. */
export function requireString(value: unknown, field: string): string {
  if (typeof value !== 'string' || !value) throw new LatchError('ERR_INPUT_INVALID', `"${field}" must be a non-empty string.`);
  return value;
}

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const malformed = (cause?: unknown): LatchError =>
  new LatchError('ERR_RESPONSE_MALFORMED', 'The service answered with an unexpected response.', { cause });

/** A required non-empty string field of an answer; ERR_RESPONSE_MALFORMED without it. */
export function answerString(answer: JsonObject, field: string): string {
  const value = answer[field];
  if (typeof value !== 'string' || !value) throw malformed();
  return value;
}

/** Builds the LatchError for a non-2xx answer whose body is `body` (parsed JSON, or anything). */
export function serviceError(status: number, body: unknown): LatchError {
  const b = isObject(body) ? body : {};
  const grpc = typeof b.code === 'number' ? b.code : undefined;
  const text = typeof b.message === 'string' && b.message ? b.message : 'The service refused the request.';
  const detail = Array.isArray(b.details)
    ? b.details.find((d): d is JsonObject => isObject(d) && typeof d.turnkeyErrorCode === 'string')
    : undefined;
  const code =
    (detail?.turnkeyErrorCode === 'STEP_UP_REQUIRED' ? 'ERR_STEP_UP_REQUIRED' : undefined) ??
    MESSAGE_CODES.find(([needle]) => text.includes(needle))?.[1] ??
    GRPC_CODES[grpc ?? HTTP_TO_GRPC[status] ?? -1] ??
    'ERR_SERVICE_UNKNOWN';
  return new LatchError(code, text, {
    status,
    serviceCode: grpc,
    serviceErrorCode: detail?.turnkeyErrorCode as string | undefined,
  });
}

const abortedError = (signal?: AbortSignal): LatchError =>
  new LatchError('ERR_NETWORK_ABORTED', 'The request was cancelled.', { cause: signal?.reason });

/** Waits `ms`; an abort ends the wait at once with ERR_NETWORK_ABORTED. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const stop = (): void => {
      clearTimeout(timer);
      reject(abortedError(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    if (signal?.aborted) stop();
    else signal?.addEventListener('abort', stop);
  });
}

export async function postJson(url: string, body: unknown, options: PostJsonOptions = {}): Promise<JsonObject> {
  const { signal } = options;
  const aborted = () => abortedError(signal);
  if (signal?.aborted) throw aborted();
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const extra = options.sign ? await options.sign(text) : {};
  if (signal?.aborted) throw aborted();

  // One controller for both reasons to stop, so we can tell which one fired.
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort);
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);

  const doFetch = options.fetch ?? globalThis.fetch; // called unbound: `this` must not be a client
  let response: Response;
  let answer: string;
  try {
    response = await doFetch(url, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...options.headers, ...extra },
      body: text,
      signal: controller.signal,
    });
    answer = await response.text();
  } catch (cause) {
    if (timedOut) throw new LatchError('ERR_NETWORK_TIMEOUT', 'The service did not answer in time.', { cause });
    if (signal?.aborted) throw aborted();
    throw new LatchError('ERR_NETWORK_FAILED', 'The service could not be reached.', { cause });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }

  let parsed: unknown;
  try {
    parsed = JSON.parse(answer);
  } catch (cause) {
    if (!response.ok) throw serviceError(response.status, undefined);
    throw malformed(cause);
  }
  if (!response.ok) throw serviceError(response.status, parsed);
  if (!isObject(parsed)) throw malformed();
  return parsed;
}
