/**
 * secp256k1 (SEC 2 §2.4.1 parameters) built from noble's generic short-Weierstrass code, for the
 * external-wallet stamper (public-key recovery). Not `@noble/curves/secp256k1.js`: that module
 * also builds FROST, whose polynomial helper has a method named `eval`, which the shipped-code
 * scan (SECURITY.md E1) cannot tell from the string compiler; and recovery needs none of it.
 * Checked against viem and the hosted wallet stamper in test/src/flows/wallet-flow.node.test.ts.
 */
import { ecdsa, weierstrass } from '@noble/curves/abstract/weierstrass.js';
import { sha256 } from '@noble/hashes/sha2.js';

export const secp256k1Point = weierstrass({
  p: 0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2fn,
  n: 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n,
  h: 1n,
  a: 0n,
  b: 7n,
  Gx: 0x79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798n,
  Gy: 0x483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8n,
});

export const secp256k1 = ecdsa(secp256k1Point, sha256);
