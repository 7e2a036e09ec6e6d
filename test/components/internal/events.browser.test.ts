import { expect } from '@open-wc/testing';
import {
  LatchErrorEvent,
  LatchLoginEvent,
  LatchLogoutEvent,
  LatchOtpCompleteEvent,
  LatchOtpResendEvent,
  LatchSessionExpiringEvent,
} from '../../../components/internal/events.ts';
import { LatchOnrampStartEvent, LatchOnrampStatusEvent } from '../../../components/latch-onramp/onramp-events.ts';
import { LatchTxStatusEvent } from '../../../components/latch-tx-status/tx-status-events.ts';
import { LatchCopyEvent, LatchExportEvent, LatchImportEvent, LatchSignEvent } from '../../../components/latch-wallet/wallet-events.ts';
import { LatchError } from '../../../src/errors/latch-error.ts';
import { describe, it } from '../../support/harness.ts';

const sign = { signWith: '0xabc', payload: '6869', encoding: 'PAYLOAD_ENCODING_TEXT_UTF8', hashFunction: 'HASH_FUNCTION_KECCAK256' } as const;
const session = { organizationId: 'org', userId: 'user', publicKey: '02ab', sessionType: 'SESSION_TYPE_READ_WRITE', expiresAt: 1_900_000_000_000 };

describe('events', () => {
  const cases: [Event, string, unknown][] = [
    [new LatchLoginEvent({ session, created: true }), 'latch-login', { session, created: true }],
    [new LatchLogoutEvent(), 'latch-logout', null],
    [new LatchErrorEvent({ error: new LatchError('ERR_OTP_LIMIT', 'Too many.') }), 'latch-error', undefined],
    [new LatchSessionExpiringEvent({ expiresAt: 5 }), 'latch-session-expiring', { expiresAt: 5 }],
    [new LatchOtpCompleteEvent({ code: '123456' }), 'latch-otp-complete', { code: '123456' }],
    [new LatchOtpResendEvent(), 'latch-otp-resend', null],
    // The elements' own events are built the same way (latchEventInit).
    [new LatchCopyEvent({ address: '0xabc' }), 'latch-copy', { address: '0xabc' }],
    [new LatchSignEvent({ address: '0xabc', message: 'hi', parameters: sign, signature: { r: '1', s: '2', v: '00' } }), 'latch-sign', undefined],
    [new LatchExportEvent({ walletId: 'w' }), 'latch-export', { walletId: 'w' }],
    [new LatchImportEvent({ privateKeyId: 'k', addresses: [] }), 'latch-import', { privateKeyId: 'k', addresses: [] }],
    [new LatchOnrampStartEvent({ transactionId: 't', url: 'https://provider.example', opened: 'link' }), 'latch-onramp-start', undefined],
    [new LatchOnrampStatusEvent({ transactionId: 't', status: 'PENDING', final: false }), 'latch-onramp-status', undefined],
    [new LatchTxStatusEvent({ statusId: 's', status: { txStatus: 'INCLUDED' }, final: true }), 'latch-tx-status', undefined],
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

  it("an element's own events are typed on document too (LatchEventMap augmentation)", () => {
    let final: boolean | undefined;
    // Compiles only because tx-status-events.ts adds its event to LatchEventMap.
    const listener = (event: LatchTxStatusEvent): void => void (final = event.detail.final);
    document.addEventListener('latch-tx-status', listener);
    try {
      document.dispatchEvent(new LatchTxStatusEvent({ statusId: 's', status: { txStatus: 'FAILED' }, final: true }));
    } finally {
      document.removeEventListener('latch-tx-status', listener);
    }
    expect(final).to.equal(true);
  });
});
