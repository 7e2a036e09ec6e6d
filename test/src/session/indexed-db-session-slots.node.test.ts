// The browser tests of this file, run in Node over fake-indexeddb (a pinned devDependency, an
// independent implementation of the IndexedDB API) so that the mutation run's tap runner reaches
// the IndexedDB code. The same tests still run in Chromium, Firefox and WebKit.
import 'fake-indexeddb/auto';
import '../keys/node-window.ts';
import './indexed-db-session-slots.browser.test.ts';
