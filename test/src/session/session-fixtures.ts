// Test doubles for SigningSession: a local notarizer, a clock the test moves by hand, an
// in-memory "tab" bus, and an ActivityClient stand-in that records what the session asks for.
import { signSessionJwt, type SessionClaims } from '../../../src/tokens/session-jwt.ts';
import { ACTIVITY_OPERATIONS, resultKey, type ActivityOperation } from '../../../src/clients/activity-operations.ts';
import type { SessionClient, SessionClock } from '../../../src/session/signing-session.ts';
import type { SessionMessage } from '../../../src/session/session-channel.ts';
import type { Stamper } from '../../../src/stamp/stamper.ts';
import type { ApiKeyStamper } from '../../../src/stamp/api-key-stamper.ts';
import { toHex, fromHex } from '../../../src/encoding/hex.ts';
import { fromBase64Url } from '../../../src/encoding/base64url.ts';
import { toArrayBuffer, utf8Decode, utf8Encode } from '../../../src/encoding/utf8.ts';
import { derToRaw } from '../../../src/crypto/der.ts';
import { decompressPublicKey } from '../../../src/crypto/p256.ts';

const ECDSA = { name: 'ECDSA', namedCurve: 'P-256' };

export interface Notarizer {
  privateKey: CryptoKey;
  publicKeyHex: string;
}

export async function makeNotarizer(): Promise<Notarizer> {
  const pair = await crypto.subtle.generateKey(ECDSA, false, ['sign', 'verify']);
  return { privateKey: pair.privateKey, publicKeyHex: toHex(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey))) };
}

export const ORG = 'org-7f3c';
export const USER = 'user-41a2';

export function mintJwt(notarizer: Notarizer, claims: Partial<SessionClaims> & { public_key: string; exp: number }): Promise<string> {
  return signSessionJwt({ session_type: 'SESSION_TYPE_READ_WRITE', user_id: USER, organization_id: ORG, ...claims }, notarizer.privateKey);
}

/** Time that moves only when the test says so; timers fire in order as it passes them. */
export class FakeClock implements SessionClock {
  time: number;
  #timers: { id: number; at: number; callback: () => void }[] = [];
  #next = 1;

  constructor(time = Date.UTC(2030, 0, 1)) {
    this.time = time;
  }

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.#next++;
    this.#timers.push({ id, at: this.time + ms, callback });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.#timers = this.#timers.filter((t) => t.id !== handle);
  }

  get pending(): number {
    return this.#timers.length;
  }

  advance(ms: number): void {
    const target = this.time + ms;
    for (;;) {
      const due = this.#timers.filter((t) => t.at <= target).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.#timers = this.#timers.filter((t) => t !== due);
      this.time = due.at;
      due.callback();
    }
    this.time = target;
  }
}

/** Channels that deliver to every other channel of the bus, asynchronously, like BroadcastChannel. */
export class MemoryChannelBus<M = SessionMessage> {
  readonly #listeners = new Set<{ owner: object; listener: (m: M) => unknown }>();
  readonly posted: M[] = [];
  #deliveries: Promise<unknown>[] = [];

