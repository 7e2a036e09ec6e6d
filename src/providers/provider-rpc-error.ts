/**
 * The errors an EIP-1193 provider rejects with. EIP-1193 fixes their shape (a numeric `code`, a
 * `message`, optional `data`), and dapp libraries switch on those numbers (viem maps 4001 to
 * UserRejectedRequestError, ethers to ACTION_REJECTED), so this is not a `LatchError` (whose
 * `code` is a string): the LatchError that caused one, if any, is its `cause`.
 */
export const ProviderRpcErrorCodes = {
  /** The user rejected the request. */
  USER_REJECTED: 4001,
  /** The method or account has not been authorized (an address that is not the provider's). */
  UNAUTHORIZED: 4100,
  /** The provider does not support the method. */
  UNSUPPORTED_METHOD: 4200,
  /** The provider is disconnected from all chains (the session ended). */
  DISCONNECTED: 4900,
  /** The provider is not connected to the requested chain (its RPC endpoint did not answer). */
  CHAIN_DISCONNECTED: 4901,
  /** wallet_switchEthereumChain to a chain the provider was not given. */
  UNRECOGNIZED_CHAIN: 4902,
  INVALID_PARAMS: -32602,
  INTERNAL: -32603,
} as const;
export type ProviderRpcErrorCode = (typeof ProviderRpcErrorCodes)[keyof typeof ProviderRpcErrorCodes];

export class ProviderRpcError extends Error {
  override readonly name = 'ProviderRpcError';
  /** An EIP-1193 / JSON-RPC error code (numbers from an RPC endpoint are passed on as they are). */
  readonly code: number;
  readonly data?: unknown;

  constructor(code: number, message: string, options: { data?: unknown; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    if (options.data !== undefined) this.data = options.data;
  }
}

export function isProviderRpcError(value: unknown): value is ProviderRpcError {
  return value instanceof ProviderRpcError;
}
