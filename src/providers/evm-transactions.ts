/**
 * The EIP-1193 provider's transactions: eth_signTransaction (sign_transaction over the serialized
 * unsigned transaction, missing fields read from the chain's rpcUrl) and eth_sendTransaction
 * (eth_send_transaction, its status followed until the hash is known), and the one send
 * wallet_sendCalls makes per call. A chunk of its own, loaded with the first transaction: a page
 * that only signs messages never loads it, and latchkey/eip1193's first chunk stays in its budget.
 */
import { LatchError } from '../errors/latch-error.ts';
import { isFinalSendStatus, pollStatus, sendTransactionStatus } from '../session/session-status.ts';
import type { EthSendTransactionParameters } from '../clients/activity-types.ts';
import { ProviderRpcError, ProviderRpcErrorCodes as Codes } from './provider-rpc-error.ts';
import { serializeUnsignedTransaction, type AccessListEntry, type UnsignedEthereumTransaction } from './unsigned-transaction.ts';
import type { EvmReviewContext } from '../review/evm-review.ts';
import { ADDRESS, HEX_BYTES, chainIdOf, invalidParams, toQuantity, type Eip1193RequestArguments, type Eip1193Session, type ProviderHost } from './eip1193-provider.ts';
import type { Signer } from './wallet-signer.ts';

/** The normalized transaction request of eth_signTransaction / eth_sendTransaction. */
export interface TransactionRequest {
  /** The signer's account that signs it. */
  from: string;
  to?: string;
  value: bigint;
  data: string;
  nonce?: bigint;
  gas?: bigint;
  gasPrice?: bigint;
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
  type: 0 | 1 | 2;
  accessList?: AccessListEntry[];
}

/** A JSON-RPC quantity (0x-hex; numbers and bigints are taken too), or undefined when absent. */
export function quantity(tx: Record<string, unknown>, key: string, what = 'transaction'): bigint | undefined {
  const value = tx[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'bigint' && value >= 0n) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(value)) return BigInt(value);
  throw invalidParams(`${what}.${key} must be a 0x-hex quantity.`);
}

function accessListOf(value: unknown): AccessListEntry[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw invalidParams('transaction.accessList must be an array.');
  return value.map((entry: unknown, i) => {
    const e = entry as { address?: unknown; storageKeys?: unknown } | null;
    const keys = e?.storageKeys;
    if (typeof e?.address !== 'string' || !ADDRESS.test(e.address) || !Array.isArray(keys) || !keys.every((k) => typeof k === 'string' && /^0x[0-9a-fA-F]{64}$/.test(k))) {
      throw invalidParams(`transaction.accessList[${i}] must be {address, storageKeys: 32-byte hex[]}.`);
    }
    return { address: e.address, storageKeys: keys as string[] };
  });
}

/** The transaction object of eth_signTransaction / eth_sendTransaction, checked and normalized. */
function transactionOf(host: ProviderHost, signer: Signer<string>, value: unknown): TransactionRequest {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidParams('The method takes [transaction object].');
  const tx = value as Record<string, unknown>;
  const from = host.account(signer, tx.from ?? signer.accounts[0], 'transaction.from');
  if (tx.chainId !== undefined && tx.chainId !== null && chainIdOf(tx.chainId, 'transaction.chainId') !== host.chainId) {
    throw invalidParams(`transaction.chainId is not the current chain (${host.chainId}); switch first.`);
  }
  let to: string | undefined;
  if (tx.to !== undefined && tx.to !== null) {
    if (typeof tx.to !== 'string' || !ADDRESS.test(tx.to)) throw invalidParams('transaction.to must be an Ethereum address.');
    to = tx.to;
  }
  const data = tx.data ?? tx.input ?? '0x';
  if (typeof data !== 'string' || !HEX_BYTES.test(data)) throw invalidParams('transaction.data must be 0x-hex bytes.');
  if (tx.data !== undefined && tx.input !== undefined && tx.data !== tx.input) throw invalidParams('transaction.data and transaction.input differ.');
  const out: TransactionRequest = {
    from,
    to,
    value: quantity(tx, 'value') ?? 0n,
    data: data.toLowerCase(),
    nonce: quantity(tx, 'nonce'),
    gas: quantity(tx, 'gas') ?? quantity(tx, 'gasLimit'),
    gasPrice: quantity(tx, 'gasPrice'),
    maxFeePerGas: quantity(tx, 'maxFeePerGas'),
    maxPriorityFeePerGas: quantity(tx, 'maxPriorityFeePerGas'),
    accessList: accessListOf(tx.accessList),
    type: 2,
  };
  const type = tx.type === undefined || tx.type === null ? undefined : quantity(tx, 'type');
  const legacyFees = out.gasPrice !== undefined && out.maxFeePerGas === undefined && out.maxPriorityFeePerGas === undefined;
  if (type === undefined) out.type = legacyFees ? (out.accessList ? 1 : 0) : 2;
  else if (type === 0n || type === 1n || type === 2n) out.type = Number(type) as 0 | 1 | 2;
  else throw invalidParams('transaction.type must be 0x0 (legacy), 0x1 (EIP-2930) or 0x2 (EIP-1559).');
  if (out.type === 2 && out.gasPrice !== undefined) throw invalidParams('An EIP-1559 transaction takes maxFeePerGas and maxPriorityFeePerGas, not gasPrice.');
  if (out.type !== 2 && (out.maxFeePerGas !== undefined || out.maxPriorityFeePerGas !== undefined)) throw invalidParams('A legacy or EIP-2930 transaction takes gasPrice, not maxFeePerGas.');
  if (out.type === 0 && out.accessList?.length) throw invalidParams('A legacy transaction has no access list.');
  return out;
}

