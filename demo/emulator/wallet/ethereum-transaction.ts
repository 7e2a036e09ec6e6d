/**
 * sign_transaction for TRANSACTION_TYPE_ETHEREUM: an unsigned transaction in its wire form
 * (hex, 0x optional) in, the same transaction signed out, as the service answers it (lowercase
 * hex without 0x; clients add the prefix before broadcasting).
 * - Legacy: RLP([nonce, gasPrice, gas, to, value, data]) (pre-EIP-155, v = 27 + recovery id) or
 *   RLP([nonce, gasPrice, gas, to, value, data, chainId, 0, 0]) (EIP-155, v = chainId·2 + 35 +
 *   recovery id); the signing hash is Keccak-256 of those bytes.
 * - Typed (EIP-2718): 0x01 (EIP-2930), 0x02 (EIP-1559), 0x04 (EIP-7702) || RLP(fields); the
 *   signing hash is Keccak-256 of type || RLP(fields), and the signed form appends yParity, r, s.
 * The RLP must be canonical (shortest lengths, no leading zero bytes in integers) and whole; a
 * transaction that already carries a signature, a blob transaction (0x03) or an unknown type is
 * refused. Signatures are secp256k1, RFC 6979, low-S (the wallet library's sign_raw_payload).
 */
import { hex } from '@scure/base';
import { signRawPayload } from './sign-raw-payload.ts';
import { Curve, HashFunction, PayloadEncoding } from './wallet-enums.ts';
import { WalletError } from './wallet-error.ts';

/** An RLP item: a byte string or a list of items. */
export type RlpItem = Uint8Array | RlpItem[];

const invalid = (message: string) => new WalletError('TRANSACTION_INVALID', message);

// ---- RLP ---------------------------------------------------------------------------------------

/** Decodes exactly one canonical RLP item filling `bytes`. */
export function rlpDecode(bytes: Uint8Array): RlpItem {
  const [item, end] = decodeAt(bytes, 0, 0);
  if (end !== bytes.length) throw invalid('The transaction has bytes after its RLP item.');
  return item;
}

function lengthAt(bytes: Uint8Array, at: number, size: number): number {
  if (at + size > bytes.length) throw invalid('The transaction ends inside an RLP length.');
  if (bytes[at] === 0) throw invalid('An RLP length has a leading zero byte.');
  let length = 0;
  for (let i = 0; i < size; i++) length = length * 256 + bytes[at + i]!;
  if (length < 56) throw invalid('An RLP length under 56 must be given in its short form.');
  return length;
}

function decodeAt(bytes: Uint8Array, at: number, depth: number): [RlpItem, number] {
  if (depth > 16) throw invalid('The transaction nests RLP lists too deeply.');
  if (at >= bytes.length) throw invalid('The transaction ends where an RLP item should start.');
  const first = bytes[at]!;
  if (first < 0x80) return [bytes.subarray(at, at + 1), at + 1];
  let start: number;
  let length: number;
  const list = first >= 0xc0;
  const short = list ? first - 0xc0 : first - 0x80;
  if (short < 56) {
    start = at + 1;
    length = short;
  } else {
    const size = short - 55;
    length = lengthAt(bytes, at + 1, size);
    start = at + 1 + size;
  }
  const end = start + length;
  if (end > bytes.length) throw invalid('An RLP item runs past the end of the transaction.');
  if (!list) {
    if (length === 1 && short < 56 && bytes[start]! < 0x80) throw invalid('A single byte under 0x80 must be its own RLP encoding.');
    return [bytes.subarray(start, end), end];
  }
  const items: RlpItem[] = [];
  let next = start;
  while (next < end) {
    const [item, after] = decodeAt(bytes.subarray(0, end), next, depth + 1);
    items.push(item);
    next = after;
  }
  return [items, end];
}

function lengthPrefix(length: number, offset: number): Uint8Array {
  if (length < 56) return Uint8Array.of(offset + length);
  const digits: number[] = [];
  for (let n = length; n > 0; n = Math.floor(n / 256)) digits.unshift(n % 256);
  return Uint8Array.of(offset + 55 + digits.length, ...digits);
}

