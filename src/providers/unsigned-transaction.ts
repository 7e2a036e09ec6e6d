/**
 * The wire form of an unsigned Ethereum transaction, what sign_transaction takes: legacy with
 * its EIP-155 chain id, RLP([nonce, gasPrice, gas, to, value, data, chainId, 0, 0]); EIP-2930,
 * 0x01 || RLP([chainId, nonce, gasPrice, gas, to, value, data, accessList]); EIP-1559, 0x02 ||
 * RLP([chainId, nonce, maxPriorityFeePerGas, maxFeePerGas, gas, to, value, data, accessList]).
 * Integers are big-endian without leading zeros; a missing `to` creates a contract.
 */
import { fromHex, toHex } from '../encoding/hex.ts';
import { concatBytes } from '../encoding/utf8.ts';

export interface AccessListEntry {
  address: string;
  storageKeys: readonly string[];
}

export interface UnsignedEthereumTransaction {
  /** 0 legacy (EIP-155), 1 EIP-2930, 2 EIP-1559. */
  type: 0 | 1 | 2;
  chainId: bigint;
  nonce: bigint;
  gas: bigint;
  /** Types 0 and 1. */
  gasPrice?: bigint;
  /** Type 2. */
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
  /** 0x and 40 hex digits; absent to create a contract. */
  to?: string;
  value: bigint;
  /** 0x-prefixed hex. */
  data: string;
  accessList?: readonly AccessListEntry[];
}

type Rlp = Uint8Array | Rlp[];

function length(n: number, offset: number): Uint8Array {
  if (n < 56) return Uint8Array.of(offset + n);
  const digits: number[] = [];
  for (; n > 0; n = Math.floor(n / 256)) digits.unshift(n % 256);
  return Uint8Array.of(offset + 55 + digits.length, ...digits);
}

function rlp(item: Rlp): Uint8Array {
  if (item instanceof Uint8Array) return item.length === 1 && item[0]! < 0x80 ? item : concatBytes(length(item.length, 0x80), item);
  const body = concatBytes(...item.map(rlp));
  return concatBytes(length(body.length, 0xc0), body);
}

const bytes = (hex: string): Uint8Array => fromHex(hex.slice(2));

function int(value: bigint | undefined): Uint8Array {
  if (!value) return new Uint8Array(0);
  const digits = value.toString(16);
  return fromHex(digits.length % 2 ? `0${digits}` : digits);
}

/** The unsigned transaction's bytes, 0x-prefixed hex. */
export function serializeUnsignedTransaction(tx: UnsignedEthereumTransaction): string {
  const to = tx.to === undefined ? new Uint8Array(0) : bytes(tx.to);
  const accessList: Rlp = (tx.accessList ?? []).map((entry) => [bytes(entry.address), entry.storageKeys.map(bytes)]);
  const common = [to, int(tx.value), bytes(tx.data)];
  let encoded: Uint8Array;
  if (tx.type === 0) encoded = rlp([int(tx.nonce), int(tx.gasPrice), int(tx.gas), ...common, int(tx.chainId), int(0n), int(0n)]);
  else if (tx.type === 1) encoded = concatBytes(Uint8Array.of(1), rlp([int(tx.chainId), int(tx.nonce), int(tx.gasPrice), int(tx.gas), ...common, accessList]));
  else encoded = concatBytes(Uint8Array.of(2), rlp([int(tx.chainId), int(tx.nonce), int(tx.maxPriorityFeePerGas), int(tx.maxFeePerGas), int(tx.gas), ...common, accessList]));
  return `0x${toHex(encoded)}`;
}
