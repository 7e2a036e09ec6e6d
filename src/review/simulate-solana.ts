/**
 * What a Solana transaction would change for the account, asked of the cluster it is for before
 * the person approves. First the address lookup tables a v0 transaction loads accounts from are
 * read (`getAccountInfo` of each table, parsed as the Address Lookup Table program writes it), so
 * that every account the review shows is a real address; an entry that cannot be read (no table,
 * not a table, an index past its end) stays `table[index]` with 'unresolved-address'. Then the
 * accounts the transaction touches are read now (`getMultipleAccounts`) and after
 * (`simulateTransaction` with `accounts`), and compared: the account's SOL (the fee included, as
 * the chain charges it), its SPL token accounts' amounts netted per mint (decimals read from the
 * mint), a token account handed to another owner, a delegate set, an account closed, the
 * account itself assigned to another program. A transaction the cluster refuses is `will-fail`
 * with its error and the program's last error log line. Anything that keeps an answer from
 * coming (no rpcUrl, a dead node, no answer within ~1.5 s, an answer without the accounts) is
 * `not-simulated`, never "no change".
 *
 * Its own module, loaded with `import()` when a transaction is reviewed: a chunk of its own.
 */
import { base58, base64 } from '@scure/base';
import { chainRpc } from './chain-rpc.ts';
import { hasHiddenCharacters, revealHiddenCharacters } from './hidden-characters.ts';
import type { AssetChange, RequestReview } from './request-review.ts';
import { parseSolanaTransaction, type SolanaTransaction } from './solana-transaction.ts';
import { solanaTransactionReview, type SolanaReviewContext } from './solana-transaction-review.ts';
import { SYSTEM_PROGRAM, TOKEN_2022_PROGRAM, TOKEN_PROGRAM, u64 } from './solana-instruction-rows.ts';
import { withSimulation, type ChainSimulation } from './with-simulation.ts';

export const LOOKUP_TABLE_PROGRAM = 'AddressLookupTab1e1111111111111111111111111';
/** The table's header (type, deactivation slot, last extended slot and index, authority, padding) before its addresses. */
const LOOKUP_TABLE_META_SIZE = 56;
/** A token account's layout (Token and Token-2022 alike, extensions after byte 165). */
const TOKEN_ACCOUNT_SIZE = 165;
/** getMultipleAccounts and simulateTransaction's `accounts` take at most this many. */
const MAX_ACCOUNTS = 100;
export const SOLANA_SIMULATION_TIMEOUT_MS = 1_500;

export interface SolanaSimulationRequest {
  /** The cluster's JSON-RPC endpoint; absent: not simulated (and lookup tables not read). */
  readonly rpcUrl?: string | undefined;
  /** The account whose changes are shown (the signer, base58). */
  readonly account: string;
  /** The transaction in its wire form (signatures may be zero: it is simulated without them). */
  readonly transaction: Uint8Array;
  /** Default 1,500 ms, for the whole (tables, accounts, simulation). */
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
}

export type SolanaSimulation = ChainSimulation;

interface Account { lamports: bigint; owner: string; data: Uint8Array }
interface TokenAccount { mint: string; owner: string; amount: bigint; delegate?: string; delegatedAmount: bigint }

class RpcError extends Error {}

const rpc = (url: string, method: string, params: unknown[], signal: AbortSignal, fetcher: typeof fetch): Promise<unknown> => chainRpc(url, method, params, fetcher, signal);

/** An account as getAccountInfo / simulateTransaction write it in base64; null when absent; throws when malformed. */
function account(value: unknown): Account | null {
  if (value === null) return null;
  const v = value as { lamports?: unknown; owner?: unknown; data?: unknown };
  if (typeof v.lamports !== 'number' && typeof v.lamports !== 'bigint') throw new RpcError('an account without lamports');
  if (typeof v.owner !== 'string' || !Array.isArray(v.data) || typeof v.data[0] !== 'string' || v.data[1] !== 'base64') throw new RpcError('an account not in base64');
  return { lamports: BigInt(v.lamports), owner: v.owner, data: base64.decode(v.data[0]) };
}

