/**
 * The chains' dev routes on the Activity API origin (not part of the service):
 * - `GET /__chains`: which chains run, their RPC URLs and tokens (ChainsDocument), open to
 *   every origin like `/__keys` (nothing secret: the RPC URLs are loopback);
 * - `POST /__faucet {"address", "chain", "asset"?, "amount"?}`: funds any address, under the
 *   same access rule as `/__outbox` (http/dev-access.ts): a page on another site must not mint.
 *   `chain` is a caip2 the document lists (or "evm" for the first EVM chain, "solana");
 *   `asset` the native coin (ETH, SOL; the default) or a token's symbol or address; `amount`
 *   in whole units as a decimal ("2.5" ETH, "100" USDC; an ERC-721: how many to mint), by
 *   default 10 ETH, 10 SOL, 1000 of a token, 1 collectible. Bad input, or a chain that is not
 *   running: the service's 400 (CHAIN_UNAVAILABLE says why the chain is down), nothing funded.
 */
import { jsonResponse } from '../http/exchange.ts';
import { devAccessHeaders } from '../http/dev-access.ts';
import { parseJsonObject } from '../http/parse-json.ts';
import { optionalString, requireString } from '../http/fields.ts';
import { Grpc, invalidRequest, serviceError } from '../http/service-error.ts';
import { fundEvm } from './evm/evm-faucet.ts';
import type { Chains } from './chains.ts';
import type { EmulatorContext } from '../context.ts';
import type { Router } from '../http/router.ts';
import type { ChainsDocument } from './chain-types.ts';

const ETH_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const OFF: ChainsDocument = { evm: [], solana: null };

/** A decimal in whole units to base units; refuses more fraction digits than the asset has. */
export function parseUnits(amount: string, decimals: number, field: string): bigint {
  const match = /^(\d{1,40})(?:\.(\d{1,40}))?$/.exec(amount);
  if (!match) throw invalidRequest(`${field} must be a positive decimal number as a string, e.g. "1.5".`);
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) throw invalidRequest(`${field} has more than ${decimals} decimal places.`);
  const value = BigInt(match[1]! + fraction.padEnd(decimals, '0'));
  if (value === 0n) throw invalidRequest(`${field} must be more than zero.`);
  return value;
}

/** The service's error for a send or a faucet call to a chain that is not running. */
export function chainUnavailable(what: string, reason?: string) {
  return serviceError(Grpc.INVALID_ARGUMENT, 'CHAIN_UNAVAILABLE', `chain unavailable: ${what}${reason ? ` (${reason})` : ''}.`);
}

const DEFAULT_AMOUNT: Readonly<Record<string, string>> = { native: '10', erc20: '1000', erc721: '1' };

async function faucet(chains: Chains | undefined, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const address = requireString(body, 'address', '', { max: 100 });
  const chain = requireString(body, 'chain', '', { max: 100 });
  const asset = optionalString(body, 'asset', '', { max: 100 });
  const amountText = optionalString(body, 'amount', '', { max: 82 });
  if (chain === 'solana' || chain.startsWith('solana:')) {
    if (!SOLANA_ADDRESS.test(address)) throw invalidRequest('address must be a Solana address (base58) for a Solana chain.');
    const solana = chains?.solana;
    if (!solana || (chain !== 'solana' && chain !== solana.info.caip2)) throw chainUnavailable(`${chain} is not running`, chains?.downReason('solana'));
    const symbol = (asset ?? 'SOL').toUpperCase();
    const token = solana.info.tokens.find((t) => t.symbol === symbol || t.mint === asset);
    if (symbol !== 'SOL' && !token) throw invalidRequest(`asset must be SOL or a token of ${solana.info.caip2}: ${solana.info.tokens.map((t) => t.symbol).join(', ')}.`);
    const decimals = token ? token.decimals : 9;
    const amount = parseUnits(amountText ?? DEFAULT_AMOUNT[token ? 'erc20' : 'native']!, decimals, 'amount');
    await solana.fund(address, token ? 'USDC' : 'SOL', amount);
    return { address, chain: solana.info.caip2, asset: token?.symbol ?? 'SOL', amount: amount.toString() };
  }
  if (!/^(evm|eip155:[1-9]\d{0,15})$/.test(chain)) throw invalidRequest('chain must be a caip2 that /__chains lists (e.g. "eip155:11155111"), "evm" or "solana".');
  if (!ETH_ADDRESS.test(address)) throw invalidRequest('address must be an Ethereum address (0x and 40 hex digits) for an EVM chain.');
  const evm = chain === 'evm' ? chains?.evmChains()[0] : chains?.evm(chain);
  if (!evm) throw chainUnavailable(`${chain} is not running`, chains?.downReason('evm'));
  const wanted = asset ?? 'ETH';
  const token = evm.info.tokens.find((t) => t.symbol === wanted.toUpperCase() || t.address === wanted.toLowerCase());
  if (wanted.toUpperCase() !== 'ETH' && !token) throw invalidRequest(`asset must be ETH or a token of ${evm.info.caip2}: ${evm.info.tokens.map((t) => t.symbol).join(', ')}.`);
  const decimals = token ? token.decimals : 18;
  const amount = parseUnits(amountText ?? DEFAULT_AMOUNT[token?.standard ?? 'native']!, decimals, 'amount');
  if (token?.standard === 'erc721' && amount > 20n) throw invalidRequest('amount of an ERC-721 is how many to mint: 1 to 20.');
  const txHashes = await fundEvm(evm, address, token, amount);
  return { address, chain: evm.info.caip2, asset: token?.symbol ?? 'ETH', amount: amount.toString(), txHashes };
}

export function chainRoutes(ctx: EmulatorContext) {
  return (router: Router): void => {
    router.add('GET', '/__chains', async () => jsonResponse(200, ctx.chains?.document() ?? OFF, { 'cache-control': 'no-store' }));
    router.add('POST', '/__faucet', async (request) => {
      const access = devAccessHeaders({ urls: ctx.urls, devOrigins: ctx.devOrigins }, request);
      const funded = await faucet(ctx.chains, parseJsonObject(request.body));
      return jsonResponse(200, funded, { 'cache-control': 'no-store', ...access });
    });
  };
}
