/** `<latch-confirm>`: the person answered the request (Approve, or Reject / Escape / the backdrop). */
import { latchEventInit } from '../internal/latch-event-init.ts';

export interface LatchConfirmDetail {
  /** True for Approve; false for Reject, Escape or a click outside the sheet. */
  approved: boolean;
}

export class LatchConfirmEvent extends CustomEvent<LatchConfirmDetail> {
  static readonly type = 'latch-confirm';
  constructor(detail: LatchConfirmDetail) {
    super(LatchConfirmEvent.type, latchEventInit(detail));
  }
}

declare module '../internal/events.ts' {
  interface LatchEventMap {
    'latch-confirm': LatchConfirmEvent;
  }
}
