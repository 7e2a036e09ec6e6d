/**
 * A review with what its chain's simulation found, the same for every chain (simulate-evm.ts,
 * simulate-solana.ts): the changes as data (`simulation`), `will-fail` first among the warnings
 * (nothing matters more), `not-simulated` last (the decoding still stands). Pure.
 */
import type { AssetChange, RequestReview, ReviewWarning } from './request-review.ts';

export type ChainSimulation =
  | { readonly status: 'simulated'; readonly changes: readonly AssetChange[]; readonly hiddenCharacters?: true }
  | { readonly status: 'will-fail'; readonly reason: string; readonly hiddenCharacters?: true }
  | { readonly status: 'not-simulated'; readonly cause: string };

export function withSimulation(review: RequestReview, simulation: ChainSimulation): RequestReview {
  const warnings: ReviewWarning[] = [...review.warnings];
  if (simulation.status === 'will-fail') warnings.unshift('will-fail');
  if (simulation.status === 'not-simulated') warnings.push('not-simulated');
  // A token's symbol, a revert reason or a program's log is text the chain's code chose: filtered like the page's.
  if (simulation.status !== 'not-simulated' && simulation.hiddenCharacters && !warnings.includes('hidden-characters')) warnings.push('hidden-characters');
  const data = simulation.status === 'simulated' ? { changes: simulation.changes } : simulation.status === 'will-fail' ? { changes: [], failure: simulation.reason } : undefined;
  return { ...review, warnings, ...(data ? { simulation: data } : {}) };
}
