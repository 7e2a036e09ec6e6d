/**
 * `latchkey/solana`: a Wallet Standard wallet for the kit's logged-in user's Solana accounts (or
 * over one signing session), registered with the page's Solana dapps; every signature approved first (the
 * request decoded into a RequestReview, loaded on the first request). A package entry of its
 * own, so the core entry and every login page stay without it.
 */
export { LatchSolanaWallet, SolanaSendError } from './solana-wallet.ts';
export type { SolanaChain, SolanaWalletAccount, SolanaWalletChange, SolanaWalletIcon, SolanaWalletOptions, SolanaWalletSession } from './solana-wallet.ts';
export { registerSolanaWallet } from './solana-register.ts';
export type { RegisteredSolanaWallet } from './solana-register.ts';
export type { ConfirmRequest, RequestReview } from '../review/request-review.ts';
