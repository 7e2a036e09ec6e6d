/**
 * list_sol_transaction_history from the local Solana cluster, in the hosted shape
 * (`v1SolTransactionHistoryItem`): the landed transactions that name the address or move a
 * token account it owns, newest first, with their slot, the slot's blockhash and time, the fee
 * payer, the signers, the fee and what moved for the address (SOL from the balances before and
 * after, the fee payer's fee set apart; SPL tokens from the token balances). A transaction the
 * chain failed (its fee charged) is listed with no transfers. The local cluster reports every
 * landed transaction finalized (as its getSignatureStatuses does): status FINALIZED.
 */
import { historyPage } from '../history-page.ts';
import { displayUnits, rfc3339, solanaNative, solanaTokenAsset } from '../chain-assets.ts';
import { isWritable } from './solana-wire.ts';
import type { JsonObject } from '../../http/fields.ts';
import type { PageInfo } from '../history-page.ts';
import type { SentThroughService } from '../sent-through-service.ts';
import type { HistoryTransfer } from '../evm/evm-history.ts';
import type { LandedTransaction, SolanaChain } from './start-solana-chain.ts';

/** LiteSVM's airdrop account is not exposed: an airdrop's lamports come from the System Program's side. */
const SYSTEM_PROGRAM = '11111111111111111111111111111111';

export interface SolHistoryItem {
  signature: string;
  block: { number: string; hash: string; timestamp: string };
  status: 'CONFIRMED' | 'FINALIZED';
  origin: string;
  feePayer: string;
  signers: { address: string; writable: boolean }[];
  fee: { amount: string; caip19: string };
  transfers: HistoryTransfer[];
  turnkey?: { sponsored: boolean; activityFingerprint: string; submittedAt: string };
}

/** Each account's lamport change, the fee given back to the payer (it is not a transfer). */
function solDeltas(landed: LandedTransaction): bigint[] {
  return landed.tx.accountKeys.map((_, i) => landed.postBalances[i]! - landed.preBalances[i]! + (i === 0 && landed.wire.length > 0 ? BigInt(landed.fee) : 0n));
}

function transfersOf(caip2: string, landed: LandedTransaction, address: string): HistoryTransfer[] {
  if (landed.err !== null) return [];
  const transfers: HistoryTransfer[] = [];
  const keys = landed.tx.accountKeys;
  const deltas = solDeltas(landed);
  const i = keys.indexOf(address);
  if (i >= 0 && deltas[i] !== 0n) {
    const mine = deltas[i]!;
    // The counterparty: the account that moved most the other way.
    let other = -1;
    deltas.forEach((d, j) => {
      if (j !== i && (mine > 0n ? d < 0n : d > 0n) && (other < 0 || (d < 0n ? -d : d) > (deltas[other]! < 0n ? -deltas[other]! : deltas[other]!))) other = j;
    });
    const counterparty = landed.wire.length === 0 ? SYSTEM_PROGRAM : other >= 0 ? keys[other]! : keys[0]!;
    const amount = mine < 0n ? -mine : mine;
    const asset = solanaNative(caip2);
    transfers.push({ direction: mine < 0n ? 'OUT' : 'IN', asset, amount: amount.toString(), counterparty, display: { crypto: displayUnits(amount, asset.decimals) } });
  }
  // Token amounts per (mint, owner), after minus before.
  const moved = new Map<string, { mint: string; owner: string; delta: bigint; decimals: number }>();
  const add = (balances: LandedTransaction['preTokenBalances'], sign: bigint) => {
    for (const b of balances) {
      const key = `${b.mint} ${b.owner}`;
      const entry = moved.get(key) ?? { mint: b.mint, owner: b.owner, delta: 0n, decimals: b.uiTokenAmount.decimals };
      entry.delta += sign * BigInt(b.uiTokenAmount.amount);
      moved.set(key, entry);
    }
  };
  add(landed.preTokenBalances, -1n);
  add(landed.postTokenBalances, 1n);
  for (const entry of moved.values()) {
    if (entry.owner !== address || entry.delta === 0n) continue;
    const other = [...moved.values()].find((o) => o.mint === entry.mint && o.owner !== address && (entry.delta > 0n ? o.delta < 0n : o.delta > 0n));
    const amount = entry.delta < 0n ? -entry.delta : entry.delta;
    const asset = solanaTokenAsset(caip2, entry.mint);
    transfers.push({
      direction: entry.delta < 0n ? 'OUT' : 'IN',
      ...(asset ? { asset } : {}),
      amount: amount.toString(),
      counterparty: other?.owner ?? keys[0]!,
      display: { crypto: displayUnits(amount, entry.decimals) },
    });
  }
  return transfers;
}

export function solanaHistory(chain: SolanaChain, address: string, body: JsonObject, sent: ReadonlyMap<string, SentThroughService>): { transactions: SolHistoryItem[]; pageInfo: PageInfo } {
  const all = chain.history(address);
  const { start, end, pageInfo } = historyPage(body, all.map((t) => t.signature));
  const caip2 = chain.info.caip2;
  const transactions = all.slice(start, end).map((landed): SolHistoryItem => {
    const { tx } = landed;
    const byService = sent.get(landed.signature);
    return {
      signature: landed.signature,
      block: { number: String(landed.slot), hash: landed.blockhash, timestamp: rfc3339(landed.blockTime) },
      status: 'FINALIZED',
      origin: byService ? 'TURNKEY' : 'EXTERNAL',
      feePayer: tx.accountKeys[0]!,
      signers: tx.accountKeys.slice(0, tx.header.numRequiredSignatures).map((key, i) => ({ address: key, writable: isWritable(tx, i) })),
      fee: { amount: String(landed.fee), caip19: solanaNative(caip2).caip19 },
      transfers: transfersOf(caip2, landed, address),
      ...(byService ? { turnkey: { sponsored: false, activityFingerprint: byService.activityFingerprint, submittedAt: new Date(byService.submittedAtMs).toISOString() } } : {}),
    };
  });
  return { transactions, pageInfo };
}
