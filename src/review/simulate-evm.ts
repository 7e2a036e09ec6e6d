/**
 * What an EVM transaction would change for the person, asked of the chain it is for before they
 * approve: `eth_simulateV1` (the execution API's standard simulation) with `traceTransfers` (the
 * node writes native transfers as ERC-20-shaped logs from 0xEeee…EEeE) and `validation` (nonce,
 * balance and fees checked as a real send is). The logs that touch the account become changes:
 * native and ERC-20 amounts in and out (symbol and decimals read from the token contracts, the
 * symbol through the hidden-characters filter), ERC-721 and ERC-1155 items, approvals set. A
 * revert is `will-fail` with its decoded reason. Anything that keeps an answer from coming
 * (no rpcUrl, a node without the method, a network error, no answer within ~1.5 s) is
 * `not-simulated`: the decoding stays, and the sheet says it could not simulate, never blank.
 *
 * Its own module, loaded with `import()` when a transaction is reviewed: a chunk of its own, so
 * nothing here weighs on the login path.
 */
import { hasHiddenCharacters, revealHiddenCharacters } from './hidden-characters.ts';
import { abiText, decodeRevertData } from './evm-revert.ts';
import type { AssetChange, RequestReview } from './request-review.ts';
import { withSimulation, type ChainSimulation } from './with-simulation.ts';

export { withSimulation } from './with-simulation.ts';

export interface EvmSimulationRequest {
  /** The chain's JSON-RPC endpoint; absent: not simulated. */
  readonly rpcUrl?: string | undefined;
  /** The account whose changes are shown (the sender). */
  readonly account: string;
  readonly tx: { readonly from?: string; readonly to?: string; readonly value?: bigint | string; readonly data?: string; readonly gas?: bigint | string };
  /** Default 1,500 ms: longer and the person waits on a sheet that says nothing. */
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
}

export type EvmSimulation = ChainSimulation;

export const SIMULATION_TIMEOUT_MS = 1_500;
/** traceTransfers' pseudo-token: the native currency's movements. */
export const NATIVE_TRANSFER_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';

const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const APPROVAL = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925';
const APPROVAL_FOR_ALL = '0x17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31';
const TRANSFER_SINGLE = '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62';
const TRANSFER_BATCH = '0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb';

/** The execution API's codes for a transaction the chain refuses (nonce, funds, fees, gas): it will fail. */
const REFUSED_CODES = new Set([-32003, -32015, -38010, -38011, -38012, -38013, -38014, -38015, -38016, -38021, -38022, -38024, -38025, 3]);

interface Log { address: string; topics: string[]; data: string }
interface CallResult { status: string; returnData?: string; logs?: Log[]; error?: { message?: string; data?: string } }

class RpcError extends Error {
  constructor(readonly code: number | undefined, message: string, readonly data?: unknown) {
    super(message);
  }
}

const quantity = (v: bigint | string | undefined) => (v === undefined ? undefined : `0x${BigInt(v).toString(16)}`);
const word = (hex: string, i: number) => hex.slice(i * 64, i * 64 + 64);
const addressOf = (topicOrWord: string) => `0x${topicOrWord.slice(-40)}`.toLowerCase();
/** A word or topic (with or without 0x) as an unsigned integer; empty is 0. */
const uint = (hex: string) => (hex.replace(/^0x/, '') ? BigInt(`0x${hex.replace(/^0x/, '')}`) : 0n);

/** A string short enough to show (a symbol, a reason): 1,024 characters at most. */
function shown(body: string): string | undefined {
  const text = abiText(body);
  return text !== undefined && text.length <= 1024 ? text : undefined;
}

/** A revert's data as words: Error(string)'s text, Panic(n) named, or a custom error's selector. */
export function revertReason(data: string | undefined, fallback = 'execution reverted'): string {
  const revert = decodeRevertData(data);
  if (revert.kind === 'error' && revert.message.length <= 1024) return revert.message;
  if (revert.kind === 'panic') return `Panic(0x${revert.code.toString(16).padStart(2, '0')})${revert.reason ? `: ${revert.reason}` : ''}`;
  if (revert.kind === 'other' && revert.selector.length === 8) return `error 0x${revert.selector}`;
  return fallback;
}

