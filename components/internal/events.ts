/**
 * The events Latchkey elements dispatch. Each is a typed class with a fixed `type`, and each
 * bubbles and is composed (crosses shadow roots), so a page can listen once on `document` or on
 * the drop-in. They are dispatched on user action only, never because a property was set.
 *
 *   el.addEventListener('latch-login', (event) => event.detail.session.userId);
 */
import { latchEventInit } from './latch-event-init.ts';
import type { LatchErrorEvent } from './latch-error-event.ts';
import type { LatchLoginEvent } from './latch-login-event.ts';

export { LatchLoginEvent, type LatchLoginDetail } from './latch-login-event.ts';
export { LatchErrorEvent, type LatchErrorDetail } from './latch-error-event.ts';

/** The user logged out. */
export class LatchLogoutEvent extends CustomEvent<null> {
  static readonly type = 'latch-logout';
  constructor() {
    super(LatchLogoutEvent.type, latchEventInit(null));
  }
}

export interface LatchSessionExpiringDetail {
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

/** The session ends soon; offer a refresh. */
export class LatchSessionExpiringEvent extends CustomEvent<LatchSessionExpiringDetail> {
  static readonly type = 'latch-session-expiring';
  constructor(detail: LatchSessionExpiringDetail) {
    super(LatchSessionExpiringEvent.type, latchEventInit(detail));
  }
}

export interface LatchOtpCompleteDetail {
  /** Every box filled: digits, or upper-case letters and digits. */
  code: string;
}

/** `<latch-otp-input>`: the user filled the last box (typing, paste or autofill). */
export class LatchOtpCompleteEvent extends CustomEvent<LatchOtpCompleteDetail> {
  static readonly type = 'latch-otp-complete';
  constructor(detail: LatchOtpCompleteDetail) {
    super(LatchOtpCompleteEvent.type, latchEventInit(detail));
  }
}

/** `<latch-otp-input>`: the user asked for a new code. */
export class LatchOtpResendEvent extends CustomEvent<null> {
  static readonly type = 'latch-otp-resend';
  constructor() {
    super(LatchOtpResendEvent.type, latchEventInit(null));
  }
}

/** Every Latchkey event by type. */
export interface LatchEventMap {
  'latch-login': LatchLoginEvent;
  'latch-logout': LatchLogoutEvent;
  'latch-error': LatchErrorEvent;
  'latch-session-expiring': LatchSessionExpiringEvent;
  'latch-otp-complete': LatchOtpCompleteEvent;
  'latch-otp-resend': LatchOtpResendEvent;
}

// The events bubble and are composed, so pages listen on elements, on document or on window.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface HTMLElementEventMap extends LatchEventMap {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface DocumentEventMap extends LatchEventMap {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface WindowEventMap extends LatchEventMap {}
}
