import { expect } from '@open-wc/testing';
import {
  LatchErrorEvent,
  LatchLoginEvent,
  LatchLogoutEvent,
  LatchOtpCompleteEvent,
  LatchOtpResendEvent,
  LatchSessionExpiringEvent,
} from '../../../components/internal/events.ts';
import { LatchError } from '../../../src/errors/latch-error.ts';
import { describe, it } from '../../support/harness.ts';

const session = { organizationId: 'org', userId: 'user', publicKey: '02ab', sessionType: 'SESSION_TYPE_READ_WRITE', expiresAt: 1_900_000_000_000 };

describe('events', () => {
  const cases: [Event, string, unknown][] = [
    [new LatchLoginEvent({ session, created: true }), 'latch-login', { session, created: true }],
    [new LatchLogoutEvent(), 'latch-logout', null],
    [new LatchErrorEvent({ error: new LatchError('ERR_OTP_LIMIT', 'Too many.') }), 'latch-error', undefined],
    [new LatchSessionExpiringEvent({ expiresAt: 5 }), 'latch-session-expiring', { expiresAt: 5 }],
    [new LatchOtpCompleteEvent({ code: '123456' }), 'latch-otp-complete', { code: '123456' }],
    [new LatchOtpResendEvent(), 'latch-otp-resend', null],
  ];

  it('have their latch-* type (also as a static), bubble, are composed, and carry their detail', () => {
    for (const [event, type, detail] of cases) {
      expect(event.type).to.equal(type);
      expect((event.constructor as unknown as { type: string }).type).to.equal(type);
      expect(event.bubbles && event.composed, type).to.equal(true);
      expect(event.cancelable, type).to.equal(false);
      if (detail !== undefined) expect((event as CustomEvent).detail).to.deep.equal(detail);
    }
  });

  it('reach a document listener from inside a shadow root, retargeted to the host', () => {
    const host = document.createElement('div');
    const inner = host.attachShadow({ mode: 'open' }).appendChild(document.createElement('span'));
    document.body.append(host);
    const targets: EventTarget[] = [];
    const listener = (event: Event): void => void targets.push(event.target as EventTarget);
    document.addEventListener('latch-login', listener);
    try {
      inner.dispatchEvent(new LatchLoginEvent({ session, created: false }));
    } finally {
      document.removeEventListener('latch-login', listener);
      host.remove();
    }
    expect(targets).to.deep.equal([host]);
  });

  it('are typed in HTMLElementEventMap', () => {
    const el = document.createElement('div');
    let created: boolean | undefined;
    // Compiles only because of the declaration merging: event.detail is LatchLoginDetail.
    el.addEventListener('latch-login', (event) => {
      created = event.detail.created;
    });
    el.dispatchEvent(new LatchLoginEvent({ session, created: true }));
    expect(created).to.equal(true);
  });
});
