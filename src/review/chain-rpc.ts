/**
 * One JSON-RPC call to a chain's endpoint (the page's `rpcUrl`), for what the sheet and the send
 * element read before they ask the person: balances, the fee, the gas, a simulation, a spender's code. A node that does not answer is
 * ERR_NETWORK_FAILED; a node's own refusal (`error` in the answer) is a ChainRpcRefusal carrying
 * the node's words, which the caller turns into its own LatchError (a revert while estimating
 * gas is the chain's answer about the send, not a network failure).
 */
import { LatchError } from '../errors/latch-error.ts';

/** The node answered with an error object: its code and message, as the chain said them. */
export class ChainRpcRefusal extends Error {
  override readonly name = 'ChainRpcRefusal';
  constructor(
    readonly code: number | undefined,
    message: string,
  ) {
    super(message);
  }
}

/** `signal`: the caller's deadline (a simulation's ~1.5 s); 15 s when none is given. */
export async function chainRpc(rpcUrl: string, method: string, params: readonly unknown[], fetchFn: typeof fetch = (...a) => fetch(...a), signal?: AbortSignal): Promise<unknown> {
  let body: { result?: unknown; error?: { code?: unknown; message?: unknown } };
  try {
    const response = await fetchFn(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: signal ?? AbortSignal.timeout(15_000),
    });
    body = (await response.json()) as typeof body;
  } catch (cause) {
    throw new LatchError('ERR_NETWORK_FAILED', 'The RPC endpoint did not answer.', { cause });
  }
  if (typeof body !== 'object' || body === null) throw new LatchError('ERR_RESPONSE_MALFORMED', 'The RPC endpoint answered no JSON-RPC object.');
  if (body.error) throw new ChainRpcRefusal(typeof body.error.code === 'number' ? body.error.code : undefined, typeof body.error.message === 'string' ? body.error.message : 'error');
  if (!('result' in body)) throw new LatchError('ERR_RESPONSE_MALFORMED', `The RPC endpoint answered ${method} with no result.`);
  return body.result;
}

/** A 0x quantity as a bigint; ERR_RESPONSE_MALFORMED naming `what` for anything else. */
export function quantity(value: unknown, what: string): bigint {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value)) throw new LatchError('ERR_RESPONSE_MALFORMED', `The RPC endpoint answered no ${what}.`);
  return BigInt(value);
}
