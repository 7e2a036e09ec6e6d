/**
 * Addresses from public keys, one encoder per chain family. Every encoder is pinned by
 * published known-answer vectors in test/emulator/wallet (see the sources cited there).
 */
import { secp256k1, schnorr } from '@noble/curves/secp256k1.js';
import { blake2b } from '@noble/hashes/blake2.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256, sha3_256 } from '@noble/hashes/sha3.js';
import { base58, base58xrp, bech32, bech32m, hex } from '@scure/base';
import { assertAddressFormatSupported, assertCurveForAddressFormat } from './address-formats.ts';
import { normalizePublicKey, uncompressedPublicKey } from './keys.ts';
import { stellarAddress } from './stellar-address.ts';
import { tonWalletAddress } from './ton-address.ts';
import { assertCurve, type AddressFormat, type Curve } from './wallet-enums.ts';
import { WalletError } from './wallet-error.ts';
import { concatBytes } from '../../../src/encoding/utf8.ts';
import { toBase58Check } from '../../../src/encoding/base58check.ts';

const hash160 = (bytes: Uint8Array): Uint8Array => ripemd160(sha256(bytes));

/** Bitcoin's version bytes and segwit prefix per network (BIP13, BIP173, BIP350). */
const BITCOIN_NETWORKS = {
  MAINNET: { p2pkh: 0x00, p2sh: 0x05, hrp: 'bc' },
  TESTNET: { p2pkh: 0x6f, p2sh: 0xc4, hrp: 'tb' },
  SIGNET: { p2pkh: 0x6f, p2sh: 0xc4, hrp: 'tb' },
  REGTEST: { p2pkh: 0x6f, p2sh: 0xc4, hrp: 'bcrt' },
} as const;

function segwitAddress(hrp: string, version: 0 | 1, program: Uint8Array): string {
  const words = [version, ...bech32.toWords(program)];
  return version === 0 ? bech32.encode(hrp, words) : bech32m.encode(hrp, words);
}

/** BIP86 key-path-only taproot output key: P + H_TapTweak(P)·G with P's x-only form. */
function taprootOutputKey(compressed: Uint8Array): Uint8Array {
  const internal = compressed.subarray(1);
  const tweak = schnorr.utils.taggedHash('TapTweak', internal);
  const P = schnorr.utils.lift_x(BigInt(`0x${hex.encode(internal)}`));
  const t = BigInt(`0x${hex.encode(tweak)}`);
  if (t >= secp256k1.Point.Fn.ORDER) {
    // BIP341 rejects a tweak at or above n; probability ~2^-128.
    throw new WalletError('DERIVATION_FAILED', 'The key has no valid taproot tweak.');
  }
  const Q = P.add(secp256k1.Point.BASE.multiply(t));
  return schnorr.utils.pointToBytes(Q);
}

function bitcoinAddress(format: AddressFormat, compressed: Uint8Array): string {
  const [, , , networkName, kind] = format.split('_') as [string, string, string, keyof typeof BITCOIN_NETWORKS, string];
  const network = BITCOIN_NETWORKS[networkName];
  switch (kind) {
    case 'P2PKH':
      return toBase58Check(concatBytes(Uint8Array.of(network.p2pkh), hash160(compressed)));
    case 'P2SH': {
      // P2SH-P2WPKH ("nested segwit", BIP49), what the service derives for *_P2SH: the redeem
      // script is the P2WPKH program OP_0 <hash160(pubkey)>.
      const redeemScript = concatBytes(Uint8Array.of(0x00, 0x14), hash160(compressed));
      return toBase58Check(concatBytes(Uint8Array.of(network.p2sh), hash160(redeemScript)));
    }
    case 'P2WPKH':
      return segwitAddress(network.hrp, 0, hash160(compressed));
    case 'P2WSH': {
      // Our choice (the service does not publish its script): a 1-of-1 multisig witness script
      // OP_1 <pubkey> OP_1 OP_CHECKMULTISIG, matching the BIP48 multisig path it defaults to.
      const witnessScript = concatBytes(Uint8Array.of(0x51, 0x21), compressed, Uint8Array.of(0x51, 0xae));
      return segwitAddress(network.hrp, 0, sha256(witnessScript));
    }
    default:
      return segwitAddress(network.hrp, 1, taprootOutputKey(compressed));
  }
}