/** Reads a quantity from the chain's RPC endpoint to fill a missing field; -32602 without one. */
async function fill(host: ProviderHost, field: string, method: string, params: unknown[]): Promise<bigint> {
  if (!host.rpcUrl()) throw invalidParams(`transaction.${field} is missing, and the provider has no rpcUrl for chain ${host.chainId} to read it from.`);
  const value = await host.rpc(method, params);
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value)) throw new ProviderRpcError(Codes.INTERNAL, `The RPC endpoint answered ${method} with no quantity.`);
  return BigInt(value);
}

async function baseFee(host: ProviderHost): Promise<bigint> {
  if (!host.rpcUrl()) throw invalidParams(`transaction.maxFeePerGas is missing, and the provider has no rpcUrl for chain ${host.chainId} to read it from.`);
  const block = (await host.rpc('eth_getBlockByNumber', ['latest', false])) as { baseFeePerGas?: unknown } | null;
  const fee = block?.baseFeePerGas;
  if (typeof fee !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(fee)) throw new ProviderRpcError(Codes.INTERNAL, 'The RPC endpoint gave no base fee.');
  return BigInt(fee);
}

export async function signTransaction(host: ProviderHost, args: Eip1193RequestArguments, value: unknown): Promise<string> {
  const signer = await host.live();
  const tx = transactionOf(host, signer, value);
  const from = tx.from;
  const call = { from, ...(tx.to ? { to: tx.to } : {}), value: toQuantity(tx.value), data: tx.data };
  const nonce = tx.nonce ?? (await fill(host, 'nonce', 'eth_getTransactionCount', [from, 'pending']));
  const gas = tx.gas ?? (await fill(host, 'gas', 'eth_estimateGas', [call]));
  const unsigned: UnsignedEthereumTransaction = { type: tx.type, chainId: host.chainId, nonce, gas, to: tx.to, value: tx.value, data: tx.data, accessList: tx.accessList };
  if (tx.type === 2) {
    unsigned.maxPriorityFeePerGas = tx.maxPriorityFeePerGas ?? (await fill(host, 'maxPriorityFeePerGas', 'eth_maxPriorityFeePerGas', []));
    unsigned.maxFeePerGas = tx.maxFeePerGas ?? (await baseFee(host)) * 2n + unsigned.maxPriorityFeePerGas;
  } else unsigned.gasPrice = tx.gasPrice ?? (await fill(host, 'gasPrice', 'eth_gasPrice', []));
  const session = await host.approved(signer, from, args, { filled: { nonce, gas, gasPrice: unsigned.gasPrice, maxFeePerGas: unsigned.maxFeePerGas, maxPriorityFeePerGas: unsigned.maxPriorityFeePerGas }, tx });
  const activity = await session.submit('sign_transaction', { signWith: from, unsignedTransaction: serializeUnsignedTransaction(unsigned).slice(2), type: 'TRANSACTION_TYPE_ETHEREUM' });
  const signed = activity.result.signTransactionResult?.signedTransaction;
  if (typeof signed !== 'string' || !/^(?:0x)?[0-9a-fA-F]+$/.test(signed)) throw new LatchError('ERR_RESPONSE_MALFORMED', 'The signed transaction is malformed.');
  // The service answers Ethereum without 0x (its client adds it); a later version may add it.
  return (signed.startsWith('0x') ? signed : `0x${signed}`).toLowerCase();
}

