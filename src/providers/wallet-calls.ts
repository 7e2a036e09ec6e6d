/**
 * EIP-5792 (wallet call API, version 2.0.0) for the EIP-1193 provider: `wallet_getCapabilities`,
 * `wallet_sendCalls`, `wallet_getCallsStatus`, `wallet_showCallsStatus`, as viem's `sendCalls` /
 * `getCallsStatus` / `waitForCallsStatus` and wagmi's `useSendCalls` call them. A chunk of its own,
 * loaded with the first such request.
 *
 * The service's V1 send (eth_send_transaction) carries one call, and its V2 batch needs an
 * EIP-7702 delegate the wallet does not set up: so the wallet cannot execute calls atomically. It
 * says so (`atomic: unsupported`), refuses a request that requires atomicity with 5760, and
 * otherwise sends the calls one after another, each after the previous one has its hash, after
 * the person approved all of them on one review that lists every call. The first call that fails
 * stops the batch: the calls after it are never sent (a later call usually depends on an earlier
 * one: an approval, then the swap).
 *
 * A batch belongs to the user who sent it: another user asking for its status is told the id is
 * unknown (5730).
 */
import { reviewEvmRequest, type EvmReviewContext } from '../review/evm-review.ts';
import type { RequestReview, ReviewSection, ReviewWarning } from '../review/request-review.ts';
import { ProviderRpcError } from './provider-rpc-error.ts';
import { quantity, sendAndFollow } from './evm-transactions.ts';
import { ADDRESS, HEX_BYTES, chainIdOf, invalidParams, toQuantity, type Eip1193RequestArguments, type Eip1193Session, type ProviderHost } from './eip1193-provider.ts';
import type { Signer } from './wallet-signer.ts';

/** EIP-5792's error codes. */
export const WalletCallsErrorCodes = {
  UNSUPPORTED_CAPABILITY: 5700,
  UNSUPPORTED_CHAIN: 5710,
  DUPLICATE_ID: 5720,
  UNKNOWN_BUNDLE: 5730,
  BUNDLE_TOO_LARGE: 5740,
  ATOMICITY_NOT_SUPPORTED: 5760,
} as const;

/** EIP-5792's batch status codes. */
export const CallsStatus = { PENDING: 100, CONFIRMED: 200, OFFCHAIN_FAILURE: 400, REVERTED: 500, PARTIALLY_REVERTED: 600 } as const;

/** The service's limit on the calls of one V2 send; the same here. */
export const MAX_CALLS = 50;

interface Call {
  to: string;
  value: bigint;
  data: string;
}

interface Batch {
  /** organizationId/userId of the sender. */
  user: string;
  chainId: bigint;
  calls: number;
  /** Hashes of the calls sent so far, in order (a failed call's too, when the chain has it). */
  hashes: string[];
  /** Sending stopped at a call that failed (or was never sent). */
  failed: boolean;
  done: boolean;
}

/** One EIP-5792 receipt, from the chain's. */
interface CallsReceipt {
  logs: { address: string; data: string; topics: string[] }[];
  status: string;
  blockHash: string;
  blockNumber: string;
  gasUsed: string;
  transactionHash: string;
}

const unknownBundle = () => new ProviderRpcError(WalletCallsErrorCodes.UNKNOWN_BUNDLE, 'Unknown bundle id: this wallet sent no batch of calls with this id for the logged-in user.');

/** A random batch id: 32 bytes, 0x-hex. */
function randomId(): string {
  let id = '0x';
  for (const byte of crypto.getRandomValues(new Uint8Array(32))) id += byte.toString(16).padStart(2, '0');
  return id;
}

/** Refuses capabilities the wallet does not have unless the dapp marked them optional (5700). */
function checkCapabilities(capabilities: unknown, where: string): void {
  if (capabilities === undefined || capabilities === null) return;
  if (typeof capabilities !== 'object' || Array.isArray(capabilities)) throw invalidParams(`${where}.capabilities must be an object.`);
  for (const [name, value] of Object.entries(capabilities)) {
    if ((value as { optional?: unknown } | null)?.optional !== true) {
      throw new ProviderRpcError(WalletCallsErrorCodes.UNSUPPORTED_CAPABILITY, `Unsupported non-optional capability: ${name}.`);
    }
  }
}

