/**
 * SPL Token accounts as the Token program lays them out (mint: 82 bytes, token account: 165),
 * the associated token account's address (a program-derived address), and the emulator's USDC
 * mint: 6 decimals, at an address fixed across restarts (derived from a fixed seed, so its
 * authority's key is the emulator's alone), written into the ledger at start.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { base58 } from '@scure/base';
import { utf8Encode } from '../../../../src/encoding/utf8.ts';

export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
export const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
export const MINT_SIZE = 82;
export const TOKEN_ACCOUNT_SIZE = 165;

/** A fixed key from a fixed seed: the same address on every start, no key file to keep. */
function fixedKey(label: string): { secretKey: Uint8Array; address: string } {
  const secretKey = sha256(utf8Encode(`latchkey-emulator/solana/${label}`));
  return { secretKey, address: base58.encode(ed25519.getPublicKey(secretKey)) };
}

export const USDC_DECIMALS = 6;
export const USDC_MINT = fixedKey('usdc-mint').address;
/** The mint authority: only the emulator holds it (the faucet writes balances directly). */
export const USDC_MINT_AUTHORITY = fixedKey('usdc-mint-authority').address;

// The derivation the kit uses for its SPL sends (held to @solana/spl-token there), not a copy.
export { associatedTokenAddress, findProgramAddress } from '../../../../src/review/spl-transfer.ts';

const u64 = (data: Uint8Array, at: number): bigint => new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(at, true);

export function mintData(authority: string, supply: bigint, decimals: number): Uint8Array {
  const data = new Uint8Array(MINT_SIZE);
  const view = new DataView(data.buffer);
  view.setUint32(0, 1, true); // COption::Some(mint authority)
  data.set(base58.decode(authority), 4);
  view.setBigUint64(36, supply, true);
  data[44] = decimals;
  data[45] = 1; // initialized; no freeze authority (zeros)
  return data;
}

export interface MintView {
  readonly supply: bigint;
  readonly decimals: number;
}

export function readMint(data: Uint8Array): MintView | null {
  if (data.length < MINT_SIZE || data[45] !== 1) return null;
  return { supply: u64(data, 36), decimals: data[44]! };
}

export function withSupply(data: Uint8Array, supply: bigint): Uint8Array {
  const out = data.slice();
  new DataView(out.buffer).setBigUint64(36, supply, true);
  return out;
}

export function tokenAccountData(mint: string, owner: string, amount: bigint): Uint8Array {
  const data = new Uint8Array(TOKEN_ACCOUNT_SIZE);
  data.set(base58.decode(mint), 0);
  data.set(base58.decode(owner), 32);
  new DataView(data.buffer).setBigUint64(64, amount, true);
  data[108] = 1; // AccountState::Initialized
  return data;
}

export interface TokenAccountView {
  readonly mint: string;
  readonly owner: string;
  readonly amount: bigint;
  readonly state: 'uninitialized' | 'initialized' | 'frozen';
  readonly isNative: boolean;
}

/** A token account's fields, or null when the data is not one (too short, uninitialized, a mint). */
export function readTokenAccount(data: Uint8Array): TokenAccountView | null {
  // Token-2022 accounts may be longer (extensions), with the account type byte at 165.
  if (data.length < TOKEN_ACCOUNT_SIZE || (data.length > TOKEN_ACCOUNT_SIZE && data[TOKEN_ACCOUNT_SIZE] !== 2)) return null;
  const state = data[108];
  if (state !== 1 && state !== 2) return null;
  return {
    mint: base58.encode(data.subarray(0, 32)),
    owner: base58.encode(data.subarray(32, 64)),
    amount: u64(data, 64),
    state: state === 1 ? 'initialized' : 'frozen',
    isNative: new DataView(data.buffer, data.byteOffset).getUint32(109, true) === 1,
  };
}

export function withAmount(data: Uint8Array, amount: bigint): Uint8Array {
  const out = data.slice();
  new DataView(out.buffer).setBigUint64(64, amount, true);
  return out;
}

/** A token amount as the RPC writes it: raw digits, decimals, and its value in units. */
export function uiTokenAmount(amount: bigint, decimals: number) {
  const digits = amount.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  const uiAmountString = fraction ? `${whole}.${fraction}` : whole;
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString };
}
