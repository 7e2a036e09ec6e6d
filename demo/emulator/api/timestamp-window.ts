/**
 * Liveness of a signed body (`timestampMs`). The service does not publish its window; the
 * emulator accepts bodies made up to 5 minutes ago (clock skew plus slow networks; also
 * bounds how long a captured body can be replayed) and up to 1 minute ahead of its clock.
 * Anything else, and anything that is not a decimal string of milliseconds, is refused.
 */
import { serviceError, Grpc } from '../http/service-error.ts';
import type { TimestampWindow } from '../context.ts';

export const DEFAULT_TIMESTAMP_WINDOW: TimestampWindow = { pastMs: 5 * 60_000, futureMs: 60_000 };

const invalidTime = (message: string) => serviceError(Grpc.INVALID_ARGUMENT, 'INVALID_TIME', message);

export function checkTimestamp(value: unknown, now: number, window: TimestampWindow): string {
  // protobuf-JSON int64: a string; a plain integer number is accepted like the service's parser does.
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  // Canonical digits only: no sign, space, exponent, fraction, hex or leading zero ("0" + a
  // valid time would otherwise name the same moment in another spelling). Magnitude is not
  // guessed: a time in seconds is a time in 1970 and refused as stale like any other.
  if (typeof text !== 'string' || !/^[1-9]\d{0,15}$/.test(text)) {
    throw invalidTime('timestampMs must be the time in milliseconds since epoch, as a decimal string.');
  }
  const ms = Number(text);
  if (ms < now - window.pastMs) throw invalidTime('timestampMs is too old: the request is stale.');
  if (ms > now + window.futureMs) throw invalidTime('timestampMs is in the future.');
  return text;
}
