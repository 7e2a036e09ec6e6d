/**
 * eth_send_raw_transaction (ACTIVITY_TYPE_ETH_SEND_RAW_TRANSACTION, intent
 * ethSendRawTransactionIntent `{signedTransaction, caip2}`, result ethSendRawTransactionResult
 * `{transactionHash}`): a transaction signed elsewhere, broadcast to the local EVM chain as is.
 * The chain's refusal (nonce too low, insufficient funds, a bad signature, the wrong chain id)
 * is the service's 400 with the chain's own message, and nothing is recorded but nothing
 * either: the activity is refused. A chain that is not running: CHAIN_UNAVAILABLE.
 */
import { invalidRequest, Grpc, serviceError } from '../http/service-error.ts';
import { requireString } from '../http/fields.ts';
import { chainUnavailable } from './chain-routes.ts';
import { ChainRpcError, ChainUnreachableError } from './evm/json-rpc.ts';
import type { ActivityHandler } from '../api/handler-types.ts';
import type { OperationSpec } from '../api/operations.ts';

export const CHAIN_OPERATIONS = {
  eth_send_raw_transaction: { type: 'ACTIVITY_TYPE_ETH_SEND_RAW_TRANSACTION', intent: 'ethSendRawTransactionIntent', result: 'ethSendRawTransactionResult' },
} as const satisfies Record<string, OperationSpec>;

export const ethSendRawTransaction: ActivityHandler = {
  async run({ ctx, parameters }) {
    const signed = requireString(parameters, 'signedTransaction', 'parameters', { max: 262_144 });
    if (!/^(0x)?(?:[0-9a-fA-F]{2})+$/.test(signed)) throw invalidRequest('parameters.signedTransaction must be the signed transaction\'s bytes in hex.');
    const caip2 = requireString(parameters, 'caip2', 'parameters', { max: 100 });
    if (!/^eip155:[1-9]\d{0,15}$/.test(caip2)) throw invalidRequest('parameters.caip2 must be a CAIP-2 EVM chain id, e.g. "eip155:11155111".');
    const chain = ctx.chains?.evm(caip2);
    if (!chain) throw chainUnavailable(`${caip2} is not a running local chain`, ctx.chains?.downReason('evm') ?? (ctx.chains ? undefined : 'the emulator runs without chains (--chains off)'));
    try {
      const transactionHash = await chain.rpc<string>('eth_sendRawTransaction', [signed.startsWith('0x') ? signed : `0x${signed}`]);
      return { transactionHash };
    } catch (error) {
      if (error instanceof ChainRpcError) throw serviceError(Grpc.INVALID_ARGUMENT, 'TRANSACTION_REJECTED', `The chain refused the transaction: ${error.message}`);
      if (error instanceof ChainUnreachableError) throw chainUnavailable(`${caip2} stopped answering`, chain.down() ?? error.message);
      throw error;
    }
  },
};

export const chainActivities: readonly (readonly [string, ActivityHandler])[] = [['eth_send_raw_transaction', ethSendRawTransaction]];
