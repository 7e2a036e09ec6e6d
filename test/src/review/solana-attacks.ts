// What an attacker hands to solana:signMessage or signTransaction, built with the attacker's own
// libraries: @solana/web3.js 1.98.4 and @solana/kit 8.4.0 (with @solana-program/system). Each
// builder takes the victim's address and returns wire bytes.
import { AddressLookupTableAccount, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createNoopSigner,
  createTransactionMessage,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Blockhash,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';

export const key = (): PublicKey => Keypair.generate().publicKey;
export const blockhash = (): string => key().toBase58();
/** 1,000 SOL in lamports: the critical case of issue 36. */
export const THOUSAND_SOL = 1_000n * BigInt(LAMPORTS_PER_SOL);

/** A lookup table (web3.js' account shape) whose entry 2 is `destination`. */
export function lookupTable(destination: PublicKey): AddressLookupTableAccount {
  return new AddressLookupTableAccount({
    key: key(),
    state: { deactivationSlot: 2n ** 64n - 1n, lastExtendedSlot: 0, lastExtendedSlotStartIndex: 0, addresses: [key(), key(), destination, key()] },
  });
}

/** web3.js: a legacy transaction moving 1,000 SOL to `to`; its message bytes, and the whole unsigned transaction. */
export function web3Legacy(victim: string, to = key()): { message: Uint8Array; transaction: Uint8Array } {
  const payer = new PublicKey(victim);
  const tx = new Transaction({ feePayer: payer, recentBlockhash: blockhash() }).add(SystemProgram.transfer({ fromPubkey: payer, toPubkey: to, lamports: THOUSAND_SOL }));
  return { message: Uint8Array.from(tx.serializeMessage()), transaction: Uint8Array.from(tx.serialize({ requireAllSignatures: false, verifySignatures: false })) };
}

/** web3.js: the same as v0, the destination from a lookup table when `table` is given. */
export function web3V0(victim: string, table?: AddressLookupTableAccount, to = table ? table.state.addresses[2]! : key()): { message: Uint8Array; transaction: Uint8Array } {
  const payer = new PublicKey(victim);
  const compiled = new TransactionMessage({ payerKey: payer, recentBlockhash: blockhash(), instructions: [SystemProgram.transfer({ fromPubkey: payer, toPubkey: to, lamports: THOUSAND_SOL })] }).compileToV0Message(table ? [table] : []);
  const tx = new VersionedTransaction(compiled);
  return { message: compiled.serialize(), transaction: tx.serialize() };
}

/** @solana/kit: the 1,000 SOL transfer, legacy or v0, the destination from a lookup table when `table` is given. */
export function kitTransfer(victim: string, version: 'legacy' | 0, table?: { address: Address; addresses: Address[] }): { message: Uint8Array; transaction: Uint8Array } {
  const destination = table ? table.addresses[2]! : address(key().toBase58());
  const source = createNoopSigner(address(victim));
  let message = pipe(
    createTransactionMessage({ version }),
    (m) => setTransactionMessageFeePayer(address(victim), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: blockhash() as Blockhash, lastValidBlockHeight: 100n }, m),
    (m) => appendTransactionMessageInstructions([getTransferSolInstruction({ source, destination, amount: THOUSAND_SOL })], m),
  );
  if (table) message = compressTransactionMessageUsingAddressLookupTables(message as Parameters<typeof compressTransactionMessageUsingAddressLookupTables>[0], { [table.address]: table.addresses }) as typeof message;
  const tx = compileTransaction(message);
  return { message: Uint8Array.from(tx.messageBytes), transaction: Uint8Array.from(getTransactionEncoder().encode(tx)) };
}

/** A kit lookup table: entry 2 is the attacker's destination. */
export const kitTable = (): { address: Address; addresses: Address[] } => ({ address: address(key().toBase58()), addresses: [key(), key(), key(), key()].map((k) => address(k.toBase58())) });

/** The bytes with the compact-u16 at `at` (one byte) written in two, non-canonically (n → n|0x80, 0x00). */
export function nonCanonical(bytes: Uint8Array, at: number): Uint8Array {
  return Uint8Array.from([...bytes.subarray(0, at), bytes[at]! | 0x80, 0, ...bytes.subarray(at + 1)]);
}

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** A Sign-In With Solana message, as the SIWS spec (and wallet-standard-util's createSignInMessageText) writes it. */
export function siws(victim: string, domain = 'dapp.example', extra: readonly string[] = []): string {
  return [
    `${domain} wants you to sign in with your Solana account:`,
    victim,
    '',
    'Sign in to dapp.example. This request will not trigger a blockchain transaction or cost any fees.',
    '',
    `URI: https://${domain}/login`,
    'Version: 1',
    'Chain ID: mainnet',
    'Nonce: 8c1f2a9b4d',
    'Issued At: 2026-12-07T14:00:00.000Z',
    ...extra,
  ].join('\n');
}