async function rpc(url: string, method: string, params: unknown[], signal: AbortSignal, fetcher: typeof fetch): Promise<unknown> {
  const response = await fetcher(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }), signal });
  const body = (await response.json()) as { result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } };
  if (body.error) throw new RpcError(typeof body.error.code === 'number' ? body.error.code : undefined, String(body.error.message ?? 'error'), body.error.data);
  if (!response.ok) throw new RpcError(undefined, `HTTP ${response.status}`);
  return body.result;
}

/** A token's symbol and decimals, read from its contract; each left out when the contract does not say. */
async function tokenInfo(url: string, token: string, signal: AbortSignal, fetcher: typeof fetch): Promise<{ symbol?: string; decimals?: number; hidden?: boolean }> {
  const read = (selector: string) => rpc(url, 'eth_call', [{ to: token, data: selector }, 'latest'], signal, fetcher).then((r) => (typeof r === 'string' ? r.replace(/^0x/, '') : ''), () => '');
  const [symbolHex, decimalsHex] = await Promise.all([read('0x95d89b41'), read('0x313ce567')]);
  // Old tokens (MKR) answer symbol() as bytes32.
  const symbol = shown(symbolHex) ?? (symbolHex.length === 64 ? shown(`${'0'.repeat(62)}20${'0'.repeat(62)}20${symbolHex}`)?.replace(/\0+$/, '') : undefined);
  const decimals = decimalsHex.length === 64 ? uint(decimalsHex) : undefined;
  return {
    ...(symbol ? { symbol: revealHiddenCharacters(symbol), ...(hasHiddenCharacters(symbol) ? { hidden: true } : {}) } : {}),
    ...(decimals !== undefined && decimals <= 255n ? { decimals: Number(decimals) } : {}),
  };
}

/** The account's changes in `logs`: transfers netted per asset (and token id), approvals as set. */
function changesOf(logs: readonly Log[], account: string): AssetChange[] {
  const me = account.toLowerCase();
  const net = new Map<string, AssetChange & { value: bigint }>();
  const approvals: AssetChange[] = [];
  const move = (standard: AssetChange['standard'], asset: string, from: string, to: string, value: bigint, tokenId?: string) => {
    const signed = (to === me ? value : 0n) - (from === me ? value : 0n);
    if (to !== me && from !== me) return;
    const key = `${asset}/${tokenId ?? ''}`;
    const entry = net.get(key) ?? { kind: 'transfer', standard, asset, direction: 'in', amount: '0', value: 0n, ...(tokenId !== undefined ? { tokenId } : {}) };
    entry.value += signed;
    net.set(key, entry);
  };
  for (const log of logs) {
    const address = log.address.toLowerCase();
    const [topic, a, b, c] = log.topics.map((t) => t.toLowerCase());
    const data = (log.data ?? '0x').replace(/^0x/, '');
    if (topic === TRANSFER && a && b) {
      if (address === NATIVE_TRANSFER_ADDRESS) move('native', 'native', addressOf(a), addressOf(b), uint(word(data, 0)));
      else if (c) move('erc721', address, addressOf(a), addressOf(b), 1n, uint(c).toString());
      else move('erc20', address, addressOf(a), addressOf(b), uint(word(data, 0)));
    } else if (topic === TRANSFER_SINGLE && b && c) {
      move('erc1155', address, addressOf(b), addressOf(c), uint(word(data, 1)), uint(word(data, 0)).toString());
    } else if (topic === TRANSFER_BATCH && b && c) {
      const ids = Number(uint(word(data, Number(uint(word(data, 0))) / 32)));
      const valuesAt = Number(uint(word(data, 1))) / 32;
      for (let i = 0; i < ids && i < 256; i++) {
        move('erc1155', address, addressOf(b), addressOf(c), uint(word(data, valuesAt + 1 + i)), uint(word(data, Number(uint(word(data, 0))) / 32 + 1 + i)).toString());
      }
    } else if (topic === APPROVAL && a && b && addressOf(a) === me) {
      // ERC-721's Approval indexes the token id (a fourth topic); ERC-20's carries the amount as data.
      approvals.push(c
        ? { kind: 'approval', standard: 'erc721', asset: address, direction: 'approve', amount: '1', tokenId: uint(c).toString(), spender: addressOf(b) }
        : { kind: 'approval', standard: 'erc20', asset: address, direction: 'approve', amount: uint(word(data, 0)).toString(), spender: addressOf(b) });
    } else if (topic === APPROVAL_FOR_ALL && a && b && addressOf(a) === me) {
      approvals.push({ kind: 'approval-for-all', standard: 'erc721', asset: address, direction: 'approve', amount: uint(word(data, 0)) === 0n ? '0' : '1', spender: addressOf(b) });
    }
  }
  const transfers = [...net.values()].filter((e) => e.value !== 0n).map(({ value, ...change }): AssetChange => ({ ...change, direction: value < 0n ? 'out' : 'in', amount: value.toString() }));
  // What leaves first: that is what the person loses.
  return [...transfers.filter((t) => t.direction === 'out'), ...transfers.filter((t) => t.direction === 'in'), ...approvals];
}

