/**
 * A minimal JSON-RPC 2.0 client for the local chains (fetch; no library: the emulator's runtime
 * dependencies stay few). A chain's refusal comes back as `ChainRpcError` with the chain's own
 * code, message and data (revert bytes), so a send's FAILED status can say exactly that.
 */

export class ChainRpcError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ChainRpcError';
  }
}

/** The chain could not be reached at all (it died, or never started). */
export class ChainUnreachableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChainUnreachableError';
  }
}

let nextId = 1;

export async function jsonRpc<T = unknown>(url: string, method: string, params: readonly unknown[] = []): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (cause) {
    throw new ChainUnreachableError(`The chain at ${url} did not answer ${method}.`, { cause });
  }
  const body = (await response.json().catch(() => undefined)) as { result?: T; error?: { code: number; message: string; data?: unknown } } | undefined;
  if (!body) throw new ChainUnreachableError(`The chain at ${url} answered ${method} with no JSON (HTTP ${response.status}).`);
  if (body.error) throw new ChainRpcError(body.error.message, body.error.code, body.error.data);
  return body.result as T;
}

export const toQuantity = (value: bigint | number): string => `0x${BigInt(value).toString(16)}`;
