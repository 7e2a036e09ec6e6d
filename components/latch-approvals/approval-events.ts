/**
 * Events of `<latch-approvals>`: a vote this user cast, with the activity as it stands after it
 * (COMPLETED with its result when this vote made consensus, so the page gets the approved
 * activity's result; still waiting when more votes are needed; REJECTED after a rejection).
 */
import type { Activity } from '../../src/clients/activity-types.ts';
import { latchEventInit } from '../internal/latch-event-init.ts';

export interface LatchApprovalDetail {
  decision: 'approved' | 'rejected';
  activity: Activity;
}

/** The user approved or rejected a waiting activity. */
export class LatchApprovalEvent extends CustomEvent<LatchApprovalDetail> {
  static readonly type = 'latch-approval';
  constructor(detail: LatchApprovalDetail) {
    super(LatchApprovalEvent.type, latchEventInit(detail));
  }
}

declare module '../internal/events.ts' {
  interface LatchEventMap {
    'latch-approval': LatchApprovalEvent;
  }
}