/** A failure whose reason (the contract's text) is shown with its hidden characters revealed, and said. */
function failing(reason: string): EvmSimulation {
  return { status: 'will-fail', reason: revealHiddenCharacters(reason), ...(hasHiddenCharacters(reason) ? { hiddenCharacters: true as const } : {}) };
}

/** Simulates `tx` on its chain and reads what changes for `account`; never throws. */
export async function simulateEvmTransaction(request: EvmSimulationRequest): Promise<EvmSimulation> {
  const { rpcUrl, account, tx } = request;
  if (!rpcUrl) return { status: 'not-simulated', cause: 'no rpcUrl' };
  const fetcher = request.fetch ?? fetch;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), request.timeoutMs ?? SIMULATION_TIMEOUT_MS);
  try {
    const call = Object.fromEntries(Object.entries({ from: tx.from ?? account, to: tx.to, value: quantity(tx.value), data: tx.data, gas: quantity(tx.gas) }).filter(([, v]) => v !== undefined));
    let blocks: unknown;
    try {
      blocks = await rpc(rpcUrl, 'eth_simulateV1', [{ blockStateCalls: [{ calls: [call] }], traceTransfers: true, validation: true }, 'latest'], controller.signal, fetcher);
    } catch (error) {
      if (error instanceof RpcError && error.code !== undefined && REFUSED_CODES.has(error.code)) {
        return failing(typeof error.data === 'string' && error.data.length > 2 ? revertReason(error.data, error.message) : error.message);
      }
      throw error;
    }
    const result = (Array.isArray(blocks) ? (blocks[0] as { calls?: CallResult[] } | undefined)?.calls?.[0] : undefined);
    if (!result) return { status: 'not-simulated', cause: 'the node answered no call result' };
    if (result.status !== '0x1') return failing(revertReason(result.returnData && result.returnData !== '0x' ? result.returnData : result.error?.data, result.error?.message));
    const changes = changesOf(result.logs ?? [], account);
    const tokens = [...new Set(changes.filter((c) => c.standard !== 'native').map((c) => c.asset))];
    const infos = new Map(await Promise.all(tokens.map(async (t) => [t, await tokenInfo(rpcUrl, t, controller.signal, fetcher)] as const)));
    const shown: AssetChange[] = changes.map((c) => {
        if (c.standard === 'native') return { ...c, symbol: 'ETH', decimals: 18 };
        const info = infos.get(c.asset) ?? {};
        return { ...c, ...(info.symbol ? { symbol: info.symbol } : {}), ...(c.standard === 'erc20' && info.decimals !== undefined ? { decimals: info.decimals } : {}) };
    });
    const hidden = [...infos.values()].some((info) => info.hidden);
    return { status: 'simulated', changes: shown, ...(hidden ? { hiddenCharacters: true as const } : {}) };
  } catch (error) {
    return { status: 'not-simulated', cause: controller.signal.aborted ? 'timeout' : error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** Simulates the transaction a review shows and returns the review with its changes or why not. */
export async function simulateEvmReview(review: RequestReview, request: EvmSimulationRequest): Promise<RequestReview> {
  return withSimulation(review, await simulateEvmTransaction(request));
}
