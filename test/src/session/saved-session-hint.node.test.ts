// The browser tests of the slots' saved-session hint, run in Node over fake-indexeddb (a pinned
// devDependency, an independent implementation of the IndexedDB API) and a Map for localStorage,
// so that the mutation run's tap runner reaches the hint's upkeep in the slots. The same tests
// still run in Chromium, Firefox and WebKit over the real ones.
import 'fake-indexeddb/auto';
import '../keys/node-window.ts';
import { asLocalStorage, mapStorage } from '../../support/storage-stand-ins.ts';
import './saved-session-hint.browser.test.ts';

// Set before any test runs (the imported file only declares them); defined over whatever this
// Node has, so that every run uses the same stand-in.
asLocalStorage(mapStorage());
