// Records the latch-* events a page saw (type, code of an error, a few login fields), for the
// tests to read with page.evaluate. Only what is safe to log: no keys, no tokens.
export interface LoggedEvent {
  type: string;
  /** Which listener saw it: 'dom' (addEventListener), 'react', 'vue'… */
  via: string;
  code?: string;
  created?: boolean;
  organizationId?: string;
  userId?: string;
  /** The event's detail as JSON (these events carry no secrets: no keys, no phrases, no tokens). */
  detail?: unknown;
}

declare global {
  interface Window {
    __events: LoggedEvent[];
  }
}

window.__events = [];

export function logEvent(event: Event, via: string): void {
  const detail = (event as CustomEvent<Record<string, unknown> | null>).detail ?? {};
  const session = detail['session'] as { organizationId?: string; userId?: string } | undefined;
  const error = detail['error'] as { code?: string } | undefined;
  window.__events.push({
    type: event.type,
    via,
    ...(error?.code ? { code: error.code } : {}),
    ...(typeof detail['created'] === 'boolean' ? { created: detail['created'] as boolean } : {}),
    ...(session?.organizationId ? { organizationId: session.organizationId } : {}),
    ...(session?.userId ? { userId: session.userId } : {}),
    detail: error ? { code: error.code } : JSON.parse(JSON.stringify(detail)),
  });
}

export const LATCH_EVENTS = [
  'latch-login',
  'latch-logout',
  'latch-error',
  'latch-session-expiring',
  'latch-cancel',
  'latch-copy',
  'latch-sign',
  'latch-export',
  'latch-export-key',
  'latch-add-account',
  'latch-import',
  'latch-import-wallet',
  'latch-onramp-start',
  'latch-onramp-status',
  'latch-tx-status',
  'latch-approval',
] as const;

/** Logs every latch-* event that reaches `target` (they bubble and are composed). */
export function logLatchEvents(target: EventTarget, via = 'dom'): void {
  for (const type of LATCH_EVENTS) target.addEventListener(type, (event) => logEvent(event, via));
}
