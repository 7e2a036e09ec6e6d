/**
 * A System Program `transfer` of lamports from one account to another as an unsigned legacy
 * transaction in wire form, what the service's sol_send_transaction takes: one zeroed signature
 * slot (the sender signs and pays the fee), the header 1 / 0 / 1 (one signer; the System Program
 * is the one read-only unsigned account), the keys [from, to, System Program], the recent
 * blockhash, and one instruction whose data is bincode's u32 variant 2 then the lamports as u64,
 * little-endian. The same bytes @solana/web3.js compiles for `SystemProgram.transfer`.
 * And `solToLamports`, decimal SOL to lamports with integers only. Pure.
 */
import { base58 } from '@scure/base';
import { LatchError } from '../errors/latch-error.ts';
import { SYSTEM_PROGRAM, U64_MAX } from './solana-instruction-rows.ts';

export interface SystemTransfer {
  /** The sender (base58): it signs and pays the fee. */
  from: string;
  /** The recipient (base58). */
  to: string;
  lamports: bigint;
  /** Base58, 32 bytes: the transaction is valid while this blockhash is recent. */
  recentBlockhash: string;
}

const invalid = (message: string) => new LatchError('ERR_INPUT_INVALID', message);

/** 32 bytes from base58, or ERR_INPUT_INVALID naming `what`. */
export function solanaKey(value: unknown, what: string): Uint8Array {
  let key: Uint8Array | undefined;
  try {
    key = typeof value === 'string' ? base58.decode(value) : undefined;
  } catch {
    // reported below
  }
  if (key?.length !== 32) throw invalid(`The ${what} is not a Solana address (32 bytes in base58).`);
  return key;
}

/** `0.5` → 500000000n; ERR_INPUT_INVALID for anything but a decimal of at most 9 places. */
export function solToLamports(sol: string): bigint {
  const match = typeof sol === 'string' ? /^(\d{1,11})(?:\.(\d{1,9}))?$/.exec(sol.trim()) : null;
  if (!match) throw invalid('The amount in SOL is a decimal number with at most 9 places.');
  return BigInt(match[1]!) * 1_000_000_000n + BigInt((match[2] ?? '').padEnd(9, '0'));
}

/** The unsigned transaction's wire bytes; ERR_INPUT_INVALID for a bad key, amount, or a send to oneself. */
export function systemTransferTransaction(transfer: SystemTransfer): Uint8Array {
  const from = solanaKey(transfer.from, 'sender');
  const to = solanaKey(transfer.to, 'recipient');
  const blockhash = solanaKey(transfer.recentBlockhash, 'recent blockhash');
  const { lamports } = transfer;
  if (typeof lamports !== 'bigint' || lamports <= 0n || lamports > U64_MAX) throw invalid('The amount is a whole number of lamports, above 0 and at most 2^64 − 1.');
  // To oneself the keys would merge into one (a different message): nothing would move anyway.
  if (transfer.from === transfer.to) throw invalid('The recipient is the sender.');
  const data = new Uint8Array(12);
  const view = new DataView(data.buffer);
  view.setUint32(0, 2, true);
  view.setBigUint64(4, lamports, true);
  // Every count below is under 128, so each compact-u16 is one byte.
  return Uint8Array.from([
    1, ...new Uint8Array(64),
    1, 0, 1,
    3, ...from, ...to, ...base58.decode(SYSTEM_PROGRAM),
    ...blockhash,
    1, 2, 2, 0, 1, data.length, ...data,
  ]);
}
