/**
 * The local Solana cluster: LiteSVM in process, behind the emulator's own JSON-RPC (HTTP) and
 * `signatureSubscribe` (WebSocket) endpoints on loopback, so `@solana/web3.js` v1 and
 * `@solana/kit` read, send and confirm against it as against a real cluster. Slots follow the
 * wall clock (`now()`), blockhashes expire after their real lifetime, and a USDC mint (6
 * decimals) exists at a fixed address from the start.
 */
import type { SolanaChainInfo } from '../chain-types.ts';

export interface StartSolanaChainOptions {
  /** Loopback host to bind (default 127.0.0.1). */
  readonly host?: string;
  /** Milliseconds since the epoch; injected by tests to move the clock without sleeping. */
  readonly now?: () => number;
}

/** Where a sent transaction stands, as `getSignatureStatuses` would say it. */
export interface SolanaSignatureStatus {
  readonly slot: number;
  /** Null when it succeeded; else the chain's TransactionError in its JSON form. */
  readonly err: unknown;
}

export interface SolanaChain {
  readonly info: SolanaChainInfo;
  /** Credits `amount` base units (lamports for SOL, 10^-6 for USDC) to `address`. */
  fund(address: string, asset: 'SOL' | 'USDC', amount: bigint): Promise<void>;
  /**
   * Sends a signed transaction in its wire form after the preflight simulation, as a real RPC's
   * sendTransaction does; resolves to its signature (base58), or throws a SolanaChainError
   * with the chain's reason (nothing charged when the preflight refuses it).
   */
  sendTransaction(wire: Uint8Array): Promise<string>;
  /** The landed transaction's slot and result, or null when the chain has not seen it. */
  status(signature: string): SolanaSignatureStatus | null;
  /** The whole ledger's state, to restore later (tests). */
  snapshot(): Uint8Array;
  restore(snapshot: Uint8Array): void;
  close(): Promise<void>;
}

export async function startSolanaChain(options: StartSolanaChainOptions = {}): Promise<SolanaChain> {
  void options;
  throw new Error('The Solana cluster is not built yet.');
}
