// The CDN page's test glue, bundled by the test with `latchkey` left as the CDN module itself
// (`/cdn/latchkey.js`), so configure() reaches the same kit store as `/cdn/auth.js`: the page
// logs violations and latch-* events, and points the kit at the emulator and its keys (a page
// of the hosted service would need no keys: the hosted ones are built in).
import '../pages/shared/violations.ts';
import { logLatchEvents } from '../pages/shared/event-log.ts';
import { start } from '../pages/shared/boot.ts';

logLatchEvents(document);
start(() => undefined);
