/**
 * Which address formats the emulator derives, the curves each accepts and their default paths.
 *
 * Default paths follow the service's wallet documentation (tkhq/docs concepts/wallets.mdx,
 * "Address formats and curves"), except that Ed25519 paths are fully hardened, as SLIP-10
 * requires and as the service's own SDK defaults have them (tkhq/sdk turnkey-helpers:
 * Solana m/44'/501'/0'/0', Sui m/44'/784'/0'/0'/0', Aptos m/44'/637'/0'/0'/0',
 * TON m/44'/607'/0'/0'/0'; other BIP39 TON wallets, Trust Wallet's among them, use m/44'/607'/0',
 * which any account can still ask for).
 *
 * Two rows of that table are not followed:
 * - Sei: the table says CURVE_ED25519, but the service's Sei page (tkhq/docs networks/sei.mdx)
 *   and its SDK default (turnkey-helpers) say secp256k1, which is what Sei's native addresses
 *   are (Cosmos SDK accounts, coin type 118). Only secp256k1 is accepted.
 * - Stellar: the table says m/44'/148'/0'/0'/0, which is not SLIP-10 (unhardened last level);
 *   the SDK default and SEP-0005 use m/44'/148'/0', the path Stellar wallets derive.
 */
import { ADDRESS_FORMATS, Curve, isAddressFormat, type AddressFormat } from './wallet-enums.ts';
import { WalletError } from './wallet-error.ts';

interface FormatSpec {
  curves: readonly Curve[];
  defaultPath: string;
}

const SECP = [Curve.SECP256K1] as const;
const ED = [Curve.ED25519] as const;

const BITCOIN_PATHS = { P2PKH: 44, P2SH: 49, P2WPKH: 84, P2WSH: 48, P2TR: 86 } as const;

function bitcoinSpecs(): Record<string, FormatSpec> {
  const specs: Record<string, FormatSpec> = {};
  for (const network of ['MAINNET', 'TESTNET', 'SIGNET', 'REGTEST'] as const) {
    const coin = network === 'MAINNET' ? 0 : 1;
    for (const [kind, purpose] of Object.entries(BITCOIN_PATHS)) {
      // BIP48 (multisig, script type 2' = native segwit) adds a level: m/48'/coin'/account'/2'/0/0.
      const path = kind === 'P2WSH' ? `m/48'/${coin}'/0'/2'/0/0` : `m/${purpose}'/${coin}'/0'/0/0`;
      specs[`ADDRESS_FORMAT_BITCOIN_${network}_${kind}`] = { curves: SECP, defaultPath: path };
    }
  }
  return specs;
}

const SPECS: Partial<Record<AddressFormat, FormatSpec>> = {
  // Raw public keys: the service documents COMPRESSED for secp256k1 and Ed25519 and
  // UNCOMPRESSED for secp256k1; P-256 keys (CURVE_P256) have no chain format, so they use these.
  ADDRESS_FORMAT_COMPRESSED: { curves: [Curve.SECP256K1, Curve.ED25519, Curve.P256], defaultPath: "m/0'/0" },
  ADDRESS_FORMAT_UNCOMPRESSED: { curves: [Curve.SECP256K1, Curve.P256], defaultPath: "m/0'/0" },
  ADDRESS_FORMAT_ETHEREUM: { curves: SECP, defaultPath: "m/44'/60'/0'/0/0" },
  ADDRESS_FORMAT_COSMOS: { curves: SECP, defaultPath: "m/44'/118'/0'/0/0" },
  ADDRESS_FORMAT_TRON: { curves: SECP, defaultPath: "m/44'/195'/0'/0/0" },
  ADDRESS_FORMAT_DOGE_MAINNET: { curves: SECP, defaultPath: "m/44'/3'/0'/0/0" },
  ADDRESS_FORMAT_DOGE_TESTNET: { curves: SECP, defaultPath: "m/44'/1'/0'/0/0" },
  ADDRESS_FORMAT_XRP: { curves: SECP, defaultPath: "m/44'/144'/0'/0/0" },
  ADDRESS_FORMAT_SOLANA: { curves: ED, defaultPath: "m/44'/501'/0'/0'" },
  ADDRESS_FORMAT_SUI: { curves: ED, defaultPath: "m/44'/784'/0'/0'/0'" },
  ADDRESS_FORMAT_APTOS: { curves: ED, defaultPath: "m/44'/637'/0'/0'/0'" },
  ADDRESS_FORMAT_SEI: { curves: SECP, defaultPath: "m/44'/118'/0'/0/0" },
  ADDRESS_FORMAT_XLM: { curves: ED, defaultPath: "m/44'/148'/0'" },
  ADDRESS_FORMAT_TON_V3R2: { curves: ED, defaultPath: "m/44'/607'/0'/0'/0'" },
  ADDRESS_FORMAT_TON_V4R2: { curves: ED, defaultPath: "m/44'/607'/0'/0'/0'" },
  ADDRESS_FORMAT_TON_V5R1: { curves: ED, defaultPath: "m/44'/607'/0'/0'/0'" },
  ...bitcoinSpecs(),
};

