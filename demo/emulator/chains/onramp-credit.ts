/**
 * The on-ramp sandbox's completed purchase, credited on the local chain (issue 35): the bought
 * amount goes to the purchase's wallet address on the chain of its network (ETHEREUM → the
 * local Sepolia, BASE → the local Base Sepolia, SOLANA → the local cluster), as ETH, SOL or
 * USDC. The sandbox has no market: the fiat amount (default 100, any currency taken as USD)
 * buys at fixed sandbox rates, 1 USDC = 1, 1 ETH = 2,000, 1 SOL = 100. No chain for the network
 * (chains off, BITCOIN, a chain down): nothing is credited, and the page says why.
 */
import { fundEvm } from './evm/evm-faucet.ts';
import { parseUnits } from './chain-routes.ts';
import type { Chains } from './chains.ts';
import type { OnRampTransactionRecord } from '../onramp/onramp-records.ts';

const EVM_NETWORKS: Readonly<Record<string, string>> = {
  FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_ETHEREUM: 'eip155:11155111',
  FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_BASE: 'eip155:84532',
};
/** Fiat units per one coin, in the sandbox. */
const SANDBOX_RATES: Readonly<Record<string, bigint>> = { USDC: 1n, ETH: 2000n, SOL: 100n };
const DECIMALS: Readonly<Record<string, number>> = { USDC: 6, ETH: 18, SOL: 9 };

/** The bought amount in the coin's atomic units. */
export function boughtAmount(symbol: string, fiatAmount: string | undefined): bigint {
  const fiat = parseUnits(fiatAmount ?? '100', DECIMALS[symbol]!, 'fiatCurrencyAmount');
  return fiat / SANDBOX_RATES[symbol]!;
}

/** Credits the purchase; answers what was done, for the sandbox page. Never throws. */
export async function creditOnRamp(chains: Chains | undefined, transaction: OnRampTransactionRecord): Promise<string> {
  const symbol = transaction.cryptoCurrencyCode.replace('FIAT_ON_RAMP_CRYPTO_CURRENCY_', '');
  if (!chains) return 'Not credited on a chain: the emulator runs without chains.';
  if (!Object.hasOwn(SANDBOX_RATES, symbol)) return `Not credited: no local chain carries ${symbol}.`;
  try {
    const amount = boughtAmount(symbol, transaction.fiatCurrencyAmount);
    const evmCaip2 = EVM_NETWORKS[transaction.network];
    if (evmCaip2) {
      const chain = chains.evm(evmCaip2);
      if (!chain) return `Not credited: ${evmCaip2} is not running.`;
      const token = symbol === 'ETH' ? undefined : chain.info.tokens.find((t) => t.symbol === symbol);
      await fundEvm(chain, transaction.walletAddress, token, amount);
      return `Credited ${amount} atomic units of ${symbol} to ${transaction.walletAddress} on ${evmCaip2}.`;
    }
    if (transaction.network === 'FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_SOLANA' && (symbol === 'SOL' || symbol === 'USDC')) {
      if (!chains.solana) return 'Not credited: the Solana cluster is not running.';
      await chains.solana.fund(transaction.walletAddress, symbol, amount);
      return `Credited ${amount} atomic units of ${symbol} to ${transaction.walletAddress} on ${chains.solana.info.caip2}.`;
    }
    return `Not credited: no local chain for ${transaction.network}.`;
  } catch (error) {
    return `Not credited: ${error instanceof Error ? error.message : String(error)}`;
  }
}
