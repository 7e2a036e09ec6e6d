/**
 * `latchkey/signup`: defines `<latch-signup>` (idempotently) and nothing else, so a page pays only
 * for this element and what it imports; other elements it shows load lazily on use.
 */
import { LatchSignup } from '../latch-signup/latch-signup.ts';

LatchSignup.define();

export { LatchSignup };
