/**
 * A Solana transaction in its wire form, read whole: signatures, then the message (legacy or
 * v0: header, static account keys, recent blockhash, compiled instructions, v0's address table
 * lookups). The RPC needs each part: the signatures to verify and to name the transaction, the
 * keys to report balances before and after, the blockhash to check its age, the instructions to
 * price it and to answer getTransaction.
 */
import { base58 } from '@scure/base';

export interface CompiledInstruction {
  readonly programIdIndex: number;
  readonly accounts: readonly number[];
  readonly data: Uint8Array;
}

export interface AddressTableLookup {
  readonly accountKey: string;
  readonly writableIndexes: readonly number[];
  readonly readonlyIndexes: readonly number[];
}

export interface WireTransaction {
  readonly signatures: readonly Uint8Array[];
  readonly messageBytes: Uint8Array;
  readonly version: 'legacy' | 0;
  readonly header: { readonly numRequiredSignatures: number; readonly numReadonlySignedAccounts: number; readonly numReadonlyUnsignedAccounts: number };
  /** Base58, in message order (signers first). */
  readonly accountKeys: readonly string[];
  readonly recentBlockhash: string;
  readonly instructions: readonly CompiledInstruction[];
  readonly addressTableLookups: readonly AddressTableLookup[];
}

/** Why a transaction's bytes cannot be read (the RPC answers -32602, invalid params). */
export class WireError extends Error {
  override readonly name = 'WireError';
}

/** The largest transaction a Solana packet carries (PACKET_DATA_SIZE). */
export const MAX_TRANSACTION_BYTES = 1232;

class Reader {
  at = 0;
  constructor(readonly bytes: Uint8Array) {}

  byte(): number {
    if (this.at >= this.bytes.length) throw new WireError('The transaction ends too early.');
    return this.bytes[this.at++]!;
  }

  take(n: number): Uint8Array {
    if (this.at + n > this.bytes.length) throw new WireError('The transaction ends too early.');
    const out = this.bytes.subarray(this.at, this.at + n);
    this.at += n;
    return out;
  }

  shortVec(): number {
    let value = 0;
    for (let i = 0; i < 3; i++) {
      const byte = this.byte();
      value |= (byte & 0x7f) << (7 * i);
      if ((byte & 0x80) === 0) return value;
    }
    throw new WireError('A length in the transaction is out of range.');
  }
}

export function readWireTransaction(wire: Uint8Array): WireTransaction {
  if (wire.length > MAX_TRANSACTION_BYTES) throw new WireError(`The transaction is ${wire.length} bytes, more than ${MAX_TRANSACTION_BYTES}.`);
  const r = new Reader(wire);
  const count = r.shortVec();
  const signatures = Array.from({ length: count }, () => r.take(64));
  const messageStart = r.at;
  const prefix = r.byte();
  const versioned = (prefix & 0x80) !== 0;
  if (versioned && (prefix & 0x7f) !== 0) throw new WireError('Only legacy and v0 transactions are supported.');
  const numRequiredSignatures = versioned ? r.byte() : prefix;
  const numReadonlySignedAccounts = r.byte();
  const numReadonlyUnsignedAccounts = r.byte();
  const keyCount = r.shortVec();
  const accountKeys = Array.from({ length: keyCount }, () => base58.encode(r.take(32)));
  if (numRequiredSignatures === 0 || numRequiredSignatures > keyCount || count !== numRequiredSignatures) {
    throw new WireError('The transaction’s signatures do not match its required signers.');
  }
  const recentBlockhash = base58.encode(r.take(32));
  const instructions = Array.from({ length: r.shortVec() }, () => {
    const programIdIndex = r.byte();
    const accounts = [...r.take(r.shortVec())];
    const data = r.take(r.shortVec()).slice();
    return { programIdIndex, accounts, data };
  });
  const addressTableLookups: AddressTableLookup[] = [];
  if (versioned) {
    const lookups = r.shortVec();
    for (let i = 0; i < lookups; i++) {
      const accountKey = base58.encode(r.take(32));
      const writableIndexes = [...r.take(r.shortVec())];
      const readonlyIndexes = [...r.take(r.shortVec())];
      addressTableLookups.push({ accountKey, writableIndexes, readonlyIndexes });
    }
  }
  if (r.at !== wire.length) throw new WireError('The transaction has bytes after its message.');
  return {
    signatures,
    messageBytes: wire.subarray(messageStart),
    version: versioned ? 0 : 'legacy',
    header: { numRequiredSignatures, numReadonlySignedAccounts, numReadonlyUnsignedAccounts },
    accountKeys,
    recentBlockhash,
    instructions,
    addressTableLookups,
  };
}

/** A message alone (getFeeForMessage): read it behind as many empty signatures as it needs. */
export function readMessage(message: Uint8Array): WireTransaction {
  const prefix = message[0] ?? 0;
  const required = (prefix & 0x80) !== 0 ? (message[1] ?? 0) : prefix;
  const wire = new Uint8Array(1 + 64 * required + message.length);
  wire[0] = required;
  wire.set(message, 1 + 64 * required);
  if (required >= 0x80) throw new WireError('The message names too many signers.');
  return readWireTransaction(wire);
}

/** Whether the account at `index` is written by the transaction (static keys only). */
export function isWritable(tx: WireTransaction, index: number): boolean {
  const { numRequiredSignatures: s, numReadonlySignedAccounts: rs, numReadonlyUnsignedAccounts: ru } = tx.header;
  if (index < s) return index < s - rs;
  return index < tx.accountKeys.length - ru;
}