/** EIP-55 mixed-case checksum address. */
export function ethereumAddress(uncompressed: Uint8Array): string {
  const lower = hex.encode(keccak_256(uncompressed.subarray(1)).subarray(12));
  const hash = hex.encode(keccak_256(new TextEncoder().encode(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) out += parseInt(hash[i], 16) >= 8 ? lower[i].toUpperCase() : lower[i];
  return out;
}

function xrpAddress(compressed: Uint8Array): string {
  // Base58Check with the XRP Ledger alphabet; account ids carry version byte 0x00 ("r…").
  const payload = concatBytes(Uint8Array.of(0x00), hash160(compressed));
  return base58xrp.encode(concatBytes(payload, sha256(sha256(payload)).subarray(0, 4)));
}

/**
 * The address of `publicKey` (any form `normalizePublicKey` accepts) in `addressFormat`.
 * Throws ADDRESS_FORMAT_UNKNOWN / ADDRESS_FORMAT_UNSUPPORTED, CURVE_UNSUPPORTED, CURVE_MISMATCH
 * or PUBLIC_KEY_INVALID.
 */
export function addressFromPublicKey(input: { publicKey: Uint8Array; curve: Curve; addressFormat: AddressFormat }): string {
  const curve = assertCurve(input.curve);
  const format = assertAddressFormatSupported(input.addressFormat);
  assertCurveForAddressFormat(curve, format);
  const publicKey = normalizePublicKey(curve, input.publicKey);
  if (format.startsWith('ADDRESS_FORMAT_BITCOIN_')) return bitcoinAddress(format, publicKey);
  switch (format) {
    case 'ADDRESS_FORMAT_COMPRESSED':
      return hex.encode(publicKey);
    case 'ADDRESS_FORMAT_UNCOMPRESSED':
      return hex.encode(uncompressedPublicKey(curve, publicKey));
    case 'ADDRESS_FORMAT_ETHEREUM':
      return ethereumAddress(uncompressedPublicKey(curve, publicKey));
    case 'ADDRESS_FORMAT_TRON': {
      const uncompressed = uncompressedPublicKey(curve, publicKey);
      return toBase58Check(concatBytes(Uint8Array.of(0x41), keccak_256(uncompressed.subarray(1)).subarray(12)));
    }
    case 'ADDRESS_FORMAT_COSMOS':
      return bech32.encode('cosmos', bech32.toWords(hash160(publicKey)));
    case 'ADDRESS_FORMAT_SEI':
      // Sei's native (Cosmos SDK) account address: the Cosmos hash under the "sei" prefix.
      return bech32.encode('sei', bech32.toWords(hash160(publicKey)));
    case 'ADDRESS_FORMAT_DOGE_MAINNET':
      return toBase58Check(concatBytes(Uint8Array.of(0x1e), hash160(publicKey)));
    case 'ADDRESS_FORMAT_DOGE_TESTNET':
      return toBase58Check(concatBytes(Uint8Array.of(0x71), hash160(publicKey)));
    case 'ADDRESS_FORMAT_XRP':
      return xrpAddress(publicKey);
    case 'ADDRESS_FORMAT_SOLANA':
      return base58.encode(publicKey);
    case 'ADDRESS_FORMAT_SUI':
      // Sui: BLAKE2b-256 of the signature-scheme flag (0x00 = Ed25519) followed by the key.
      return `0x${hex.encode(blake2b(concatBytes(Uint8Array.of(0x00), publicKey), { dkLen: 32 }))}`;
    case 'ADDRESS_FORMAT_APTOS':
      // Aptos: SHA3-256 of the key followed by the single-Ed25519 scheme byte 0x00.
      return `0x${hex.encode(sha3_256(concatBytes(publicKey, Uint8Array.of(0x00))))}`;
    case 'ADDRESS_FORMAT_XLM':
      return stellarAddress(publicKey);
    case 'ADDRESS_FORMAT_TON_V3R2':
      return tonWalletAddress('V3R2', publicKey);
    case 'ADDRESS_FORMAT_TON_V4R2':
      return tonWalletAddress('V4R2', publicKey);
    case 'ADDRESS_FORMAT_TON_V5R1':
      return tonWalletAddress('V5R1', publicKey);
    default:
      // Unreachable: assertAddressFormatSupported lets through only the formats handled above.
      throw new WalletError('ADDRESS_FORMAT_UNSUPPORTED', 'The emulator does not derive this address format.');
  }
}
