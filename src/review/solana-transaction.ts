/**
 * A Solana transaction in its wire form, read whole: compact-u16 signature count, 64-byte
 * signature slots, then the message, legacy or v0 (header, static account keys, recent
 * blockhash, compiled instructions, and v0's address table lookups). Every index is checked
 * against the keys it names, and the message must be exactly the rest of the bytes, so what the
 * review shows is what the signer signs. Pure: no key, no network.
 */
import { base58 } from '@scure/base';
import { LatchError } from '../errors/latch-error.ts';

export interface SolanaAddressTableLookup {
  /** The lookup table's address. */
  table: string;
  writableIndexes: readonly number[];
  readonlyIndexes: readonly number[];
}

export interface SolanaCompiledInstruction {
  /** Index of the program id among the static account keys. */
  programIdIndex: number;
  /** Indexes into the transaction's accounts (static keys, then lookup-table entries). */
  accounts: readonly number[];
  data: Uint8Array;
}

/** Where an account index leads: a static key, or an entry of a lookup table (its address unknown until the table is read). */
export type SolanaAccountRef =
  | { kind: 'static'; address: string; signer: boolean; writable: boolean }
  | { kind: 'lookup'; table: string; index: number; writable: boolean; address?: string };

export interface SolanaTransaction {
  version: 'legacy' | 0;
  /** The signature slots, 64 bytes each, in signer order (zero while unsigned). */
  signatures: readonly Uint8Array[];
  numRequiredSignatures: number;
  numReadonlySignedAccounts: number;
  numReadonlyUnsignedAccounts: number;
  /** Base58 addresses; the first `numRequiredSignatures` are the signers, the first of them the fee payer. */
  staticAccountKeys: readonly string[];
  recentBlockhash: string;
  instructions: readonly SolanaCompiledInstruction[];
  addressTableLookups: readonly SolanaAddressTableLookup[];
  /** The bytes every signer signs. */
  message: Uint8Array;
  /**
   * The lookup tables' contents, read from the chain (src/review/simulate-solana.ts): table address
   * → its addresses. Absent or missing a table: its entries stay unresolved (`table[index]`).
   */
  resolvedLookups?: ReadonlyMap<string, readonly string[]>;
}

const invalid = (message: string) => new LatchError('ERR_INPUT_INVALID', message);

class Reader {
  at = 0;
  constructor(readonly bytes: Uint8Array) {}

  byte(): number {
    if (this.at >= this.bytes.length) throw invalid('The transaction ends too early.');
    return this.bytes[this.at++]!;
  }

  take(n: number): Uint8Array {
    if (this.at + n > this.bytes.length) throw invalid('The transaction ends too early.');
    return this.bytes.subarray(this.at, (this.at += n));
  }

  /** compact-u16 (ShortVec), shortest form only, as the runtime reads it. */
  shortVec(): number {
    let value = 0;
    for (let i = 0; i < 3; i++) {
      const byte = this.byte();
      value |= (byte & 0x7f) << (7 * i);
      if (!(byte & 0x80)) {
        if ((i > 0 && byte === 0) || value > 0xffff) throw invalid('A length in the transaction is not a canonical compact-u16.');
        return value;
      }
    }
    throw invalid('A length in the transaction is not a canonical compact-u16.');
  }

  indexes(): number[] {
    return [...this.take(this.shortVec())];
  }
}

/** Reads a wire transaction; ERR_INPUT_INVALID when it is not one (legacy or v0). */
export function parseSolanaTransaction(bytes: Uint8Array): SolanaTransaction {
  if (!(bytes instanceof Uint8Array)) throw invalid('The transaction must be its bytes (a Uint8Array).');
  const r = new Reader(bytes);
  const count = r.shortVec();
  const signatures = Array.from({ length: count }, () => r.take(64).slice());
  const start = r.at;
  const prefix = r.byte();
  const version = prefix & 0x80 ? prefix & 0x7f : 'legacy';
  if (version !== 'legacy' && version !== 0) throw invalid('Only legacy and v0 transactions are read.');
  const required = version === 'legacy' ? prefix : r.byte();
  const readonlySigned = r.byte();
  const readonlyUnsigned = r.byte();
  const staticAccountKeys = Array.from({ length: r.shortVec() }, () => base58.encode(r.take(32)));
  const keys = staticAccountKeys.length;
  if (required === 0 || required > keys || readonlySigned >= required || readonlyUnsigned > keys - required) {
    throw invalid('The message header does not fit its account keys.');
  }
  if (count !== required) throw invalid('The transaction has not one signature slot per required signer.');
  const recentBlockhash = base58.encode(r.take(32));
  const instructions = Array.from({ length: r.shortVec() }, () => ({ programIdIndex: r.byte(), accounts: r.indexes(), data: r.take(r.shortVec()).slice() }));
  const addressTableLookups: SolanaAddressTableLookup[] = [];
  if (version === 0) {
    for (let n = r.shortVec(); n > 0; n--) addressTableLookups.push({ table: base58.encode(r.take(32)), writableIndexes: r.indexes(), readonlyIndexes: r.indexes() });
  }
  if (r.at !== bytes.length) throw invalid('The transaction has bytes after its message.');
  const total = keys + addressTableLookups.reduce((n, l) => n + l.writableIndexes.length + l.readonlyIndexes.length, 0);
  for (const ix of instructions) {
    // The runtime takes program ids from the static keys only.
    if (ix.programIdIndex >= keys || ix.accounts.some((a) => a >= total)) throw invalid('An instruction names an account the transaction does not have.');
  }
  return {
    version,
    signatures,
    numRequiredSignatures: required,
    numReadonlySignedAccounts: readonlySigned,
    numReadonlyUnsignedAccounts: readonlyUnsigned,
    staticAccountKeys,
    recentBlockhash,
    instructions,
    addressTableLookups,
    message: bytes.slice(start),
  };
}

/**
 * The account an index names. Past the static keys come every table's writable entries (table by
 * table), then every table's read-only entries: the order the runtime loads them in.
 */
export function solanaAccount(tx: SolanaTransaction, index: number): SolanaAccountRef {
  const keys = tx.staticAccountKeys;
  const required = tx.numRequiredSignatures;
  if (index < keys.length) {
    const signer = index < required;
    const writable = signer ? index < required - tx.numReadonlySignedAccounts : index < keys.length - tx.numReadonlyUnsignedAccounts;
    return { kind: 'static', address: keys[index]!, signer, writable };
  }
  let at = index - keys.length;
  for (const writable of [true, false]) {
    for (const lookup of tx.addressTableLookups) {
      const list = writable ? lookup.writableIndexes : lookup.readonlyIndexes;
      if (at < list.length) {
        const address = tx.resolvedLookups?.get(lookup.table)?.[list[at]!];
        return { kind: 'lookup', table: lookup.table, index: list[at]!, writable, ...(address !== undefined ? { address } : {}) };
      }
      at -= list.length;
    }
  }
  throw invalid('An instruction names an account the transaction does not have.');
}
