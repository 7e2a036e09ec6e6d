/**
 * `latchkey/session`: defines `<latch-session>` (idempotently) and nothing else, so a page pays only
 * for this element and what it imports; other elements it shows load lazily on use.
 */
import { LatchSession } from '../latch-session/latch-session.ts';

LatchSession.define();

export { LatchSession };
