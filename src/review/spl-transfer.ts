/**
 * An SPL token send as the unsigned legacy transaction sol_send_transaction takes: the Token
 * program's `TransferChecked` (instruction 12: the amount as u64 little-endian, then the mint's
 * decimals, which the program checks) from the sender's associated token account to the
 * recipient's, preceded, when the recipient has no such account yet, by the associated-token
 * program's `CreateIdempotent` (instruction 1), paid by the sender (its rent deposit is part of
 * the cost). The associated token account is the program-derived address of
 * [owner, token program, mint] under the associated-token program: the first bump from 255 down
 * whose SHA-256 is not a point of ed25519. Keys in the order a compiler gives them: the signer,
 * the writable accounts, then the read-only ones. Pure.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { base58 } from '@scure/base';
import { LatchError } from '../errors/latch-error.ts';
import { utf8Encode } from '../encoding/utf8.ts';
import { SYSTEM_PROGRAM, TOKEN_PROGRAM, U64_MAX } from './solana-instruction-rows.ts';
import { solanaKey } from './solana-transfer.ts';

export const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';

export interface SplTransfer {
  /** The sender (base58): it signs, pays the fee and, if needed, the recipient account's rent. */
  from: string;
  /** The recipient's wallet address (base58), not its token account. */
  to: string;
  mint: string;
  /** In the token's smallest unit. */
  amount: bigint;
  decimals: number;
  recentBlockhash: string;
  /** Create the recipient's associated token account first (it does not exist yet). */
  createRecipientAccount: boolean;
}

function isOnCurve(bytes: Uint8Array): boolean {
  try {
    ed25519.Point.fromBytes(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * Pubkey::find_program_address: the first bump from 255 down whose hash is off the curve. One copy
 * for the kit and the emulator (its token accounts), held to @solana/spl-token's derivation.
 */
export function findProgramAddress(seeds: readonly Uint8Array[], programId: string): string {
  const tail = [...base58.decode(programId), ...utf8Encode('ProgramDerivedAddress')];
  for (let bump = 255; bump >= 0; bump--) {
    const hash = sha256(Uint8Array.from([...seeds.flatMap((p) => [...p]), bump, ...tail]));
    if (!isOnCurve(hash)) return base58.encode(hash);
  }
  // 256 bumps all on the curve: odds of about 2^-256.
  throw new LatchError('ERR_INPUT_INVALID', 'No program-derived address for these seeds.');
}

/** The associated token account of `owner` for `mint` (the Token program unless told). */
export function associatedTokenAddress(owner: string, mint: string, tokenProgram: string = TOKEN_PROGRAM): string {
  return findProgramAddress([solanaKey(owner, 'owner'), base58.decode(tokenProgram), solanaKey(mint, 'mint')], ASSOCIATED_TOKEN_PROGRAM);
}

/** The unsigned transaction's wire bytes; ERR_INPUT_INVALID for a bad key, amount or decimals, or a send to oneself. */
export function splTransferTransaction(transfer: SplTransfer): Uint8Array {
  const { from, to, mint, amount, decimals } = transfer;
  solanaKey(from, 'sender');
  solanaKey(to, 'recipient');
  const blockhash = solanaKey(transfer.recentBlockhash, 'recent blockhash');
  if (typeof amount !== 'bigint' || amount <= 0n || amount > U64_MAX) throw new LatchError('ERR_INPUT_INVALID', 'The amount is a whole number of the token\u2019s smallest unit, above 0 and at most 2^64 \u2212 1.');
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) throw new LatchError('ERR_INPUT_INVALID', 'A mint has 0 to 255 decimals.');
  if (from === to) throw new LatchError('ERR_INPUT_INVALID', 'The recipient is the sender.');
  const source = associatedTokenAddress(from, mint);
  const destination = associatedTokenAddress(to, mint);
  const readonly = transfer.createRecipientAccount ? [to, mint, SYSTEM_PROGRAM, TOKEN_PROGRAM, ASSOCIATED_TOKEN_PROGRAM] : [mint, TOKEN_PROGRAM];
  const keys = [from, source, destination, ...readonly];
  const at = (key: string) => keys.indexOf(key);
  const data = new Uint8Array(10);
  data[0] = 12;
  new DataView(data.buffer).setBigUint64(1, amount, true);
  data[9] = decimals;
  const instructions: { program: string; accounts: string[]; data: Uint8Array }[] = [
    ...(transfer.createRecipientAccount ? [{ program: ASSOCIATED_TOKEN_PROGRAM, accounts: [from, destination, to, mint, SYSTEM_PROGRAM, TOKEN_PROGRAM], data: Uint8Array.of(1) }] : []),
    { program: TOKEN_PROGRAM, accounts: [source, mint, destination, from], data },
  ];
  // Every count below is under 128, so each compact-u16 is one byte.
  return Uint8Array.from([
    1, ...new Uint8Array(64),
    1, 0, readonly.length,
    keys.length, ...keys.flatMap((key) => [...base58.decode(key)]),
    ...blockhash,
    instructions.length,
    ...instructions.flatMap((i) => [at(i.program), i.accounts.length, ...i.accounts.map(at), i.data.length, ...i.data]),
  ]);
}
