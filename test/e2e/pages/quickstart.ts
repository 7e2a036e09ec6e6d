// The README's quick start against the local emulator: `configure({ emulator, configId })` and
// the drop-in, nothing else (the emulator's URL comes from the test server, as the emulator runs
// on a free port here; the script is a module file because the test server's CSP forbids inline
// script). `?kit=proxy-only` is the first try instead: `{ proxyUrl, configId }` alone,
// whose login the kit cannot trust.
import './shared/violations.ts';
import { configure } from 'latchkey';
import 'latchkey/define';
import { logLatchEvents } from './shared/event-log.ts';
import { PAGE_CONFIG_PATH, type E2ePageConfig } from '../support/page-config.ts';

logLatchEvents(document);
// The developer's side of an error: its message (the event log keeps codes only).
document.addEventListener('latch-error', (event) => {
  (window as { __lastErrorMessage?: string }).__lastErrorMessage = (event as CustomEvent<{ error: Error }>).detail.error.message;
});

void fetch(PAGE_CONFIG_PATH)
  .then((answer) => answer.json() as Promise<E2ePageConfig>)
  .then((config) => {
    const proxyOnly = new URLSearchParams(location.search).get('kit') === 'proxy-only';
    configure(proxyOnly ? { proxyUrl: config.proxyUrl, configId: config.configId } : { emulator: config.apiUrl, configId: config.configId });
    window.__booted = true;
  })
  .catch((error: unknown) => (window.__bootError = String(error)));
