/**
 * The hosted read routes, answered from the local chains (issue 35) in the hosted shapes
 * (`@turnkey/sdk-types` / `@turnkey/http`):
 * - get_wallet_address_balances (`{balances: [{caip19, symbol, balance, decimals, display:
 *   {crypto}, name}]}`): the native coin always, then each fixture token the address holds
 *   (EVM: USDC, LTK, LKC; Solana: the USDC mint, in the owner's associated token account);
 * - list_supported_assets (`{assets: [{caip19, symbol, decimals, name, stable}]}`);
 * - list_eth_transaction_history / list_sol_transaction_history (`{transactions, pageInfo}`,
 *   evm/evm-history.ts, solana/solana-history.ts);
 * - get_nonces (`{nonce}`: the chain's next nonce, pending included; there is no gas station,
 *   so `gasStationNonce: true` is UNIMPLEMENTED rather than a made-up number).
 * As the hosted routes: the address must be a wallet account of the organization (balances,
 * history). A caip2 the emulator runs no chain for (or a chain that is down) is
 * CHAIN_UNAVAILABLE; a malformed caip2 or address is INVALID_ARGUMENT. Solana takes devnet's
 * caip2 and its alias `solana:devnet`.
 */
import { base58 } from '@scure/base';
import { notFound, invalidRequest, Grpc, serviceError } from '../http/service-error.ts';
import { optionalBoolean, requireString } from '../http/fields.ts';
import { chainUnavailable } from './chain-routes.ts';
import { encodeCall } from './evm/abi.ts';
import { ChainUnreachableError } from './evm/json-rpc.ts';
import { evmHistory } from './evm/evm-history.ts';
import { solanaHistory } from './solana/solana-history.ts';
import { sentThroughService } from './sent-through-service.ts';
import { displayUnits, evmNative, evmTokenAsset, solanaNative, solanaTokenAsset } from './chain-assets.ts';
import { USDC_MINT } from './solana/spl-token-accounts.ts';
import type { QueryHandler, QueryInput } from '../api/handler-types.ts';
import type { EvmChain } from './evm/start-evm-chain.ts';
import type { SolanaChain } from './solana/start-solana-chain.ts';
import type { QuerySpec } from '../api/operations.ts';
import type { AssetMetadata } from './chain-assets.ts';

export const CHAIN_QUERIES = {
  get_wallet_address_balances: { required: ['organizationId', 'address', 'caip2'], response: 'balances' },
  list_supported_assets: { required: ['organizationId', 'caip2'], response: 'assets' },
  get_nonces: { required: ['organizationId', 'address', 'caip2'], response: 'nonce' },
  list_eth_transaction_history: { required: ['organizationId', 'address', 'caip2'], response: 'transactions' },
  list_sol_transaction_history: { required: ['organizationId', 'address', 'caip2'], response: 'transactions' },
} as const satisfies Record<string, QuerySpec>;

const ETH_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const EVM_CAIP2 = /^eip155:[1-9]\d{0,15}$/;
/** The hosted aliases, normalized as the hosted service does. */
const SOLANA_ALIASES: Readonly<Record<string, string>> = { 'solana:mainnet': 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'solana:devnet': 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1' };
const SOLANA_CAIP2 = /^solana:[1-9A-HJ-NP-Za-km-z]{32}$/;

type Target = { kind: 'evm'; chain: EvmChain } | { kind: 'solana'; chain: SolanaChain };

const withoutChains = (input: QueryInput) => (input.ctx.chains ? undefined : 'the emulator runs without chains (--chains off)');

/** The running chain `body.caip2` names; `only` limits the family (the history routes are per family). */
function chainOf(input: QueryInput, only?: 'evm' | 'solana'): Target {
  const raw = requireString(input.body, 'caip2', '', { max: 100 });
  const caip2 = SOLANA_ALIASES[raw] ?? raw;
  const solana = SOLANA_CAIP2.test(caip2);
  if (!solana && !EVM_CAIP2.test(caip2)) throw invalidRequest('caip2 must be a CAIP-2 chain id, e.g. "eip155:11155111" or "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1".');
  if (only === 'evm' && solana) throw invalidRequest('caip2 must be an EVM chain (eip155:…) for this route.');
  if (only === 'solana' && !solana) throw invalidRequest('caip2 must be a Solana cluster (solana:…) for this route.');
  if (solana) {
    const chain = input.ctx.chains?.solana;
    if (!chain || chain.info.caip2 !== caip2) throw chainUnavailable(`${raw} is not a running local chain`, input.ctx.chains?.downReason('solana') ?? withoutChains(input));
    return { kind: 'solana', chain };
  }
  const chain = input.ctx.chains?.evm(caip2);
  if (!chain) throw chainUnavailable(`${caip2} is not a running local chain`, input.ctx.chains?.downReason('evm') ?? withoutChains(input));
  return { kind: 'evm', chain };
}

function isSolanaAddress(address: string): boolean {
  try {
    return base58.decode(address).length === 32;
  } catch {
    return false;
  }
}

/** The address, well formed for the chain's family, and (`owned`) a wallet account of the organization. */
function addressFor(input: QueryInput, target: Target, owned: boolean): string {
  const address = requireString(input.body, 'address', '', { max: 100 });
  if (target.kind === 'evm' && !ETH_ADDRESS.test(address)) throw invalidRequest('address must be an Ethereum address (0x and 40 hex digits) for an EVM chain.');
  if (target.kind === 'solana' && !isSolanaAddress(address)) throw invalidRequest('address must be a Solana address (32 bytes in base58) for a Solana cluster.');
  if (owned) {
    // As the hosted routes: a wallet account's address; private key addresses are not supported.
    const same = (a: string) => (target.kind === 'evm' ? a.toLowerCase() === address.toLowerCase() : a === address);
    if (!input.view.walletAccounts.findBy('organizationId', input.organization.id).some((a) => same(a.address))) {
      throw notFound('ADDRESS_NOT_FOUND', 'address is not a wallet account of this organization.');
    }
  }
  return address;
}

async function fromChain<T>(target: Target, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ChainUnreachableError && target.kind === 'evm') throw chainUnavailable(`${target.chain.info.caip2} stopped answering`, target.chain.down() ?? error.message);
    throw error;
  }
}

