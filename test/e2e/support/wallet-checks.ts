/**
 * Checks of what the page's wallet produced, done independently in Node with the curve and hash
 * libraries: a secp256k1 signature recovers the shown Ethereum address; a revealed recovery
 * phrase derives the shown addresses.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { hexToBytes, bytesToHex } from '@noble/hashes/utils.js';

const ethAddress = (uncompressed: Uint8Array): string => `0x${bytesToHex(keccak_256(uncompressed.slice(1)).slice(-20))}`;

/** The Ethereum address that signed `digestHex` with (r, s, v), lower case. */
export function recoverEthereumSigner(digestHex: string, signature: { r: string; s: string; v: string }): string {
  const compact = hexToBytes(signature.r.padStart(64, '0') + signature.s.padStart(64, '0'));
  const recovered = secp256k1.Signature.fromBytes(compact, 'compact')
    .addRecoveryBit(Number.parseInt(signature.v, 16))
    .recoverPublicKey(hexToBytes(digestHex.replace(/^0x/, '')));
  return ethAddress(recovered.toBytes(false));
}

/** The Ethereum address of `path` under `mnemonic`, lower case; throws on an invalid phrase. */
export function ethereumAddressOf(mnemonic: string, path: string): string {
  if (!validateMnemonic(mnemonic, wordlist)) throw new Error('not a valid English BIP-39 phrase');
  const key = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive(path);
  return ethAddress(secp256k1.Point.fromBytes(key.publicKey!).toBytes(false));
}
