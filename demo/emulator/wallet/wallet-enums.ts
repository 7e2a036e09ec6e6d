/**
 * The enum values of the service that the wallet library speaks, spelled exactly as on the wire
 * (see the seed's "Wallet account" section and the sign_raw_payload parameters).
 */
import { WalletError } from './wallet-error.ts';

export const Curve = {
  SECP256K1: 'CURVE_SECP256K1',
  ED25519: 'CURVE_ED25519',
  P256: 'CURVE_P256',
} as const;
export type Curve = (typeof Curve)[keyof typeof Curve];
export const CURVES: readonly Curve[] = Object.values(Curve);

export const PATH_FORMAT_BIP32 = 'PATH_FORMAT_BIP32';
export type PathFormat = typeof PATH_FORMAT_BIP32;

const BITCOIN_FORMATS = (['MAINNET', 'TESTNET', 'SIGNET', 'REGTEST'] as const).flatMap((network) =>
  (['P2PKH', 'P2SH', 'P2WPKH', 'P2WSH', 'P2TR'] as const).map(
    (kind) => `ADDRESS_FORMAT_BITCOIN_${network}_${kind}` as const,
  ),
);

/** Every address format the seed names, supported or not. */
export const ADDRESS_FORMATS = [
  'ADDRESS_FORMAT_UNCOMPRESSED',
  'ADDRESS_FORMAT_COMPRESSED',
  'ADDRESS_FORMAT_ETHEREUM',
  'ADDRESS_FORMAT_SOLANA',
  'ADDRESS_FORMAT_COSMOS',
  'ADDRESS_FORMAT_TRON',
  'ADDRESS_FORMAT_SUI',
  'ADDRESS_FORMAT_APTOS',
  'ADDRESS_FORMAT_SEI',
  'ADDRESS_FORMAT_XLM',
  'ADDRESS_FORMAT_XRP',
  'ADDRESS_FORMAT_DOGE_MAINNET',
  'ADDRESS_FORMAT_DOGE_TESTNET',
  'ADDRESS_FORMAT_TON_V3R2',
  'ADDRESS_FORMAT_TON_V4R2',
  'ADDRESS_FORMAT_TON_V5R1',
  ...BITCOIN_FORMATS,
] as const;
export type AddressFormat = (typeof ADDRESS_FORMATS)[number];

export const PayloadEncoding = {
  HEXADECIMAL: 'PAYLOAD_ENCODING_HEXADECIMAL',
  TEXT_UTF8: 'PAYLOAD_ENCODING_TEXT_UTF8',
  /** JSON typed data (EIP-712's JSON schema); the service signs its EIP-712 digest. */
  EIP712: 'PAYLOAD_ENCODING_EIP712',
  /** JSON `{address, chainId, nonce}`; the service signs the EIP-7702 authorization digest. */
  EIP7702_AUTHORIZATION: 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION',
} as const;
export type PayloadEncoding = (typeof PayloadEncoding)[keyof typeof PayloadEncoding];

export const HashFunction = {
  NO_OP: 'HASH_FUNCTION_NO_OP',
  SHA256: 'HASH_FUNCTION_SHA256',
  KECCAK256: 'HASH_FUNCTION_KECCAK256',
  NOT_APPLICABLE: 'HASH_FUNCTION_NOT_APPLICABLE',
} as const;
export type HashFunction = (typeof HashFunction)[keyof typeof HashFunction];

export function isCurve(value: unknown): value is Curve {
  return typeof value === 'string' && (CURVES as readonly string[]).includes(value);
}

export function isAddressFormat(value: unknown): value is AddressFormat {
  return typeof value === 'string' && (ADDRESS_FORMATS as readonly string[]).includes(value);
}

/** Narrows an untrusted value to a Curve or throws CURVE_UNSUPPORTED. */
export function assertCurve(value: unknown): Curve {
  if (!isCurve(value)) {
    throw new WalletError('CURVE_UNSUPPORTED', 'The curve must be CURVE_SECP256K1, CURVE_ED25519 or CURVE_P256.');
  }
  return value;
}

/** Narrows an untrusted value to the only path format the service names. */
export function assertPathFormat(value: unknown): PathFormat {
  if (value !== PATH_FORMAT_BIP32) {
    throw new WalletError('PATH_FORMAT_UNSUPPORTED', 'The path format must be PATH_FORMAT_BIP32.');
  }
  return value;
}
