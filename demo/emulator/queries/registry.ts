/** Every query the emulator answers: path segment → handler module. */
import type { QueryHandler } from '../api/handler-types.ts';

export function queryRegistry(): Map<string, QueryHandler> {
  return new Map<string, QueryHandler>([]);
}