/** The addresses an Address Lookup Table account holds; undefined when the account is not one. */
export function parseLookupTable(table: Account | null): string[] | undefined {
  if (!table || table.owner !== LOOKUP_TABLE_PROGRAM || table.data.length < LOOKUP_TABLE_META_SIZE) return undefined;
  // ProgramState::LookupTable is 1 (0 is an uninitialized account).
  if (new DataView(table.data.buffer, table.data.byteOffset, 4).getUint32(0, true) !== 1) return undefined;
  const body = table.data.subarray(LOOKUP_TABLE_META_SIZE);
  if (body.length % 32 !== 0) return undefined;
  return Array.from({ length: body.length / 32 }, (_, i) => base58.encode(body.subarray(i * 32, i * 32 + 32)));
}

/** Each table the transaction loads from, read from the cluster; a table that cannot be read is left out. */
async function readLookupTables(url: string, tx: SolanaTransaction, signal: AbortSignal, fetcher: typeof fetch): Promise<Map<string, readonly string[]>> {
  const tables = [...new Set(tx.addressTableLookups.map((l) => l.table))];
  const read = await Promise.all(
    tables.map(async (table) => {
      try {
        const answer = (await rpc(url, 'getAccountInfo', [table, { encoding: 'base64' }], signal, fetcher)) as { value?: unknown };
        return [table, parseLookupTable(account(answer?.value ?? null))] as const;
      } catch (error) {
        if (signal.aborted) throw error;
        return [table, undefined] as const;
      }
    }),
  );
  return new Map(read.filter((entry): entry is readonly [string, string[]] => entry[1] !== undefined));
}

/** The accounts the transaction loads, in its order: static keys, then the tables' entries that were read. */
function touched(tx: SolanaTransaction): string[] {
  const out = [...tx.staticAccountKeys];
  for (const writable of [true, false]) {
    for (const lookup of tx.addressTableLookups) {
      for (const index of writable ? lookup.writableIndexes : lookup.readonlyIndexes) {
        const address = tx.resolvedLookups?.get(lookup.table)?.[index];
        if (address !== undefined) out.push(address);
      }
    }
  }
  return [...new Set(out)];
}

function tokenAccount(a: Account | null): TokenAccount | undefined {
  if (!a || (a.owner !== TOKEN_PROGRAM && a.owner !== TOKEN_2022_PROGRAM) || a.data.length < TOKEN_ACCOUNT_SIZE) return undefined;
  // Token-2022's extended accounts say AccountType::Account (2) at byte 165; a mint is 1.
  if (a.data.length > TOKEN_ACCOUNT_SIZE && a.data[TOKEN_ACCOUNT_SIZE] !== 2) return undefined;
  const d = a.data;
  // state 0 is uninitialized: not yet a token account.
  if (d[108] === 0) return undefined;
  const hasDelegate = new DataView(d.buffer, d.byteOffset + 72, 4).getUint32(0, true) === 1;
  return {
    mint: base58.encode(d.subarray(0, 32)),
    owner: base58.encode(d.subarray(32, 64)),
    amount: u64(d, 64),
    ...(hasDelegate ? { delegate: base58.encode(d.subarray(76, 108)) } : {}),
    delegatedAmount: u64(d, 121),
  };
}

/** A mint's decimals (byte 44 of Token's and Token-2022's mint layout). */
function mintDecimals(a: Account | null): number | undefined {
  return a && (a.owner === TOKEN_PROGRAM || a.owner === TOKEN_2022_PROGRAM) && a.data.length >= 82 && a.data[45] === 1 ? a.data[44] : undefined;
}

