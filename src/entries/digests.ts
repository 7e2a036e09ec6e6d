/**
 * `latchkey/digests`: the digests chains' wallets sign (Keccak loads on first use): EIP-191 and
 * BIP-137 messages, EIP-712 typed data; sign one with sign_raw_payload and HASH_FUNCTION_NO_OP.
 */
export { ethereumMessageDigest, bitcoinMessageDigest } from '../signing/message-digest.ts';
export { typedDataDigest } from '../signing/typed-data-digest.ts';
export type { TypedData, TypedDataField } from '../signing/typed-data-digest.ts';
