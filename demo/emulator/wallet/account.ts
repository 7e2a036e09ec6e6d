/**
 * Wallet accounts and imported keys: the one-call helpers the emulator's activity handlers use
 * for create_wallet / create_wallet_accounts / signup wallets and for import_private_key.
 */
import { hex } from '@scure/base';
import { assertAddressFormatSupported, assertCurveForAddressFormat } from './address-formats.ts';
import { addressFromPublicKey } from './address.ts';
import { parseDerivationPath } from './derivation-path.ts';
import { deriveKey } from './derive-key.ts';
import { publicKeyFromPrivateKey } from './keys.ts';
import { mnemonicToSeed } from './mnemonic.ts';
import { PATH_FORMAT_BIP32, assertCurve, assertPathFormat, type AddressFormat, type Curve } from './wallet-enums.ts';
import { WalletError } from './wallet-error.ts';

export interface AccountSpec {
  curve: Curve;
  path: string;
  addressFormat: AddressFormat;
  /** Defaults to PATH_FORMAT_BIP32, the only value the service names. */
  pathFormat?: string;
}

export type SeedSource = { mnemonic: string; seed?: undefined } | { seed: Uint8Array; mnemonic?: undefined };

export interface DerivedAccount {
  curve: Curve;
  pathFormat: typeof PATH_FORMAT_BIP32;
  path: string;
  addressFormat: AddressFormat;
  address: string;
  /** Hex: 33-byte compressed point for secp256k1 / P-256, 32 bytes for Ed25519. */
  publicKey: string;
  /** Raw 32 bytes; keep it inside the emulator (export_private_key seals it). */
  privateKey: Uint8Array;
}

/** Checks an account's parameters without touching any key (cheap; fails fast). */
export function assertAccountSpec(spec: AccountSpec): void {
  if (spec === null || typeof spec !== 'object') {
    throw new WalletError('PATH_INVALID', 'An account needs curve, pathFormat, path and addressFormat.');
  }
  const format = assertAddressFormatSupported(spec.addressFormat);
  const curve = assertCurve(spec.curve);
  assertCurveForAddressFormat(curve, format);
  assertPathFormat(spec.pathFormat ?? PATH_FORMAT_BIP32);
  const levels = parseDerivationPath(spec.path);
  if (curve === 'CURVE_ED25519' && levels.some((level) => !level.hardened)) {
    throw new WalletError('PATH_NOT_HARDENED', 'Ed25519 (SLIP-10) derives hardened path levels only.');
  }
}

function seedOf(source: SeedSource): Uint8Array {
  const hasMnemonic = source.mnemonic !== undefined;
  const hasSeed = source.seed !== undefined;
  if (hasMnemonic === hasSeed) {
    throw new WalletError('SEED_INVALID', 'Give exactly one of mnemonic and seed.');
  }
  return hasMnemonic ? mnemonicToSeed(source.mnemonic!) : source.seed!;
}

function accountFromSeed(seed: Uint8Array, spec: AccountSpec): DerivedAccount {
  assertAccountSpec(spec);
  const key = deriveKey(seed, spec.curve, spec.path);
  return {
    curve: spec.curve,
    pathFormat: PATH_FORMAT_BIP32,
    path: spec.path,
    addressFormat: spec.addressFormat,
    address: addressFromPublicKey({ publicKey: key.publicKey, curve: spec.curve, addressFormat: spec.addressFormat }),
    publicKey: hex.encode(key.publicKey),
    privateKey: key.privateKey,
  };
}

/** One account of a wallet, from its mnemonic or its 64-byte BIP39 seed. */
export function deriveAccount(input: SeedSource & AccountSpec): DerivedAccount {
  assertAccountSpec(input);
  return accountFromSeed(seedOf(input), input);
}

/**
 * Several accounts of one wallet; the seed is stretched once. All specs are checked before any
 * derivation, so a bad one leaves nothing half-done.
 */
export function deriveAccounts(input: SeedSource & { accounts: readonly AccountSpec[] }): DerivedAccount[] {
  if (!Array.isArray(input.accounts)) {
    throw new WalletError('PATH_INVALID', 'accounts must be an array.');
  }
  input.accounts.forEach(assertAccountSpec);
  const seed = seedOf(input);
  return input.accounts.map((spec) => accountFromSeed(seed, spec));
}

export interface ImportedKeyAccount {
  curve: Curve;
  /** Hex, same forms as DerivedAccount.publicKey. */
  publicKey: string;
  /** In the order asked, as import_private_key's result lists them. */
  addresses: { format: AddressFormat; address: string }[];
}

/**
 * The public key and addresses of a raw private key (import_private_key, create_private_keys).
 * Every format is checked before any address is computed.
 */
export function privateKeyToAccount(input: { privateKey: Uint8Array; curve: Curve; addressFormats: readonly AddressFormat[] }): ImportedKeyAccount {
  const curve = assertCurve(input.curve);
  if (!Array.isArray(input.addressFormats)) {
    throw new WalletError('ADDRESS_FORMAT_UNKNOWN', 'addressFormats must be an array.');
  }
  for (const format of input.addressFormats) assertCurveForAddressFormat(curve, assertAddressFormatSupported(format));
  const publicKey = publicKeyFromPrivateKey(curve, input.privateKey);
  return {
    curve,
    publicKey: hex.encode(publicKey),
    addresses: input.addressFormats.map((format) => ({
      format,
      address: addressFromPublicKey({ publicKey, curve, addressFormat: format }),
    })),
  };
}

/** The address of a raw private key in one format. */
export function addressFromPrivateKey(input: { privateKey: Uint8Array; curve: Curve; addressFormat: AddressFormat }): string {
  return privateKeyToAccount({ privateKey: input.privateKey, curve: input.curve, addressFormats: [input.addressFormat] }).addresses[0].address;
}
