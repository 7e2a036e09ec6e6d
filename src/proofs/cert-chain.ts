/**
 * The attestation's certificate chain, signatures only (no revocation, no policy OIDs): the
 * root is pinned by the SHA-256 of its DER, each certificate is signed by the one before it
 * and names it as issuer, every issuer is a CA and the leaf is not, and all are valid at the
 * proof's time (attestation leaves live about three hours).
 */
import { LatchError, isLatchError } from '../errors/latch-error.ts';
import { derToRaw } from '../crypto/der.ts';
import { sha256 } from '../crypto/webcrypto.ts';
import { bytesEqual } from '../encoding/utf8.ts';
import { toHex } from '../encoding/hex.ts';
import { verifyEcdsa } from './ecdsa-verify.ts';
import { parseCertificate } from './x509.ts';
import type { Certificate } from './x509.ts';

const chainError = (message: string, cause?: unknown): never => {
  throw new LatchError('ERR_PROOF_CERT_CHAIN', message, { cause });
};

async function checkSignature(child: Certificate, issuer: Certificate): Promise<void> {
  if (!bytesEqual(child.issuer, issuer.subject)) chainError('A certificate does not name the next one in the chain as its issuer.');
  if (issuer.isCa !== true) chainError('A certificate that issues another is not a CA.');
  let raw: Uint8Array;
  try {
    raw = derToRaw(child.signature, issuer.curve === 'P-384' ? 48 : 32);
  } catch (cause) {
    return chainError('A certificate signature is not a valid DER ECDSA signature.', cause);
  }
  if (!(await verifyEcdsa(issuer.curve, child.signatureHash, issuer.publicKey, raw, child.tbs))) {
    chainError('A certificate signature does not verify with its issuer key.');
  }
}

function parse(der: Uint8Array): Certificate {
  try {
    return parseCertificate(der);
  } catch (cause) {
    if (isLatchError(cause)) throw cause;
    return chainError('A certificate is not well-formed.', cause);
  }
}

/**
 * Verifies `leaf` through `cabundle` (root first) at `time`; returns the parsed leaf.
 * `trustedRootSha256` is hex (any case).
 */
export async function verifyCertificateChain(leaf: Uint8Array, cabundle: readonly Uint8Array[], time: number, trustedRootSha256: string): Promise<Certificate> {
  const rootDigest = toHex(await sha256(cabundle[0]!));
  if (rootDigest !== trustedRootSha256.toLowerCase()) {
    throw new LatchError('ERR_PROOF_ROOT', 'The attestation is not rooted in the trusted root certificate.');
  }
  const chain = [...cabundle, leaf].map(parse);
  // The pinned root signs itself; then each certificate is signed by its predecessor.
  for (let i = 0; i < chain.length; i++) await checkSignature(chain[i]!, chain[Math.max(0, i - 1)]!);
  if (chain[chain.length - 1]!.isCa === true) chainError('The attestation leaf certificate is a CA.');
  if (!chain.every((c) => c.notBefore <= time && time <= c.notAfter)) {
    throw new LatchError('ERR_PROOF_CERT_EXPIRED', 'A certificate of the attestation was not valid at the proof time.');
  }
  return chain[chain.length - 1]!;
}
