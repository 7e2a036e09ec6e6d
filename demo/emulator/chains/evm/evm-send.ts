/**
 * A send on a local EVM chain, for eth_send_transaction (both versions): the intent's missing
 * nonce, gas and fees are filled from the chain, the transaction (EIP-1559) is signed with the
 * wallet account's key and broadcast raw, and the outcome is the chain's:
 * - mined with status 1: INCLUDED, with the hash and block;
 * - mined with status 0 (an explicit gasLimit let it through): FAILED with the hash, block and
 *   the revert decoded (replayed with eth_call at the block before);
 * - refused before broadcast, by the gas estimate (a revert: decoded) or by the chain's
 *   transaction pool (nonce too low, insufficient funds, fee too low): FAILED with the chain's
 *   own message and no hash: nothing was sent;
 * - a nonce above the account's next one: the chain queues it (as a real pool does):
 *   BROADCASTED, with the hash; the status query asks the chain for the receipt.
 */
import { hex } from '@scure/base';
import { rlpEncode, signEthereumTransaction } from '../../wallet/ethereum-transaction.ts';
import { decodeRevert } from './abi.ts';
import { ChainRpcError, toQuantity } from './json-rpc.ts';
import type { RevertEntry } from './abi.ts';
import type { EvmChain } from './start-evm-chain.ts';

export const EvmTxStatus = { INCLUDED: 'INCLUDED', FAILED: 'FAILED', BROADCASTED: 'BROADCASTED' } as const;

export interface EvmSendInput {
  readonly from: string;
  readonly to: string;
  readonly value: string;
  readonly data: string;
  readonly nonce?: string;
  readonly gasLimit?: string;
  readonly maxFeePerGas?: string;
  readonly maxPriorityFeePerGas?: string;
}

export interface EvmSettled {
  txStatus: string;
  chain: 'eth';
  caip2: string;
  txHash?: string;
  blockNumber?: string;
  txError?: string;
  error?: Record<string, unknown>;
}

export interface EvmReceipt {
  status: string;
  transactionHash: string;
  blockNumber: string;
  blockHash: string;
  gasUsed: string;
  effectiveGasPrice: string;
  from: string;
  to: string | null;
}

function revertError(entry: RevertEntry): Record<string, unknown> {
  const chain = [entry];
  return { message: `execution reverted: ${entry.displayMessage}`, revertChain: chain, eth: { revertChain: chain } };
}

/** Revert bytes in a JSON-RPC error, when it is a revert (anvil: code 3, data the bytes). */
function revertData(error: ChainRpcError): string | undefined {
  if (typeof error.data === 'string' && /^0x[0-9a-fA-F]*$/.test(error.data)) return error.data;
  if (/execution reverted/i.test(error.message)) return '0x';
  return undefined;
}

function refused(caip2: string, error: ChainRpcError, to: string): EvmSettled {
  const data = revertData(error);
  if (data !== undefined) {
    const entry = decodeRevert(data, to);
    return { txStatus: EvmTxStatus.FAILED, chain: 'eth', caip2, txError: `execution reverted: ${entry.displayMessage}`, error: revertError(entry) };
  }
  return { txStatus: EvmTxStatus.FAILED, chain: 'eth', caip2, txError: error.message, error: { message: error.message, eth: {} } };
}

const quantity = (value: string | undefined, fallback: bigint): bigint => (value === undefined ? fallback : BigInt(value));

/** The receipt's outcome as a status (also used by the status query for a queued send). */
export async function settledFromReceipt(chain: EvmChain, receipt: EvmReceipt, call: { from: string; to: string; value: string; data: string }): Promise<EvmSettled> {
  const base = { chain: 'eth' as const, caip2: chain.info.caip2, txHash: receipt.transactionHash, blockNumber: BigInt(receipt.blockNumber).toString() };
  if (receipt.status === '0x1') return { ...base, txStatus: EvmTxStatus.INCLUDED };
  // The receipt carries no reason: replay the call on the state it ran against.
  let entry: RevertEntry = decodeRevert('0x', call.to);
  try {
    await chain.rpc('eth_call', [{ from: call.from, to: call.to, value: toQuantity(BigInt(call.value)), data: call.data }, toQuantity(BigInt(receipt.blockNumber) - 1n)]);
  } catch (error) {
    if (error instanceof ChainRpcError) entry = decodeRevert(revertData(error) ?? '0x', call.to);
  }
  return { ...base, txStatus: EvmTxStatus.FAILED, txError: `execution reverted: ${entry.displayMessage}`, error: revertError(entry) };
}

export async function sendOnEvm(chain: EvmChain, privateKey: Uint8Array, input: EvmSendInput): Promise<EvmSettled> {
  const caip2 = chain.info.caip2;
  const call = { from: input.from, to: input.to, value: toQuantity(BigInt(input.value)), data: input.data };
  try {
    const [next, priority, latest] = await Promise.all([
      chain.rpc<string>('eth_getTransactionCount', [input.from, 'pending']).then(BigInt),
      input.maxPriorityFeePerGas === undefined ? chain.rpc<string>('eth_maxPriorityFeePerGas').then(BigInt) : Promise.resolve(BigInt(input.maxPriorityFeePerGas)),
      input.maxFeePerGas === undefined ? chain.rpc<{ baseFeePerGas: string }>('eth_getBlockByNumber', ['latest', false]) : Promise.resolve(undefined),
    ]);
    const nonce = quantity(input.nonce, next);
    // As wallets do: room for the base fee to double, plus the tip.
    const maxFeePerGas = quantity(input.maxFeePerGas, BigInt(latest?.baseFeePerGas ?? '0x0') * 2n + priority);
    const maxPriorityFeePerGas = priority > maxFeePerGas ? maxFeePerGas : priority;
    const gas = input.gasLimit !== undefined ? BigInt(input.gasLimit) : BigInt(await chain.rpc<string>('eth_estimateGas', [call, 'pending']));
    const int = (n: bigint) => (n === 0n ? new Uint8Array(0) : hex.decode(n.toString(16).padStart(Math.ceil(n.toString(16).length / 2) * 2, '0')));
    const unsigned = new Uint8Array([0x02, ...rlpEncode([
      int(BigInt(chain.info.chainId)), int(nonce), int(maxPriorityFeePerGas), int(maxFeePerGas), int(gas),
      hex.decode(input.to.slice(2).toLowerCase()), int(BigInt(input.value)), hex.decode(input.data.slice(2).toLowerCase()), [],
    ])]);
    const signed = `0x${signEthereumTransaction({ privateKey, unsignedTransaction: hex.encode(unsigned) })}`;
    if (nonce > next) {
      // A gap: the pool queues it until the nonces below arrive. Not mined yet.
      const txHash = await chain.rpc<string>('eth_sendRawTransaction', [signed]);
      return { txStatus: EvmTxStatus.BROADCASTED, chain: 'eth', caip2, txHash };
    }
    // The Sync variant (EIP-7966) answers with the receipt once mined (anvil mines at once).
    const receipt = await chain.rpc<EvmReceipt>('eth_sendRawTransactionSync', [signed]);
    return await settledFromReceipt(chain, receipt, { from: input.from, to: input.to, value: input.value, data: input.data });
  } catch (error) {
    if (error instanceof ChainRpcError) return refused(caip2, error, input.to);
    throw error;
  }
}
