/**
 * `latchkey/otp-input`: defines `<latch-otp-input>` (idempotently) and nothing else, so a page pays only
 * for this element and what it imports; other elements it shows load lazily on use.
 */
import { LatchOtpInput } from '../latch-otp-input/latch-otp-input.ts';

LatchOtpInput.define();

export { LatchOtpInput };
