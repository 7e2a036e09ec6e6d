// Shortcuts into <latch-otp-input>'s shadow DOM.
import type { LatchOtpInput } from '../../../components/latch-otp-input/latch-otp-input.ts';

export function boxes(el: LatchOtpInput): HTMLInputElement[] {
  return Array.from(el.shadowRoot?.querySelectorAll<HTMLInputElement>('[part="input"]') ?? []);
}

export function box(el: LatchOtpInput, index: number): HTMLInputElement {
  const found = boxes(el)[index];
  if (!found) throw new Error(`no box ${index}`);
  return found;
}

export { part } from './shadow.ts';

/** The boxes' DOM values, joined with `|` so empty boxes show: `1|2||||`. */
export function shown(el: LatchOtpInput): string {
  return boxes(el)
    .map((b) => b.value)
    .join('|');
}

/** Index of the focused box, or -1. */
export function focusedIndex(el: LatchOtpInput): number {
  const active = el.shadowRoot?.activeElement;
  return active ? boxes(el).indexOf(active as HTMLInputElement) : -1;
}
