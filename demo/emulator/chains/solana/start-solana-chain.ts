/**
 * The local Solana cluster: LiteSVM in process (solana-ledger.ts), behind the emulator's own
 * JSON-RPC (HTTP) and subscription (WebSocket) endpoints on loopback (solana-rpc-server.ts), so
 * `@solana/web3.js` v1 and `@solana/kit` read, send and confirm against it as against a real
 * cluster. Slots follow the wall clock (`now()`), blockhashes expire after their real lifetime,
 * and a USDC mint (6 decimals) exists at a fixed address from the start.
 *
 * Its caip2 is Solana devnet's (solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1), and getGenesisHash
 * answers devnet's genesis hash: the hosted send routes take only the clusters of their caip2
 * enum, so an app written against the emulator sends on devnet unchanged against the hosted
 * service; the loopback rpcUrl is what says the cluster is local (as the EVM chains take
 * Sepolia's and Base Sepolia's ids).
 */
import { base58 } from '@scure/base';
import { SolanaLedger } from './solana-ledger.ts';
import { startSolanaRpcServer } from './solana-rpc-server.ts';
import { describeTransactionError } from './solana-chain-error.ts';
import { associatedTokenAddress, USDC_DECIMALS, USDC_MINT } from './spl-token-accounts.ts';
import type { LandedTransaction, LedgerSnapshot } from './solana-ledger.ts';
import type { SolanaChainInfo } from '../chain-types.ts';

export { SolanaChainError } from './solana-chain-error.ts';

/** Solana devnet's genesis hash; its first 32 characters are devnet's CAIP-2 reference. */
export const SOLANA_DEVNET_GENESIS_HASH = 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG';
export const SOLANA_LOCAL_CAIP2 = `solana:${SOLANA_DEVNET_GENESIS_HASH.slice(0, 32)}`;

export interface StartSolanaChainOptions {
  /** Loopback host to bind (default 127.0.0.1). */
  readonly host?: string;
  /** Milliseconds since the epoch; injected by tests to move the clock without sleeping. */
  readonly now?: () => number;
  readonly log?: (line: string) => void;
}

/** Where a sent transaction stands, as `getSignatureStatuses` would say it. */
export interface SolanaSignatureStatus {
  readonly slot: number;
  /** Null when it succeeded; else the chain's TransactionError in its JSON form. */
  readonly err: unknown;
  /** The error in words, as an RPC node's messages carry it (undefined when it succeeded). */
  readonly reason?: string;
  readonly logs: readonly string[];
}

/** What a faucet call did: the account credited, and for SOL the airdrop's signature. */
export interface SolanaFunding {
  /** The address for SOL; the owner's associated token account for USDC. */
  readonly account: string;
  readonly signature?: string;
}

export type SolanaSnapshot = LedgerSnapshot;
export type { LandedTransaction };

export interface SolanaChain {
  readonly info: SolanaChainInfo;
  /** Credits `amount` base units (lamports for SOL, 10^-6 USDC for USDC) to `address`. */
  fund(address: string, asset: 'SOL' | 'USDC', amount: bigint): Promise<SolanaFunding>;
  /**
   * Sends a signed transaction in its wire form after the preflight simulation, as a real RPC's
   * sendTransaction does; resolves to its signature (base58), or throws a SolanaChainError
   * with the chain's reason (nothing charged when the preflight refuses it).
   */
  sendTransaction(wire: Uint8Array): Promise<string>;
  /** A blockhash valid for the next 150 blocks. */
  latestBlockhash(): Promise<string>;
  /** The landed transaction's slot and result, or null when the chain has not seen it. */
  status(signature: string): SolanaSignatureStatus | null;
  /** Lamports (SOL) or USDC base units held by `address` (its associated token account for USDC). */
  balance(address: string, asset: 'SOL' | 'USDC'): bigint;
  /** Landed transactions naming `address` or moving a token account it owns, newest first. */
  history(address: string): readonly LandedTransaction[];
  /** The whole ledger's state (accounts and history), to restore later (tests). */
  snapshot(): SolanaSnapshot;
  restore(snapshot: SolanaSnapshot): void;
  close(): Promise<void>;
}

export async function startSolanaChain(options: StartSolanaChainOptions = {}): Promise<SolanaChain> {
  const ledger = new SolanaLedger(options.now ?? Date.now, SOLANA_DEVNET_GENESIS_HASH);
  const server = await startSolanaRpcServer(ledger, options.host ?? '127.0.0.1', options.log);
  const info: SolanaChainInfo = {
    caip2: SOLANA_LOCAL_CAIP2,
    rpcUrl: server.rpcUrl,
    wsUrl: server.wsUrl,
    tokens: [{ symbol: 'USDC', mint: USDC_MINT, decimals: USDC_DECIMALS }],
  };
  return {
    info,
    async fund(address, asset, amount) {
      if (base58.decode(address).length !== 32) throw new TypeError('A Solana address is 32 bytes.');
      if (asset === 'SOL') {
        const signature = ledger.airdrop(address, amount);
        server.announce(signature);
        return { account: address, signature };
      }
      return { account: ledger.fundUsdc(address, amount) };
    },
    async sendTransaction(wire) {
      const signature = ledger.send(wire);
      server.announce(signature);
      return signature;
    },
    async latestBlockhash() {
      return ledger.latestBlockhash().blockhash;
    },
    status(signature) {
      const landed = ledger.landed(signature);
      if (!landed) return null;
      return { slot: landed.slot, err: landed.err, logs: landed.logs, ...(landed.err !== null ? { reason: describeTransactionError(landed.err) } : {}) };
    },
    balance(address, asset) {
      if (asset === 'SOL') return ledger.balance(address);
      return ledger.tokenBalance(associatedTokenAddress(address, USDC_MINT))?.amount ?? 0n;
    },
    history: (address) => ledger.historyOf(address),
    snapshot: () => ledger.snapshot(),
    restore: (snapshot) => ledger.restore(snapshot),
    close: () => server.close(),
  };
}
