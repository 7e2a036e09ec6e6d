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
}
