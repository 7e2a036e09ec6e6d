/**
 * `latchkey/onramp`: defines `<latch-onramp>` (idempotently) and nothing else, so a page pays only
 * for this element and what it imports; other elements it shows load lazily on use.
 */
import { LatchOnramp } from '../latch-onramp/latch-onramp.ts';

LatchOnramp.define();

export { LatchOnramp };
