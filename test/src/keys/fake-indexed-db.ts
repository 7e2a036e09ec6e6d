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
 * The real IndexedDB, except that the first `wedged` transactions never report back: their
 * `oncomplete` / `onabort` handlers are dropped (a wedged database, SECURITY.md C4).
 */
export function factoryWithWedgedTransactions(wedged = 1): IDBFactory {
  let left = wedged;
  const tx = (t: IDBTransaction): IDBTransaction => {
    if (left <= 0) return t;
    left -= 1;
    return new Proxy(t, {
      get: (real, property) => {
        const value = Reflect.get(real, property, real);
        return typeof value === 'function' ? value.bind(real) : value;
      },
      set: (real, property, value) => (property === 'oncomplete' || property === 'onabort' ? true : Reflect.set(real, property, value, real)),
    });
  };
  return factoryWrappingTransactions(tx);
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

export function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
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
