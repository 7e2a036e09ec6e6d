/**
 * `latchkey/define`: defines every Latchkey element, idempotently (an element already defined,
 * e.g. by a second copy of the kit, is left alone).
 *
 * One line per element, alphabetical.
 */
import { LatchOtpInput } from './latch-otp-input/latch-otp-input.ts';

LatchOtpInput.define();
