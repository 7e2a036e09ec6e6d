/**
 * BIP32 path strings ("m/44'/60'/0'/0/0") parsed into child indices. Hardened levels may be
 * marked with ' or h/H. Strict on purpose: an ambiguous path (leading zeros, empty levels,
 * spaces, out-of-range indices) is refused rather than guessed, so one path means one key.
 */
import { WalletError } from './wallet-error.ts';

export const HARDENED_OFFSET = 0x80000000;
/** BIP32 serialises the depth in one byte. */
export const MAX_PATH_DEPTH = 255;

export interface PathLevel {
  /** Index without the hardened offset, 0 to 2^31 - 1. */
  index: number;
  hardened: boolean;
}

const LEVEL = /^(0|[1-9][0-9]*)(['hH]?)$/;

export function parseDerivationPath(path: string): PathLevel[] {
  if (typeof path !== 'string') throw new WalletError('PATH_INVALID', 'The derivation path must be a string.');
  const [root, ...rest] = path.split('/');
  if (root !== 'm') throw new WalletError('PATH_INVALID', 'A derivation path starts with "m".');
  if (rest.length > MAX_PATH_DEPTH) throw new WalletError('PATH_INVALID', 'A derivation path has at most 255 levels.');
  return rest.map((level) => {
    const match = LEVEL.exec(level);
    if (!match) {
      throw new WalletError('PATH_INVALID', "Each path level is a decimal index, optionally followed by ' for hardened.");
    }
    const index = Number(match[1]);
    if (!Number.isSafeInteger(index) || index >= HARDENED_OFFSET) {
      throw new WalletError('PATH_INVALID', 'A path index must be below 2^31.');
    }
    return { index, hardened: match[2] !== '' };
  });
}

/** The path written the canonical way (' for hardened), e.g. to store beside an account. */
export function formatDerivationPath(levels: readonly PathLevel[]): string {
  return ['m', ...levels.map((l) => `${l.index}${l.hardened ? "'" : ''}`)].join('/');
}

/** The 32-bit child number BIP32 and SLIP-10 feed to HMAC. */
export function childNumber(level: PathLevel): number {
  return level.hardened ? level.index + HARDENED_OFFSET : level.index;
}
