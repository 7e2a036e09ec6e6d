/**
 * What `<latch-account>` hands the controllers of its sections (name, contacts, wallets,
 * deletion): the kit, the session and the account as they are now, its one-at-a-time action
 * runner (waits and results announced politely, failures shown and reported) and focus. A
 * closure over the element's private state, so none of it is public API.
 */
import type { ReactiveControllerHost } from 'lit';
import type { LatchKit } from '../../src/kit/latch-kit.ts';
import type { SigningSession } from '../../src/session/signing-session.ts';
import type { AccountView } from '../../src/account/user-account.ts';
import type { MessageKey, MessageParams } from '../i18n/messages.ts';

/** What the element is waiting for: one action at a time. `remove:<id>` marks a row. */
export type AccountBusy = 'load' | 'email' | 'phone' | 'passkey' | 'link' | 'name' | 'wallet' | 'delete' | `remove:${string}`;

export interface ActOptions {
  /** Busy with this, announce `wait`, then `done` (none: the caller announces). */
  busy: AccountBusy;
  wait: MessageKey;
  waitParams?: MessageParams;
  done: MessageKey | null;
  /**
   * True when `work` guards its own stamped call against step-up (it asks a wallet or opens a
   * window once, which a retry must not repeat). Default: a step-up reruns the whole `work`.
   */
  ownStepUp?: boolean;
}

export interface AccountActions {
  readonly host: ReactiveControllerHost & HTMLElement;
  kit(): LatchKit | undefined;
  /** The logged-in session now (after a step-up, the fresh login's). */
  session(): SigningSession | null;
  view(): AccountView | null;
  busy(): AccountBusy | null;
  t(key: MessageKey, params?: MessageParams): string;
  /** Runs one action (see ActOptions); resolves false when it failed or another was running. */
  act(options: ActOptions, work: () => Promise<void>): Promise<boolean>;
  /** Runs `submit`; when the service wants a fresh login first, asks for it and runs `submit` again. */
  stepUp<T>(submit: () => Promise<T>): Promise<T>;
  announce(message: string): void;
  /** Focuses the first match in the element once it has rendered. */
  focus(selector: string): Promise<void>;
  reload(): Promise<void>;
}
