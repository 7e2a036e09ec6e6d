// A file of its own (re-exported by events.ts): the drop-in's first chunk carries the events it
// fires, not every element's (a shared module lands in the first chunk whole).
import type { SessionSummary } from '../../src/session/signing-session.ts';
import { latchEventInit } from './latch-event-init.ts';

export interface LatchLoginDetail {
  /** Who is logged in and until when (no key material). */
  session: SessionSummary;
  /** True when this login created the account (sign-up). */
  created: boolean;
}

/** A user logged in (or signed up and was logged in). */
export class LatchLoginEvent extends CustomEvent<LatchLoginDetail> {
  static readonly type = 'latch-login';
  constructor(detail: LatchLoginDetail) {
    super(LatchLoginEvent.type, latchEventInit(detail));
  }
}
