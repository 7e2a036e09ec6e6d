/**
 * `<latch-auth modal>`: the user dismissed the dialog (Escape, the close button, or a click on
 * the backdrop) without logging in. Not fired by `close()`.
 */
import { latchEventInit } from '../internal/latch-event-init.ts';

export class LatchCancelEvent extends CustomEvent<null> {
  static readonly type = 'latch-cancel';
  constructor() {
    super(LatchCancelEvent.type, latchEventInit(null));
  }
}

declare module '../internal/events.ts' {
  interface LatchEventMap {
    'latch-cancel': LatchCancelEvent;
  }
}
