/**
 * sol_send_transaction's way to the local Solana cluster (when the emulator runs it): the
 * blockhash set as the intent says (its `recentBlockhash` as given; none and `sponsor`: a fresh
 * one from the cluster; none: the transaction's own), each signer's slot signed with that
 * account's Ed25519 key, then sent with the preflight simulation. The outcome is the chain's:
 * - landed without error: INCLUDED, with the real signature and its slot;
 * - refused by the preflight (insufficient lamports, rent, blockhash not found...) or by the
 *   signature check: FAILED with the chain's message, error and logs, and no signature:
 *   nothing was sent, nothing charged;
 * - landed with an error (only a preflight would have caught it): FAILED with the signature.
 * A cluster that is not running (never started, another caip2) refuses the activity with the
 * service's error, so nothing is recorded.
 */
import { base58, hex } from '@scure/base';
import { invalidRequest } from '../../http/service-error.ts';
import { resolveSigningKey } from '../../custody/signing-key.ts';
import { walletCall } from '../../custody/wallet-errors.ts';
import { parseSolanaTransaction, signSolanaTransaction } from '../../wallet/index.ts';
import { chainUnavailable } from '../chain-routes.ts';
import { SolanaChainError, SolanaRpcCode, describeTransactionError } from './solana-chain-error.ts';
import type { Chains } from '../chains.ts';
import type { StateView } from '../../state/store.ts';

export const SolTxStatus = { INCLUDED: 'INCLUDED', FAILED: 'FAILED' } as const;

export interface SolIntent {
  /** Fee payer first (V1: the one signWith). */
  readonly signers: readonly string[];
  readonly unsignedTransaction: string;
  /** Normalized to its 32-character CAIP-2 reference. */
  readonly caip2: string;
  readonly recentBlockhash?: string;
  readonly sponsor?: boolean;
}

export interface SolSettled {
  txStatus: string;
  chain: 'solana';
  caip2: string;
  signature?: string;
  /** The slot it landed in (the record's blockNumber). */
  blockNumber?: string;
  txError?: string;
  error?: Record<string, unknown>;
}

/** The message with its recent blockhash replaced (the 32 bytes after the account keys). */
function withBlockhash(unsignedTransaction: string, blockhash: string): string {
  const bytes = hex.decode(unsignedTransaction.toLowerCase().replace(/^0x/, ''));
  const { message } = walletCall(() => parseSolanaTransaction(unsignedTransaction));
  const versioned = (message[0]! & 0x80) !== 0;
  // The message ends the transaction: it starts its own length before the end.
  let at = bytes.length - message.length + (versioned ? 4 : 3);
  let keys = 0;
  for (let shift = 0; ; shift += 7) {
    const byte = bytes[at++]!;
    keys |= (byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) break;
  }
  at += 32 * keys;
  const decoded = base58.decode(blockhash);
  if (decoded.length !== 32) throw invalidRequest('parameters.recentBlockhash must be a 32-byte blockhash in base58.');
  bytes.set(decoded, at);
  return hex.encode(bytes);
}

function failure(caip2: string, error: SolanaChainError): SolSettled {
  const err = error.data?.err;
  const source = error.rpcCode !== SolanaRpcCode.PREFLIGHT_FAILURE || err === 'BlockhashNotFound' || err === 'AlreadyProcessed' ? 'rpc' : 'simulation';
  return {
    txStatus: SolTxStatus.FAILED,
    chain: 'solana',
    caip2,
    txError: error.message,
    error: {
      message: error.message,
      solana: {
        source,
        rpcCode: error.rpcCode,
        rpcMessage: error.message,
        ...(err !== undefined ? { transactionErrorJson: JSON.stringify(err) } : {}),
        logs: [...(error.data?.logs ?? [])],
        unitsConsumed: String(error.data?.unitsConsumed ?? 0),
        innerInstructionsJson: '[]',
      },
    },
  };
}

export async function settleSolOnChain(chains: Chains, view: StateView, organizationId: string, intent: SolIntent): Promise<SolSettled> {
  const chain = chains.solana;
  if (!chain || chain.info.caip2 !== intent.caip2) {
    const running = chain ? ` (running: ${chain.info.caip2}, Solana devnet's id)` : '';
    throw chainUnavailable(`${intent.caip2} is not a running local cluster${running}`, chains.downReason('solana'));
  }
  const caip2 = chain.info.caip2;
  let transaction = intent.unsignedTransaction;
  if (intent.recentBlockhash !== undefined) transaction = withBlockhash(transaction, intent.recentBlockhash);
  else if (intent.sponsor) transaction = withBlockhash(transaction, await chain.latestBlockhash());
  for (const signer of intent.signers) {
    const key = resolveSigningKey(view, organizationId, signer);
    try {
      if (key.curve !== 'CURVE_ED25519') throw invalidRequest(`${signer} is not an Ed25519 (Solana) account.`);
      transaction = walletCall(() => signSolanaTransaction({ privateKey: key.privateKey, unsignedTransaction: transaction }));
    } finally {
      key.privateKey.fill(0);
    }
  }
  let signature: string;
  try {
    signature = await chain.sendTransaction(hex.decode(transaction));
  } catch (error) {
    if (error instanceof SolanaChainError) return failure(caip2, error);
    throw error;
  }
  const landed = chain.status(signature);
  if (!landed) {
    // Accepted but never landed (only a skipped preflight does this): say so, as a node would.
    return failure(caip2, new SolanaChainError(SolanaRpcCode.PREFLIGHT_FAILURE, 'Transaction was not confirmed: it never landed'));
  }
  const base = { chain: 'solana' as const, caip2, signature, blockNumber: String(landed.slot) };
  if (landed.err === null) return { txStatus: SolTxStatus.INCLUDED, ...base };
  const message = `Transaction failed: ${describeTransactionError(landed.err)}`;
  return {
    txStatus: SolTxStatus.FAILED,
    ...base,
    txError: message,
    error: { message, solana: { source: 'execution', transactionErrorJson: JSON.stringify(landed.err), logs: [...landed.logs], innerInstructionsJson: '[]' } },
  };
}
