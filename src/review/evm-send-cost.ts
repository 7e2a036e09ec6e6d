/**
 * What an Ethereum send will cost, read from the chain (the page's `rpcUrl`) before the person is
 * asked: the sender's ETH balance (and, for an ERC-20 transfer, its token balance through
 * `balanceOf`), the gas (`eth_estimateGas` from the sender), and EIP-1559 fees from the latest
 * block: maxPriorityFeePerGas from `eth_maxPriorityFeePerGas`, maxFeePerGas = 2 × base fee + the
 * tip (room for the base fee to double before the transaction is priced out, as ethers and the
 * emulator fill it). The fee shown is its upper bound, gas × maxFeePerGas, which is what a node
 * requires the balance to cover; the send then carries these very numbers, so the fee the person
 * read is the most the chain can take.
 *
 * The balances are read before the estimate: a node refuses to estimate a send the balance cannot
 * pay, and "insufficient funds" with the amounts is clearer than the node's estimate failure.
 */
import { LatchError } from '../errors/latch-error.ts';
import { ChainRpcRefusal, chainRpc, quantity } from './chain-rpc.ts';
import { erc20TransferData } from './evm-erc20.ts';
import { sendShortfall, type SendCost } from './send-cover.ts';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** keccak-256("balanceOf(address)")[0..4]; the test checks it with viem. */
const BALANCE_OF = '0x70a08231';

export interface EvmSendCostRequest {
  rpcUrl: string;
  from: string;
  /** A native send: the recipient and the value in wei (with optional call data). */
  to: string;
  value: bigint;
  data?: string;
  /** An ERC-20 transfer instead: `to` is then the recipient, `value` is 0. */
  token?: { address: string; amount: bigint; decimals: number; symbol: string };
}

export interface EvmSendCost extends SendCost {
  gas: bigint;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

export async function readEvmSendCost(request: EvmSendCostRequest, fetchFn: typeof fetch = (...a) => fetch(...a)): Promise<EvmSendCost> {
  const { rpcUrl, from, token } = request;
  if (!ADDRESS.test(from) || !ADDRESS.test(request.to) || (token && !ADDRESS.test(token.address))) throw new LatchError('ERR_INPUT_INVALID', 'The sender, recipient or token is not an Ethereum address.');
  const call = token
    ? { from, to: token.address, value: '0x0', data: erc20TransferData(request.to, token.amount) }
    : { from, to: request.to, value: `0x${request.value.toString(16)}`, ...(request.data && request.data !== '0x' ? { data: request.data } : {}) };
  const rpc = (method: string, params: readonly unknown[]) => chainRpc(rpcUrl, method, params, fetchFn);
  const refused = (cause: unknown): never => {
    if (cause instanceof ChainRpcRefusal) throw new LatchError('ERR_SEND_ESTIMATE_FAILED', `The chain would not price this send: ${cause.message}`, { cause });
    throw cause;
  };
  const [balance, tokenBalance, block, tip] = await Promise.all([
    rpc('eth_getBalance', [from, 'latest']).then((v) => quantity(v, 'balance')),
    token ? rpc('eth_call', [{ to: token.address, data: `${BALANCE_OF}${from.slice(2).toLowerCase().padStart(64, '0')}` }, 'latest']).then((v) => quantity(v, 'token balance')) : undefined,
    rpc('eth_getBlockByNumber', ['latest', false]),
    rpc('eth_maxPriorityFeePerGas', []).then((v) => quantity(v, 'priority fee')),
  ]).catch(refused);
  const baseFee = quantity((block as { baseFeePerGas?: unknown } | null)?.baseFeePerGas, 'base fee');
  const maxFeePerGas = baseFee * 2n + tip;
  const partial: EvmSendCost = {
    gas: 0n,
    maxFeePerGas,
    maxPriorityFeePerGas: tip,
    native: { symbol: 'ETH', decimals: 18, balance, value: token ? 0n : request.value, fee: 0n },
    ...(token ? { token: { symbol: token.symbol, decimals: token.decimals, balance: tokenBalance!, amount: token.amount } } : {}),
  };
  // Short already without the fee: say so with the amounts, without asking the node to estimate.
  if (sendShortfall(partial)) return partial;
  const gas = quantity(await rpc('eth_estimateGas', [call, 'latest']).catch(refused), 'gas estimate');
  return { ...partial, gas, native: { ...partial.native, fee: gas * maxFeePerGas } };
}
