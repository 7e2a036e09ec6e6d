// The in-page half of the crypto benchmark (test/bench/crypto-speed.ts drives it): Latchkey
// from the project's sources against the hosted SDK, same inputs, one page, one run.
// The hosted packages come from a separate bundle that sets `globalThis.hostedSdk`, so this
// file type-checks without them (they live only in the git-ignored comparison install).
import { ApiKeyStamper } from '../../../src/stamp/api-key-stamper.ts';
import { decryptCredentialBundle } from '../../../src/bundles/credential-bundle.ts';
import { IndexedDbKeyStore } from '../../../src/keys/indexed-db-key-store.ts';
import { generateSigningKeyPair } from '../../../src/keys/key-pair.ts';
import { verifyAppProof } from '../../../src/proofs/index.ts';
import type { AppProof, BootProof } from '../../../src/proofs/proof-types.ts';
import { decompressPublicKey } from '../../../src/crypto/p256.ts';
import { toBase64Url } from '../../../src/encoding/base64url.ts';
import { fromHex } from '../../../src/encoding/hex.ts';

/** The slice of the hosted SDK the benchmark calls (checked against its .d.ts files). */
export interface HostedSdk {
  ApiKeyStamper: new (config: { apiPublicKey: string; apiPrivateKey: string }) => { stamp(body: string): Promise<{ stampHeaderValue: string }> };
  IndexedDbStamper: new () => { init(): Promise<void>; resetKeyPair(): Promise<void>; stamp(body: string): Promise<{ stampHeaderValue: string }>; clear(): Promise<void> };
  decryptCredentialBundle(bundle: string, embeddedKeyHex: string): string;
  generateP256KeyPair(): { privateKey: string; publicKey: string };
  verify(appProof: AppProof, bootProof: BootProof): Promise<void>;
}

export interface BenchInputs {
  body: string;
  stampKey: { privateKeyHex: string; publicKeyCompressedHex: string };
  credential: { bundle: string; targetPrivateKeyHex: string; targetPublicKeyCompressedHex: string; expectedCredentialPublicKeyCompressedHex: string; expectedPlaintextHex: string };
  proof: { appProof: AppProof; bootProof: BootProof };
  /** Per side and operation: stop after this many timed iterations or this many ms in all. */
  maxIterations: number;
  maxMs: number;
  warmUp: number;
  /** When given, only the operations of these names are warmed up and timed. */
  only?: string[];
}

export interface Timing {
  ops: number;
  ms: number;
  /** The median of the rounds' rates. */
  opsPerSecond: number;
  roundOpsPerSecond: number[];
}

export interface OperationResult {
  operation: string;
  ours: string;
  theirs: string;
  latchkey?: Timing;
  hosted?: Timing;
  /** Why a side was not measured (it threw, or does not exist). */
  notMeasured?: string;
}

type Op = () => Promise<unknown>;

/** Runs `op` until `ops` iterations or `ms` milliseconds have passed; returns [ops, ms]. */
async function loop(op: Op, ops: number, ms: number): Promise<[number, number]> {
  let done = 0;
  const start = performance.now();
  let elapsed = 0;
  while (done < ops && elapsed < ms) {
    await op();
    done += 1;
    elapsed = performance.now() - start;
  }
  return [done, elapsed];
}

const ROUNDS = 10;

/** A full GC, when the browser exposes one (crypto-speed.ts launches it with --expose-gc). */
const collectGarbage = (): void => (globalThis as { gc?: () => void }).gc?.();

