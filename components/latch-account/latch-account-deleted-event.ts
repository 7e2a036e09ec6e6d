/**
 * `<latch-account>`: the user deleted their account (delete_sub_organization). By then the kit
 * has logged out here and in the other tabs; a `latch-logout` follows.
 */
import { latchEventInit } from '../internal/latch-event-init.ts';

export interface LatchAccountDeletedDetail {
  /** The deleted organization (the user's sub-organization); it answers 404 from now on. */
  organizationId: string;
}

export class LatchAccountDeletedEvent extends CustomEvent<LatchAccountDeletedDetail> {
  static readonly type = 'latch-account-deleted';
  constructor(detail: LatchAccountDeletedDetail) {
    super(LatchAccountDeletedEvent.type, latchEventInit(detail));
  }
}

declare module '../internal/events.ts' {
  interface LatchEventMap {
    'latch-account-deleted': LatchAccountDeletedEvent;
  }
}
