/**
 * Events of `<latch-step-up>`: the user confirmed it is them (a fresh login of the same account,
 * now the kit's session: retry the action with it), or gave up.
 */
import type { SigningSession } from '../../src/session/signing-session.ts';
import { latchEventInit } from '../internal/latch-event-init.ts';

export interface LatchStepUpDetail {
  /** The fresh session that replaced the old one. */
  session: SigningSession;
  method: 'passkey' | 'email' | 'sms';
}

/** The user confirmed it is them: the action that asked for it can be tried again. */
export class LatchStepUpEvent extends CustomEvent<LatchStepUpDetail> {
  static readonly type = 'latch-step-up';
  constructor(detail: LatchStepUpDetail) {
    super(LatchStepUpEvent.type, latchEventInit(detail));
  }
}

/** The user chose not to confirm (Cancel or Escape): the action stays undone. */
export class LatchStepUpCancelEvent extends CustomEvent<Record<string, never>> {
  static readonly type = 'latch-step-up-cancel';
  constructor() {
    super(LatchStepUpCancelEvent.type, latchEventInit({}));
  }
}

declare module '../internal/events.ts' {
  interface LatchEventMap {
    'latch-step-up': LatchStepUpEvent;
    'latch-step-up-cancel': LatchStepUpCancelEvent;
  }
}
