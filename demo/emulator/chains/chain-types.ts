/**
 * The local chains behind the emulator's send and balance routes: what the rest of the emulator
 * sees of each. The chain is the truth for nonces, fees, balances and failures; these interfaces
 * only say how to reach it. `chains.ts` starts and stops them (`--chains all|evm|solana|off`);
 * `evm/` runs anvil as a child process, `solana/` runs LiteSVM in process behind the emulator's
 * own JSON-RPC and WebSocket endpoints.
 */

/** A token deployed at start, at an address fixed across restarts. */
export interface EvmToken {
  readonly symbol: string;
  readonly address: string;
  readonly decimals: number;
  readonly standard: 'erc20' | 'erc721';
}

export interface SolanaToken {
  readonly symbol: string;
  readonly mint: string;
  readonly decimals: number;
}

/** One running EVM chain (as `/__chains` lists it). */
export interface EvmChainInfo {
  readonly chainId: number;
  readonly caip2: string;
  readonly name: string;
  readonly rpcUrl: string;
  readonly tokens: readonly EvmToken[];
}

export interface SolanaChainInfo {
  readonly caip2: string;
  readonly rpcUrl: string;
  readonly wsUrl: string;
  readonly tokens: readonly SolanaToken[];
}

/** Why a chain is not running: shown in the banner and in `/__chains`. */
export interface ChainDown {
  readonly chain: 'evm' | 'solana';
  readonly reason: string;
}

/** What `GET {api}/__chains` answers. */
export interface ChainsDocument {
  readonly evm: readonly EvmChainInfo[];
  readonly solana: SolanaChainInfo | null;
  readonly down?: readonly ChainDown[];
}
