/**
 * What the Solana wallet loads on its first request, as one lazy chunk: the wire reader and the
 * message and transaction reviews (and how a review says it was not simulated).
 */
export { parseSolanaTransaction } from './solana-transaction.ts';
export { solanaMessageReview } from './solana-message-review.ts';
export { assertSignableSolanaMessage } from './solana-signable-message.ts';
export { solanaTransactionReview } from './solana-transaction-review.ts';
export { withSimulation } from './with-simulation.ts';
