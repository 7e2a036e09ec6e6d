/**
 * list_eth_transaction_history from a local EVM chain, in the hosted shape
 * (`v1EthTransactionHistoryItem`): the transactions where the address sent or received value
 * (any call frame, from anvil's `trace_filter`) or an ERC-20 / ERC-721 Transfer names it
 * (`eth_getLogs`), newest first. A transaction the chain reverted is listed with its fee and no
 * transfers (nothing moved). Status FINALIZED at or below the chain's `finalized` block, else
 * CONFIRMED (the hosted enum has nothing else: a pending transaction is not listed).
 */
import { historyPage } from '../history-page.ts';
import { displayUnits, evmNative, evmTokenAsset, rfc3339 } from '../chain-assets.ts';
import { toQuantity } from './json-rpc.ts';
import type { JsonObject } from '../../http/fields.ts';
import type { EvmChain } from './start-evm-chain.ts';
import type { PageInfo } from '../history-page.ts';
import type { SentThroughService } from '../sent-through-service.ts';
import type { AssetMetadata } from '../chain-assets.ts';

const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** anvil answers trace_filter for at most 300 blocks at a time. */
const TRACE_SPAN = 300;

interface Trace {
  action: { from?: string; to?: string; value?: string; callType?: string };
  result?: { address?: string } | null;
  error?: string;
  blockNumber: number;
  transactionHash: string;
  transactionPosition: number;
  traceAddress: number[];
  type: string;
}
interface Log {
  address: string;
  topics: string[];
  data: string;
  blockNumber: string;
  transactionHash: string;
  transactionIndex: string;
  logIndex: string;
}
interface Receipt {
  status: string;
  blockNumber: string;
  blockHash: string;
  gasUsed: string;
  effectiveGasPrice: string;
  from: string;
  to: string | null;
  logs: Log[];
}
interface Block {
  number: string;
  hash: string;
  timestamp: string;
}

export interface HistoryTransfer {
  direction: 'IN' | 'OUT';
  asset?: AssetMetadata;
  amount: string;
  counterparty: string;
  display?: { crypto: string };
}

export interface EthHistoryItem {
  transactionHash: string;
  block: { number: string; hash: string; timestamp: string };
  status: 'CONFIRMED' | 'FINALIZED';
  origin: string;
  from: string;
  to?: string;
  fee: { amount: string; caip19: string };
  transfers: HistoryTransfer[];
  turnkey?: { sponsored: boolean; activityFingerprint: string; submittedAt: string };
}

