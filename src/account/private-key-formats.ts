/**
 * Recognises a pasted private key (issue 24) before anything is sealed or sent: 32 bytes of hex
 * (secp256k1 or Ed25519: the text does not say which, the person does), a Bitcoin WIF (Base58Check
 * of 0x80 mainnet / 0xef testnet, the key, and 0x01 when its public key is compressed), or a
 * Solana secret key (base58 of 64 bytes: the Ed25519 seed, then its public key, as Phantom and
 * `Keypair.secretKey` hold it). The three never share a length (hex 64 characters, WIF 51-52,
 * Solana 86-88), so the shape decides and each is then checked fully: a WIF's checksum and
 * range, a Solana key's public half against its seed. Loaded on submit: it pulls in Ed25519.
 * Refusals name no character of the key: a key must not reach logs or error reports.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import type { AddressFormat, Curve } from '../clients/activity-types.ts';
import { fromBase58Check, toBase58Check } from '../encoding/base58check.ts';
import { fromHex } from '../encoding/hex.ts';
import { bytesEqual } from '../encoding/utf8.ts';
import { LatchError, isLatchError } from '../errors/latch-error.ts';

export type PrivateKeyFormat = 'hex' | 'wif' | 'solana';
export type BitcoinNetworkName = 'mainnet' | 'testnet';

export interface ParsedPrivateKey {
  format: PrivateKeyFormat;
  /** The 32-byte private key (secp256k1 scalar or Ed25519 seed). Zero it when done. */
  privateKey: Uint8Array;
  /** The key's curve; undefined for hex, where the person chooses it. */
  curve: Curve | undefined;
  /** WIF only: the network of its version byte. */
  network?: BitcoinNetworkName;
  /** WIF only: whether the wallet that wrote it used the compressed public key. */
  compressed?: boolean;
  /** Address formats that fit the key, the most common first (empty for hex: they follow the curve). */
  suggestedFormats: AddressFormat[];
}

/** secp256k1's group order: a private key is 1 … n-1 (SEC 1 §3.2.1). */
const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const WIF_VERSIONS: Readonly<Record<number, BitcoinNetworkName>> = { 0x80: 'mainnet', 0xef: 'testnet' };
const HEX_KEY = /^(?:0x)?[0-9a-fA-F]{64}$/;
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;

const formatError = (message: string): LatchError => new LatchError('ERR_PRIVATE_KEY_FORMAT', message);

function toBigInt(bytes: Uint8Array): bigint {
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  return n;
}

/** ERR_PRIVATE_KEY_RANGE unless `key` is a secp256k1 private key (1 ≤ k < n). */
export function checkSecp256k1Key(key: Uint8Array): void {
  const k = toBigInt(key);
  if (key.length !== 32 || k === 0n || k >= SECP256K1_N) {
    throw new LatchError('ERR_PRIVATE_KEY_RANGE', 'This is not a secp256k1 private key: it is zero or not below the curve order.');
  }
}

/**
 * Recognises and checks `text` (surrounding white space ignored). `hexCurve` is the curve the
 * person chose for a hex key (secp256k1 keys are range-checked; an Ed25519 seed is any 32 bytes
 * but all zeros). Throws ERR_PRIVATE_KEY_FORMAT (no known shape, a WIF of an unknown version or
 * length), ERR_PRIVATE_KEY_CHECKSUM (a WIF whose checksum fails), ERR_PRIVATE_KEY_RANGE (zero,
 * or not below secp256k1's order) or ERR_PRIVATE_KEY_PAIR_MISMATCH (a Solana key whose second
 * half is not the public key of its first).
 */
export function parsePrivateKey(text: unknown, hexCurve: Curve = 'CURVE_SECP256K1'): ParsedPrivateKey {
  if (typeof text !== 'string') throw formatError('A private key is text.');
  const key = text.trim();
  if (HEX_KEY.test(key)) return parseHex(key, hexCurve);
  if (!BASE58.test(key)) throw formatError('This is not a private key in hex, WIF or Solana base58.');
  if (key.length === 51 || key.length === 52) return parseWif(key);
  if (key.length >= 86 && key.length <= 88) return parseSolanaSecretKey(key);
  throw formatError('This is not a private key in hex, WIF or Solana base58.');
}

