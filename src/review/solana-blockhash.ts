/**
 * The chain's latest blockhash through a Solana JSON-RPC endpoint (`getLatestBlockhash`,
 * commitment `confirmed`), for a transaction the kit builds itself: without the sponsor flag the
 * hosted sol_send_transaction fetches none, so the transaction must carry a recent one.
 */
import { base58 } from '@scure/base';
import { LatchError } from '../errors/latch-error.ts';

export async function readLatestBlockhash(rpcUrl: string, fetchFn: typeof fetch = (...a) => fetch(...a)): Promise<string> {
  let answer: { result?: { value?: { blockhash?: unknown } } };
  try {
    const response = await fetchFn(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getLatestBlockhash', params: [{ commitment: 'confirmed' }] }),
      signal: AbortSignal.timeout(30_000),
    });
    answer = (await response.json()) as typeof answer;
  } catch (cause) {
    throw new LatchError('ERR_NETWORK_FAILED', 'The RPC endpoint did not answer.', { cause });
  }
  const blockhash = answer?.result?.value?.blockhash;
  let bytes: Uint8Array | undefined;
  try {
    bytes = typeof blockhash === 'string' ? base58.decode(blockhash) : undefined;
  } catch {
    // reported below
  }
  if (bytes?.length !== 32) throw new LatchError('ERR_RESPONSE_MALFORMED', 'The RPC endpoint answered no blockhash.');
  return blockhash as string;
}
