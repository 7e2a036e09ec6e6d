/** The wallet library's errors are bad requests to the service: INVALID_ARGUMENT (HTTP 400). */
import { isWalletError } from '../wallet/index.ts';
import { invalidRequest } from '../http/service-error.ts';

/** Runs `fn`, turning a WalletError into the service's 400 answer (other errors pass through). */
export function walletCall<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (isWalletError(error)) throw invalidRequest(error.message, error);
    throw error;
  }
}

/** walletCall for asynchronous work (the structured payloads' digests). */
export async function walletCallAsync<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (isWalletError(error)) throw invalidRequest(error.message, error);
    throw error;
  }
}