const median = (values: number[]): number => {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * Times both sides in alternating rounds after a warm-up of at least `warmUp` calls and 100 ms
 * each, so JIT warm-up and the load of a shared machine fall on both sides alike instead of on
 * whichever runs first. Which side opens a round alternates too, and each starts after a full GC. The rate reported is the
 * median of the rounds' rates: a round that a neighbour's burst of load (or a GC) slowed does
 * not move it, as it would move a total.
 */
async function timePair(ours: Op, theirs: Op | undefined, inputs: BenchInputs): Promise<{ latchkey?: Timing; hosted?: Timing; errors: string[] }> {
  const sides = [{ op: ours, label: 'Latchkey' }, ...(theirs ? [{ op: theirs, label: 'hosted SDK' }] : [])].map((side) => ({ ...side, ops: 0, ms: 0, rates: [] as number[], error: undefined as string | undefined }));
  for (const side of sides) {
    try {
      await loop(side.op, inputs.warmUp, Infinity);
      await loop(side.op, Infinity, 100);
    } catch (error) {
      side.error = `${side.label} threw: ${String(error)}`;
    }
  }
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 ? [...sides].reverse() : sides;
    for (const side of order.filter((s) => !s.error)) {
      // Each side starts on a collected heap: garbage the other side left (the hosted stamper
      // leaves a CryptoKey per stamp) is not collected on this side's clock.
      collectGarbage();
      try {
        const [ops, ms] = await loop(side.op, inputs.maxIterations / ROUNDS, inputs.maxMs / ROUNDS);
        side.ops += ops;
        side.ms += ms;
        side.rates.push((ops / ms) * 1000);
      } catch (error) {
        side.error = `${side.label} threw: ${String(error)}`;
      }
    }
  }
  const timing = (side: (typeof sides)[number] | undefined): Timing | undefined =>
    side && !side.error
      ? { ops: side.ops, ms: Math.round(side.ms), opsPerSecond: Math.round(median(side.rates) * 10) / 10, roundOpsPerSecond: side.rates.map((rate) => Math.round(rate)) }
      : undefined;
  return { latchkey: timing(sides[0]), hosted: timing(sides[1]), errors: sides.flatMap((s) => s.error ?? []) };
}

/** A known P-256 private key as a non-extractable WebCrypto pair (ECDSA or ECDH). */
async function pairFromHex(privateKeyHex: string, publicKeyCompressedHex: string, name: 'ECDSA' | 'ECDH'): Promise<CryptoKeyPair> {
  const point = decompressPublicKey(fromHex(publicKeyCompressedHex));
  const jwk = { kty: 'EC', crv: 'P-256', x: toBase64Url(point.subarray(1, 33)), y: toBase64Url(point.subarray(33)) };
  const algorithm = { name, namedCurve: 'P-256' };
  const usages: KeyUsage[][] = name === 'ECDSA' ? [['sign'], ['verify']] : [['deriveBits'], []];
  return {
    privateKey: await crypto.subtle.importKey('jwk', { ...jwk, d: toBase64Url(fromHex(privateKeyHex)) }, algorithm, false, usages[0]!),
    publicKey: await crypto.subtle.importKey('jwk', jwk, algorithm, true, usages[1]!),
  };
}

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`wrong result: ${what}`);
}