/**
 * One eth_send_transaction with `session` (read right after the person's approval), followed
 * until the chain has its hash; a failed send rejects with the service's words and status id.
 */
export async function sendAndFollow(host: ProviderHost, session: Eip1193Session, parameters: EthSendTransactionParameters): Promise<string> {
  const activity = await session.submit('eth_send_transaction', parameters);
  const id = activity.result.ethSendTransactionResult?.sendTransactionStatusId;
  if (typeof id !== 'string') throw new LatchError('ERR_RESPONSE_MALFORMED', 'The send answered no sendTransactionStatusId.');
  const { value: status } = await pollStatus(
    (signal) => sendTransactionStatus(session, id, { signal }),
    (s) => Boolean(s.eth?.txHash) || isFinalSendStatus(s),
    { maxAttempts: 30, initialDelayMs: 500, ...host.polling },
  );
  const hash = status.eth?.txHash;
  const failed = status.txStatus === 'FAILED' || Boolean(status.txError) || status.error !== undefined;
  if (failed) throw new ProviderRpcError(Codes.INTERNAL, status.txError || 'The transaction failed.', { data: { sendTransactionStatusId: id, txHash: hash, txStatus: status.txStatus, error: status.error } });
  if (!hash) throw new ProviderRpcError(Codes.INTERNAL, 'The transaction has no hash yet.', { data: { sendTransactionStatusId: id, txStatus: status.txStatus } });
  return hash;
}

export async function sendTransaction(host: ProviderHost, args: Eip1193RequestArguments, value: unknown): Promise<string> {
  const signer = await host.live();
  const tx = transactionOf(host, signer, value);
  if (!tx.to) throw invalidParams('transaction.to is missing: the send activity does not create contracts (sign with eth_signTransaction and broadcast instead).');
  if (tx.accessList?.length) throw invalidParams('The send activity takes no access list.');
  const decimal = (n: bigint | undefined) => (n === undefined ? undefined : n.toString());
  // A legacy gas price is an EIP-1559 fee whose priority fee is all of it.
  const parameters: EthSendTransactionParameters = {
    from: tx.from,
    to: tx.to,
    caip2: `eip155:${host.chainId}`,
    value: tx.value.toString(),
    data: tx.data,
  };
  const optional = { nonce: decimal(tx.nonce), gasLimit: decimal(tx.gas), maxFeePerGas: decimal(tx.maxFeePerGas ?? tx.gasPrice), maxPriorityFeePerGas: decimal(tx.maxPriorityFeePerGas ?? tx.gasPrice) };
  for (const [key, v] of Object.entries(optional)) if (v !== undefined) (parameters as unknown as Record<string, string>)[key] = v;
  const session = await host.approved(signer, tx.from, args, { filled: await estimatedFees(host, tx), tx });
  return sendAndFollow(host, session, parameters);
}

/**
 * What the service will likely charge for a send whose fees the request leaves out, read from
 * the chain's rpcUrl for the review only (the service fills the real ones). Nothing without an
 * rpcUrl or when the endpoint does not say.
 */
async function estimatedFees(host: ProviderHost, tx: TransactionRequest): Promise<EvmReviewContext['filled']> {
  if (!host.rpcUrl()) return undefined;
  const call = { from: tx.from, to: tx.to, value: toQuantity(tx.value), data: tx.data };
  const read = <T>(p: Promise<T>) => p.then((v) => v, () => undefined);
  const gas = tx.gas ?? (await read(fill(host, 'gas', 'eth_estimateGas', [call])));
  if (tx.gasPrice !== undefined || tx.type !== 2) return { gas, gasPrice: tx.gasPrice ?? (await read(fill(host, 'gasPrice', 'eth_gasPrice', []))) };
  const maxPriorityFeePerGas = tx.maxPriorityFeePerGas ?? (await read(fill(host, 'maxPriorityFeePerGas', 'eth_maxPriorityFeePerGas', [])));
  const base = tx.maxFeePerGas === undefined && maxPriorityFeePerGas !== undefined ? await read(baseFee(host)) : undefined;
  return { gas, maxPriorityFeePerGas, maxFeePerGas: tx.maxFeePerGas ?? (base === undefined ? undefined : base * 2n + maxPriorityFeePerGas!) };
}
