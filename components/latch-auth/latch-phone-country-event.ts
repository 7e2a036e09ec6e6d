/**
 * `<latch-auth>`'s phone field reads numbers in another country now: the user picked it in the
 * list, or typed or pasted a number with that country's `+` code. `detail.country` is its ISO
 * 3166-1 alpha-2 code (`GB`).
 */
import { latchEventInit } from '../internal/latch-event-init.ts';

export interface LatchPhoneCountryDetail {
  country: string;
}

export class LatchPhoneCountryEvent extends CustomEvent<LatchPhoneCountryDetail> {
  static readonly type = 'latch-phone-country';
  constructor(detail: LatchPhoneCountryDetail) {
    super(LatchPhoneCountryEvent.type, latchEventInit(detail));
  }
}

declare module '../internal/events.ts' {
  interface LatchEventMap {
    'latch-phone-country': LatchPhoneCountryEvent;
  }
}
