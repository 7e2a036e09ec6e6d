/**
 * Events of `<latch-onramp>`: typed classes that bubble and cross shadow roots. `latch-onramp-start`
 * follows the user's submit; `latch-onramp-status` reports what the provider did since (each
 * status change of a purchase the user started).
 */
import { latchEventInit } from '../internal/latch-event-init.ts';

export interface LatchOnrampStartDetail {
  /** Use it with get_onramp_transaction_status. */
  transactionId: string;
  /** The provider's page for this purchase. */
  url: string;
  /** `popup`: opened in a new window; `link`: the window was blocked, the element shows a link. */
  opened: 'popup' | 'link';
}

/** The user started a purchase: the provider's page is open (or offered as a link). */
export class LatchOnrampStartEvent extends CustomEvent<LatchOnrampStartDetail> {
  static readonly type = 'latch-onramp-start';
  constructor(detail: LatchOnrampStartDetail) {
    super(LatchOnrampStartEvent.type, latchEventInit(detail));
  }
}

export interface LatchOnrampStatusDetail {
  transactionId: string;
  /** PENDING, COMPLETED or FAILED (the emulator's values), or what the service answers. */
  status: string;
  /** True when the status will not change any more. */
  final: boolean;
}

/** The purchase's status changed. */
export class LatchOnrampStatusEvent extends CustomEvent<LatchOnrampStatusDetail> {
  static readonly type = 'latch-onramp-status';
  constructor(detail: LatchOnrampStatusDetail) {
    super(LatchOnrampStatusEvent.type, latchEventInit(detail));
  }
}

declare module '../internal/events.ts' {
  interface LatchEventMap {
    'latch-onramp-start': LatchOnrampStartEvent;
    'latch-onramp-status': LatchOnrampStatusEvent;
  }
}
