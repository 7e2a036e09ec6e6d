/**
 * eth_send_transaction's way to a local EVM chain (when the emulator runs the EVM chains):
 * picks the chain by caip2, signs with the sender's own key, sends (evm-send.ts). A chain that
 * is not running (never started, died) refuses the activity with the service's error, so
 * nothing is recorded; a chain's refusal of the transaction is a FAILED status instead.
 */
import { Grpc, serviceError, invalidRequest } from '../../http/service-error.ts';
import { resolveSigningKey } from '../../custody/signing-key.ts';
import { chainUnavailable } from '../chain-routes.ts';
import { sendOnEvm, settledFromReceipt, EvmTxStatus } from './evm-send.ts';
import { ChainUnreachableError } from './json-rpc.ts';
import type { Chains } from '../chains.ts';
import type { EvmReceipt, EvmSettled } from './evm-send.ts';
import type { StateView } from '../../state/store.ts';
import type { EthCall } from '../../onramp/send-sandbox.ts';

export interface EvmIntent {
  readonly from: string;
  readonly caip2: string;
  readonly calls: readonly EthCall[];
  readonly nonce?: string;
  readonly gasLimit?: string;
  readonly maxFeePerGas?: string;
  readonly maxPriorityFeePerGas?: string;
}

export async function sendOnLocalEvm(chains: Chains, view: StateView, organizationId: string, intent: EvmIntent): Promise<EvmSettled> {
  const chain = chains.evm(intent.caip2);
  if (!chain) {
    const running = chains.evmChains().map((c) => c.info.caip2);
    throw chainUnavailable(`${intent.caip2} is not a running local chain${running.length ? ` (running: ${running.join(', ')})` : ''}`, chains.downReason('evm'));
  }
  if (intent.calls.length !== 1) {
    // Several calls are one EIP-7702 batch on the hosted service: that needs a delegate
    // contract the local chain does not have yet.
    throw serviceError(Grpc.UNIMPLEMENTED, 'UNIMPLEMENTED', 'The local chain sends one call per transaction: a batch of calls is not broadcast by the emulator yet.');
  }
  const key = resolveSigningKey(view, organizationId, intent.from);
  try {
    if (key.curve !== 'CURVE_SECP256K1') throw invalidRequest('parameters.from must be a secp256k1 (Ethereum) account.');
    const { nonce, gasLimit, maxFeePerGas, maxPriorityFeePerGas } = intent;
    return await sendOnEvm(chain, key.privateKey, {
      from: intent.from,
      ...intent.calls[0]!,
      ...(nonce !== undefined ? { nonce } : {}),
      ...(gasLimit !== undefined ? { gasLimit } : {}),
      ...(maxFeePerGas !== undefined ? { maxFeePerGas } : {}),
      ...(maxPriorityFeePerGas !== undefined ? { maxPriorityFeePerGas } : {}),
    });
  } catch (error) {
    if (error instanceof ChainUnreachableError) throw chainUnavailable(`${intent.caip2} stopped answering`, chain.down() ?? error.message);
    throw error;
  } finally {
    key.privateKey.fill(0);
  }
}

interface ChainTx {
  from: string;
  to: string;
  value: string;
  input: string;
}

/**
 * A queued send (BROADCASTED) as the chain sees it now: its receipt's outcome once mined,
 * else undefined (still queued, or the chain is gone).
 */
export async function refreshQueuedSend(chains: Chains | undefined, caip2: string, txHash: string): Promise<EvmSettled | undefined> {
  const chain = chains?.evm(caip2);
  if (!chain) return undefined;
  try {
    const receipt = await chain.rpc<EvmReceipt | null>('eth_getTransactionReceipt', [txHash]);
    if (!receipt) return undefined;
    const sent = await chain.rpc<ChainTx>('eth_getTransactionByHash', [txHash]);
    return await settledFromReceipt(chain, receipt, { from: sent.from, to: sent.to, value: BigInt(sent.value).toString(), data: sent.input });
  } catch {
    return undefined;
  }
}

export { EvmTxStatus };
