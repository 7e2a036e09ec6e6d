/**
 * `latchkey/components`: the element classes, with no side effects. Importing this module never
 * defines an element (use `latchkey/define` or each class's `define()` for that), so it is safe
 * in server-side rendering and with two copies of the kit on one page.
 *
 * One line per element, alphabetical.
 */
export { LatchElement } from './internal/latch-element.ts';
export * from './internal/events.ts';
export { LatchOtpInput } from './latch-otp-input/latch-otp-input.ts';