/** What changes for `me` between `before` and `after` (same order as `addresses`). */
function changesOf(me: string, addresses: readonly string[], before: readonly (Account | null)[], after: readonly (Account | null)[]): AssetChange[] {
  const out: AssetChange[] = [];
  const spl = new Map<string, bigint>();
  const extra: AssetChange[] = [];
  addresses.forEach((address, i) => {
    const pre = before[i] ?? null;
    const post = after[i] ?? null;
    if (address === me) {
      const delta = (post?.lamports ?? 0n) - (pre?.lamports ?? 0n);
      if (delta !== 0n) out.push({ kind: 'transfer', standard: 'native', asset: 'native', direction: delta < 0n ? 'out' : 'in', amount: delta.toString(), symbol: 'SOL', decimals: 9 });
      // System assign: the wallet account itself now belongs to a program, which can move all it holds.
      if (post && post.owner !== (pre?.owner ?? SYSTEM_PROGRAM)) extra.push({ kind: 'owner-change', standard: 'native', asset: 'native', direction: 'out', amount: '0', symbol: 'SOL', spender: post.owner });
      return;
    }
    const was = tokenAccount(pre);
    const is = tokenAccount(post);
    const mine = (t: TokenAccount | undefined) => (t?.owner === me ? t : undefined);
    const pre_ = mine(was);
    const post_ = mine(is);
    if (!pre_ && !post_) return;
    const mint = (pre_ ?? post_)!.mint;
    spl.set(mint, (spl.get(mint) ?? 0n) + (post_?.amount ?? 0n) - (pre_?.amount ?? 0n));
    if (pre_ && !post) extra.push({ kind: 'closed', standard: 'spl', asset: mint, direction: 'out', amount: '0' });
    else if (pre_ && is && !post_) extra.push({ kind: 'owner-change', standard: 'spl', asset: mint, direction: 'out', amount: is.amount.toString(), spender: is.owner });
    if (post_?.delegate && (post_.delegate !== pre_?.delegate || post_.delegatedAmount !== pre_?.delegatedAmount) && post_.delegatedAmount > 0n) {
      extra.push({ kind: 'approval', standard: 'spl', asset: mint, direction: 'approve', amount: post_.delegatedAmount.toString(), spender: post_.delegate });
    }
  });
  for (const [mint, delta] of spl) {
    if (delta !== 0n) out.push({ kind: 'transfer', standard: 'spl', asset: mint, direction: delta < 0n ? 'out' : 'in', amount: delta.toString() });
  }
  // What leaves first: that is what the person loses; then what they hand over.
  return [...out.filter((c) => c.direction === 'out'), ...out.filter((c) => c.direction === 'in'), ...extra];
}

/** The chain's error in words: the error as the node writes it, and the program's last error log line. */
function failure(err: unknown, logs: unknown): { reason: string; hidden: boolean } {
  const lines = Array.isArray(logs) ? logs.filter((l): l is string => typeof l === 'string') : [];
  const said = [...lines].reverse().find((l) => /^Program log: (Error|AnchorError)/.test(l))?.replace(/^Program log: /, '');
  const [index, inner] = (err as { InstructionError?: [number, unknown] })?.InstructionError ?? [];
  const base = typeof index === 'number' ? `instruction ${index + 1}: ${typeof inner === 'string' ? inner : JSON.stringify(inner)}` : typeof err === 'string' ? err : JSON.stringify(err);
  const reason = (said ? `${base} (${said})` : base).slice(0, 1024);
  return { reason: revealHiddenCharacters(reason), hidden: hasHiddenCharacters(reason) };
}

export interface SolanaSimulationResult {
  /** The tables read from the cluster (table → its addresses), for the review to show real addresses. */
  readonly lookups: ReadonlyMap<string, readonly string[]>;
  readonly simulation: SolanaSimulation;
}

