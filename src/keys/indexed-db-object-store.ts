/**
 * One IndexedDB object store behind promises that always settle, with every failure mapped to a
 * stable code. Shared by the key store and the session store, which may live in the same
 * database: a store that is missing is added by opening the database one version higher, and
 * our own connections close when another one needs to upgrade, so stores never block each
 * other (only a connection we do not own can, and that ends in ERR_STORE_BLOCKED).
 */
import { LatchError } from '../errors/latch-error.ts';

export interface IndexedDbOptions {
  /** Database name. Default `latchkey`. */
  dbName?: string;
  /**
   * The IndexedDB factory; defaults to `globalThis.indexedDB`. Passing the property with the
   * value `undefined` (or `null`) means "no IndexedDB here", which tests use to simulate it.
   */
  indexedDB?: IDBFactory | null;
  /** How long to wait while another tab's connection blocks an upgrade. Default 3000 ms. */
  blockedTimeoutMs?: number;
  /**
   * How long to wait for a database, or one of its transactions, that answers nothing at all.
   * Default 10000 ms.
   */
  openTimeoutMs?: number;
}

export function storeError(error: unknown): LatchError {
  if (error instanceof LatchError) return error;
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'QuotaExceededError') return new LatchError('ERR_STORE_QUOTA', 'The storage quota is exceeded.', { cause: error });
  if (name === 'DataCloneError') return new LatchError('ERR_STORE_DATA_CLONE', 'IndexedDB cannot store this value.', { cause: error });
  return new LatchError('ERR_STORE_FAILED', 'The IndexedDB operation failed.', { cause: error });
}

const unavailable = (cause?: unknown): LatchError =>
  new LatchError('ERR_STORE_UNAVAILABLE', 'IndexedDB is unavailable here.', cause === undefined ? {} : { cause });

function resolveFactory(options: IndexedDbOptions): IDBFactory {
  let factory: IDBFactory | null | undefined;
  try {
    // Reading window.indexedDB throws in some sandboxed frames.
    factory = 'indexedDB' in options ? options.indexedDB : globalThis.indexedDB;
  } catch (error) {
    throw unavailable(error);
  }
  if (!factory || typeof factory.open !== 'function') throw unavailable();
  return factory;
}

interface OpenParams {
  factory: IDBFactory;
  name: string;
  version: number | undefined;
  storeName: string;
  keyPath: string;
  blockedTimeoutMs: number;
  openTimeoutMs: number;
}

/**
 * Every store the kit keeps by default, created by whichever opens the database first: a store
 * added later by a version upgrade waits for every other connection to close, and a page in
 * WebKit's back-forward cache may not close its own in time (pagehide below).
 */
const KIT_STORES: Record<string, string> = { keys: 'id', sessions: 'slot', 'otp-attempts': 'otpId' };

function openOnce(p: OpenParams): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    let request: IDBOpenDBRequest;
    try {
      request = p.version === undefined ? p.factory.open(p.name) : p.factory.open(p.name, p.version);
    } catch (error) {
      reject(unavailable(error));
      return;
    }
    let settled = false;
    const settle = (error: LatchError | undefined, db?: IDBDatabase): void => {
      if (settled) {
        db?.close(); // it opened after we gave up: do not hold it (it would block others)
        return;
      }
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(db!);
    };
    let timer = setTimeout(() => settle(unavailable()), p.openTimeoutMs);
    request.onupgradeneeded = () => {
      const db = request.result;
      for (const [name, keyPath] of Object.entries({ ...KIT_STORES, [p.storeName]: p.keyPath })) {
        if (!db.objectStoreNames.contains(name)) db.createObjectStore(name, { keyPath });
      }
    };
    request.onblocked = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => settle(new LatchError('ERR_STORE_BLOCKED', 'Another tab blocks the database upgrade.')),
        p.blockedTimeoutMs,
      );
    };
    request.onsuccess = () => settle(undefined, request.result);
    request.onerror = (event) => {
      event.preventDefault();
      const error = request.error;
      settle(error?.name === 'QuotaExceededError' ? storeError(error) : unavailable(error));
    };
  });
}

export class IndexedDbObjectStore {
  readonly #options: IndexedDbOptions;
  readonly #name: string;
  readonly #storeName: string;
  readonly #keyPath: string;
  #db: Promise<IDBDatabase> | undefined;
  #current: IDBDatabase | undefined;
  /** Each open connection's `pagehide` listener, removed when the connection is let go. */
  readonly #pagehide = new Map<IDBDatabase, () => void>();

