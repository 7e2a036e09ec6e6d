// IndexedDB factories that fail on purpose, for the store's failure paths. They wrap the real
// objects in proxies so everything but the one sabotaged call behaves like the browser.
type Overrides = Record<PropertyKey, (target: never) => unknown>;

export function wrap<T extends object>(target: T, overrides: Overrides): T {
  return new Proxy(target, {
    get(t, property) {
      if (property in overrides) return overrides[property as keyof Overrides](t as never);
      const value = Reflect.get(t, property, t);
      return typeof value === 'function' ? value.bind(t) : value;
    },
    set(t, property, value) {
      return Reflect.set(t, property, value, t);
    },
  });
}

/** The real IndexedDB, except that `put` on any object store throws a DOMException `name`. */
export function factoryWhosePutThrows(name: 'DataCloneError' | 'QuotaExceededError'): IDBFactory {
  const store = (s: IDBObjectStore): IDBObjectStore =>
    wrap(s, {
      put: () => () => {
        throw new DOMException('sabotaged by the test', name);
      },
    });
  const tx = (t: IDBTransaction): IDBTransaction =>
    wrap(t, { objectStore: (real: IDBTransaction) => (n: string) => store(real.objectStore(n)) });
  return factoryWrappingTransactions(tx);
}

/**
 * The real IndexedDB, except that a record holding a CryptoKey is handed to the real `put` with
 * that key replaced by a function, which the browser's structured clone refuses with its own
 * DataCloneError: what a browser that cannot clone CryptoKeys does (SECURITY.md C2). A record
 * without a CryptoKey (an exported key, say) is stored as given.
 */
export function factoryThatCannotCloneCryptoKeys(): IDBFactory {
  const uncloneable = (value: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(Object.entries(value).map(([k, v]) => [k, v instanceof CryptoKey ? () => v : v]));
  const store = (s: IDBObjectStore): IDBObjectStore =>
    wrap(s, { put: (real: IDBObjectStore) => (value: Record<string, unknown>, key?: IDBValidKey) => real.put(uncloneable(value), key) });
  const tx = (t: IDBTransaction): IDBTransaction =>
    wrap(t, { objectStore: (real: IDBTransaction) => (n: string) => store(real.objectStore(n)) });
  return factoryWrappingTransactions(tx);
}

/**
 * The real IndexedDB, except that every transaction that puts a record is aborted by the
 * browser right after the put (a real `abort()`, reported asynchronously through `onabort`, as
 * a quota failure is), its `error` reading as a DOMException `name` (null: a plain abort).
 */
export function factoryWhosePutsAbort(name: 'QuotaExceededError' | null): IDBFactory {
  const tx = (t: IDBTransaction): IDBTransaction => {
    const store = (s: IDBObjectStore): IDBObjectStore =>
      wrap(s, {
        put: (real: IDBObjectStore) => (value: unknown, key?: IDBValidKey) => {
          const request = real.put(value, key);
          t.abort();
          return request;
        },
      });
    return wrap(t, {
      objectStore: (real: IDBTransaction) => (n: string) => store(real.objectStore(n)),
      error: () => (name ? new DOMException('sabotaged by the test', name) : null),
    });
  };
  return factoryWrappingTransactions(tx);
}

/**
 * The real IndexedDB, except that every transaction of the first `wedged` connections opened
 * through it never reports back (their `oncomplete` / `onabort` are dropped): a wedged
 * connection (SECURITY.md C4). With `deaf`, those connections also never hear another
 * connection's upgrade, so one left open shows as a blocked upgrade (`upgradeWasBlocked`).
 */
export function factoryWithWedgedConnections(wedged = 1, { deaf = false } = {}): IDBFactory {
  let left = wedged;
  const seen = new WeakMap<IDBDatabase, IDBDatabase>();
  const bound = <T extends object>(real: T, property: PropertyKey): unknown => {
    const value = Reflect.get(real, property, real);
    return typeof value === 'function' ? value.bind(real) : value;
  };
  const silent = (t: IDBTransaction): IDBTransaction =>
    new Proxy<IDBTransaction>(t, {
      get: bound,
      set: (real, property, value) => (property === 'oncomplete' || property === 'onabort' ? true : Reflect.set(real, property, value, real)),
    });
  const connection = (d: IDBDatabase): IDBDatabase => {
    const known = seen.get(d);
    if (known) return known;
    const wedge = left > 0;
    left -= 1;
    const proxy = !wedge
      ? d
      : new Proxy(d, {
          get: (real, property) =>
            property === 'transaction' ? (names: string | string[], mode?: IDBTransactionMode) => silent(real.transaction(names, mode)) : bound(real, property),
          set: (real, property, value) => (deaf && property === 'onversionchange' ? true : Reflect.set(real, property, value, real)),
        });
    seen.set(d, proxy);
    return proxy;
  };
  const request = (r: IDBOpenDBRequest): IDBOpenDBRequest => wrap(r, { result: (real: IDBOpenDBRequest) => connection(real.result) });
  return wrap(indexedDB, {
    open: () => (n: string, version?: number) => request(version === undefined ? indexedDB.open(n) : indexedDB.open(n, version)),
  });
}

/** Every record in `storeName` of database `name`, read with the real factory ([] when the store does not exist). */
export function recordsIn(name: string, storeName: string): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(storeName)) {
        db.close();
        resolve([]);
        return;
      }
      const read = db.transaction(storeName).objectStore(storeName).getAll();
      read.onsuccess = () => {
        db.close();
        resolve(read.result);
      };
      read.onerror = () => {
        db.close();
        reject(read.error);
      };
    };
    request.onerror = () => reject(request.error);
  });
}