function callOf(value: unknown, i: number): Call {
  const where = `calls[${i}]`;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidParams(`${where} must be an object.`);
  const call = value as Record<string, unknown>;
  if (typeof call.to !== 'string' || !ADDRESS.test(call.to)) throw invalidParams(`${where}.to must be an Ethereum address (the send activity does not create contracts).`);
  const data = call.data ?? '0x';
  if (typeof data !== 'string' || !HEX_BYTES.test(data)) throw invalidParams(`${where}.data must be 0x-hex bytes.`);
  checkCapabilities(call.capabilities, where);
  return { to: call.to, value: quantity(call, 'value', where) ?? 0n, data: data.toLowerCase() };
}

/**
 * One review for the whole batch: every call's own sections (what eth_sendTransaction's review
 * shows: to, value, decoded calldata), in order, the first of each headed "i/n", and every call's
 * warnings. Not simulated: the calls run one after another, each on the state the previous leaves.
 */
export function batchReview(calls: readonly Call[], context: EvmReviewContext): RequestReview {
  const sections: ReviewSection[] = [];
  const warnings: ReviewWarning[] = [];
  let chain: RequestReview['chain'] = { id: `eip155:${context.chainId}` };
  calls.forEach((call, i) => {
    const review = reviewEvmRequest({ method: 'eth_sendTransaction', params: [{ from: context.account, to: call.to, value: toQuantity(call.value), data: call.data }] }, context)!;
    chain = review.chain;
    review.sections.forEach((section, j) => sections.push(j ? section : { ...section, heading: `${i + 1}/${calls.length}` }));
    warnings.push(...review.warnings);
  });
  warnings.push('not-simulated');
  return { action: 'send-transaction', origin: context.origin, account: context.account, chain, sections, warnings: [...new Set(warnings)] };
}

export class WalletCalls {
  readonly #host: ProviderHost;
  readonly #batches = new Map<string, Batch>();

  constructor(host: ProviderHost) {
    this.#host = host;
  }

  request(args: Eip1193RequestArguments, params: unknown): Promise<unknown> {
    const list = Array.isArray(params) ? params : [];
    switch (args.method) {
      case 'wallet_getCapabilities':
        return this.#capabilities(list);
      case 'wallet_sendCalls':
        return this.#send(args, list[0]);
      case 'wallet_getCallsStatus':
        return this.#status(list[0]);
      default: // wallet_showCallsStatus
        return this.#show(list[0]);
    }
  }