const topicOf = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, '0')}`;
const addressOf = (topic: string) => `0x${topic.slice(-40)}`;

async function traces(chain: EvmChain, filter: Record<string, unknown>, latest: number): Promise<Trace[]> {
  const spans: Promise<Trace[]>[] = [];
  for (let from = 0; from <= latest; from += TRACE_SPAN) {
    spans.push(chain.rpc<Trace[]>('trace_filter', [{ ...filter, fromBlock: toQuantity(from), toBlock: toQuantity(Math.min(latest, from + TRACE_SPAN - 1)) }]));
  }
  return (await Promise.all(spans)).flat();
}

/** Value moved to or from `a` by one call frame (not a delegate or static call, not reverted). */
function valueTransfer(trace: Trace, a: string): HistoryTransfer | undefined {
  const value = BigInt(trace.action.value ?? '0x0');
  if (value === 0n || trace.error || (trace.action.callType && trace.action.callType !== 'call')) return undefined;
  const from = trace.action.from?.toLowerCase();
  const to = (trace.action.to ?? trace.result?.address)?.toLowerCase();
  if (!from || !to || (from !== a && to !== a)) return undefined;
  return { direction: from === a ? 'OUT' : 'IN', amount: value.toString(), counterparty: from === a ? to : from };
}

export async function evmHistory(chain: EvmChain, address: string, body: JsonObject, sent: ReadonlyMap<string, SentThroughService>): Promise<{ transactions: EthHistoryItem[]; pageInfo: PageInfo }> {
  const a = address.toLowerCase();
  const latest = Number(BigInt(await chain.rpc<string>('eth_blockNumber')));
  const [out, into, logsOut, logsIn, finalized] = await Promise.all([
    traces(chain, { fromAddress: [a] }, latest),
    traces(chain, { toAddress: [a] }, latest),
    chain.rpc<Log[]>('eth_getLogs', [{ fromBlock: '0x0', toBlock: toQuantity(latest), topics: [TRANSFER_TOPIC, topicOf(a)] }]),
    chain.rpc<Log[]>('eth_getLogs', [{ fromBlock: '0x0', toBlock: toQuantity(latest), topics: [TRANSFER_TOPIC, null, topicOf(a)] }]),
    chain.rpc<Block | null>('eth_getBlockByNumber', ['finalized', false]),
  ]);
  // Every transaction once, ordered by its place on the chain, newest first.
  const place = new Map<string, number>();
  for (const t of [...out, ...into]) place.set(t.transactionHash, t.blockNumber * 1e5 + t.transactionPosition);
  for (const l of [...logsOut, ...logsIn]) place.set(l.transactionHash, Number(BigInt(l.blockNumber)) * 1e5 + Number(BigInt(l.transactionIndex)));
  const hashes = [...place.keys()].sort((x, y) => place.get(y)! - place.get(x)!);
  const { start, end, pageInfo } = historyPage(body, hashes);
  const framesOf = new Map<string, Trace[]>();
  for (const t of [...out, ...into]) {
    const key = `${t.transactionHash}/${t.traceAddress.join('.')}`;
    if (!framesOf.has(key)) framesOf.set(key, [t]);
  }
  const finalizedNumber = finalized ? BigInt(finalized.number) : -1n;
  const native = evmNative(chain.info.caip2);
  const blocks = new Map<string, Promise<Block>>();
  const transactions = await Promise.all(
    hashes.slice(start, end).map(async (hash): Promise<EthHistoryItem> => {
      const [tx, receipt] = await Promise.all([chain.rpc<{ from: string; to: string | null }>('eth_getTransactionByHash', [hash]), chain.rpc<Receipt>('eth_getTransactionReceipt', [hash])]);
      if (!blocks.has(receipt.blockHash)) blocks.set(receipt.blockHash, chain.rpc<Block>('eth_getBlockByHash', [receipt.blockHash, false]));
      const block = await blocks.get(receipt.blockHash)!;
      const transfers: HistoryTransfer[] = [];
      if (receipt.status === '0x1') {
        for (const [key, [frame]] of framesOf) {
          if (!key.startsWith(`${hash}/`)) continue;
          const moved = valueTransfer(frame!, a);
          if (moved) transfers.push({ ...moved, asset: native, display: { crypto: displayUnits(BigInt(moved.amount), native.decimals) } });
        }
        for (const log of receipt.logs) {
          if (log.topics[0] !== TRANSFER_TOPIC || (log.topics.length !== 3 && log.topics.length !== 4)) continue;
          const from = addressOf(log.topics[1]!);
          const to = addressOf(log.topics[2]!);
          if (from !== a && to !== a) continue;
          // ERC-721 puts the token id in the third topic: one item moves.
          const amount = log.topics.length === 4 ? 1n : BigInt(log.data === '0x' ? '0x0' : log.data);
          const token = chain.info.tokens.find((t) => t.address.toLowerCase() === log.address.toLowerCase());
          const asset = token ? evmTokenAsset(chain.info.caip2, token) : undefined;
          transfers.push({
            direction: from === a ? 'OUT' : 'IN',
            ...(asset ? { asset } : {}),
            amount: amount.toString(),
            counterparty: from === a ? to : from,
            ...(asset ? { display: { crypto: displayUnits(amount, asset.decimals) } } : {}),
          });
        }
      }
      const byService = sent.get(hash.toLowerCase());
      return {
        transactionHash: hash,
        block: { number: BigInt(block.number).toString(), hash: block.hash, timestamp: rfc3339(Number(BigInt(block.timestamp))) },
        status: BigInt(block.number) <= finalizedNumber ? 'FINALIZED' : 'CONFIRMED',
        origin: byService ? 'TURNKEY' : 'EXTERNAL',
        from: tx.from,
        ...(tx.to ? { to: tx.to } : {}),
        fee: { amount: (BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice)).toString(), caip19: native.caip19 },
        transfers,
        ...(byService ? { turnkey: { sponsored: false, activityFingerprint: byService.activityFingerprint, submittedAt: new Date(byService.submittedAtMs).toISOString() } } : {}),
      };
    }),
  );
  return { transactions, pageInfo };
}
