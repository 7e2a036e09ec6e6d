/**
 * The user's recent sends, for the wallet's activity list: the service's list_activities (the
 * hosted client's getActivities) filtered to the two send activities (eth_send_transaction,
 * sol_send_transaction), newest first, each with where it stands. An activity the service
 * completed has only handed the transaction to the chain: its status is then the chain's, read
 * with get_send_transaction_status (INCLUDED, FAILED with the chain's reason…). Nothing here is
 * a float: an Ethereum value stays the exact wei the activity holds.
 */
import { ACTIVITY_OPERATIONS, ActivityStatus, intentKey } from '../clients/activity-operations.ts';
import type { Activity, EthSendTransactionParameters, SendTransactionStatus, SolSendTransactionParameters } from '../clients/activity-types.ts';
import type { SigningSession } from '../session/signing-session.ts';

/** Where a send stands, in the words the list uses. */
export type SendState = 'PENDING' | 'INCLUDED' | 'CONFIRMED' | 'FAILED' | 'REJECTED' | 'CONSENSUS_NEEDED';

export interface RecentSend {
  readonly activityId: string;
  readonly chain: 'ethereum' | 'solana';
  readonly caip2: string;
  readonly from: string;
  /** Ethereum only: the recipient (a contract when `call`), and the value in wei. */
  readonly to?: string;
  readonly wei?: bigint;
  /** Ethereum only: the transaction carries call data (a token transfer, a contract call). */
  readonly call?: boolean;
  readonly createdAtMs: number;
  readonly state: SendState;
  /** The chain's transaction hash or signature, once the service has one. */
  readonly txId?: string;
}

const ETH = ACTIVITY_OPERATIONS.eth_send_transaction.type;
const SOL = ACTIVITY_OPERATIONS.sol_send_transaction.type;

function stateOfChain(status: SendTransactionStatus | undefined): SendState {
  if (!status) return 'PENDING';
  if (status.txStatus === 'FAILED' || status.error !== undefined || status.txError) return 'FAILED';
  if (status.txStatus === 'INCLUDED') return 'INCLUDED';
  if (status.txStatus === 'CONFIRMED' || status.txStatus === 'COMPLETED') return 'CONFIRMED';
  return 'PENDING';
}

function stateOfActivity(status: string): SendState | undefined {
  if (status === ActivityStatus.FAILED) return 'FAILED';
  if (status === ActivityStatus.REJECTED) return 'REJECTED';
  if (status === ActivityStatus.CONSENSUS_NEEDED) return 'CONSENSUS_NEEDED';
  if (status !== ActivityStatus.COMPLETED) return 'PENDING';
  return undefined; // completed: the chain says
}

function toBigInt(value: string | undefined): bigint | undefined {
  if (value === undefined || value === '') return 0n;
  return /^(0x[0-9a-fA-F]{1,64}|\d{1,78})$/.test(value) ? BigInt(value) : undefined;
}

/** The newest `limit` sends (1–20) and their status. */
export async function recentSends(session: Pick<SigningSession, 'query'>, options: { limit?: number; signal?: AbortSignal } = {}): Promise<RecentSend[]> {
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? 5), 1), 20);
  const request = options.signal ? { signal: options.signal } : {};
  const { activities } = await session.query('list_activities', { filterByType: [ETH, SOL], paginationOptions: { limit: String(limit) } }, request);
  const sends = (Array.isArray(activities) ? activities : []).filter((a) => a?.type === ETH || a?.type === SOL).slice(0, limit);
  return Promise.all(sends.map((activity) => describe(session, activity, request)));
}

async function describe(session: Pick<SigningSession, 'query'>, activity: Activity, request: { signal?: AbortSignal }): Promise<RecentSend> {
  const eth = activity.type === ETH;
  const intent = activity.intent[intentKey(eth ? 'eth_send_transaction' : 'sol_send_transaction', activity.type)] as Partial<EthSendTransactionParameters & SolSendTransactionParameters> | undefined;
  const result = activity.result[eth ? 'ethSendTransactionResult' : 'solSendTransactionResult'] as { sendTransactionStatusId?: unknown } | undefined;
  let state = stateOfActivity(activity.status);
  let txId: string | undefined;
  if (!state) {
    const id = result?.sendTransactionStatusId;
    let status: SendTransactionStatus | undefined;
    if (typeof id === 'string' && id) {
      // A status that cannot be read now is "pending", not a failure of the whole list.
      status = await session.query('get_send_transaction_status', { sendTransactionStatusId: id }, request).catch(() => undefined);
    }
    state = stateOfChain(status);
    txId = status?.eth?.txHash ?? status?.solana?.signature;
  }
  const seconds = Number(activity.createdAt?.seconds);
  return {
    activityId: activity.id,
    chain: eth ? 'ethereum' : 'solana',
    caip2: typeof intent?.caip2 === 'string' ? intent.caip2 : '',
    from: String((eth ? intent?.from : intent?.signWith) ?? ''),
    ...(eth ? { to: String(intent?.to ?? ''), ...(toBigInt(intent?.value) === undefined ? {} : { wei: toBigInt(intent?.value)! }), call: typeof intent?.data === 'string' && intent.data.length > 2 } : {}),
    createdAtMs: Number.isFinite(seconds) ? seconds * 1000 : 0,
    state,
    ...(txId ? { txId } : {}),
  };
}
