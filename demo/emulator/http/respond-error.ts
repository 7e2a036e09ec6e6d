import { errorResponse, isServiceError } from './service-error.ts';
import { jsonResponse } from './exchange.ts';
import type { EmuResponse } from './exchange.ts';

export type Logger = (line: string) => void;

/**
 * Turns a thrown value into the service's error answer. Unexpected errors (bugs) are logged
 * with their stack and answered as INTERNAL without details, so nothing internal leaks.
 */
export function respondError(error: unknown, log: Logger, headers: Record<string, string> = {}): EmuResponse {
  if (!isServiceError(error)) log(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  const { status, body } = errorResponse(error);
  return jsonResponse(status, body, headers);
}
