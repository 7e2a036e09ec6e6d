// Signatures a fail-open verifier would let through (issue 39, SECURITY.md B2): none at all, one
// cut short, one of zeros, one a byte too long. Each verifier's pin feeds every shape, over the
// signed bytes and over changed ones, so that a check written `if (signature.length > 0 &&
// !verify(…))`, or one that trusts a length instead of the curve, fails a test.
import { concatBytes } from '../../src/encoding/utf8.ts';

export type Shape = readonly [name: string, bytes: Uint8Array];

/** Shapes of a raw r‖s (IEEE P1363) signature, made from a genuine one of `genuine.length` bytes. */
export function rawSignatureShapes(genuine: Uint8Array): Shape[] {
  const n = genuine.length;
  return [
    ['empty', new Uint8Array(0)],
    [`cut short (${n - 1} of ${n} bytes)`, genuine.slice(0, n - 1)],
    [`r alone (${n / 2} bytes)`, genuine.slice(0, n / 2)],
    ['one zero byte', new Uint8Array(1)],
    [`all zero (${n} bytes)`, new Uint8Array(n)],
    [`r and s zero but one byte (${n} bytes)`, Uint8Array.from({ length: n }, (_, i) => (i === n / 2 - 1 || i === n - 1 ? 1 : 0))],
    [`one byte over (${n + 1} bytes)`, concatBytes(genuine, new Uint8Array(1))],
    [`zero byte first (${n + 1} bytes)`, concatBytes(new Uint8Array(1), genuine)],
  ];
}

/** Shapes of an ASN.1 DER ECDSA signature, made from a genuine one. */
export function derSignatureShapes(genuine: Uint8Array): Shape[] {
  const n = genuine.length;
  return [
    ['empty', new Uint8Array(0)],
    [`DER cut short (${n - 1} of ${n} bytes)`, genuine.slice(0, n - 1)],
    ['DER cut to its header', genuine.slice(0, 2)],
    ['an empty SEQUENCE', Uint8Array.of(0x30, 0x00)],
    ['r = 0, s = 0', Uint8Array.of(0x30, 0x06, 0x02, 0x01, 0x00, 0x02, 0x01, 0x00)],
    ['r = 1, s = 1', Uint8Array.of(0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01)],
    [`all zero (${n} bytes)`, new Uint8Array(n)],
    [`one byte over (${n + 1} bytes)`, concatBytes(genuine, new Uint8Array(1))],
  ];
}
