// The IndexedDB key store's browser tests, run in Node over fake-indexeddb (a pinned
// devDependency, an independent implementation of the IndexedDB API) so that the mutation run's
// tap runner reaches src/keys. The same tests still run in Chromium, Firefox and WebKit.
import 'fake-indexeddb/auto';
import './node-window.ts';
import './indexed-db-key-store.browser.test.ts';
