import type { PersistedSession } from './session-store.ts';

/** What tabs tell each other. `sender` lets a session ignore its own messages. */
export type SessionMessage =
  | { type: 'login' | 'refresh'; sender: string; session: PersistedSession }
  | { type: 'logout'; sender: string; publicKey: string };

export interface SessionChannel {
  post(message: SessionMessage): void;
  /**
   * Returns the unsubscribe function. A session's listener returns the promise of its handling
   * (it never rejects): a channel may ignore it, and an in-memory channel in tests can await it.
   */
  subscribe(listener: (message: SessionMessage) => unknown): () => void;
  close(): void;
}

// Only the envelope is checked here: a session in a message is verified before it is adopted.
const isMessage = (m: Partial<SessionMessage> | null): m is SessionMessage =>
  typeof m?.sender === 'string' && (m.type === 'logout' || m.type === 'login' || m.type === 'refresh');

type BroadcastChannelLike = Pick<BroadcastChannel, 'postMessage' | 'close' | 'addEventListener' | 'removeEventListener'>;

export interface BroadcastSessionChannelOptions {
  /** Channel name. Default `latchkey-session`. */
  name?: string;
  /** Injectable constructor; default `globalThis.BroadcastChannel`. */
  BroadcastChannel?: new (name: string) => BroadcastChannelLike;
}

/** Tabs of one origin over BroadcastChannel. Opened on first use, never at construction. */
export class BroadcastSessionChannel implements SessionChannel {
  readonly #options: BroadcastSessionChannelOptions;
  #channel: BroadcastChannelLike | undefined;

  constructor(options: BroadcastSessionChannelOptions = {}) {
    this.#options = options;
  }

  #open(): BroadcastChannelLike {
    const Channel = this.#options.BroadcastChannel ?? globalThis.BroadcastChannel;
    this.#channel ??= new Channel(this.#options.name ?? 'latchkey-session');
    return this.#channel;
  }

  post(message: SessionMessage): void {
    this.#open().postMessage(message);
  }

  subscribe(listener: (message: SessionMessage) => unknown): () => void {
    const channel = this.#open();
    const onMessage = (event: Event): void => {
      const data = (event as MessageEvent).data;
      if (isMessage(data)) void listener(data);
    };
    channel.addEventListener('message', onMessage);
    return () => channel.removeEventListener('message', onMessage);
  }

  close(): void {
    this.#channel?.close();
    this.#channel = undefined;
  }
}

/** For Node and single-context hosts: nothing to tell, nobody to hear. */
export const noSessionChannel: SessionChannel = {
  post() {},
  subscribe: () => () => {},
  close() {},
};

/**
 * BroadcastChannel in browsers (and workers); nothing in Node, whose global BroadcastChannel
 * spans worker threads, not tabs, and would keep the process alive.
 */
export function createSessionChannel(options: BroadcastSessionChannelOptions = {}): SessionChannel {
  const isNode = typeof (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node === 'string';
  const available = options.BroadcastChannel ?? (isNode ? undefined : globalThis.BroadcastChannel);
  return available ? new BroadcastSessionChannel(options) : noSessionChannel;
}
