import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { AnnouncerController } from '../../../components/internal/announcer-controller.ts';
import { CopyController } from '../../../components/internal/copy-controller.ts';
import { copyText, shortId } from '../../../components/internal/copy-text.ts';
import { CountdownController } from '../../../components/internal/countdown-controller.ts';
import { tabbableElements } from '../../../components/internal/focus.ts';
import { PollController, type PollRun } from '../../../components/internal/poll-controller.ts';
import { LatchError } from '../../../src/errors/latch-error.ts';
import { deepActiveElement, pinBrowserLanguages, pressWith } from '../support/helpers.ts';
import { captureTimers } from '../support/captured-timers.ts';
import '../support/probe-element.ts';
import type { LatchTestProbe } from '../support/probe-element.ts';
import { afterEach, describe, it } from '../../support/harness.ts';

pinBrowserLanguages(['en-US']);

/** A bare controller host, so the arithmetic can be checked without an element. */
function fakeHost(): ReactiveControllerHost & { controllers: ReactiveController[]; updates: number } {
  return {
    controllers: [],
    updates: 0,
    addController(controller) {
      this.controllers.push(controller);
    },
    removeController() {},
    requestUpdate() {
      this.updates += 1;
    },
    updateComplete: Promise.resolve(true),
  };
}

const partOf = (el: LatchTestProbe, name: string): HTMLElement => el.shadowRoot?.querySelector(`[part="${name}"]`) as HTMLElement;

describe('FocusTrapController', () => {
  let outside: HTMLButtonElement | undefined;
  afterEach(() => outside?.remove());

  // The fixture is the element itself (a plain <div> fixture waits for an animation frame, which
  // a background page running beside another test file never gets).
  async function setup(): Promise<{ el: LatchTestProbe; outside: HTMLButtonElement; slotted: HTMLInputElement }> {
    const el = await fixture<LatchTestProbe>(html`<latch-test-probe>
      <input aria-label="Slotted" id="slotted" />
      <button type="button" disabled>Disabled</button>
      <button type="button" hidden>Hidden</button>
    </latch-test-probe>`);
    outside = document.createElement('button');
    outside.type = 'button';
    outside.textContent = 'Outside';
    el.before(outside);
    return { el, outside, slotted: el.querySelector('#slotted') as HTMLInputElement };
  }

  it('finds tabbable elements in flat-tree order, skipping disabled and hidden ones', async () => {
    const { el, slotted } = await setup();
    expect(tabbableElements(partOf(el, 'dialog'))).to.deep.equal([partOf(el, 'first'), slotted, partOf(el, 'last')]);
  });

  it('Tab and Shift+Tab wrap inside the container, escaped focus comes back, deactivate restores focus', async () => {
    const { el, outside, slotted } = await setup();
    outside.focus();
    el.trap.activate();
    expect(el.trap.active).to.equal(true);
    expect(deepActiveElement()).to.equal(partOf(el, 'first'));
    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement()).to.equal(slotted);
    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement()).to.equal(partOf(el, 'last'));
    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement()).to.equal(partOf(el, 'first'));
    await pressWith('Shift', 'Tab');
    expect(deepActiveElement()).to.equal(partOf(el, 'last'));
    outside.focus();
    expect(deepActiveElement()).to.equal(partOf(el, 'first'));
    el.trap.deactivate();
    expect(deepActiveElement()).to.equal(outside);
    // Released: Tab leaves the container again.
    partOf(el, 'last').focus();
    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement()).to.not.equal(partOf(el, 'first'));
  });

  it('treats WebKitGTK\'s Shift+Tab (key "Unidentified", code "Tab") as Shift+Tab', async () => {
    const { el, outside } = await setup();
    outside.focus();
    el.trap.activate();
    const event = new KeyboardEvent('keydown', { key: 'Unidentified', code: 'Tab', shiftKey: true, bubbles: true, composed: true, cancelable: true });
    partOf(el, 'first').dispatchEvent(event);
    expect(event.defaultPrevented).to.equal(true);
    expect(deepActiveElement()).to.equal(partOf(el, 'last'));
    el.trap.deactivate();
  });

  it('prefers an [autofocus] element and releases when the host is removed', async () => {
    const { el, outside, slotted } = await setup();
    slotted.setAttribute('autofocus', '');
    outside.focus();
    el.trap.activate();
    expect(deepActiveElement()).to.equal(slotted);
    el.remove();
    expect(el.trap.active).to.equal(false);
    expect(deepActiveElement()).to.equal(outside);
  });
});

