/**
 * How the tabs of an origin tell each other which account is active (`sessionKey`; undefined:
 * none). Each account's own logins, refreshes and logouts travel on that account's session
 * channel; this one only moves the pointer.
 */
export interface AccountsMessage {
  type: 'active';
  sender: string;
  sessionKey?: string;
}

export interface AccountsChannel {
  post(message: AccountsMessage): void;
  /** Returns the unsubscribe function; the listener may return the promise of its handling. */
  subscribe(listener: (message: AccountsMessage) => unknown): () => void;
  close(): void;
}

const isMessage = (m: Partial<AccountsMessage> | null): m is AccountsMessage =>
  m?.type === 'active' && typeof m.sender === 'string' && (m.sessionKey === undefined || typeof m.sessionKey === 'string');

/** Nothing to tell, nobody to hear. */
export const noAccountsChannel: AccountsChannel = { post() {}, subscribe: () => () => {}, close() {} };

/** BroadcastChannel `latchkey-accounts` in browsers; nothing in Node (see createSessionChannel). */
export function createAccountsChannel(): AccountsChannel {
  const isNode = typeof (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node === 'string';
  if (isNode || typeof globalThis.BroadcastChannel !== 'function') return noAccountsChannel;
  const channel = new BroadcastChannel('latchkey-accounts');
  return {
    post: (message) => channel.postMessage(message),
    subscribe(listener) {
      const onMessage = (event: MessageEvent): void => {
        if (isMessage(event.data as Partial<AccountsMessage> | null)) void listener(event.data as AccountsMessage);
      };
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
    close: () => channel.close(),
  };
}
