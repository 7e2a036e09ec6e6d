/**
 * `latchkey/auth`: defines `<latch-auth>` (idempotently) and nothing else, so a page pays only
 * for this element and what it imports; other elements it shows load lazily on use.
 */
import { LatchAuth } from '../latch-auth/latch-auth.ts';

LatchAuth.define();

export { LatchAuth };