function parseHex(key: string, curve: Curve): ParsedPrivateKey {
  const privateKey = fromHex(key.replace(/^0x/, ''));
  if (curve === 'CURVE_SECP256K1') {
    try {
      checkSecp256k1Key(privateKey);
    } catch (error) {
      privateKey.fill(0);
      throw error;
    }
  } else if (privateKey.every((b) => b === 0)) {
    throw new LatchError('ERR_PRIVATE_KEY_RANGE', 'A private key is not all zeros.');
  }
  return { format: 'hex', privateKey, curve: undefined, suggestedFormats: [] };
}

/**
 * A Bitcoin WIF (Wallet Import Format): Base58Check of version ‖ key (‖ 0x01 when compressed).
 * The addresses suggested are what a wallet of that network and key form uses: a compressed key
 * native segwit first (P2WPKH), then taproot, nested segwit and legacy; an uncompressed key
 * only legacy P2PKH, the one script that ever took uncompressed keys.
 */
export function parseWif(text: string): ParsedPrivateKey {
  let payload: Uint8Array;
  try {
    payload = fromBase58Check(text);
  } catch (error) {
    if (isLatchError(error, 'ERR_ENCODING_CHECKSUM')) {
      throw new LatchError('ERR_PRIVATE_KEY_CHECKSUM', 'This WIF key has a mistake: its checksum does not match.', { cause: error });
    }
    throw formatError('This is not a WIF key.');
  }
  try {
    const network = WIF_VERSIONS[payload[0]!];
    const compressed = payload.length === 34;
    if (!network || (payload.length !== 33 && !(compressed && payload[33] === 0x01))) {
      throw formatError('This WIF key has an unknown version or length.');
    }
    const privateKey = payload.slice(1, 33);
    checkSecp256k1Key(privateKey);
    const net = network === 'mainnet' ? 'MAINNET' : 'TESTNET';
    const scripts = compressed ? (['P2WPKH', 'P2TR', 'P2SH', 'P2PKH'] as const) : (['P2PKH'] as const);
    return {
      format: 'wif',
      privateKey,
      curve: 'CURVE_SECP256K1',
      network,
      compressed,
      suggestedFormats: scripts.map((script): AddressFormat => `ADDRESS_FORMAT_BITCOIN_${net}_${script}`),
    };
  } finally {
    payload.fill(0);
  }
}

/** A Solana secret key: base58 of 64 bytes, the Ed25519 seed then the public key it makes. */
export function parseSolanaSecretKey(text: string): ParsedPrivateKey {
  let bytes: Uint8Array;
  try {
    bytes = base58.decode(text);
  } catch {
    throw formatError('This is not a Solana secret key.');
  }
  try {
    if (bytes.length !== 64) throw formatError('A Solana secret key is 64 bytes.');
    const seed = bytes.slice(0, 32);
    if (!bytesEqual(ed25519.getPublicKey(seed), bytes.subarray(32))) {
      seed.fill(0);
      throw new LatchError('ERR_PRIVATE_KEY_PAIR_MISMATCH', 'This Solana secret key is damaged: its second half is not the public key of its first.');
    }
    return { format: 'solana', privateKey: seed, curve: 'CURVE_ED25519', suggestedFormats: ['ADDRESS_FORMAT_SOLANA'] };
  } finally {
    bytes.fill(0);
  }
}

/** The 32-byte key as WIF (the inverse of `parseWif`), for a wallet that takes Bitcoin keys. */
export function encodeWif(privateKey: Uint8Array, network: BitcoinNetworkName = 'mainnet', compressed = true): string {
  checkSecp256k1Key(privateKey);
  const payload = new Uint8Array(compressed ? 34 : 33);
  payload[0] = network === 'mainnet' ? 0x80 : 0xef;
  payload.set(privateKey, 1);
  if (compressed) payload[33] = 0x01;
  try {
    return toBase58Check(payload);
  } finally {
    payload.fill(0);
  }
}

/** An Ed25519 seed as the base58 64-byte secret key Phantom and Solana's CLI take (seed ‖ public key). */
export function encodeSolanaSecretKey(seed: Uint8Array): string {
  if (seed.length !== 32) throw formatError('An Ed25519 private key is 32 bytes.');
  const bytes = new Uint8Array(64);
  bytes.set(seed);
  bytes.set(ed25519.getPublicKey(seed), 32);
  try {
    return base58.encode(bytes);
  } finally {
    bytes.fill(0);
  }
}