  /** Per chain asked for (hex ids; all the provider knows when none): no atomic execution. */
  async #capabilities([address, chainIds]: unknown[]): Promise<Record<string, unknown>> {
    const signer = await this.#host.live();
    this.#host.account(signer, address, 'wallet_getCapabilities address');
    if (chainIds !== undefined && !Array.isArray(chainIds)) throw invalidParams('wallet_getCapabilities takes [address, chainIds?].');
    const known = this.#host.chains();
    const asked = chainIds === undefined ? known : chainIds.map((id) => chainIdOf(id, 'chainIds[]')).filter((id) => known.includes(id));
    const out: Record<string, unknown> = {};
    for (const id of asked) out[toQuantity(id)] = { atomic: { status: 'unsupported' } };
    return out;
  }

  async #send(args: Eip1193RequestArguments, value: unknown): Promise<{ id: string }> {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidParams('wallet_sendCalls takes [{version, chainId, from, atomicRequired, calls}].');
    const request = value as Record<string, unknown>;
    if (request.version !== '2.0.0') throw invalidParams('wallet_sendCalls: this wallet speaks version 2.0.0 of EIP-5792.');
    const signer = await this.#host.live();
    const chainId = chainIdOf(request.chainId, 'wallet_sendCalls chainId');
    if (chainId !== this.#host.chainId) throw new ProviderRpcError(WalletCallsErrorCodes.UNSUPPORTED_CHAIN, `Unsupported chain id: the wallet is on chain ${this.#host.chainId}; switch first.`);
    const from = this.#host.account(signer, request.from ?? signer.accounts[0], 'wallet_sendCalls from');
    if (typeof request.atomicRequired !== 'boolean') throw invalidParams('wallet_sendCalls atomicRequired must be true or false.');
    if (!Array.isArray(request.calls) || request.calls.length === 0) throw invalidParams('wallet_sendCalls calls must be a non-empty array.');
    if (request.calls.length > MAX_CALLS) throw new ProviderRpcError(WalletCallsErrorCodes.BUNDLE_TOO_LARGE, `Bundle too large: at most ${MAX_CALLS} calls.`);
    const calls = request.calls.map(callOf);
    checkCapabilities(request.capabilities, 'wallet_sendCalls');
    // Several calls in one transaction need a delegate the wallet does not set up (see above).
    if (request.atomicRequired && calls.length > 1) throw new ProviderRpcError(WalletCallsErrorCodes.ATOMICITY_NOT_SUPPORTED, 'Atomicity not supported: this wallet sends each call as its own transaction.');
    let id = request.id;
    if (id === undefined || id === null) id = randomId();
    else if (typeof id !== 'string' || id === '' || id.length > 4096) throw invalidParams('wallet_sendCalls id must be a string of 1 to 4096 characters.');
    if (this.#batches.has(id as string)) throw new ProviderRpcError(WalletCallsErrorCodes.DUPLICATE_ID, 'Duplicate id: a batch with this id was already sent.');
    const session = await this.#host.approved(signer, from, args, { review: (context) => batchReview(calls, context) });
    // Checked again after the person's answer: two requests with one id may both have waited.
    if (this.#batches.has(id as string)) throw new ProviderRpcError(WalletCallsErrorCodes.DUPLICATE_ID, 'Duplicate id: a batch with this id was already sent.');
    const batch: Batch = { user: signer.user, chainId, calls: calls.length, hashes: [], failed: false, done: false };
    this.#batches.set(id as string, batch);
    void this.#sendAll(batch, signer, session, from, calls);
    return { id: id as string };
  }

  /** Sends the calls in order, each with the sender's session read just before it; stops at the first failure. */
  async #sendAll(batch: Batch, signer: Signer<string>, first: Eip1193Session, from: string, calls: readonly Call[]): Promise<void> {
    const caip2 = `eip155:${batch.chainId}` as const;
    try {
      for (const [i, call] of calls.entries()) {
        // Another user (or nobody) since the approval: what is left is never sent.
        const session = i === 0 ? first : this.#host.session(signer);
        batch.hashes.push(await sendAndFollow(this.#host, session, { from, to: call.to, caip2, value: call.value.toString(), data: call.data }));
      }
    } catch (error) {
      batch.failed = true;
      const hash = ((error as { data?: { txHash?: unknown } }).data)?.txHash;
      if (typeof hash === 'string') batch.hashes.push(hash);
    } finally {
      batch.done = true;
    }
  }

  /** The sender's batch `id`; 5730 for an id this wallet did not send for the logged-in user. */
  async #batch(id: unknown): Promise<[string, Batch]> {
    const signer = await this.#host.live();
    const batch = typeof id === 'string' ? this.#batches.get(id) : undefined;
    if (!batch || batch.user !== signer.user) throw unknownBundle();
    return [id as string, batch];
  }

  async #status(value: unknown): Promise<Record<string, unknown>> {
    const [id, batch] = await this.#batch(value);
    const receipts: CallsReceipt[] = [];
    let pending = !batch.done;
    if (this.#host.rpcUrl() && this.#host.chainId === batch.chainId) {
      for (const hash of batch.hashes) {
        const receipt = (await this.#host.rpc('eth_getTransactionReceipt', [hash])) as CallsReceipt | null;
        if (!receipt) {
          pending = true;
          continue;
        }
        const { logs, status, blockHash, blockNumber, gasUsed, transactionHash } = receipt;
        receipts.push({ logs: (logs ?? []).map(({ address, data, topics }) => ({ address, data, topics })), status, blockHash, blockNumber, gasUsed, transactionHash });
      }
    }
    const landed = receipts.filter((r) => r.status === '0x1').length;
    const complete = !batch.failed && receipts.length === batch.calls && landed === batch.calls;
    const status = pending
      ? CallsStatus.PENDING
      : complete || (!batch.failed && !receipts.length)
        ? CallsStatus.CONFIRMED
        : !batch.hashes.length
          ? CallsStatus.OFFCHAIN_FAILURE
          : landed === 0 && receipts.length
            ? CallsStatus.REVERTED
            : CallsStatus.PARTIALLY_REVERTED;
    return { version: '2.0.0', id, chainId: toQuantity(batch.chainId), status, atomic: batch.calls === 1, receipts };
  }

  /** The wallet has no screen of its own for a batch: a known id answers null, as the EIP allows. */
  async #show(value: unknown): Promise<null> {
    await this.#batch(value);
    return null;
  }
}
