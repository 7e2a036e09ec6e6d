// approvals.ts against a stand-in session that records what it is asked and answers from a
// script, and timers the test fires by hand (the global setTimeout replaced for each test): what
// the emulator test (approvals.node.test.ts) cannot pin down without waiting on the wall clock.
// The request shapes are the hosted service's (list_activities' filterByStatus and
// paginationOptions, approve/reject_activity by fingerprint, get_activity by activityId).
import { describe, it, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { approveActivity, listApprovals, rejectActivity, waitForDecision, type ApprovalSession } from '../../../src/session/approvals.ts';
import { ActivityError } from '../../../src/clients/activity-error.ts';
import { isLatchError } from '../../../src/errors/latch-error.ts';
import type { Activity } from '../../../src/clients/activity-types.ts';

type Call = { kind: 'query' | 'submit'; operation: string; body: unknown; options?: unknown };

const activity = (id: string, status: string, extra: Partial<Activity> = {}): Activity =>
  ({ id, status, fingerprint: `fp-${id}`, canApprove: false, canReject: false, result: {}, ...extra }) as Activity;

/** Answers get_activity with `held` in turn (the last one again once they run out). */
function standIn(held: Activity[] = [], listed: Activity[] = []) {
  const calls: Call[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  const record = (call: Call): void => {
    calls.push(call);
    for (const w of waiting.filter((w) => calls.length >= w.count)) w.resolve();
  };
  const session: ApprovalSession = {
    query: (async (operation: string, body: unknown, options?: unknown) => {
      record({ kind: 'query', operation, body, options });
      if (operation === 'list_activities') return { activities: listed };
      return { activity: held.length > 1 ? held.shift() : held[0] };
    }) as ApprovalSession['query'],
    submit: (async (operation: string, body: unknown) => {
      record({ kind: 'submit', operation, body });
      return {};
    }) as ApprovalSession['submit'],
  };
  /** Resolves once `count` calls were made. */
  const called = (count: number): Promise<void> => (calls.length >= count ? Promise.resolve() : new Promise((resolve) => waiting.push({ count, resolve })));
  return { session, calls, called };
}

/** The global timers, replaced: each setTimeout is recorded and fires only when the test says. */
interface Timer {
  id: number;
  ms: number;
  fire: () => void;
  cleared: boolean;
}
let timers: Timer[];
let scheduledWaiters: { count: number; resolve: () => void }[];
const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;
beforeEach(() => {
  timers = [];
  scheduledWaiters = [];
  globalThis.setTimeout = ((callback: () => void, ms: number) => {
    const timer = { id: timers.length + 1, ms, fire: callback, cleared: false };
    timers.push(timer);
    for (const w of scheduledWaiters.filter((w) => timers.length >= w.count)) w.resolve();
    return timer.id;
  }) as typeof setTimeout;
  globalThis.clearTimeout = ((id: number) => {
    const timer = timers.find((t) => t.id === id);
    if (timer) timer.cleared = true;
  }) as typeof clearTimeout;
});
afterEach(() => {
  globalThis.setTimeout = realSetTimeout;
  globalThis.clearTimeout = realClearTimeout;
});
const scheduled = (count: number): Promise<Timer> =>
  new Promise<void>((resolve) => (timers.length >= count ? resolve() : scheduledWaiters.push({ count, resolve: () => resolve() }))).then(() => timers[count - 1]!);

describe('listApprovals', () => {
  it('asks for what waits for consensus, without paging unless asked, and keeps what this user may vote on', async () => {
    const mine = activity('a', 'ACTIVITY_STATUS_CONSENSUS_NEEDED', { canApprove: true, canReject: true });
    const rejectOnly = activity('b', 'ACTIVITY_STATUS_CONSENSUS_NEEDED', { canReject: true });
    const approveOnly = activity('c', 'ACTIVITY_STATUS_CONSENSUS_NEEDED', { canApprove: true });
    const asked = activity('d', 'ACTIVITY_STATUS_CONSENSUS_NEEDED'); // this user asked or voted already
    const s = standIn([], [mine, rejectOnly, asked, approveOnly]);
    assert.deepEqual(await listApprovals(s.session), [mine, rejectOnly, approveOnly]);
    assert.deepEqual(s.calls, [
      { kind: 'query', operation: 'list_activities', body: { filterByStatus: ['ACTIVITY_STATUS_CONSENSUS_NEEDED'], paginationOptions: undefined }, options: { signal: undefined } },
    ]);
  });

  it('pages with a limit, an after, or both, and passes the signal on', async () => {
    const s = standIn();
    const signal = new AbortController().signal;
    await listApprovals(s.session, { limit: 5 });
    await listApprovals(s.session, { after: 'act-9', signal });
    await listApprovals(s.session, { limit: 100, after: 'act-9' });
    assert.deepEqual(
      s.calls.map((c) => (c.body as { paginationOptions?: unknown }).paginationOptions),
      [{ limit: 5, after: undefined }, { limit: undefined, after: 'act-9' }, { limit: 100, after: 'act-9' }],
    );
    assert.equal((s.calls[1]!.options as { signal?: AbortSignal }).signal, signal);
  });
});

describe('approveActivity and rejectActivity', () => {
  it('vote by fingerprint, then read the activity by id as it stands after the vote', async () => {
    const after = activity('act-1', 'ACTIVITY_STATUS_COMPLETED');
    const s = standIn([after]);
    assert.equal(await approveActivity(s.session, { id: 'act-1', fingerprint: 'fp-one' }), after);
    assert.equal(await rejectActivity(s.session, { id: 'act-2', fingerprint: 'fp-two' }), after);
    assert.deepEqual(s.calls, [
      { kind: 'submit', operation: 'approve_activity', body: { fingerprint: 'fp-one' } },
      { kind: 'query', operation: 'get_activity', body: { activityId: 'act-1' }, options: { signal: undefined } },
      { kind: 'submit', operation: 'reject_activity', body: { fingerprint: 'fp-two' } },
      { kind: 'query', operation: 'get_activity', body: { activityId: 'act-2' }, options: { signal: undefined } },
    ]);
  });
});

describe('waitForDecision', () => {
  it('reads again every 2 s by default until the activity completes, and resolves with it', async () => {
    const done = activity('act-1', 'ACTIVITY_STATUS_COMPLETED', { result: { createPoliciesResult: { policyIds: ['p'] } } as Activity['result'] });
    const s = standIn([activity('act-1', 'ACTIVITY_STATUS_CONSENSUS_NEEDED'), activity('act-1', 'ACTIVITY_STATUS_CONSENSUS_NEEDED'), done]);
    const waiting = waitForDecision(s.session, { id: 'act-1' });
    const first = await scheduled(1);
    assert.equal(first.ms, 2000);
    assert.equal(s.calls.length, 1);
    first.fire();
    const second = await scheduled(2);
    assert.equal(second.ms, 2000);
    assert.equal(s.calls.length, 2);
    second.fire();
    assert.equal(await waiting, done);
    assert.equal(timers.length, 2); // completed: no further pause
    assert.deepEqual(
      s.calls.map((c) => c.body),
      [{ activityId: 'act-1' }, { activityId: 'act-1' }, { activityId: 'act-1' }],
    );
  });

  it('pauses for the given interval and passes its signal to every read', async () => {
    const s = standIn([activity('act-1', 'ACTIVITY_STATUS_CONSENSUS_NEEDED'), activity('act-1', 'ACTIVITY_STATUS_COMPLETED')]);
    const signal = new AbortController().signal;
    const waiting = waitForDecision(s.session, { id: 'act-1' }, { intervalMs: 20, signal });
    const timer = await scheduled(1);
    assert.equal(timer.ms, 20);
    timer.fire();
    await waiting;
    assert.deepEqual(s.calls.map((c) => (c.options as { signal?: AbortSignal }).signal), [signal, signal]);
  });

  it('a rejection ends the wait with ERR_ACTIVITY_REJECTED and the activity', async () => {
    const rejected = activity('act-1', 'ACTIVITY_STATUS_REJECTED');
    await assert.rejects(waitForDecision(standIn([rejected]).session, { id: 'act-1' }), (error: unknown) => {
      assert.ok(error instanceof ActivityError);
      assert.equal(error.code, 'ERR_ACTIVITY_REJECTED');
      assert.equal(error.message, 'The activity was rejected.');
      assert.equal(error.activity, rejected);
      return true;
    });
    assert.equal(timers.length, 0);
  });

  it("a failure ends the wait with ERR_ACTIVITY_FAILED, the service's message and code (or a plain message)", async () => {
    const failed = activity('act-1', 'ACTIVITY_STATUS_FAILED', { failure: { code: 7, message: 'policy evaluation failed' } as Activity['failure'] });
    await assert.rejects(waitForDecision(standIn([failed]).session, { id: 'act-1' }), (error: unknown) => {
      assert.ok(error instanceof ActivityError);
      assert.equal(error.code, 'ERR_ACTIVITY_FAILED');
      assert.equal(error.message, 'policy evaluation failed');
      assert.equal(error.serviceCode, 7);
      assert.equal(error.activity, failed);
      return true;
    });
    const bare = activity('act-2', 'ACTIVITY_STATUS_FAILED');
    await assert.rejects(waitForDecision(standIn([bare]).session, { id: 'act-2' }), (error: unknown) => {
      assert.ok(error instanceof ActivityError);
      assert.equal(error.code, 'ERR_ACTIVITY_FAILED');
      assert.equal(error.message, 'The activity failed.');
      assert.equal(error.serviceCode, undefined);
      return true;
    });
    const silent = activity('act-3', 'ACTIVITY_STATUS_FAILED', { failure: { code: 3, message: '' } as Activity['failure'] });
    await assert.rejects(waitForDecision(standIn([silent]).session, { id: 'act-3' }), (error: unknown) => isLatchError(error) && error.message === 'The activity failed.');
    assert.equal(timers.length, 0);
  });

  it('an abort during the pause ends the wait at once with ERR_NETWORK_ABORTED, its timer and listener gone', async () => {
    const s = standIn([activity('act-1', 'ACTIVITY_STATUS_CONSENSUS_NEEDED')]);
    const controller = new AbortController();
    const waiting = waitForDecision(s.session, { id: 'act-1' }, { signal: controller.signal });
    const timer = await scheduled(1);
    assert.equal(getEventListeners(controller.signal, 'abort').length, 1);
    const reason = new Error('left the page');
    controller.abort(reason);
    await assert.rejects(waiting, (error: unknown) => {
      assert.ok(isLatchError(error));
      assert.equal(error.code, 'ERR_NETWORK_ABORTED');
      assert.equal(error.message, 'The request was cancelled.');
      assert.equal(error.cause, reason);
      return true;
    });
    assert.equal(timer.cleared, true);
    assert.equal(getEventListeners(controller.signal, 'abort').length, 0);
    assert.equal(s.calls.length, 1);
  });

  it('a signal aborted already ends the wait at its first pause, adding no listener', async () => {
    const s = standIn([activity('act-1', 'ACTIVITY_STATUS_CONSENSUS_NEEDED')]);
    const controller = new AbortController();
    controller.abort('gone');
    const signal = controller.signal;
    let added = 0;
    const addEventListener = signal.addEventListener.bind(signal);
    signal.addEventListener = ((...args: Parameters<AbortSignal['addEventListener']>) => (added++, addEventListener(...args))) as AbortSignal['addEventListener'];
    // No timer is fired: the wait ends by itself.
    await assert.rejects(waitForDecision(s.session, { id: 'act-1' }, { signal }), (error: unknown) => isLatchError(error) && error.code === 'ERR_NETWORK_ABORTED' && error.cause === 'gone');
    assert.equal(timers.length, 1);
    assert.equal(timers[0]!.cleared, true);
    assert.equal(added, 0);
  });

  it('a pause that ends removes its abort listener', async () => {
    const s = standIn([activity('act-1', 'ACTIVITY_STATUS_CONSENSUS_NEEDED'), activity('act-1', 'ACTIVITY_STATUS_COMPLETED')]);
    const controller = new AbortController();
    const waiting = waitForDecision(s.session, { id: 'act-1' }, { signal: controller.signal });
    (await scheduled(1)).fire();
    await waiting;
    assert.equal(getEventListeners(controller.signal, 'abort').length, 0);
  });
});