const balanceOf = (asset: AssetMetadata, balance: bigint) => ({ caip19: asset.caip19, symbol: asset.symbol, balance: balance.toString(), decimals: asset.decimals, display: { crypto: displayUnits(balance, asset.decimals) }, name: asset.name });

export const getWalletAddressBalances: QueryHandler = {
  async run(input) {
    const target = chainOf(input);
    const address = addressFor(input, target, true);
    if (target.kind === 'solana') {
      const { chain } = target;
      const usdc = chain.balance(address, 'USDC');
      return { balances: [balanceOf(solanaNative(chain.info.caip2), chain.balance(address, 'SOL')), ...(usdc > 0n ? [balanceOf(solanaTokenAsset(chain.info.caip2, USDC_MINT)!, usdc)] : [])] };
    }
    const { chain } = target;
    return fromChain(target, async () => {
      const native = BigInt(await chain.rpc<string>('eth_getBalance', [address, 'latest']));
      const data = encodeCall('balanceOf(address)', [{ type: 'address', value: address }]);
      const held = await Promise.all(chain.info.tokens.map(async (token) => [token, BigInt(await chain.rpc<string>('eth_call', [{ to: token.address, data }, 'latest']))] as const));
      return {
        balances: [
          balanceOf(evmNative(chain.info.caip2), native),
          ...held.filter(([, balance]) => balance > 0n).map(([token, balance]) => balanceOf(evmTokenAsset(chain.info.caip2, token), balance)),
        ],
      };
    });
  },
};

export const listSupportedAssets: QueryHandler = {
  run(input) {
    const target = chainOf(input);
    const caip2 = target.chain.info.caip2;
    const listed = (asset: AssetMetadata) => ({ caip19: asset.caip19, symbol: asset.symbol, decimals: asset.decimals, name: asset.name, stable: asset.symbol === 'USDC' });
    if (target.kind === 'solana') return { assets: [listed(solanaNative(caip2)), ...target.chain.info.tokens.flatMap((t) => solanaTokenAsset(caip2, t.mint) ?? []).map(listed)] };
    return { assets: [listed(evmNative(caip2)), ...target.chain.info.tokens.map((token) => listed(evmTokenAsset(caip2, token)))] };
  },
};

export const getNonces: QueryHandler = {
  async run(input) {
    const target = chainOf(input, 'evm');
    const address = addressFor(input, target, false);
    if (optionalBoolean(input.body, 'gasStationNonce')) throw serviceError(Grpc.UNIMPLEMENTED, 'UNIMPLEMENTED', 'The local chains have no gas station: gasStationNonce is not served by the emulator.');
    const wanted = optionalBoolean(input.body, 'nonce') ?? true;
    if (!wanted || target.kind !== 'evm') return {};
    const { chain } = target;
    return fromChain(target, async () => ({ nonce: BigInt(await chain.rpc<string>('eth_getTransactionCount', [address, 'pending'])).toString() }));
  },
};

export const listEthTransactionHistory: QueryHandler = {
  async run(input) {
    const target = chainOf(input, 'evm');
    const address = addressFor(input, target, true);
    if (target.kind !== 'evm') throw invalidRequest('caip2 must be an EVM chain.');
    const sent = sentThroughService(input.view, input.organization.id);
    const { chain } = target;
    return fromChain(target, async () => ({ ...(await evmHistory(chain, address, input.body, sent)) }));
  },
};

export const listSolTransactionHistory: QueryHandler = {
  run(input) {
    const target = chainOf(input, 'solana');
    const address = addressFor(input, target, true);
    if (target.kind !== 'solana') throw invalidRequest('caip2 must be a Solana cluster.');
    return { ...solanaHistory(target.chain, address, input.body, sentThroughService(input.view, input.organization.id)) };
  },
};

export const chainQueries: readonly (readonly [string, QueryHandler])[] = [
  ['get_wallet_address_balances', getWalletAddressBalances],
  ['list_supported_assets', listSupportedAssets],
  ['get_nonces', getNonces],
  ['list_eth_transaction_history', listEthTransactionHistory],
  ['list_sol_transaction_history', listSolTransactionHistory],
];