describe('CountdownController', () => {
  it('counts whole seconds, rounded up, to a deadline', () => {
    let now = 1_000;
    const host = fakeHost();
    const countdown = new CountdownController(host, { now: () => now });
    expect(host.controllers).to.deep.equal([countdown]);
    expect(countdown.remaining).to.equal(0);
    countdown.start(3);
    expect(countdown.remaining).to.equal(3);
    now = 1_500;
    expect(countdown.remaining).to.equal(3);
    now = 2_001;
    expect(countdown.remaining).to.equal(2);
    now = 4_000;
    expect(countdown.running).to.equal(false);
    countdown.start(10);
    countdown.stop();
    expect(countdown.remaining).to.equal(0);
    countdown.start(-5);
    expect(countdown.running).to.equal(false);
  });

  it('re-renders its host as it ticks and calls onDone once at zero', async () => {
    const host = fakeHost();
    let done = 0;
    const countdown = new CountdownController(host, { onDone: () => (done += 1) });
    countdown.hostConnected();
    countdown.start(1);
    const before = host.updates;
    // A real one-second timer, and nothing here is about speed: Firefox ran it past 5 s once, in
    // a fresh-clone run while other heavy work shared the two cores.
    await waitUntil(() => done === 1, 'onDone never ran', { timeout: 15_000 });
    expect(host.updates).to.be.greaterThan(before);
    expect(countdown.running).to.equal(false);
    countdown.hostDisconnected();
  });

  it('does not tick while disconnected', () => {
    const host = fakeHost();
    let done = 0;
    let now = 0;
    const countdown = new CountdownController(host, { onDone: () => (done += 1), now: () => now });
    // Every timer it schedules is kept and run at once below, with the clock past the deadline.
    const timers = captureTimers(() => true);
    try {
      countdown.start(0.05);
      expect(timers.pending, 'no timer while disconnected').to.equal(0);
      now = 1_000;
      timers.runDue();
    } finally {
      timers.restore();
    }
    expect(done).to.equal(0);
  });
});

describe('AnnouncerController', () => {
  it('renders a polite status region and repeats identical messages by changing them invisibly', async () => {
    const el = await fixture<LatchTestProbe>(html`<latch-test-probe></latch-test-probe>`);
    const region = el.shadowRoot?.querySelector('[part="announcer"]') as HTMLElement;
    expect(region.getAttribute('role')).to.equal('status');
    expect(region.getAttribute('aria-live')).to.equal('polite');
    el.announcer.announce('Copied');
    await el.updateComplete;
    expect(region.textContent).to.equal('Copied');
    el.announcer.announce('Copied');
    await el.updateComplete;
    expect(region.textContent).to.equal('Copied\u00a0');
    el.announcer.announce('Copied');
    expect(el.announcer.message).to.equal('Copied');
    el.announcer.clear();
    await el.updateComplete;
    expect(region.textContent).to.equal('');
  });

  it('registers itself with its host', () => {
    const host = fakeHost();
    const announcer = new AnnouncerController(host);
    expect(host.controllers).to.deep.equal([announcer]);
  });
});

/** Replaces `navigator.clipboard` for one test: records what is written, or refuses. */
function stubClipboard(refuse = false): { written: string[]; restore: () => void } {
  const written: string[] = [];
  const writeText = async (text: string): Promise<void> => {
    if (refuse) throw new DOMException('Write permission denied.', 'NotAllowedError');
    written.push(text);
  };
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  return { written, restore: () => void delete (navigator as { clipboard?: unknown }).clipboard };
}

describe('copyText and shortId', () => {
  it('copyText writes the text and says whether the browser allowed it', async () => {
    const allowed = stubClipboard();
    try {
      expect(await copyText('0xabc')).to.equal(true);
      expect(allowed.written).to.deep.equal(['0xabc']);
    } finally {
      allowed.restore();
    }
    const refused = stubClipboard(true);
    try {
      expect(await copyText('0xabc')).to.equal(false);
    } finally {
      refused.restore();
    }
  });

  it('shortId keeps the head and tail of a long value and leaves a short one alone', () => {
    expect(shortId('d0e1f2a3-4b5c-6d7e-8f90-a1b2c3d4c49f')).to.equal('d0e1f2…c49f');
    expect(shortId('0123456789a')).to.equal('0123456789a');
    expect(shortId('0123456789ab')).to.equal('012345…89ab');
    expect(shortId('0x52908400098527886E0F7030069857D2E4169EE7', 8, 6)).to.equal('0x529084…169EE7');
    expect(shortId('0123456789abcde', 8, 6)).to.equal('0123456789abcde');
  });
});

describe('CopyController', () => {
  it('marks the copied key until the hold ends, re-rendering its host at both ends', async () => {
    const clipboard = stubClipboard();
    try {
      const host = fakeHost();
      const copier = new CopyController<number>(host, 50);
      expect(host.controllers).to.deep.equal([copier]);
      expect(copier.isCopied(0)).to.equal(false);
      expect(await copier.copy('first', 0)).to.equal(true);
      expect(await copier.copy('second', 1)).to.equal(true);
      expect(clipboard.written).to.deep.equal(['first', 'second']);
      expect([copier.isCopied(0), copier.isCopied(1)]).to.deep.equal([false, true]);
      const updates = host.updates;
      await waitUntil(() => !copier.isCopied(1), 'the mark never ended', { timeout: 5000 });
      expect(host.updates).to.equal(updates + 1);
    } finally {
      clipboard.restore();
    }
  });

  it('marks nothing when the browser refuses, and stops its timer when the host leaves', async () => {
    const refused = stubClipboard(true);
    const host = fakeHost();
    const copier = new CopyController<string>(host, 20);
    try {
      expect(await copier.copy('id', 'user-id')).to.equal(false);
      expect(copier.isCopied('user-id')).to.equal(false);
      expect(host.updates).to.equal(0);
    } finally {
      refused.restore();
    }
    const allowed = stubClipboard();
    // The mark's 20 ms timer is kept, and run at once after the host left (if it is still set).
    const timers = captureTimers((ms) => ms === 20);
    try {
      expect(await copier.copy('id', 'user-id')).to.equal(true);
      expect(timers.pending, 'the mark has its timer').to.equal(1);
      copier.hostDisconnected();
      const updates = host.updates;
      timers.runDue();
      expect(host.updates, 'no update after the host left').to.equal(updates);
    } finally {
      timers.restore();
      allowed.restore();
    }
  });
});