const concat = (parts: readonly Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

export function rlpEncode(item: RlpItem): Uint8Array {
  if (item instanceof Uint8Array) {
    if (item.length === 1 && item[0]! < 0x80) return item;
    return concat([lengthPrefix(item.length, 0x80), item]);
  }
  const body = concat(item.map(rlpEncode));
  return concat([lengthPrefix(body.length, 0xc0), body]);
}

// ---- transactions --------------------------------------------------------------------------------

type Field = 'int' | 'to' | 'address' | 'bytes' | 'accessList' | 'authorizationList';

/** The unsigned fields of each type, in order (legacy without its EIP-155 tail). */
const FIELDS: Readonly<Record<number, readonly [string, Field][]>> = {
  0: [['nonce', 'int'], ['gasPrice', 'int'], ['gas', 'int'], ['to', 'to'], ['value', 'int'], ['data', 'bytes']],
  1: [['chainId', 'int'], ['nonce', 'int'], ['gasPrice', 'int'], ['gas', 'int'], ['to', 'to'], ['value', 'int'], ['data', 'bytes'], ['accessList', 'accessList']],
  2: [
    ['chainId', 'int'], ['nonce', 'int'], ['maxPriorityFeePerGas', 'int'], ['maxFeePerGas', 'int'], ['gas', 'int'], ['to', 'to'], ['value', 'int'],
    ['data', 'bytes'], ['accessList', 'accessList'],
  ],
  4: [
    ['chainId', 'int'], ['nonce', 'int'], ['maxPriorityFeePerGas', 'int'], ['maxFeePerGas', 'int'], ['gas', 'int'], ['to', 'address'], ['value', 'int'],
    ['data', 'bytes'], ['accessList', 'accessList'], ['authorizationList', 'authorizationList'],
  ],
};

function bytesOf(item: RlpItem, name: string): Uint8Array {
  if (!(item instanceof Uint8Array)) throw invalid(`The transaction's ${name} must be a byte string, not a list.`);
  return item;
}

function checkInt(item: RlpItem, name: string): Uint8Array {
  const bytes = bytesOf(item, name);
  if (bytes.length > 32) throw invalid(`The transaction's ${name} is wider than 256 bits.`);
  if (bytes[0] === 0) throw invalid(`The transaction's ${name} has a leading zero byte.`);
  return bytes;
}

function checkAddress(item: RlpItem, name: string): void {
  if (bytesOf(item, name).length !== 20) throw invalid(`The transaction's ${name} must be a 20-byte address.`);
}

function listOf(item: RlpItem, name: string): RlpItem[] {
  if (item instanceof Uint8Array) throw invalid(`The transaction's ${name} must be a list.`);
  return item;
}

function checkAccessList(item: RlpItem): void {
  for (const [i, entry] of listOf(item, 'accessList').entries()) {
    const pair = listOf(entry, `accessList[${i}]`);
    if (pair.length !== 2) throw invalid(`The transaction's accessList[${i}] must be [address, storageKeys].`);
    checkAddress(pair[0]!, `accessList[${i}] address`);
    for (const [k, key] of listOf(pair[1]!, `accessList[${i}] storageKeys`).entries()) {
      if (bytesOf(key, `accessList[${i}] storageKeys[${k}]`).length !== 32) throw invalid(`The transaction's accessList[${i}] storageKeys[${k}] must be 32 bytes.`);
    }
  }
}

function checkAuthorizationList(item: RlpItem): void {
  const list = listOf(item, 'authorizationList');
  if (list.length === 0) throw invalid('An EIP-7702 transaction needs at least one authorization.');
  for (const [i, entry] of list.entries()) {
    const tuple = listOf(entry, `authorizationList[${i}]`);
    if (tuple.length !== 6) throw invalid(`The transaction's authorizationList[${i}] must be [chainId, address, nonce, yParity, r, s].`);
    checkInt(tuple[0]!, `authorizationList[${i}] chainId`);
    checkAddress(tuple[1]!, `authorizationList[${i}] address`);
    for (const [j, name] of ['nonce', 'yParity', 'r', 's'].entries()) checkInt(tuple[j + 2]!, `authorizationList[${i}] ${name}`);
  }
}

function checkFields(fields: RlpItem[], spec: readonly [string, Field][]): void {
  spec.forEach(([name, kind], i) => {
    const item = fields[i]!;
    if (kind === 'int') checkInt(item, name);
    else if (kind === 'bytes') bytesOf(item, name);
    else if (kind === 'address') checkAddress(item, name);
    else if (kind === 'to') {
      const length = bytesOf(item, name).length;
      if (length !== 0 && length !== 20) throw invalid("The transaction's to must be a 20-byte address, or empty to create a contract.");
    } else if (kind === 'accessList') checkAccessList(item);
    else checkAuthorizationList(item);
  });
}

/** A big-endian integer without leading zeros (the RLP integer encoding). */
function intBytes(value: bigint): Uint8Array {
  if (value === 0n) return new Uint8Array(0);
  const digits = value.toString(16);
  return hex.decode(digits.length % 2 ? `0${digits}` : digits);
}

const toBigInt = (bytes: Uint8Array): bigint => (bytes.length === 0 ? 0n : BigInt(`0x${hex.encode(bytes)}`));
const stripZeros = (bytes: Uint8Array): Uint8Array => {
  let i = 0;
  while (i < bytes.length && bytes[i] === 0) i++;
  return bytes.subarray(i);
};

export interface ParsedEthereumTransaction {
  /** 0 legacy, 1 EIP-2930, 2 EIP-1559, 4 EIP-7702. */
  type: number;
  /** The chain id, when the transaction names one (typed, or legacy with EIP-155). */
  chainId?: bigint;
  /** The unsigned fields as RLP items (legacy: without the EIP-155 tail). */
  fields: RlpItem[];
  /** The bytes whose Keccak-256 is signed. */
  signingPayload: Uint8Array;
}

/** Parses and checks an unsigned transaction (hex, 0x optional). Throws TRANSACTION_INVALID. */
export function parseUnsignedEthereumTransaction(unsignedTransaction: string): ParsedEthereumTransaction {
  const digits = /^0x/i.test(unsignedTransaction) ? unsignedTransaction.slice(2) : unsignedTransaction;
  if (digits.length === 0 || digits.length % 2 !== 0 || !/^[0-9a-fA-F]+$/.test(digits)) {
    throw invalid('The unsigned transaction must be its bytes in hex (an even, non-zero number of hex digits).');
  }
  const bytes = hex.decode(digits.toLowerCase());
  const first = bytes[0]!;
  if (first >= 0xc0) {
    const fields = listOf(rlpDecode(bytes), 'body');
    const spec = FIELDS[0]!;
    if (fields.length === 6) {
      checkFields(fields, spec);
      return { type: 0, fields, signingPayload: bytes };
    }
    if (fields.length !== 9) throw invalid('A legacy transaction has 6 fields, or 9 with its EIP-155 chain id.');
    checkFields(fields.slice(0, 6), spec);
    const chainId = toBigInt(checkInt(fields[6]!, 'chainId'));
    if (chainId === 0n) throw invalid('An EIP-155 transaction needs a chain id above 0.');
    if (bytesOf(fields[7]!, 'r').length !== 0 || bytesOf(fields[8]!, 's').length !== 0) {
      throw invalid('The transaction is already signed: send it unsigned (r and s empty).');
    }
    return { type: 0, chainId, fields: fields.slice(0, 6), signingPayload: bytes };
  }
  if (first === 0x03) throw invalid('Blob transactions (type 0x03) are not signed here.');
  const spec = FIELDS[first];
  if (first === 0 || !spec) throw invalid('Unknown transaction type: legacy, 0x01, 0x02 or 0x04.');
  const fields = listOf(rlpDecode(bytes.subarray(1)), 'body');
  if (fields.length === spec.length + 3) throw invalid('The transaction is already signed: send it unsigned.');
  if (fields.length !== spec.length) throw invalid(`A type 0x0${first} transaction has ${spec.length} fields.`);
  checkFields(fields, spec);
  return { type: first, chainId: toBigInt(fields[0] as Uint8Array), fields, signingPayload: bytes };
}

export interface SignEthereumTransactionInput {
  /** The secp256k1 private key (32 bytes). */
  privateKey: Uint8Array;
  unsignedTransaction: string;
}

/** The signed transaction as the service returns it: lowercase hex, no 0x. */
export function signEthereumTransaction(input: SignEthereumTransactionInput): string {
  const tx = parseUnsignedEthereumTransaction(input.unsignedTransaction);
  const { r, s, v } = signRawPayload({
    privateKey: input.privateKey,
    curve: Curve.SECP256K1,
    payload: hex.encode(tx.signingPayload),
    encoding: PayloadEncoding.HEXADECIMAL,
    hashFunction: HashFunction.KECCAK256,
  });
  const recovery = BigInt(Number.parseInt(v, 16));
  const signature = [stripZeros(hex.decode(r)), stripZeros(hex.decode(s))];
  if (tx.type === 0) {
    const vValue = tx.chainId === undefined ? 27n + recovery : tx.chainId * 2n + 35n + recovery;
    return hex.encode(rlpEncode([...tx.fields, intBytes(vValue), ...signature]));
  }
  return hex.encode(concat([Uint8Array.of(tx.type), rlpEncode([...tx.fields, intBytes(recovery), ...signature])]));
}
