/**
 * The review of an EIP-1193 request, with what a transaction would change for the account when
 * the provider asks for it (`simulation`): the decoders (evm-review.ts) and then the simulation
 * (simulate-evm.ts, a chunk of its own, loaded with the first transaction); an approval or permit
 * has its spender's code read (spender-code.ts: 'no-code-spender'). Lives apart from the
 * provider so that the provider's entry carries one `import()` and nothing of either.
 */
import { reviewEvmRequest, type EvmRequest, type EvmReviewContext } from './evm-review.ts';
import type { RequestReview } from './request-review.ts';
import type { EvmSimulationRequest } from './simulate-evm.ts';

/**
 * `tx`: the transaction to simulate (absent for messages and chain changes); `rpcUrl`: its chain's
 * endpoint (absent: `not-simulated`). Positional, to keep the provider's entry small.
 */
export async function reviewEvmRequestSimulated(
  request: EvmRequest,
  context: EvmReviewContext,
  tx?: EvmSimulationRequest['tx'],
  rpcUrl?: string,
  fetcher?: typeof fetch,
): Promise<RequestReview | undefined> {
  let review = reviewEvmRequest(request, context);
  if (!review) return review;
  // An approval or permit: is its spender a contract? (spender-code.ts, loaded only then.)
  if (rpcUrl && review.warnings.includes('delegation')) review = await (await import('./spender-code.ts')).withSpenderCode(review, rpcUrl, fetcher);
  if (!tx) return review;
  const { simulateEvmReview } = await import('./simulate-evm.ts');
  return simulateEvmReview(review, { rpcUrl, account: context.account, tx, ...(fetcher ? { fetch: fetcher } : {}) });
}
