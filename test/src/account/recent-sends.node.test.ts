// The wallet's activity list: list_activities asked for the two send types only, and each send's
// state: the activity's own until the service completes it, then the chain's (from
// get_send_transaction_status); a status that cannot be read is pending, not a failed list.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { recentSends } from '../../../src/account/recent-sends.ts';

const activity = (id: string, type: string, status: string, intent: Record<string, unknown>, result: Record<string, unknown> = {}) => ({
  id,
  type,
  status,
  intent,
  result,
  createdAt: { seconds: '1700000000', nanos: '0' },
});
const ETH = 'ACTIVITY_TYPE_ETH_SEND_TRANSACTION';
const SOL = 'ACTIVITY_TYPE_SOL_SEND_TRANSACTION';
const eth = (value: string, data?: string) => ({ ethSendTransactionIntent: { from: '0xfrom', to: '0x1111111111111111111111111111111111111111', caip2: 'eip155:11155111', value, ...(data ? { data } : {}) } });

function session(activities: unknown[], statuses: Record<string, unknown>) {
  const calls: [string, unknown][] = [];
  return {
    calls,
    async query(operation: string, body: Record<string, unknown>) {
      calls.push([operation, body]);
      if (operation === 'list_activities') return { activities } as never;
      const status = statuses[body.sendTransactionStatusId as string];
      if (status instanceof Error) throw status;
      return status as never;
    },
  };
}

describe('recentSends', () => {
  it('asks for the send activities only and follows each to the chain\'s status', async () => {
    const s = session(
      [
        activity('a1', ETH, 'ACTIVITY_STATUS_COMPLETED', eth('250000000000000000'), { ethSendTransactionResult: { sendTransactionStatusId: 's1' } }),
        activity('a2', ETH, 'ACTIVITY_STATUS_COMPLETED', eth('0', '0xa9059cbb00'), { ethSendTransactionResult: { sendTransactionStatusId: 's2' } }),
        activity('a3', SOL, 'ACTIVITY_STATUS_COMPLETED', { solSendTransactionIntent: { signWith: 'SoLaNa', caip2: 'solana:devnet', unsignedTransaction: '00' } }, { solSendTransactionResult: { sendTransactionStatusId: 's3' } }),
        activity('a4', ETH, 'ACTIVITY_STATUS_FAILED', eth('1')),
        activity('a5', ETH, 'ACTIVITY_STATUS_CONSENSUS_NEEDED', eth('1')),
        activity('a6', ETH, 'ACTIVITY_STATUS_COMPLETED', eth('1'), { ethSendTransactionResult: { sendTransactionStatusId: 's6' } }),
        activity('x', 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', 'ACTIVITY_STATUS_COMPLETED', {}),
      ],
      {
        s1: { txStatus: 'INCLUDED', eth: { txHash: '0xhash' } },
        s2: { txStatus: 'COMPLETED', error: { message: 'reverted' } },
        s3: { txStatus: 'BROADCASTING' },
        s6: new Error('network'),
      },
    );
    const sends = await recentSends(s, { limit: 10 });
    assert.deepEqual(s.calls[0], ['list_activities', { filterByType: [ETH, SOL], paginationOptions: { limit: '10' } }]);
    assert.deepEqual(
      sends.map((send) => [send.activityId, send.state]),
      [
        ['a1', 'INCLUDED'],
        ['a2', 'FAILED'],
        ['a3', 'PENDING'],
        ['a4', 'FAILED'],
        ['a5', 'CONSENSUS_NEEDED'],
        ['a6', 'PENDING'],
      ],
    );
    assert.equal(sends[0]!.wei, 250000000000000000n);
    assert.equal(sends[0]!.txId, '0xhash');
    assert.equal(sends[0]!.call, false);
    assert.equal(sends[1]!.call, true);
    assert.equal(sends[2]!.chain, 'solana');
    assert.equal(sends[2]!.from, 'SoLaNa');
    assert.equal(sends[0]!.createdAtMs, 1_700_000_000_000);
    // A failed, held or pending activity has no chain status to read.
    assert.deepEqual(s.calls.slice(1).map(([, body]) => (body as { sendTransactionStatusId: string }).sendTransactionStatusId), ['s1', 's2', 's3', 's6']);
  });

  it('keeps an unreadable value out of the amount (a contract call is said instead)', async () => {
    const [send] = await recentSends(session([activity('a', ETH, 'ACTIVITY_STATUS_FAILED', eth('1.5'))], {}));
    assert.equal(send!.wei, undefined);
  });
});
