/**
 * Funds an address on a local EVM chain (development only): ETH by `anvil_setBalance` (the
 * current balance plus the amount), an ERC-20 by the deployer's mint, an ERC-721 by minting
 * that many tokens. Answers the transactions it made (none for ETH).
 */
import { encodeCall } from './abi.ts';
import { EVM_DEPLOYER } from './start-evm-chain.ts';
import { toQuantity } from './json-rpc.ts';
import type { EvmChain } from './start-evm-chain.ts';
import type { EvmToken } from '../chain-types.ts';

interface Receipt {
  status: string;
  transactionHash: string;
}

/** `amount` in base units (wei; the token's smallest unit; a count of ERC-721 tokens). */
export async function fundEvm(chain: EvmChain, address: string, token: EvmToken | undefined, amount: bigint): Promise<string[]> {
  if (!token) {
    const balance = BigInt(await chain.rpc<string>('eth_getBalance', [address, 'latest']));
    await chain.rpc('anvil_setBalance', [address, toQuantity(balance + amount)]);
    return [];
  }
  const address32 = { type: 'address', value: address } as const;
  const calls =
    token.standard === 'erc20'
      ? [encodeCall('mint(address,uint256)', [address32, { type: 'uint256', value: amount }])]
      : Array.from({ length: Number(amount) }, () => encodeCall('mint(address)', [address32]));
  const hashes: string[] = [];
  for (const data of calls) {
    // The Sync variant (EIP-7966) answers with the receipt once mined: no polling.
    const receipt = await chain.rpc<Receipt>('eth_sendTransactionSync', [{ from: EVM_DEPLOYER, to: token.address, data }]);
    if (receipt.status !== '0x1') throw new Error(`The faucet's ${token.symbol} mint failed on ${chain.info.caip2}.`);
    hashes.push(receipt.transactionHash);
  }
  return hashes;
}
