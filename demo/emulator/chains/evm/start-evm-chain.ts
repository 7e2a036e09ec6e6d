/**
 * One local EVM chain: anvil (anvil-process.ts) with the fixtures deployed at start from
 * committed bytecode (evm-contracts.ts) by a fixed deployer, anvil's first dev account, so
 * the tokens' addresses are the same at every start: CREATE addresses follow from the
 * deployer and its nonce (0, 1, 2) alone.
 */
import { startAnvil } from './anvil-process.ts';
import { encodeArgs } from './abi.ts';
import { EVM_CONTRACTS } from './evm-contracts.ts';
import { ChainUnreachableError, jsonRpc } from './json-rpc.ts';
import type { AbiValue } from './abi.ts';
import type { EvmChainInfo, EvmToken } from '../chain-types.ts';

/** anvil's first dev account (its well-known test mnemonic): funded and unlocked by anvil. */
export const EVM_DEPLOYER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

export interface EvmChainSpec {
  readonly chainId: number;
  readonly name: string;
}

/**
 * Hosted testnet ids (Sepolia, Base Sepolia), not 31337: the hosted service's send routes take
 * only the chains of its caip2 enum, so an app written against the emulator runs unchanged
 * against the service. The names say "local" and the RPC is loopback (README: Local chains).
 */
export const EVM_CHAINS: readonly EvmChainSpec[] = [
  { chainId: 11155111, name: 'Sepolia (local anvil)' },
  { chainId: 84532, name: 'Base Sepolia (local anvil)' },
];

interface Fixture {
  readonly symbol: string;
  readonly contract: keyof typeof EVM_CONTRACTS;
  readonly args: readonly AbiValue[];
  readonly decimals: number;
  readonly standard: EvmToken['standard'];
}

/** Deployed in this order (deployer nonces 0, 1, 2): the order fixes the addresses. */
const FIXTURES: readonly Fixture[] = [
  { symbol: 'USDC', contract: 'TestToken', args: [{ type: 'string', value: 'USD Coin (local)' }, { type: 'string', value: 'USDC' }, { type: 'uint8', value: 6n }], decimals: 6, standard: 'erc20' },
  { symbol: 'LTK', contract: 'TestToken', args: [{ type: 'string', value: 'Latchkey Test Token' }, { type: 'string', value: 'LTK' }, { type: 'uint8', value: 18n }], decimals: 18, standard: 'erc20' },
  { symbol: 'LKC', contract: 'TestCollectible', args: [{ type: 'string', value: 'Latchkey Collectible' }, { type: 'string', value: 'LKC' }], decimals: 0, standard: 'erc721' },
];

export interface EvmChain {
  readonly info: EvmChainInfo;
  /** anvil's process id. */
  readonly pid: number;
  /** Why the chain stopped under the emulator, or undefined while it runs. */
  down(): string | undefined;
  /** Called once if anvil stops under the emulator (not after stop()). */
  onDown(listener: (reason: string) => void): void;
  rpc<T = unknown>(method: string, params?: readonly unknown[]): Promise<T>;
  stop(): Promise<void>;
}

interface Receipt {
  status: string;
  contractAddress: string | null;
}

export async function startEvmChain(binary: string, spec: EvmChainSpec): Promise<EvmChain> {
  const anvil = await startAnvil({ binary, chainId: spec.chainId });
  const rpc = <T>(method: string, params: readonly unknown[] = []): Promise<T> => {
    if (anvil.exited) return Promise.reject(new ChainUnreachableError(`The local chain eip155:${spec.chainId} is down: ${anvil.exited}.`));
    return jsonRpc<T>(anvil.rpcUrl, method, params);
  };
  try {
    const tokens: EvmToken[] = [];
    for (const [nonce, fixture] of FIXTURES.entries()) {
      // The Sync variant (EIP-7966) answers with the receipt once mined: no polling.
      const data = EVM_CONTRACTS[fixture.contract].bytecode + encodeArgs(fixture.args);
      const receipt = await rpc<Receipt>('eth_sendTransactionSync', [{ from: EVM_DEPLOYER, nonce: `0x${nonce.toString(16)}`, data, gas: '0x2dc6c0' }]);
      if (receipt.status !== '0x1' || !receipt.contractAddress) throw new Error(`deploying ${fixture.symbol} failed`);
      tokens.push({ symbol: fixture.symbol, address: receipt.contractAddress.toLowerCase(), decimals: fixture.decimals, standard: fixture.standard });
    }
    const info: EvmChainInfo = { chainId: spec.chainId, caip2: `eip155:${spec.chainId}`, name: spec.name, rpcUrl: anvil.rpcUrl, tokens };
    let stopping = false;
    return {
      info,
      pid: anvil.pid,
      down: () => anvil.exited,
      onDown: (listener) => anvil.onExit((reason) => stopping || listener(reason)),
      rpc,
      stop: () => {
        stopping = true;
        return anvil.stop();
      },
    };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}
