import type { SessionClaims } from '../tokens/session-jwt.ts';

/**
 * What a session leaves behind for the next page load. Never secret: a session JWT cannot sign
 * anything (only the non-extractable key in the key store can), and the claims are what the
 * JWT says. `claims` alone (no `jwt`) is a session made from a credential bundle.
 */
export interface PersistedSession {
  jwt?: string;
  claims: SessionClaims;
}

/** One slot per origin (and name): the current session, shared by the tabs. */
export interface SessionStore {
  load(): Promise<PersistedSession | undefined>;
  save(session: PersistedSession): Promise<void>;
  clear(): Promise<void>;
  /**
   * Empties the slot only while it holds the session of key `publicKey` (or nothing), in one step
   * that no other tab's save can fall into. True when the slot is now empty, false when it holds
   * another session (another tab's newer one). Optional for custom stores: without it the session
   * loads, compares and clears, which leaves a small window between the two.
   */
  clearIfHolds?(publicKey: string): Promise<boolean>;
}

/** The session slot in memory: Node, tests, and pages without IndexedDB. */
export class MemorySessionStore implements SessionStore {
  #session: PersistedSession | undefined;

  async load(): Promise<PersistedSession | undefined> {
    return this.#session && { ...this.#session, claims: { ...this.#session.claims } };
  }

  async save(session: PersistedSession): Promise<void> {
    this.#session = { ...session, claims: { ...session.claims } };
  }

  async clear(): Promise<void> {
    this.#session = undefined;
  }

  async clearIfHolds(publicKey: string): Promise<boolean> {
    if (this.#session && this.#session.claims.public_key !== publicKey) return false;
    this.#session = undefined;
    return true;
  }
}
