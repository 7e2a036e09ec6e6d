/**
 * The stamped hot path's pure crypto on a worker thread, so that the emulator's main thread
 * (HTTP, JSON, state) and the crypto use two cores: an X-Stamp's verification (ECDSA P-256
 * SHA-256, OpenSSL through node:crypto) and a secp256k1 signature (libsecp256k1, the native
 * addon sign_raw_payload already uses) were together about a third of the main thread's time
 * per stamped sign_raw_payload. Pure work only: the worker gets bytes and answers bytes or a
 * boolean; every check around it, and everything that reads or changes state, stays on the main
 * thread. Each job is the very call the main thread would make (`verifyP256Raw` below; the
 * addon's ecdsaSign), so the answers are the same; a throw there is a throw here.
 *
 * One worker, made on first use, referenced only while jobs are in flight (an idle emulator
 * exits as before). Where a worker cannot help (one core), cannot be made or fails, callers get
 * undefined and do the work synchronously, as before; jobs in flight when it fails are done
 * synchronously too.
 */
import { verify as nodeVerify } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** The stamp signature check, the same on both threads: false unless a 64-byte r||s signature checks. */
export function verifyP256Raw(key: KeyObject, signature: Uint8Array, data: Uint8Array): boolean {
  if (signature.length !== 64) return false;
  return nodeVerify('sha256', data, { key, dsaEncoding: 'ieee-p1363' }, signature);
}

/** What a sign job needs of libsecp256k1: its ecdsaSign, loaded from `path` in the worker. */
export interface NativeSigner {
  path: string;
  ecdsaSign(msg32: Uint8Array, privateKey: Uint8Array): { signature: Uint8Array; recid: number };
}

// The worker's source: CommonJS with node: built-ins and the native addon only (no loader, no
// project files). Verification as verifyP256Raw above, keys kept by their SPKI bytes (bounded);
// signing as the addon's ecdsaSign, its context randomized once as on the main thread.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createPublicKey, verify, randomFillSync } = require('node:crypto');
const natives = new Map();
const signer = (path) => {
  let native = natives.get(path);
  if (!native) {
    native = require(path);
    native.contextRandomize(randomFillSync(new Uint8Array(32)));
    natives.set(path, native);
  }
  return native;
};
const keys = new Map();
parentPort.on('message', (batch) => {
  const answers = [];
  for (const [id, kind, a, b, c] of batch) {
    try {
      if (kind === 'sign') {
        const { signature, recid } = signer(c).ecdsaSign(a, b);
        b.fill(0);
        answers.push([id, { signature, recid }]);
        continue;
      }
      const name = Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('latin1');
      let key = keys.get(name);
      if (!key) {
        if (keys.size >= 1024) keys.clear();
        key = createPublicKey({ key: Buffer.from(a), format: 'der', type: 'spki' });
        keys.set(name, key);
      }
      answers.push([id, b.length === 64 && verify('sha256', c, { key, dsaEncoding: 'ieee-p1363' }, b)]);
    } catch (error) {
      answers.push([id, undefined, String((error && error.message) || error)]);
    }
  }
  parentPort.postMessage(answers);
});
`;

type Signed = { signature: Uint8Array; recid: number };
type Job =
  | [id: number, kind: 'verify', spki: Uint8Array, signature: Uint8Array, data: Uint8Array]
  | [id: number, kind: 'sign', digest: Uint8Array, privateKey: Uint8Array, addon: string];
interface Waiting {
  resolve: (value: never) => void;
  reject: (error: Error) => void;
  /** The same job on this thread, when the worker fails. */
  here: () => unknown;
}

/** SPKI DER of each key object, made once per key. */
const spkiOf = new WeakMap<KeyObject, Uint8Array>();

class CryptoWorker {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, Waiting>();
  private next = 0;
  /** Jobs of this turn of the event loop, posted together (one message, one wake-up). */
  private batch: Job[] = [];
  private broken = false;

  constructor() {
    this.worker = new Worker(WORKER_SOURCE, { eval: true });
    this.worker.unref();
    this.worker.on('message', (answers: [number, unknown, string?][]) => {
      for (const [id, value, error] of answers) {
        const waiting = this.waiting.get(id);
        if (!waiting) continue;
        this.waiting.delete(id);
        if (error !== undefined) waiting.reject(new Error(error));
        else waiting.resolve(value as never);
      }
      if (this.waiting.size === 0) this.worker.unref();
    });
    const fail = () => {
      if (this.broken) return;
      this.broken = true;
      worker = undefined;
      unavailable = true;
      for (const { resolve, reject, here } of this.waiting.values()) {
        try {
          resolve(here() as never);
        } catch (error) {
          reject(error as Error);
        }
      }
      this.waiting.clear();
      void this.worker.terminate();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', fail);
  }

  run<T>(job: Job, here: () => T): Promise<T> {
    if (this.waiting.size === 0) this.worker.ref();
    const answer = new Promise<T>((resolve, reject) => this.waiting.set(job[0], { resolve: resolve as (value: never) => void, reject, here }));
    if (this.batch.length === 0) queueMicrotask(() => this.flush());
    this.batch.push(job);
    return answer;
  }

  id(): number {
    return this.next++;
  }

  private flush(): void {
    const batch = this.batch;
    this.batch = [];
    if (!this.broken) this.worker.postMessage(batch);
  }
}

let worker: CryptoWorker | undefined;
let unavailable = availableParallelism() < 2;

function theWorker(): CryptoWorker | undefined {
  if (unavailable) return undefined;
  if (!worker) {
    try {
      worker = new CryptoWorker();
    } catch {
      unavailable = true;
      return undefined;
    }
  }
  return worker;
}

/** verifyP256Raw on the worker; undefined when there is none to use (then verify synchronously). */
export function verifyOnWorker(key: KeyObject, signature: Uint8Array, data: Uint8Array): Promise<boolean> | undefined {
  if (signature.length !== 64) return undefined;
  const w = theWorker();
  if (!w) return undefined;
  let spki = spkiOf.get(key);
  if (!spki) spkiOf.set(key, (spki = new Uint8Array(key.export({ format: 'der', type: 'spki' }))));
  return w.run([w.id(), 'verify', spki, signature, data], () => verifyP256Raw(key, signature, data));
}

/**
 * `native.ecdsaSign(digest, privateKey)` on the worker (which loads the addon from
 * `native.path`); undefined when there is none to use. Copies of the key are wiped once used.
 */
export function signOnWorker(native: NativeSigner, digest: Uint8Array, privateKey: Uint8Array): Promise<Signed> | undefined {
  const w = theWorker();
  if (!w) return undefined;
  const key = privateKey.slice();
  const message = digest.slice();
  const answer = w.run([w.id(), 'sign', message, key, native.path], () => native.ecdsaSign(message, key));
  void answer.then(
    () => key.fill(0),
    () => key.fill(0),
  );
  return answer;
}
