/** The emulator's wallet library: pure functions, no I/O. See each module for details. */
export { WalletError, WalletErrorCodes, isWalletError, type WalletErrorCode } from './wallet-error.ts';
export {
  ADDRESS_FORMATS, CURVES, Curve, HashFunction, PATH_FORMAT_BIP32, PayloadEncoding,
  assertCurve, assertPathFormat, isAddressFormat, isCurve,
  type AddressFormat, type PathFormat,
} from './wallet-enums.ts';
export {
  MNEMONIC_LENGTHS, assertMnemonic, generateMnemonic, mnemonicToSeed, normalizeMnemonic, validateMnemonic,
  type MnemonicLength,
} from './mnemonic.ts';
export {
  HARDENED_OFFSET, MAX_PATH_DEPTH, childNumber, formatDerivationPath, parseDerivationPath, type PathLevel,
} from './derivation-path.ts';
export { deriveKey, type DerivedKey } from './derive-key.ts';
export { assertPrivateKey, normalizePublicKey, publicKeyFromPrivateKey, uncompressedPublicKey } from './keys.ts';
export {
  SUPPORTED_ADDRESS_FORMATS, assertAddressFormatSupported, assertCurveForAddressFormat, curvesForAddressFormat,
  defaultPathForAddressFormat, isAddressFormatSupported,
} from './address-formats.ts';
export { addressFromPublicKey, ethereumAddress } from './address.ts';
export { decodePayload, signRawPayload, type RawSignature, type SignRawPayloadInput, type PresignedSecp256k1 } from './sign-raw-payload.ts';
export { isStructuredEncoding, signStructuredPayload, structuredPayloadDigest, type StructuredEncoding } from './structured-payload.ts';
export { eip7702AuthorizationDigest } from './eip7702-authorization.ts';
export {
  addressFromPrivateKey, assertAccountSpec, deriveAccount, deriveAccounts, privateKeyToAccount,
  type AccountSpec, type DerivedAccount, type ImportedKeyAccount, type SeedSource,
} from './account.ts';
export {
  parseUnsignedEthereumTransaction, rlpDecode, rlpEncode, signEthereumTransaction,
  type ParsedEthereumTransaction, type RlpItem, type SignEthereumTransactionInput,
} from './ethereum-transaction.ts';
export { parseSolanaTransaction, signSolanaTransaction, type ParsedSolanaTransaction, type SignSolanaTransactionInput } from './solana-transaction.ts';
