/** Every submit operation the emulator runs: path segment → handler module. */
import type { ActivityHandler } from '../api/handler-types.ts';

export function activityRegistry(): Map<string, ActivityHandler> {
  return new Map<string, ActivityHandler>([]);
}
