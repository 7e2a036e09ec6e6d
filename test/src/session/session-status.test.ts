// Status queries and the bounded, backing-off poll around them. Waiting is injected: these
// tests record the waits instead of sleeping (no timing assertions).
import { describe, it, expect, expectCode } from '../../support/harness.ts';
import { LatchError } from '../../../src/errors/latch-error.ts';
import type { SendTransactionStatus } from '../../../src/clients/activity-types.ts';
import {
  isFinalOnRampStatus,
  isFinalSendStatus,
  onRampStatus,
  pollStatus,
  sendTransactionStatus,
  sleep,
} from '../../../src/session/session-status.ts';

/** A `query` that answers from a table and records what it was asked. */
function querier(answers: Record<string, unknown>) {
  const calls: { operation: string; body: unknown }[] = [];
  return {
    calls,
    query: (async (operation: string, body: unknown) => {
      calls.push({ operation, body });
      return answers[operation];
    }) as never,
  };
}

/** Reads `values` in order (an Error is thrown instead of returned). */
function reader<T>(values: (T | Error)[]) {
  let i = 0;
  const read = async (): Promise<T> => {
    const value = values[Math.min(i++, values.length - 1)]!;
    if (value instanceof Error) throw value;
    return value;
  };
  return { read, count: () => i };
}

function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe('session status queries', () => {
  it('onRampStatus asks get_onramp_transaction_status for the transaction', async () => {
    const q = querier({ get_onramp_transaction_status: { transactionStatus: 'PENDING' } });
    expect(await onRampStatus(q, 'tx-1')).to.equal('PENDING');
    expect(q.calls).to.deep.equal([{ operation: 'get_onramp_transaction_status', body: { transactionId: 'tx-1' } }]);
  });

  it('sendTransactionStatus asks get_send_transaction_status for the status id', async () => {
    const status: SendTransactionStatus = { txStatus: 'INCLUDED', eth: { txHash: '0x12' } };
    const q = querier({ get_send_transaction_status: status });
    expect(await sendTransactionStatus(q, 'st-1')).to.deep.equal(status);
    expect(q.calls).to.deep.equal([{ operation: 'get_send_transaction_status', body: { sendTransactionStatusId: 'st-1' } }]);
  });

  it('refuses answers without a status', async () => {
    await expectCode(() => onRampStatus(querier({ get_onramp_transaction_status: {} }), 'tx-1'), 'ERR_RESPONSE_MALFORMED');
    await expectCode(() => sendTransactionStatus(querier({ get_send_transaction_status: { txStatus: 3 } }), 'st-1'), 'ERR_RESPONSE_MALFORMED');
  });

  it('knows the final statuses', () => {
    expect(['PENDING', 'COMPLETED', 'FAILED'].map(isFinalOnRampStatus)).to.deep.equal([false, true, true]);
    expect(isFinalSendStatus({ txStatus: 'INCLUDED' })).to.equal(true);
    expect(isFinalSendStatus({ txStatus: 'FAILED' })).to.equal(true);
    expect(isFinalSendStatus({ txStatus: 'CONFIRMED' })).to.equal(true);
    expect(isFinalSendStatus({ txStatus: 'COMPLETED' })).to.equal(true);
    expect(isFinalSendStatus({ txStatus: 'BROADCASTING' })).to.equal(false);
    expect(isFinalSendStatus({ txStatus: 'BROADCASTING', txError: 'dropped' })).to.equal(true);
    expect(isFinalSendStatus({ txStatus: 'SOMETHING', error: { message: 'reverted' } })).to.equal(true);
  });
});

describe('pollStatus', () => {
  it('reads until a final value, backing off between reads up to the cap', async () => {
    const r = reader(['PENDING', 'PENDING', 'PENDING', 'PENDING', 'COMPLETED']);
    const s = recordingSleep();
    const seen: string[] = [];
    const outcome = await pollStatus(r.read, isFinalOnRampStatus, { sleep: s.sleep, onValue: (v) => seen.push(v), initialDelayMs: 100, factor: 2, maxDelayMs: 300 });
    expect(outcome).to.deep.equal({ value: 'COMPLETED', final: true, attempts: 5 });
    expect(seen).to.deep.equal(['PENDING', 'PENDING', 'PENDING', 'PENDING', 'COMPLETED']);
    expect(s.waits).to.deep.equal([100, 200, 300, 300]);
  });

  it('stops after maxAttempts with the last value, not final', async () => {
    const r = reader(['PENDING']);
    const s = recordingSleep();
    const outcome = await pollStatus(r.read, isFinalOnRampStatus, { sleep: s.sleep, maxAttempts: 4 });
    expect(outcome).to.deep.equal({ value: 'PENDING', final: false, attempts: 4 });
    expect(r.count()).to.equal(4);
    expect(s.waits).to.have.length(3);
  });

  it('retries transient failures, but throws them on the last attempt', async () => {
    const flaky = reader<string>([new LatchError('ERR_NETWORK_FAILED', 'x'), 'FAILED']);
    expect((await pollStatus(flaky.read, isFinalOnRampStatus, { sleep: recordingSleep().sleep })).value).to.equal('FAILED');
    const down = reader<string>([new LatchError('ERR_NETWORK_TIMEOUT', 'x')]);
    await expectCode(() => pollStatus(down.read, isFinalOnRampStatus, { sleep: recordingSleep().sleep, maxAttempts: 3 }), 'ERR_NETWORK_TIMEOUT');
    expect(down.count()).to.equal(3);
  });

  it('throws other failures at once', async () => {
    const r = reader<string>([new LatchError('ERR_SERVICE_NOT_FOUND', 'x'), 'COMPLETED']);
    await expectCode(() => pollStatus(r.read, isFinalOnRampStatus, { sleep: recordingSleep().sleep }), 'ERR_SERVICE_NOT_FOUND');
    expect(r.count()).to.equal(1);
  });

  it('stops with ERR_NETWORK_ABORTED when its signal aborts (before a read and while waiting)', async () => {
    const before = new AbortController();
    before.abort();
    const r = reader(['PENDING']);
    await expectCode(() => pollStatus(r.read, isFinalOnRampStatus, { signal: before.signal }), 'ERR_NETWORK_ABORTED');
    expect(r.count()).to.equal(0);

    const during = new AbortController();
    const r2 = reader(['PENDING']);
    const polling = pollStatus(r2.read, isFinalOnRampStatus, { signal: during.signal, initialDelayMs: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    during.abort();
    await expectCode(() => polling, 'ERR_NETWORK_ABORTED');
    expect(r2.count()).to.equal(1);
  });

  it('sleep resolves after its time and rejects when aborted', async () => {
    await sleep(0);
    const controller = new AbortController();
    const waiting = sleep(60_000, controller.signal);
    controller.abort();
    await expectCode(() => waiting, 'ERR_NETWORK_ABORTED');
  });
});