async function runBench(inputs: BenchInputs): Promise<OperationResult[]> {
  const hosted = (globalThis as { hostedSdk?: HostedSdk }).hostedSdk;
  const { body, stampKey, credential, proof } = inputs;

  const signingPair = await pairFromHex(stampKey.privateKeyHex, stampKey.publicKeyCompressedHex, 'ECDSA');
  const ourStamper = new ApiKeyStamper({ id: stampKey.publicKeyCompressedHex, privateKey: signingPair.privateKey });
  const target = await pairFromHex(credential.targetPrivateKeyHex, credential.targetPublicKeyCompressedHex, 'ECDH');
  const ourStore = new IndexedDbKeyStore({ dbName: 'latchkey-crypto-bench' });
  await ourStore.clear();
  const theirStamper = hosted && new hosted.ApiKeyStamper({ apiPublicKey: stampKey.publicKeyCompressedHex, apiPrivateKey: stampKey.privateKeyHex });
  const theirDbStamper = hosted && new hosted.IndexedDbStamper();
  await theirDbStamper?.init();

  // Each case: one operation on both sides. Bundle decryption checks its result every time.
  const cases: { operation: string; ours: string; theirs: string; latchkey: Op; hosted?: Op }[] = [
    {
      operation: 'stamp a 1 KB body',
      ours: 'ApiKeyStamper.stamp (non-extractable CryptoKey)',
      theirs: '@turnkey/api-key-stamper ApiKeyStamper.stamp (key as hex)',
      latchkey: () => ourStamper.stamp(body),
      hosted: theirStamper && (() => theirStamper.stamp(body)),
    },
    {
      // Context for the stamping rows: one bare WebCrypto ECDSA sign of the same body, the
      // least any stamper with a non-extractable key can spend. Its ratio is the ceiling.
      operation: 'WebCrypto sign alone (the floor), against the hosted stamp',
      ours: 'crypto.subtle.sign, same key and body, nothing else',
      theirs: '@turnkey/api-key-stamper ApiKeyStamper.stamp (key as hex)',
      latchkey: () => crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, signingPair.privateKey, new TextEncoder().encode(body)),
      hosted: theirStamper && (() => theirStamper.stamp(body)),
    },
    {
      operation: 'stamp a 1 KB body, key from IndexedDB',
      ours: 'ApiKeyStamper.stamp (non-extractable CryptoKey)',
      theirs: '@turnkey/indexed-db-stamper IndexedDbStamper.stamp',
      latchkey: () => ourStamper.stamp(body),
      hosted: theirDbStamper && (() => theirDbStamper.stamp(body)),
    },
    {
      operation: 'decrypt a credential bundle',
      ours: 'decryptCredentialBundle → non-extractable key pair',
      theirs: '@turnkey/crypto decryptCredentialBundle → private key hex',
      latchkey: async () => check((await decryptCredentialBundle(credential.bundle, target)).publicKeyHex === credential.expectedCredentialPublicKeyCompressedHex, 'our bundle'),
      hosted: hosted && (async () => check(hosted.decryptCredentialBundle(credential.bundle, credential.targetPrivateKeyHex) === credential.expectedPlaintextHex, 'their bundle')),
    },
    {
      operation: 'generate a key',
      ours: 'generateSigningKeyPair (WebCrypto, non-extractable)',
      theirs: '@turnkey/crypto generateP256KeyPair (hex)',
      latchkey: () => generateSigningKeyPair(),
      hosted: hosted && (async () => hosted.generateP256KeyPair()),
    },
    {
      operation: 'generate and store a key',
      ours: 'IndexedDbKeyStore.create',
      theirs: '@turnkey/indexed-db-stamper IndexedDbStamper.resetKeyPair',
      latchkey: () => ourStore.create(),
      hosted: theirDbStamper && (() => theirDbStamper.resetKeyPair()),
    },
    {
      operation: 'verify an App Proof (whole chain)',
      ours: 'verifyAppProof',
      theirs: '@turnkey/crypto verify',
      latchkey: () => verifyAppProof(proof.appProof, proof.bootProof),
      hosted: hosted && (() => hosted.verify(proof.appProof, proof.bootProof)),
    },
  ];

  if (inputs.only) cases.splice(0, cases.length, ...cases.filter((c) => inputs.only!.includes(c.operation)));
  // The whole page warms up before anything is timed: every side of every case runs for a
  // while, so the first case measured does not pay for the JIT and the crypto thread starting
  // (it did: the same Latchkey stamp ran ~20% slower as the first case than as the second).
  for (const c of cases) {
    for (const op of [c.latchkey, c.hosted]) await loop(op ?? (async () => undefined), Infinity, 300).catch(() => undefined);
  }
  const results: OperationResult[] = [];
  for (const c of cases) {
    const { latchkey, hosted: theirs, errors } = await timePair(c.latchkey, c.hosted, inputs);
    if (!c.hosted) errors.push('hosted SDK not loaded');
    results.push({ operation: c.operation, ours: c.ours, theirs: c.theirs, latchkey, hosted: theirs, ...(errors.length ? { notMeasured: errors.join('; ') } : {}) });
  }
  // Leave no keys behind in the profile (it is a throwaway one, but be tidy).
  await ourStore.clear();
  await ourStore.close();
  await theirDbStamper?.clear();
  return results;
}

(globalThis as { runBench?: typeof runBench }).runBench = runBench;