  channel(): { post(m: M): void; subscribe(l: (m: M) => unknown): () => void; close(): void } {
    const owner = {};
    return {
      post: (message: M) => {
        this.posted.push(message);
        const copy = structuredClone(message);
        for (const entry of this.#listeners) {
          if (entry.owner !== owner) this.#deliveries.push(new Promise((resolve) => setTimeout(() => resolve(entry.listener(copy)))));
        }
      },
      subscribe: (listener: (m: M) => unknown) => {
        const entry = { owner, listener };
        this.#listeners.add(entry);
        return () => this.#listeners.delete(entry);
      },
      close: () => {
        for (const entry of this.#listeners) if (entry.owner === owner) this.#listeners.delete(entry);
      },
    };
  }

  /**
   * Resolves once every message posted so far has been handed to its listeners and handled: a
   * session's listener returns the promise of its handling, which this waits for.
   */
  async delivered(): Promise<void> {
    await Promise.all(this.#deliveries.splice(0));
  }
}

export interface RecordedCall {
  kind: 'submit' | 'query' | 'stampLogin';
  operation: string;
  /** Key id of the stamper the client was built with. */
  stampedBy: string;
  request: Record<string, unknown>;
}

/** Stands in for the service behind ActivityClient. */
export class FakeService {
  readonly calls: RecordedCall[] = [];
  /** Result object per submit operation, from its parameters. */
  results: Partial<Record<ActivityOperation, (parameters: Record<string, unknown>) => unknown>> = {};
  queries: Record<string, (body: Record<string, unknown>) => unknown> = {};
  /** When set, stampLogin waits for it (to make two refreshes overlap). */
  gate: Promise<void> | undefined;
  /** Overrides what stampLogin answers. */
  session: ((publicKey: string, expirationSeconds: number) => Promise<string>) | undefined;
  failStampLogin: Error | undefined;
  readonly notarizer: Notarizer;
  readonly clock: { now(): number };

  constructor(notarizer: Notarizer, clock: { now(): number } = { now: () => Date.now() }) {
    this.notarizer = notarizer;
    this.clock = clock;
  }

  readonly createClient = (stamper: Stamper): SessionClient => {
    const stampedBy = (stamper as ApiKeyStamper).publicKey;
    const record = (kind: RecordedCall['kind'], operation: string, request: Record<string, unknown>) =>
      this.calls.push({ kind, operation, stampedBy, request: structuredClone(request) });
    const client = {
      submit: async (operation: ActivityOperation, request: { organizationId: string; parameters: unknown }) => {
        record('submit', operation, request as Record<string, unknown>);
        const entry = ACTIVITY_OPERATIONS[operation];
        const make = this.results[operation];
        if (!make) throw new Error(`no fake result for ${operation}`);
        return {
          id: `activity-${this.calls.length}`,
          organizationId: request.organizationId,
          status: 'ACTIVITY_STATUS_COMPLETED',
          type: entry.type,
          result: { [resultKey(operation) as string]: await make(request.parameters as Record<string, unknown>) },
        };
      },
      query: async (operation: string, body: Record<string, unknown>) => {
        record('query', operation, body);
        const answer = this.queries[operation];
        if (!answer) throw new Error(`no fake answer for ${operation}`);
        return answer(body);
      },
      stampLogin: async (organizationId: string, request: { publicKey: string; expirationSeconds?: string | number; invalidateExisting?: boolean }) => {
        record('stampLogin', 'stamp_login', { organizationId, ...request });
        this.#onStampLogin?.();
        await this.gate;
        if (this.failStampLogin) throw this.failStampLogin;
        const seconds = Number(request.expirationSeconds ?? 900);
        const session = this.session
          ? await this.session(request.publicKey, seconds)
          : await mintJwt(this.notarizer, { public_key: request.publicKey, exp: Math.floor(this.clock.now() / 1000) + seconds });
        return { session };
      },
    };
    return client as unknown as SessionClient;
  };

  /**
   * Holds every stamp_login at a gate until `open()`; `reached` resolves when the first one gets
   * there. Waiting for it (not for a time) is what makes refreshes overlap.
   */
  hold(): { reached: Promise<void>; open: () => void } {
    let open!: () => void;
    this.gate = new Promise((resolve) => (open = resolve));
    let reached!: () => void;
    const arrived = new Promise<void>((resolve) => (reached = resolve));
    this.#onStampLogin = reached;
    return { reached: arrived, open };
  }

  #onStampLogin: (() => void) | undefined;

  count(kind: RecordedCall['kind']): number {
    return this.calls.filter((c) => c.kind === kind).length;
  }
}

/** Checks an X-Stamp header value: the key it names signed exactly `body`. */
export async function stampVerifies(headerValue: string, body: string): Promise<{ publicKey: string; valid: boolean }> {
  const stamp = JSON.parse(utf8Decode(fromBase64Url(headerValue))) as { publicKey: string; scheme: string; signature: string };
  const key = await crypto.subtle.importKey('raw', toArrayBuffer(decompressPublicKey(fromHex(stamp.publicKey))), ECDSA, false, ['verify']);
  const valid = await crypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    key,
    toArrayBuffer(derToRaw(fromHex(stamp.signature))),
    toArrayBuffer(utf8Encode(body)),
  );
  return { publicKey: stamp.publicKey, valid: valid && stamp.scheme === 'SIGNATURE_SCHEME_TK_API_P256' };
}

export function nextEvent(target: EventTarget, type: string): Promise<Event> {
  return new Promise((resolve) => target.addEventListener(type, resolve, { once: true }));
}
