/**
 * `<latch-auth>` while logged in: the user pressed Continue. `detail.session` is the session's
 * summary (ids and expiry). The page decides where to go; a modal also closes.
 */
import type { SessionSummary } from '../../src/session/signing-session.ts';
import { latchEventInit } from '../internal/latch-event-init.ts';

export interface LatchContinueDetail {
  session: SessionSummary;
}

export class LatchContinueEvent extends CustomEvent<LatchContinueDetail> {
  static readonly type = 'latch-continue';
  constructor(detail: LatchContinueDetail) {
    super(LatchContinueEvent.type, latchEventInit(detail));
  }
}

declare module '../internal/events.ts' {
  interface LatchEventMap {
    'latch-continue': LatchContinueEvent;
  }
}
