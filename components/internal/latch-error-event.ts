// A file of its own (re-exported by events.ts): the drop-in's first chunk carries the events it
// fires, not every element's (a shared module lands in the first chunk whole).
import type { LatchError } from '../../src/errors/latch-error.ts';
import { latchEventInit } from './latch-event-init.ts';

export interface LatchErrorDetail {
  /** Switch on `error.code`; `error.cause` holds the original failure. */
  error: LatchError;
}

/** A user action failed. The element also shows a translated message itself. */
export class LatchErrorEvent extends CustomEvent<LatchErrorDetail> {
  static readonly type = 'latch-error';
  constructor(detail: LatchErrorDetail) {
    super(LatchErrorEvent.type, latchEventInit(detail));
  }
}