describe('PollController', () => {
  /** A run over `values` (one per read), recording what the controller reports. */
  function recordingRun(values: readonly (number | Error)[], overrides: Partial<PollRun<number>> = {}) {
    const seen: number[] = [];
    const ends: string[] = [];
    const signals: (AbortSignal | undefined)[] = [];
    let reads = 0;
    const run: PollRun<number> = {
      read: async (signal) => {
        signals.push(signal);
        const value = values[Math.min(reads++, values.length - 1)]!;
        if (value instanceof Error) throw value;
        return value;
      },
      isFinal: (value) => value >= 100,
      intervalMs: 1,
      maxPolls: 10,
      onValue: (value) => void seen.push(value),
      onExhausted: () => void ends.push('exhausted'),
      onError: (error) => void ends.push(error.code),
      ...overrides,
    };
    return { run, seen, ends, signals, reads: () => reads };
  }

  it('reads until a final value, passing its signal to each read', async () => {
    const poller = new PollController<number>(fakeHost(), { intervalMs: 1, maxPolls: 10 });
    const { run, seen, ends, signals } = recordingRun([1, 2, 100]);
    poller.start(run);
    expect(poller.running).to.equal(true);
    await waitUntil(() => !poller.running, 'polling never ended');
    expect(seen).to.deep.equal([1, 2, 100]);
    expect(ends, 'a final value is neither exhausted nor an error').to.deep.equal([]);
    expect(signals.every((signal) => signal instanceof AbortSignal)).to.equal(true);
  });

  it('reports running out of reads, with the default count when max-polls is not a number', async () => {
    const poller = new PollController<number>(fakeHost(), { intervalMs: 1, maxPolls: 3 });
    const { run, seen, ends } = recordingRun([1], { maxPolls: Number.NaN, intervalMs: -5 });
    poller.start(run);
    await waitUntil(() => ends.length > 0, 'polling never ended');
    expect(seen).to.deep.equal([1, 1, 1]);
    expect(ends).to.deep.equal(['exhausted']);
  });

  it('hands over a failure as a LatchError', async () => {
    const poller = new PollController<number>(fakeHost(), { intervalMs: 1, maxPolls: 10 });
    const { run, ends } = recordingRun([new LatchError('ERR_SESSION_MISSING', 'Logged out.')]);
    poller.start(run);
    await waitUntil(() => ends.length > 0, 'polling never ended');
    expect(ends).to.deep.equal(['ERR_SESSION_MISSING']);
    expect(poller.running).to.equal(false);
  });

  it('a new start, stop() or the host leaving ends the run: its request is aborted and nothing more is reported', async () => {
    const poller = new PollController<number>(fakeHost(), { intervalMs: 1, maxPolls: 10 });
    let release: (value: number) => void = () => undefined;
    const slow = recordingRun([], {
      read: (signal) => {
        slow.signals.push(signal);
        return new Promise<number>((resolve) => (release = resolve));
      },
    });
    poller.start(slow.run);
    const next = recordingRun([100]);
    poller.start(next.run);
    expect(slow.signals[0]?.aborted, 'the first run is aborted').to.equal(true);
    release(1);
    await waitUntil(() => !poller.running, 'the second run never ended');
    expect(slow.seen, 'a stopped run reports nothing').to.deep.equal([]);
    expect(slow.ends).to.deep.equal([]);
    expect(next.seen).to.deep.equal([100]);

    const stopped = recordingRun([1]);
    poller.start(stopped.run);
    poller.stop();
    expect(poller.running).to.equal(false);
    const left = recordingRun([1]);
    poller.start(left.run);
    poller.hostDisconnected();
    expect(poller.running).to.equal(false);
    // Both stopped runs end through promise jobs alone (each read answers at once, the aborted
    // wait rejects as it is made), and the job queue is empty before the next task runs: so after
    // one task, whatever they would report has been reported.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect([stopped.reads(), left.reads()], 'each run read once').to.deep.equal([1, 1]);
    expect([stopped.seen, stopped.ends, left.seen, left.ends]).to.deep.equal([[], [], [], []]);
    expect([stopped.signals[0]?.aborted, left.signals[0]?.aborted]).to.deep.equal([true, true]);
  });
});
