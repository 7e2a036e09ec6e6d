/**
 * The local chains behind the emulator, started per option (`--chains all|evm|solana|off`):
 * the EVM chains (anvil, evm/) and the Solana cluster (LiteSVM, solana/). A chain that cannot
 * start (no anvil binary for the platform, the addon missing, a port taken) is "down" with its
 * reason, and the emulator serves everything else; a chain that dies later is down too.
 * `createEmulator()` defaults to 'off' (hundreds of tests need no chain); the CLI to 'all'.
 */
import { resolveAnvilBinary } from './evm/anvil-binary.ts';
import { EVM_CHAINS, startEvmChain } from './evm/start-evm-chain.ts';
import { startSolanaChain } from './solana/start-solana-chain.ts';
import type { EvmChain } from './evm/start-evm-chain.ts';
import type { SolanaChain } from './solana/start-solana-chain.ts';
import type { ChainDown, ChainsDocument } from './chain-types.ts';

export const CHAINS_OPTIONS = ['all', 'evm', 'solana', 'off'] as const;
export type ChainsOption = (typeof CHAINS_OPTIONS)[number];

export interface StartChainsOptions {
  /** Path of the anvil binary (default: resolved from `@foundry-rs/anvil`); tests give a wrong one. */
  readonly anvilBinary?: string;
  readonly now?: () => number;
  readonly host?: string;
  /** Where a chain's death is said (the emulator's log). */
  readonly log?: (line: string) => void;
}

export interface Chains {
  readonly option: ChainsOption;
  /** True when the EVM chains were asked for (even if they are down): sends are then real, never the sandbox's. */
  readonly evmRequested: boolean;
  readonly solanaRequested: boolean;
  /** The EVM chain with this caip2, if it runs. */
  evm(caip2: string): EvmChain | undefined;
  /** Every EVM chain that runs. */
  evmChains(): readonly EvmChain[];
  /** The Solana cluster, if it runs. */
  readonly solana: SolanaChain | null;
  /** Why a chain asked for is not running (undefined: it runs, or was not asked for). */
  downReason(chain: 'evm' | 'solana'): string | undefined;
  document(): ChainsDocument;
  stop(): Promise<void>;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function startEvm(options: StartChainsOptions): Promise<{ chains: EvmChain[]; down?: string }> {
  const binary = options.anvilBinary ? { path: options.anvilBinary } : resolveAnvilBinary();
  if (!binary.path) return { chains: [], down: binary.reason ?? 'no anvil binary' };
  const started = await Promise.allSettled(EVM_CHAINS.map((spec) => startEvmChain(binary.path!, spec)));
  const chains = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (!failed) return { chains };
  // All or nothing: half the chains would make chain switching fail in odd ways.
  await Promise.all(chains.map((chain) => chain.stop()));
  return { chains: [], down: message(failed.reason) };
}

async function startSolana(options: StartChainsOptions): Promise<{ chain: SolanaChain | null; down?: string }> {
  try {
    return { chain: await startSolanaChain({ ...(options.now ? { now: options.now } : {}), ...(options.host ? { host: options.host } : {}), ...(options.log ? { log: options.log } : {}) }) };
  } catch (error) {
    return { chain: null, down: message(error) };
  }
}

export async function startChains(option: ChainsOption, options: StartChainsOptions = {}): Promise<Chains> {
  const evmRequested = option === 'all' || option === 'evm';
  const solanaRequested = option === 'all' || option === 'solana';
  const [evm, solana] = await Promise.all([
    evmRequested ? startEvm(options) : Promise.resolve<{ chains: EvmChain[]; down?: string }>({ chains: [] }),
    solanaRequested ? startSolana(options) : Promise.resolve<{ chain: SolanaChain | null; down?: string }>({ chain: null }),
  ]);
  for (const chain of evm.chains) chain.onDown((reason) => options.log?.(`chain ${chain.info.caip2} is down: ${reason}; its sends now fail with "chain unavailable"`));
  const running = () => evm.chains.filter((chain) => chain.down() === undefined);
  const downReason = (chain: 'evm' | 'solana'): string | undefined => {
    if (chain === 'solana') return solanaRequested ? solana.down : undefined;
    if (!evmRequested) return undefined;
    if (evm.down) return evm.down;
    const died = evm.chains.find((c) => c.down() !== undefined);
    return died ? `${died.info.caip2}: ${died.down()}` : undefined;
  };
  let stopped: Promise<void> | undefined;
  return {
    option,
    evmRequested,
    solanaRequested,
    evm: (caip2) => running().find((chain) => chain.info.caip2 === caip2),
    evmChains: running,
    solana: solana.chain,
    downReason,
    document() {
      const down: ChainDown[] = [];
      for (const chain of ['evm', 'solana'] as const) {
        const reason = downReason(chain);
        if (reason) down.push({ chain, reason });
      }
      return { evm: running().map((chain) => chain.info), solana: solana.chain?.info ?? null, ...(down.length ? { down } : {}) };
    },
    stop() {
      stopped ??= Promise.all([...evm.chains.map((chain) => chain.stop()), solana.chain?.close()]).then(() => undefined);
      return stopped;
    },
  };
}
