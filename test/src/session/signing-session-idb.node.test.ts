// The browser tests of signing-session.browser.test.ts, run in Node over fake-indexeddb (a pinned
// devDependency, an independent implementation of the IndexedDB API) and Node's own
// BroadcastChannel, so that the mutation run's tap runner reaches the IndexedDB and cross-tab
// paths. The same tests still run in Chromium, Firefox and WebKit (D2, Web Locks, only there).
import 'fake-indexeddb/auto';
import '../keys/node-window.ts';
import './signing-session.browser.test.ts';
