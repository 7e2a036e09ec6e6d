/**
 * The sandbox chain behind the send operations: nothing is broadcast; a send settles at once,
 * INCLUDED with a deterministic hash / signature, or FAILED when it follows one of the
 * conventions below, so clients and tests can see every error shape of the seed.
 *
 * Ethereum (eth_send_transaction), by recipient `to` (case-insensitive) or calldata:
 * - 0x000000000000000000000000000000000000dEaD → custom error `InsufficientBalance(uint256
 *   available, uint256 required)` with available 0 and required = `value`;
 * - 0x0000000000000000000000000000000000000bad → `Error(string)` "sandbox: transfer refused";
 * - 0x0000000000000000000000000000000000000011 → `Panic(uint256)` 0x11 (arithmetic overflow);
 * - calldata starting with 0xdeadbeef → an unknown error (its selector and data as given),
 *   raised by `to` and bubbled up through `from`.
 * A V2 send's `calls` settle as one transaction (one call: as above; several: one EIP-7702
 * batch, all or nothing): one hash, and the first call that follows a convention fails the
 * whole batch with that call's error, exactly as it would fail sent alone.
 * Solana (sol_send_transaction):
 * - recentBlockhash 11111111111111111111111111111111 (the all-zero hash) → the RPC refuses the
 *   transaction: "Blockhash not found" (rpcCode -32002);
 * - an unsignedTransaction whose hex contains deadbeef → the System Program fails with
 *   custom error 0x1 (insufficient lamports), with logs and units consumed.
 *
 * Status values (ours: the seed does not show them): INCLUDED, FAILED.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { base58 } from '@scure/base';
import { toHex } from '../../../src/encoding/hex.ts';
import { utf8Encode } from '../../../src/encoding/utf8.ts';
import type { SendTransactionRecord } from '../state/records.ts';

export const TxStatus = { INCLUDED: 'INCLUDED', FAILED: 'FAILED' } as const;

export const SANDBOX_REVERT_CUSTOM = '0x000000000000000000000000000000000000dead';
export const SANDBOX_REVERT_ERROR = '0x0000000000000000000000000000000000000bad';
export const SANDBOX_REVERT_PANIC = '0x0000000000000000000000000000000000000011';
export const SANDBOX_UNKNOWN_SELECTOR = '0xdeadbeef';
export const SANDBOX_BAD_BLOCKHASH = '11111111111111111111111111111111';
export const SANDBOX_FAILING_INSTRUCTION = 'deadbeef';

export interface EthSend {
  from: string;
  to: string;
  value: string;
  data: string;
  caip2: string;
  nonce?: string;
}

export interface EthCall {
  to: string;
  value: string;
  data: string;
}

export interface EthBatch {
  from: string;
  caip2: string;
  nonce?: string;
  calls: readonly EthCall[];
}

export interface SolSend {
  signWith: string;
  unsignedTransaction: string;
  caip2: string;
  recentBlockhash?: string;
}

type Settled = Pick<SendTransactionRecord, 'txStatus' | 'chain' | 'txHash' | 'signature' | 'txError' | 'error'>;

function revert(entry: Record<string, unknown>, outer?: Record<string, unknown>) {
  const chain = outer ? [outer, entry] : [entry];
  return { message: 'execution reverted', revertChain: chain, eth: { revertChain: chain } };
}

function ethFailure(send: EthSend): Settled['error'] | undefined {
  const to = send.to.toLowerCase();
  if (to === SANDBOX_REVERT_CUSTOM) {
    const params = JSON.stringify({ available: '0', required: send.value });
    return revert({
      address: send.to,
      errorType: 'custom',
      displayMessage: `InsufficientBalance(available: 0, required: ${send.value})`,
      custom: { errorName: 'InsufficientBalance', paramsJson: params },
    });
  }
  if (to === SANDBOX_REVERT_ERROR) {
    const message = 'sandbox: transfer refused';
    return revert({
      address: send.to,
      errorType: 'native',
      displayMessage: `Error(${message})`,
      native: { nativeType: 'Error', message, panicCode: '' },
    });
  }
  if (to === SANDBOX_REVERT_PANIC) {
    return revert({
      address: send.to,
      errorType: 'native',
      displayMessage: 'Panic(0x11): arithmetic underflow or overflow',
      native: { nativeType: 'Panic', message: 'arithmetic underflow or overflow', panicCode: '0x11' },
    });
  }
  if (send.data.toLowerCase().startsWith(SANDBOX_UNKNOWN_SELECTOR)) {
    const data = `0x${send.data.slice(SANDBOX_UNKNOWN_SELECTOR.length)}`;
    const unknown = { selector: SANDBOX_UNKNOWN_SELECTOR, data };
    return revert(
      { address: send.to, errorType: 'unknown', displayMessage: `unknown error ${SANDBOX_UNKNOWN_SELECTOR}`, unknown },
      { address: send.from, errorType: 'unknown', displayMessage: `unknown error ${SANDBOX_UNKNOWN_SELECTOR}`, unknown },
    );
  }
  return undefined;
}

export function settleEthSend(id: string, send: EthSend): Settled {
  const txHash = `0x${toHex(keccak_256(utf8Encode(JSON.stringify([id, send.caip2, send.from, send.to, send.value, send.data, send.nonce ?? '']))))}`;
  const error = ethFailure(send);
  if (!error) return { txStatus: TxStatus.INCLUDED, chain: 'eth', txHash };
  return { txStatus: TxStatus.FAILED, chain: 'eth', txHash, txError: 'execution reverted', error };
}

export function settleEthBatch(id: string, batch: EthBatch): Settled {
  const { from, caip2, nonce, calls } = batch;
  const base = { from, caip2, ...(nonce !== undefined ? { nonce } : {}) };
  if (calls.length === 1) return settleEthSend(id, { ...base, ...calls[0]! });
  const txHash = `0x${toHex(keccak_256(utf8Encode(JSON.stringify([id, caip2, from, calls.map((c) => [c.to, c.value, c.data]), nonce ?? '']))))}`;
  for (const call of calls) {
    const error = ethFailure({ ...base, ...call });
    if (error) return { txStatus: TxStatus.FAILED, chain: 'eth', txHash, txError: 'execution reverted', error };
  }
  return { txStatus: TxStatus.INCLUDED, chain: 'eth', txHash };
}

const SYSTEM_PROGRAM = '11111111111111111111111111111111';

export function settleSolSend(id: string, send: SolSend): Settled {
  const signature = base58.encode(sha512(utf8Encode(JSON.stringify([id, send.caip2, send.signWith, send.unsignedTransaction]))));
  if (send.recentBlockhash === SANDBOX_BAD_BLOCKHASH) {
    const rpcMessage = 'Transaction simulation failed: Blockhash not found';
    return {
      txStatus: TxStatus.FAILED,
      chain: 'solana',
      txError: rpcMessage,
      error: {
        message: rpcMessage,
        solana: {
          source: 'rpc',
          rpcCode: -32002,
          rpcMessage,
          transactionErrorJson: JSON.stringify('BlockhashNotFound'),
          logs: [],
          unitsConsumed: '0',
          innerInstructionsJson: '[]',
        },
      },
    };
  }
  if (send.unsignedTransaction.toLowerCase().includes(SANDBOX_FAILING_INSTRUCTION)) {
    const rpcMessage = 'Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1';
    return {
      txStatus: TxStatus.FAILED,
      chain: 'solana',
      signature,
      txError: rpcMessage,
      error: {
        message: rpcMessage,
        solana: {
          source: 'simulation',
          rpcCode: -32002,
          rpcMessage,
          transactionErrorJson: JSON.stringify({ InstructionError: [0, { Custom: 1 }] }),
          logs: [
            `Program ${SYSTEM_PROGRAM} invoke [1]`,
            'Transfer: insufficient lamports 0, need 1000000',
            `Program ${SYSTEM_PROGRAM} failed: custom program error: 0x1`,
          ],
          unitsConsumed: '150',
          innerInstructionsJson: '[]',
        },
      },
    };
  }
  return { txStatus: TxStatus.INCLUDED, chain: 'solana', signature };
}
