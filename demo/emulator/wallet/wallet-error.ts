/**
 * Errors of the emulator's wallet library. They are not `LatchError`s on purpose: they describe
 * a bad request to the emulated service, and the emulator's activity handlers map every code
 * below to the service's INVALID_ARGUMENT answer (gRPC 3, HTTP 400). Messages are for people and
 * never interpolate another error; the original error, if any, is kept as `cause`.
 */
export const WalletErrorCodes = [
  // mnemonics and seeds
  'MNEMONIC_LENGTH_INVALID',
  'MNEMONIC_INVALID',
  'SEED_INVALID',
  // curves, paths, derivation
  'CURVE_UNSUPPORTED',
  'CURVE_MISMATCH',
  'PATH_FORMAT_UNSUPPORTED',
  'PATH_INVALID',
  'PATH_NOT_HARDENED',
  'DERIVATION_FAILED',
  // addresses
  'ADDRESS_FORMAT_UNKNOWN',
  'ADDRESS_FORMAT_UNSUPPORTED',
  // keys
  'PRIVATE_KEY_INVALID',
  'PUBLIC_KEY_INVALID',
  // raw signing
  'PAYLOAD_ENCODING_UNSUPPORTED',
  'PAYLOAD_INVALID',
  'HASH_FUNCTION_UNSUPPORTED',
  // transaction signing
  'TRANSACTION_INVALID',
] as const;

export type WalletErrorCode = (typeof WalletErrorCodes)[number];

export class WalletError extends Error {
  override readonly name = 'WalletError';
  readonly code: WalletErrorCode;

  constructor(code: WalletErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
  }
}

export function isWalletError(value: unknown, code?: WalletErrorCode): value is WalletError {
  return value instanceof WalletError && (code === undefined || value.code === code);
}