  constructor(options: IndexedDbOptions, storeName: string, keyPath: string) {
    this.#options = options;
    this.#name = options.dbName ?? 'latchkey';
    this.#storeName = storeName;
    this.#keyPath = keyPath;
  }

  #connect(): Promise<IDBDatabase> {
    this.#db ??= this.#open().catch((error: unknown) => {
      this.#db = undefined; // a later call may succeed (e.g. once the other tab closed)
      throw error;
    });
    return this.#db;
  }

  async #open(): Promise<IDBDatabase> {
    const params: OpenParams = {
      factory: resolveFactory(this.#options),
      name: this.#name,
      version: undefined,
      storeName: this.#storeName,
      keyPath: this.#keyPath,
      blockedTimeoutMs: this.#options.blockedTimeoutMs ?? 3000,
      openTimeoutMs: this.#options.openTimeoutMs ?? 10000,
    };
    // Two stores adding themselves at once may each need one more round.
    for (let attempt = 0; attempt < 4; attempt++) {
      const db = await openOnce(params);
      if (db.objectStoreNames.contains(this.#storeName)) {
        const forget = (): void => this.#drop(db);
        this.#current = db;
        db.onversionchange = forget;
        db.onclose = forget;
        // A page going into the back-forward cache keeps its connections, and WebKit tells it
        // of no version change there: the next page's upgrade (a store it adds) then waits
        // until the time limit. Close on pagehide; the next call opens again. The listener
        // goes with its connection (#drop), so reconnecting never piles them up.
        this.#pagehide.set(db, forget);
        globalThis.addEventListener?.('pagehide', forget);
        return db;
      }
      params.version = db.version + 1;
      db.close();
    }
    throw new LatchError('ERR_STORE_FAILED', 'The object store could not be created.');
  }

  /**
   * Lets a connection go for good: closed (an open one would block another page's upgrade),
   * its pagehide listener removed, and no longer the one calls use. Safe to call twice.
   */
  #drop(db: IDBDatabase): void {
    db.close();
    const listener = this.#pagehide.get(db);
    if (listener) globalThis.removeEventListener?.('pagehide', listener);
    this.#pagehide.delete(db);
    if (this.#current !== db) return;
    this.#current = undefined;
    this.#db = undefined;
  }

  /**
   * Runs `work` in one transaction and resolves with the last request's result once the
   * transaction has COMPLETED (so a write is durable); any failure aborts the whole
   * transaction, so nothing is half-written.
   */
  async run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest | void): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const db = await this.#connect();
      let tx: IDBTransaction;
      try {
        tx = db.transaction(this.#storeName, mode);
      } catch (error) {
        // The connection was closed under us (another connection upgraded): reopen once.
        this.#drop(db);
        this.#db = undefined;
        if (attempt === 0 && (error as { name?: string }).name === 'InvalidStateError') continue;
        throw storeError(error);
      }
      return new Promise<T>((resolve, reject) => {
        let result: unknown;
        const end = (error?: LatchError): void => {
          clearTimeout(timer);
          if (!error) return resolve(result as T);
          reject(error);
          try {
            tx.abort();
          } catch {
            // already finished: nothing was written by this call
          }
        };
        // A database that never reports back (a wedged quota or a stuck engine, SECURITY.md
        // C4) must not hang the caller: give up after the time limit, abort, and let the next
        // call start from a fresh connection. The wedged one is closed, not just forgotten:
        // left open it would block every later upgrade of the database, in any tab.
        const timer = setTimeout(() => {
          end(unavailable());
          this.#drop(db);
        }, this.#options.openTimeoutMs ?? 10000);
        tx.oncomplete = () => end();
        tx.onabort = () => end(storeError(tx.error ?? new Error('aborted')));
        try {
          const request = work(tx.objectStore(this.#storeName));
          if (request) request.onsuccess = () => (result = request.result);
        } catch (error) {
          end(storeError(error));
        }
      });
    }
  }

  /** Closes the connection (tests; pages never need to). */
  async close(): Promise<void> {
    const db = this.#db;
    this.#db = undefined;
    const connection = await db?.catch(() => undefined);
    if (connection) this.#drop(connection);
  }
}
