/**
 * What a pasted key looks like, told from its length and alphabet alone, as the person types:
 * enough to lock the curve and suggest address formats before anything is checked. Nothing here
 * decodes or keeps the key; the full check (checksum, range, key pair) is
 * src/account/private-key-formats.ts, loaded on submit. The lengths never overlap: hex 64
 * characters (66 with 0x), WIF 51-52, a Solana secret key 86-88.
 */
import type { AddressFormat, Curve } from '../../src/clients/activity-types.ts';
import { IMPORT_FORMATS } from '../latch-wallet/address-labels.ts';

export type KeyShape = 'hex' | 'wif' | 'solana';

export function keyShape(text: string): KeyShape | null {
  const key = text.trim();
  if (/^(?:0x)?[0-9a-fA-F]{64}$/.test(key)) return 'hex';
  if (!/^[1-9A-HJ-NP-Za-km-z]+$/.test(key)) return null;
  if (key.length === 51 || key.length === 52) return 'wif';
  return key.length >= 86 && key.length <= 88 ? 'solana' : null;
}

/**
 * The Bitcoin formats a WIF's first character suggests (5/K/L mainnet, 9/c testnet; 5 and 9
 * uncompressed): what the parser will find, shown before it runs.
 */
export function wifFormats(text: string): AddressFormat[] {
  const first = text.trim()[0] ?? '';
  const net = first === '9' || first === 'c' ? 'TESTNET' : 'MAINNET';
  const scripts = first === '5' || first === '9' ? ['P2PKH'] : ['P2WPKH', 'P2TR', 'P2SH', 'P2PKH'];
  return scripts.map((script) => `ADDRESS_FORMAT_BITCOIN_${net}_${script}` as AddressFormat);
}

/** The curve a shape fixes (none for hex: the person chooses). */
export const SHAPE_CURVE: Readonly<Record<KeyShape, Curve | null>> = { hex: null, wif: 'CURVE_SECP256K1', solana: 'CURVE_ED25519' };

/** The formats offered for `shape` (or the chosen curve's), the suggested ones first. */
export function offeredFormats(shape: KeyShape | null, curve: Curve, text = ''): AddressFormat[] {
  if (shape === 'wif') return [...new Set([...wifFormats(text), ...IMPORT_FORMATS.CURVE_SECP256K1])];
  return [...IMPORT_FORMATS[shape === 'solana' ? 'CURVE_ED25519' : curve]];
}