/** Reads the lookup tables, then simulates the transaction and reads what changes for `account`; never throws. */
export async function simulateSolanaTransaction(request: SolanaSimulationRequest): Promise<SolanaSimulationResult> {
  const { rpcUrl, account: me } = request;
  let lookups: ReadonlyMap<string, readonly string[]> = new Map();
  if (!rpcUrl) return { lookups, simulation: { status: 'not-simulated', cause: 'no rpcUrl' } };
  const fetcher = request.fetch ?? fetch;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), request.timeoutMs ?? SOLANA_SIMULATION_TIMEOUT_MS);
  const { signal } = controller;
  try {
    const parsed = parseSolanaTransaction(request.transaction);
    lookups = await readLookupTables(rpcUrl, parsed, signal, fetcher);
    const addresses = touched({ ...parsed, resolvedLookups: lookups });
    if (addresses.length > MAX_ACCOUNTS) return { lookups, simulation: { status: 'not-simulated', cause: 'more accounts than the node reads at once' } };
    const wire = base64.encode(request.transaction);
    const [now, simulated] = await Promise.all([
      rpc(rpcUrl, 'getMultipleAccounts', [addresses, { encoding: 'base64' }], signal, fetcher),
      // Unsigned as it is shown: no signature check; a fresh blockhash, since the send gets one too.
      rpc(rpcUrl, 'simulateTransaction', [wire, { encoding: 'base64', sigVerify: false, replaceRecentBlockhash: true, accounts: { addresses, encoding: 'base64' } }], signal, fetcher),
    ]);
    const result = (simulated as { value?: { err?: unknown; logs?: unknown; accounts?: unknown } } | null)?.value;
    if (!result) return { lookups, simulation: { status: 'not-simulated', cause: 'the node answered no simulation' } };
    if (result.err !== null && result.err !== undefined) {
      const { reason, hidden } = failure(result.err, result.logs);
      return { lookups, simulation: { status: 'will-fail', reason, ...(hidden ? { hiddenCharacters: true as const } : {}) } };
    }
    const before = (now as { value?: unknown } | null)?.value;
    // Without both states the changes are not known: not "no change".
    if (!Array.isArray(before) || before.length !== addresses.length || !Array.isArray(result.accounts) || result.accounts.length !== addresses.length) {
      return { lookups, simulation: { status: 'not-simulated', cause: 'the node answered without the accounts' } };
    }
    const changes = changesOf(me, addresses, before.map(account), result.accounts.map(account));
    const mints = [...new Set(changes.filter((c) => c.standard === 'spl').map((c) => c.asset))];
    let decimals = new Map<string, number>();
    if (mints.length) {
      const read = (await rpc(rpcUrl, 'getMultipleAccounts', [mints, { encoding: 'base64' }], signal, fetcher)) as { value?: unknown[] } | null;
      decimals = new Map(mints.flatMap((mint, i) => { const d = mintDecimals(account(read?.value?.[i] ?? null)); return d === undefined ? [] : [[mint, d] as const]; }));
    }
    const shown = changes.map((c) => (c.standard === 'spl' && decimals.has(c.asset) ? { ...c, decimals: decimals.get(c.asset)! } : c));
    return { lookups, simulation: { status: 'simulated', changes: shown } };
  } catch (error) {
    return { lookups, simulation: { status: 'not-simulated', cause: signal.aborted ? 'timeout' : error instanceof Error ? error.message : String(error) } };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The review of a Solana transaction with its lookup tables read from the cluster (real
 * addresses, or 'unresolved-address') and what it changes for the account (or why not).
 */
export async function simulateSolanaReview(
  context: SolanaReviewContext & { action: 'sign-transaction' | 'send-transaction' },
  transaction: Uint8Array,
  options: { rpcUrl?: string | undefined; timeoutMs?: number; fetch?: typeof fetch } = {},
): Promise<RequestReview> {
  const tx = parseSolanaTransaction(transaction);
  // Refused (not the account's transaction) before anything is asked of the cluster.
  solanaTransactionReview(context, tx);
  const { lookups, simulation } = await simulateSolanaTransaction({ ...options, account: context.account, transaction });
  return withSimulation(solanaTransactionReview(context, { ...tx, resolvedLookups: lookups }), simulation);
}
