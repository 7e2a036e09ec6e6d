/**
 * Events of `<latch-tx-status>`. The status of a send changes by itself (the chain moves on),
 * so this event reports the outside world, not an echo of a property the page set.
 */
import type { SendTransactionStatus } from '../../src/clients/activity-types.ts';
import { latchEventInit } from '../internal/latch-event-init.ts';

export interface LatchTxStatusDetail {
  statusId: string;
  status: SendTransactionStatus;
  /** True when the status will not change any more (the element stops polling). */
  final: boolean;
}

/** The send's status changed (its first reading included). */
export class LatchTxStatusEvent extends CustomEvent<LatchTxStatusDetail> {
  static readonly type = 'latch-tx-status';
  constructor(detail: LatchTxStatusDetail) {
    super(LatchTxStatusEvent.type, latchEventInit(detail));
  }
}

declare module '../internal/events.ts' {
  interface LatchEventMap {
    'latch-tx-status': LatchTxStatusEvent;
  }
}
