// Helpers shared by the bundle tests (both runtimes). Not a test file itself.
import { toBase64Url } from '../../../src/encoding/base64url.ts';
import { fromHex, toHex } from '../../../src/encoding/hex.ts';
import { decompressPublicKey, P256_N, bigIntToBytes, bytesToBigInt } from '../../../src/crypto/p256.ts';
import { derToRaw, rawToDer } from '../../../src/crypto/der.ts';
import type { EnvelopeSigner } from '../../../src/bundles/enclave-envelope.ts';

const subtle = globalThis.crypto.subtle;

export interface CredentialBundleVector {
  targetPrivateKeyHex: string;
  targetPublicKeyCompressedHex: string;
  bundle: string;
  expectedPlaintextHex: string;
  expectedCredentialPublicKeyCompressedHex: string;
}

/** Imports a known ECDH target private key (tests only) with its public point, as a pair. */
export async function targetFromHex(privateKeyHex: string, publicKeyHex: string): Promise<CryptoKeyPair> {
  const publicKey = decompressPublicKey(fromHex(publicKeyHex));
  const x = toBase64Url(publicKey.subarray(1, 33));
  const y = toBase64Url(publicKey.subarray(33));
  const algorithm = { name: 'ECDH', namedCurve: 'P-256' };
  return {
    privateKey: await subtle.importKey('jwk', { kty: 'EC', crv: 'P-256', x, y, d: toBase64Url(fromHex(privateKeyHex)) }, algorithm, false, ['deriveBits']),
    publicKey: await subtle.importKey('jwk', { kty: 'EC', crv: 'P-256', x, y }, algorithm, true, []),
  };
}

/** A fresh enclave signing key, as the emulator holds one. */
export async function makeSigner(): Promise<EnvelopeSigner> {
  const pair = (await subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])) as CryptoKeyPair;
  return { privateKey: pair.privateKey, publicKeyHex: toHex(new Uint8Array(await subtle.exportKey('raw', pair.publicKey))) };
}

/** A copy of `bytes` with bit 0 of `bytes[index]` flipped (negative index from the end). */
export function flipByte(bytes: Uint8Array, index: number): Uint8Array {
  const copy = bytes.slice();
  const at = index < 0 ? copy.length + index : index;
  copy[at] = copy[at]! ^ 0x01;
  return copy;
}

export type Envelope = { version: string; data: string; dataSignature: string; enclaveQuorumPublic: string };

export const parseEnvelope = (text: string): Envelope => JSON.parse(text) as Envelope;
export const writeEnvelope = (envelope: Envelope): string => JSON.stringify(envelope);

/** Decodes the signed data of an envelope. */
export function envelopeData(text: string): Record<string, string> {
  return JSON.parse(new TextDecoder().decode(fromHex(parseEnvelope(text).data))) as Record<string, string>;
}

/** The same signature with s replaced by n - s: still valid, but "high-S" if it was low. */
export function flipS(signatureDerHex: string): string {
  const raw = derToRaw(fromHex(signatureDerHex));
  const s = bytesToBigInt(raw.subarray(32));
  const out = raw.slice();
  out.set(bigIntToBytes(P256_N - s), 32);
  return toHex(rawToDer(out));
}

/** Signs arbitrary data bytes into an envelope, for forging cases the real signer never makes. */
export async function signRaw(data: Uint8Array, signer: EnvelopeSigner, version = 'v1.0.0'): Promise<string> {
  const raw = new Uint8Array(await subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, signer.privateKey, data.slice()));
  return writeEnvelope({ version, data: toHex(data), dataSignature: toHex(rawToDer(raw)), enclaveQuorumPublic: signer.publicKeyHex });
}