/** The real IndexedDB, counting the connections opened through it (`opens`). */
export function countingFactory(): { factory: IDBFactory; opens: () => number } {
  let opens = 0;
  const factory = wrap(indexedDB, {
    open: () => (n: string, version?: number) => {
      opens += 1;
      return version === undefined ? indexedDB.open(n) : indexedDB.open(n, version);
    },
  });
  return { factory, opens: () => opens };
}

/** A factory whose `open` throws, as some private modes and sandboxed frames do. */
export const factoryWhoseOpenThrows = {
  open() {
    throw new DOMException('The user denied permission to access the database.', 'SecurityError');
  },
} as unknown as IDBFactory;

/** A factory whose open request fails asynchronously with `name`. */
export function factoryWhoseOpenFails(name: string): IDBFactory {
  return {
    open() {
      const request = { error: new DOMException('refused', name) } as unknown as IDBOpenDBRequest;
      setTimeout(() => request.onerror?.call(request, new Event('error')));
      return request;
    },
  } as unknown as IDBFactory;
}

/** A factory whose open request never answers (seen in the wild on some mobile browsers). */
export const factoryThatNeverAnswers = {
  open: () => ({}) as IDBOpenDBRequest,
} as unknown as IDBFactory;

export const uniqueDbName = (): string => `latchkey-test-${crypto.randomUUID()}`;

/**
 * Deletes `name`, waiting at most 2 s: a connection a broken store leaked (a test failing as it
 * should) can hold the deletion queued forever, and cleanup must not turn that into a hang.
 */
export function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    const timer = setTimeout(resolve, 2000);
    request.onsuccess = request.onerror = request.onblocked = () => {
      clearTimeout(timer);
      resolve();
    };
  });
}

/** Opens `name` at `version` with the real factory and holds the connection (no versionchange handler). */
export function holdOpen(name: string, version: number, storeName = 'unrelated'): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, version);
    request.onupgradeneeded = () => request.result.createObjectStore(storeName);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** The real IndexedDB, every transaction of every connection opened through it passed through `tx`. */
function factoryWrappingTransactions(tx: (t: IDBTransaction) => IDBTransaction): IDBFactory {
  const db = (d: IDBDatabase): IDBDatabase =>
    wrap(d, {
      transaction: (real: IDBDatabase) => (names: string | string[], mode?: IDBTransactionMode) => tx(real.transaction(names, mode)),
    });
  const request = (r: IDBOpenDBRequest): IDBOpenDBRequest => wrap(r, { result: (real: IDBOpenDBRequest) => db(real.result) });
  return wrap(indexedDB, {
    open: () => (n: string, version?: number) => request(version === undefined ? indexedDB.open(n) : indexedDB.open(n, version)),
  });
}

/**
 * The real IndexedDB, except that its connections never hear of another connection's upgrade
 * (their `onversionchange` is dropped): what a page in WebKit's back-forward cache is like.
 */
export function factoryDeafToVersionChange(): IDBFactory {
  const db = (d: IDBDatabase): IDBDatabase =>
    new Proxy(d, {
      get: (real, property) => {
        const value = Reflect.get(real, property, real);
        return typeof value === 'function' ? value.bind(real) : value;
      },
      set: (real, property, value) => (property === 'onversionchange' ? true : Reflect.set(real, property, value, real)),
    });
  const request = (r: IDBOpenDBRequest): IDBOpenDBRequest => wrap(r, { result: (real: IDBOpenDBRequest) => db(real.result) });
  return wrap(indexedDB, {
    open: () => (n: string, version?: number) => request(version === undefined ? indexedDB.open(n) : indexedDB.open(n, version)),
  });
}

/**
 * Opens `name` at `version`: resolves true as soon as the upgrade is blocked by an open
 * connection, false once it went through (that connection is closed again).
 */
export function upgradeWasBlocked(name: string, version: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, version);
    request.onblocked = () => resolve(true);
    request.onsuccess = () => {
      request.result.close();
      resolve(false);
    };
    request.onerror = () => reject(request.error);
  });
}
