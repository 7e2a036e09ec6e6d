import { IndexedDbSessionStore, type IndexedDbSessionStoreOptions } from './indexed-db-session-store.ts';
import { MemorySessionStore, type SessionStore } from './session-store.ts';

let memory: MemorySessionStore | undefined;

/**
 * The default session slot: IndexedDB where it exists (browsers), otherwise one in-memory slot
 * for the whole process (Node; pass your own store to keep kits apart), so
 * `SigningSession.restore` finds what this process saved. IndexedDB failures surface on use
 * as ERR_STORE_* codes.
 */
export function createSessionStore(options: IndexedDbSessionStoreOptions = {}): SessionStore {
  let factory: unknown;
  try {
    factory = 'indexedDB' in options ? options.indexedDB : globalThis.indexedDB;
  } catch {
    factory = undefined; // sandboxed frame
  }
  if (factory) return new IndexedDbSessionStore(options);
  return (memory ??= new MemorySessionStore());
}
