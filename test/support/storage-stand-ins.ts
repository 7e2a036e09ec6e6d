// Storage-like stand-ins for code that takes one (the kept config, the saved-session hint): a map
// that records what is kept, and one that refuses as a blocked or full localStorage does.

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A Storage over a Map: `entries` is what it holds. */
export function mapStorage(): StorageLike & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, String(value)),
    removeItem: (key) => void entries.delete(key),
  };
}

/**
 * Makes `storage` the global `localStorage` (Node has none, or one of its own) and returns what
 * puts back the one there was.
 */
export function asLocalStorage(storage: StorageLike): () => void {
  const had = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true, writable: true });
  return () => (had ? Object.defineProperty(globalThis, 'localStorage', had) : delete (globalThis as { localStorage?: unknown }).localStorage);
}

/** A Storage that throws as a sandboxed frame's (reads, removals) or a full one's (writes) does. */
export const throwingStorage: StorageLike = {
  getItem: () => {
    throw new DOMException('blocked', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('full', 'QuotaExceededError');
  },
  removeItem: () => {
    throw new DOMException('blocked', 'SecurityError');
  },
};
