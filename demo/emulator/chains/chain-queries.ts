/**
 * The hosted read routes, answered from the local EVM chains (issue 35) in the hosted shapes
 * (`@turnkey/sdk-types`): get_wallet_address_balances (`{balances: [{caip19, symbol, balance,
 * decimals, display: {crypto}, name}]}`: the native coin always, each fixture token the address
 * holds), list_supported_assets (`{assets: [{caip19, symbol, decimals, name, stable}]}`) and
 * get_nonces (`{nonce}`: the chain's next nonce, pending included; there is no gas station, so
 * no gasStationNonce). A caip2 the emulator runs no chain for is "chain unavailable"; Solana
 * balances are not served here yet.
 */
import { notFound, invalidRequest, Grpc, serviceError } from '../http/service-error.ts';
import { optionalBoolean, requireString } from '../http/fields.ts';
import { chainUnavailable } from './chain-routes.ts';
import { encodeCall } from './evm/abi.ts';
import { ChainUnreachableError } from './evm/json-rpc.ts';
import type { QueryHandler, QueryInput } from '../api/handler-types.ts';
import type { EvmChain } from './evm/start-evm-chain.ts';
import type { EvmToken } from './chain-types.ts';
import type { QuerySpec } from '../api/operations.ts';

export const CHAIN_QUERIES = {
  get_wallet_address_balances: { required: ['organizationId', 'address', 'caip2'], response: 'balances' },
  list_supported_assets: { required: ['organizationId', 'caip2'], response: 'assets' },
  get_nonces: { required: ['organizationId', 'address', 'caip2'], response: 'nonce' },
} as const satisfies Record<string, QuerySpec>;

const ETH_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const NATIVE = { symbol: 'ETH', name: 'Ether (local)', decimals: 18 };
const TOKEN_NAMES: Readonly<Record<string, string>> = { USDC: 'USD Coin (local)', LTK: 'Latchkey Test Token', LKC: 'Latchkey Collectible' };

const nativeCaip19 = (chain: EvmChain) => `${chain.info.caip2}/slip44:60`;
const tokenCaip19 = (chain: EvmChain, token: EvmToken) => `${chain.info.caip2}/${token.standard}:${token.address}`;

function evmChainOf({ ctx, body }: QueryInput): EvmChain {
  const caip2 = requireString(body, 'caip2', '', { max: 100 });
  if (caip2.startsWith('solana:')) throw serviceError(Grpc.UNIMPLEMENTED, 'UNIMPLEMENTED', 'Solana balances and assets are not served by the emulator yet.');
  if (!/^eip155:[1-9]\d{0,15}$/.test(caip2)) throw invalidRequest('caip2 must be a CAIP-2 chain id, e.g. "eip155:11155111".');
  const chain = ctx.chains?.evm(caip2);
  if (!chain) throw chainUnavailable(`${caip2} is not a running local chain`, ctx.chains?.downReason('evm') ?? (ctx.chains ? undefined : 'the emulator runs without chains (--chains off)'));
  return chain;
}

/** Units for display only (the hosted "display.crypto"): the exact balance is `balance`. */
function display(balance: bigint, decimals: number): string {
  if (decimals === 0) return balance.toString();
  const digits = balance.toString().padStart(decimals + 1, '0');
  const fraction = digits.slice(-decimals).replace(/0+$/, '');
  return `${digits.slice(0, -decimals)}${fraction ? `.${fraction}` : ''}`;
}

async function fromChain<T>(chain: EvmChain, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ChainUnreachableError) throw chainUnavailable(`${chain.info.caip2} stopped answering`, chain.down() ?? error.message);
    throw error;
  }
}

export const getWalletAddressBalances: QueryHandler = {
  async run(input) {
    const { view, organization, body } = input;
    const address = requireString(body, 'address', '', { max: 100 });
    const chain = evmChainOf(input);
    if (!ETH_ADDRESS.test(address)) throw invalidRequest('address must be an Ethereum address for an EVM chain.');
    // As the hosted route: a wallet account's address; private key addresses are not supported.
    const owned = view.walletAccounts.findBy('organizationId', organization.id).some((a) => a.address.toLowerCase() === address.toLowerCase());
    if (!owned) throw notFound('ADDRESS_NOT_FOUND', 'address is not a wallet account of this organization.');
    return fromChain(chain, async () => {
      const native = BigInt(await chain.rpc<string>('eth_getBalance', [address, 'latest']));
      const data = encodeCall('balanceOf(address)', [{ type: 'address', value: address }]);
      const held = await Promise.all(chain.info.tokens.map(async (token) => [token, BigInt(await chain.rpc<string>('eth_call', [{ to: token.address, data }, 'latest']))] as const));
      const balances = [
        { caip19: nativeCaip19(chain), symbol: NATIVE.symbol, balance: native.toString(), decimals: NATIVE.decimals, display: { crypto: display(native, NATIVE.decimals) }, name: NATIVE.name },
        ...held
          .filter(([, balance]) => balance > 0n)
          .map(([token, balance]) => ({
            caip19: tokenCaip19(chain, token),
            symbol: token.symbol,
            balance: balance.toString(),
            decimals: token.decimals,
            display: { crypto: display(balance, token.decimals) },
            name: TOKEN_NAMES[token.symbol] ?? token.symbol,
          })),
      ];
      return { balances };
    });
  },
};

export const listSupportedAssets: QueryHandler = {
  run(input) {
    const chain = evmChainOf(input);
    const assets = [
      { caip19: nativeCaip19(chain), symbol: NATIVE.symbol, decimals: NATIVE.decimals, name: NATIVE.name, stable: false },
      ...chain.info.tokens.map((token) => ({ caip19: tokenCaip19(chain, token), symbol: token.symbol, decimals: token.decimals, name: TOKEN_NAMES[token.symbol] ?? token.symbol, stable: token.symbol === 'USDC' })),
    ];
    return { assets };
  },
};

export const getNonces: QueryHandler = {
  async run(input) {
    const address = requireString(input.body, 'address', '', { max: 100 });
    const chain = evmChainOf(input);
    if (!ETH_ADDRESS.test(address)) throw invalidRequest('address must be an Ethereum address.');
    const wanted = optionalBoolean(input.body, 'nonce') ?? true;
    if (!wanted) return {};
    return fromChain(chain, async () => ({ nonce: BigInt(await chain.rpc<string>('eth_getTransactionCount', [address, 'pending'])).toString() }));
  },
};

export const chainQueries: readonly (readonly [string, QueryHandler])[] = [
  ['get_wallet_address_balances', getWalletAddressBalances],
  ['list_supported_assets', listSupportedAssets],
  ['get_nonces', getNonces],
];
