import { createSessionStore } from './create-session-store.ts';
import { IndexedDbSessionStore } from './indexed-db-session-store.ts';
import { IndexedDbSessionSlots } from './indexed-db-session-slots.ts';
import type { SessionStore } from './session-store.ts';
import { MemorySessionSlots, type SessionSlots } from './session-slots.ts';

/**
 * The default accounts' slots: IndexedDB where it exists (the default slot is the very record a
 * one-account page uses), else memory. `given` (a kit's own `sessionStore`) becomes the default
 * slot of in-memory slots: the other accounts then last as long as the page.
 */
export function createSessionSlots(given?: SessionStore): SessionSlots {
  const store = given ?? createSessionStore();
  return store instanceof IndexedDbSessionStore && !given ? new IndexedDbSessionSlots() : new MemorySessionSlots(store);
}
