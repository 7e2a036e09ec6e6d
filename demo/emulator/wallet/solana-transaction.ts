/**
 * sign_transaction for TRANSACTION_TYPE_SOLANA: a transaction in its wire form (hex, 0x optional:
 * compact-u16 signature count, 64-byte signature slots, then the message, legacy or v0) in, the
 * same transaction with the signer's slot filled out (lowercase hex). The signer's Ed25519 key
 * must be one of the message's required signers (the first `numRequiredSignatures` account
 * keys); its slot is the key's index. Other slots are kept as they came (zero: unsigned yet), so
 * several signers can sign in turn. The message is parsed whole (header, keys, blockhash,
 * instructions, and v0's address table lookups) and must be exactly the rest of the bytes.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { hex } from '@scure/base';
import { WalletError } from './wallet-error.ts';

const invalid = (message: string) => new WalletError('TRANSACTION_INVALID', message);

class Reader {
  at = 0;
  constructor(readonly bytes: Uint8Array) {}

  byte(what: string): number {
    if (this.at >= this.bytes.length) throw invalid(`The transaction ends inside its ${what}.`);
    return this.bytes[this.at++]!;
  }

  take(n: number, what: string): Uint8Array {
    if (this.at + n > this.bytes.length) throw invalid(`The transaction ends inside its ${what}.`);
    const out = this.bytes.subarray(this.at, this.at + n);
    this.at += n;
    return out;
  }

  /** Solana's compact-u16 (ShortVec), canonical only. */
  shortVec(what: string): number {
    let value = 0;
    for (let i = 0; i < 3; i++) {
      const byte = this.byte(what);
      value |= (byte & 0x7f) << (7 * i);
      if ((byte & 0x80) === 0) {
        if (i > 0 && byte === 0) throw invalid(`The transaction's ${what} length is not in its shortest form.`);
        if (value > 0xffff) throw invalid(`The transaction's ${what} length is out of range.`);
        return value;
      }
    }
    throw invalid(`The transaction's ${what} length is out of range.`);
  }
}

export interface ParsedSolanaTransaction {
  /** The signature slots, 64 bytes each (copies). */
  signatures: Uint8Array[];
  /** The bytes every signer signs. */
  message: Uint8Array;
  /** The required signers' public keys, in slot order. */
  signers: Uint8Array[];
}

export function parseSolanaTransaction(transaction: string): ParsedSolanaTransaction {
  const digits = /^0x/i.test(transaction) ? transaction.slice(2) : transaction;
  if (digits.length === 0 || digits.length % 2 !== 0 || !/^[0-9a-fA-F]+$/.test(digits)) {
    throw invalid('The unsigned transaction must be its bytes in hex (an even, non-zero number of hex digits).');
  }
  const r = new Reader(hex.decode(digits.toLowerCase()));
  const count = r.shortVec('signature count');
  const signatures = Array.from({ length: count }, () => r.take(64, 'signatures').slice());
  const messageStart = r.at;
  const prefix = r.byte('message header');
  const versioned = (prefix & 0x80) !== 0;
  if (versioned && (prefix & 0x7f) !== 0) throw invalid('Only legacy and v0 Solana messages are signed here.');
  const required = versioned ? r.byte('message header') : prefix;
  const readonlySigned = r.byte('message header');
  const readonlyUnsigned = r.byte('message header');
  const keyCount = r.shortVec('account keys');
  const keys = Array.from({ length: keyCount }, () => r.take(32, 'account keys'));
  if (required === 0 || required > keyCount || readonlySigned >= required || readonlyUnsigned > keyCount - required) {
    throw invalid("The message header does not fit its account keys (at least one signer, the fee payer, who is writable).");
  }
  if (count !== required) throw invalid(`The transaction has ${count} signature slots for ${required} required signers.`);
  r.take(32, 'recent blockhash');
  const instructions = r.shortVec('instructions');
  for (let i = 0; i < instructions; i++) {
    r.byte(`instruction ${i}`);
    r.take(r.shortVec(`instruction ${i} accounts`), `instruction ${i} accounts`);
    r.take(r.shortVec(`instruction ${i} data`), `instruction ${i} data`);
  }
  if (versioned) {
    const lookups = r.shortVec('address table lookups');
    for (let i = 0; i < lookups; i++) {
      r.take(32, `address table lookup ${i}`);
      r.take(r.shortVec(`address table lookup ${i} writable indexes`), `address table lookup ${i}`);
      r.take(r.shortVec(`address table lookup ${i} readonly indexes`), `address table lookup ${i}`);
    }
  }
  if (r.at !== r.bytes.length) throw invalid('The transaction has bytes after its message.');
  return { signatures, message: r.bytes.subarray(messageStart), signers: keys.slice(0, required) };
}

export interface SignSolanaTransactionInput {
  /** The Ed25519 private key (32 bytes). */
  privateKey: Uint8Array;
  unsignedTransaction: string;
}

/** The transaction with the key's signature in its slot: lowercase hex, no 0x. */
export function signSolanaTransaction(input: SignSolanaTransactionInput): string {
  const tx = parseSolanaTransaction(input.unsignedTransaction);
  const publicKey = ed25519.getPublicKey(input.privateKey);
  const slot = tx.signers.findIndex((key) => key.length === publicKey.length && key.every((b, i) => b === publicKey[i]));
  if (slot < 0) throw invalid('signWith is not one of the transaction\u2019s required signers.');
  tx.signatures[slot] = ed25519.sign(tx.message, input.privateKey);
  const count = tx.signatures.length;
  const head = count < 0x80 ? [count] : count < 0x4000 ? [(count & 0x7f) | 0x80, count >> 7] : [(count & 0x7f) | 0x80, ((count >> 7) & 0x7f) | 0x80, count >> 14];
  return hex.encode(Uint8Array.from([...head, ...tx.signatures.flatMap((s) => [...s]), ...tx.message]));
}