/**
 * Formats this emulator derives: every format of the seed's list. A format added to the list
 * without a row above answers ADDRESS_FORMAT_UNSUPPORTED until it gets one.
 */
export const SUPPORTED_ADDRESS_FORMATS: readonly AddressFormat[] = ADDRESS_FORMATS.filter((f) => SPECS[f] !== undefined);

export function isAddressFormatSupported(format: unknown): format is AddressFormat {
  return isAddressFormat(format) && SPECS[format] !== undefined;
}

/**
 * Narrows an untrusted value to a supported format. ADDRESS_FORMAT_UNKNOWN: not a value of the
 * service's enum at all; ADDRESS_FORMAT_UNSUPPORTED: a real format this emulator does not derive
 * (none at present).
 */
export function assertAddressFormatSupported(format: unknown): AddressFormat {
  if (!isAddressFormat(format)) {
    throw new WalletError('ADDRESS_FORMAT_UNKNOWN', 'The address format is not one of the service\'s ADDRESS_FORMAT_* values.');
  }
  if (SPECS[format] === undefined) {
    throw new WalletError('ADDRESS_FORMAT_UNSUPPORTED', 'The emulator does not derive this address format.');
  }
  return format;
}

function spec(format: unknown): FormatSpec {
  return SPECS[assertAddressFormatSupported(format)]!;
}

/** The curves an address format can be derived from. */
export function curvesForAddressFormat(format: AddressFormat): readonly Curve[] {
  return spec(format).curves;
}

/** Throws CURVE_MISMATCH when `format` cannot be derived from a key on `curve`. */
export function assertCurveForAddressFormat(curve: Curve, format: AddressFormat): void {
  if (!spec(format).curves.includes(curve)) {
    throw new WalletError('CURVE_MISMATCH', 'This address format cannot be derived from a key on this curve.');
  }
}

/**
 * The default derivation path of `format`, with the account level (the third level, or the last
 * one for the two-level raw-key paths) set to `accountIndex`. For Ed25519 every level is
 * hardened, as SLIP-10 requires.
 */
export function defaultPathForAddressFormat(format: AddressFormat, options: { curve?: Curve; accountIndex?: number } = {}): string {
  const { curve, accountIndex = 0 } = options;
  const { curves, defaultPath } = spec(format);
  if (curve !== undefined) assertCurveForAddressFormat(curve, format);
  if (!Number.isSafeInteger(accountIndex) || accountIndex < 0 || accountIndex >= 0x80000000) {
    throw new WalletError('PATH_INVALID', 'The account index must be an integer from 0 to 2^31 - 1.');
  }
  const levels = defaultPath.split('/').slice(1);
  const at = levels.length >= 3 ? 2 : levels.length - 1;
  levels[at] = levels[at].endsWith("'") ? `${accountIndex}'` : String(accountIndex);
  const hardenAll = (curve ?? curves[0]) === Curve.ED25519;
  return ['m', ...levels.map((l) => (hardenAll && !l.endsWith("'") ? `${l}'` : l))].join('/');
}
