import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { live } from 'lit/directives/live.js';
import { AnnouncerController } from '../internal/announcer-controller.ts';
import { CountdownController } from '../internal/countdown-controller.ts';
import { LatchOtpCompleteEvent, LatchOtpResendEvent } from '../internal/events.ts';
import { LatchElement } from '../internal/latch-element.ts';
import { otpInputStyles } from './latch-otp-input.styles.ts';

const DEFAULT_LENGTH = 6;
const MAX_LENGTH = 12;

/** Keeps the code's alphabet: ASCII digits (and A–Z when alphanumeric), upper-cased. */
export function filterOtp(text: string, alphanumeric: boolean): string {
  // Full-width forms (NFKC) and Arabic-Indic / Persian digits, which Arabic keyboards type, count as digits.
  const normalized = text
    .normalize('NFKC')
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x6f0));
  return alphanumeric ? normalized.toUpperCase().replace(/[^0-9A-Z]/g, '') : normalized.replace(/[^0-9]/g, '');
}

/**
 * @summary A one-time code input: one box per character, paste and autofill aware, with a
 * resend button on a cooldown and errors read out by screen readers.
 *
 * The element takes its shape from attributes: a parent that knows the wallet_kit_config passes
 * `length` (`otpLength`) and `alphanumeric` (`otpAlphanumeric`, which the service defaults to
 * true). On its own it asks for six digits. It never verifies anything: listen for
 * `latch-otp-complete`, check the code, then set `invalid` (or `error-message`) or move on.
 *
 * A full code typed, pasted or autofilled into any box fills every box. Backspace on an empty box
 * clears the previous one; arrows move between boxes (mirrored right to left), Home and End jump
 * to the ends. The cooldown starts when the element first renders (the code was just sent) and
 * again after each resend.
 *
 * @slot label - The label of the boxes. Default: "Enter the code", translated.
 * @slot description - Help under the label, e.g. "We sent a code to ada@example.com".
 *
 * @event {LatchOtpCompleteEvent} latch-otp-complete - The user filled every box: `detail.code`. Fired again for each new complete code.
 * @event {LatchOtpResendEvent} latch-otp-resend - The user asked for a new code (the cooldown restarts).
 *
 * @csspart base - The wrapper (a labelled group).
 * @csspart label - The label container.
 * @csspart description - The description container.
 * @csspart inputs - The row of boxes.
 * @csspart input - Each box (an `<input>`).
 * @csspart error - The error message, an assertive live region.
 * @csspart resend - The resend button.
 * @csspart announcer - The visually hidden polite live region (cooldown announcements).
 *
 * @cssproperty --box-width - Width of a box (boxes shrink on narrow screens). Default: `--latch-control-height`.
 * @cssproperty --box-height - Height of a box. Default: `--latch-control-height`.
 * @cssproperty --gap - Space between boxes. Default: `--latch-space-sm`.
 * @cssproperty --accent - Color of the focused box and of the resend link (the `accent` attribute).
 */
export class LatchOtpInput extends LatchElement {
  static override readonly tag = 'latch-otp-input';
  static override styles = [LatchElement.styles, otpInputStyles];

  /** Number of characters (1–12). */
  @property({ type: Number }) length = DEFAULT_LENGTH;

  /** Letters A–Z as well as digits (typed letters are upper-cased). Digits only when absent. */
  @property({ type: Boolean }) alphanumeric = false;

  @property({ type: Boolean, reflect: true }) disabled = false;

  /** Marks the code as wrong: red boxes, `aria-invalid`, and the error message. */
  @property({ type: Boolean, reflect: true }) invalid = false;

  /** The error to show (implies `invalid`). Default with `invalid`: "That code is not right…", translated. */
  @property({ attribute: 'error-message' }) errorMessage = '';

  /** Seconds before the resend button works again; 0 turns the cooldown off. */
  @property({ type: Number, attribute: 'resend-cooldown' }) resendCooldown = 30;

  #chars: string[] = Array.from({ length: DEFAULT_LENGTH }, () => '');
  readonly #announcer = new AnnouncerController(this);
  readonly #cooldown = new CountdownController(this, {
    onDone: () => this.#announcer.announce(this.t('otp.resendReady')),
  });

  /** The characters entered so far, without gaps filled (complete when its length is `length`). Setting it dispatches nothing. */
  get value(): string {
    return this.#chars.join('');
  }

  set value(code: string) {
    const chars = filterOtp(String(code ?? ''), this.alphanumeric).slice(0, this.#size).split('');
    this.#chars = Array.from({ length: this.#size }, (_, i) => chars[i] ?? '');
    this.requestUpdate();
  }

  /** Empties every box (no event). */
  clear(): void {
    this.#chars = this.#chars.map(() => '');
    this.requestUpdate();
  }

  /** Focuses the first empty box (the last box when all are filled). */
  override focus(options?: FocusOptions): void {
    const boxes = this.#boxes();
    if (boxes.length === 0) {
      void this.updateComplete.then(() => this.#boxes().length > 0 && this.focus(options));
      return;
    }
    const empty = this.#chars.findIndex((c) => c === '');
    boxes[empty === -1 ? boxes.length - 1 : empty]?.focus(options);
  }

  /** (Re)starts the resend cooldown, e.g. when a parent's resend failed and it wants the wait back. */
  startCooldown(seconds: number = this.resendCooldown): void {
    this.#cooldown.start(Number.isFinite(seconds) ? seconds : 0);
  }

  get #size(): number {
    const n = Math.trunc(Number(this.length));
    return Number.isFinite(n) && n >= 1 ? Math.min(n, MAX_LENGTH) : DEFAULT_LENGTH;
  }

  get #invalid(): boolean {
    return this.invalid || this.errorMessage !== '';
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    // The code was just sent when the element first shows: start the wait inside this first
    // update (starting it after would schedule a second render).
    if (!this.hasUpdated) this.startCooldown();
    if (changed.has('length') || changed.has('alphanumeric')) {
      // Keep each box's character if it still fits the alphabet; resize to the new length.
      this.#chars = Array.from({ length: this.#size }, (_, i) => filterOtp(this.#chars[i] ?? '', this.alphanumeric).slice(0, 1));
    }
  }

  protected override render(): TemplateResult {
    const size = this.#size;
    const invalid = this.#invalid;
    const labelKey = this.alphanumeric ? 'otp.characterLabel' : 'otp.digitLabel';
    const cooling = this.#cooldown.running;
    return html`
      <div part="base" class="base" role="group" aria-labelledby="label" aria-describedby="description error">
        <div part="label" id="label" class="label"><slot name="label">${this.t('otp.enterCode')}</slot></div>
        <div part="description" id="description" class="description" hidden>
          <slot name="description" @slotchange=${this.#onDescriptionChange}></slot>
        </div>
        <div part="inputs" class="inputs">
          ${Array.from(
            { length: size },
            (_, i) => html`<input
              part="input"
              class="box"
              type="text"
              data-index=${i}
              .value=${live(this.#chars[i] ?? '')}
              inputmode=${this.alphanumeric ? 'text' : 'numeric'}
              autocomplete=${i === 0 ? 'one-time-code' : 'off'}
              autocapitalize=${this.alphanumeric ? 'characters' : 'off'}
              spellcheck="false"
              aria-label=${this.t(labelKey, { position: i + 1, length: size })}
              aria-invalid=${invalid ? 'true' : 'false'}
              aria-describedby="error"
              ?disabled=${this.disabled}
              @focus=${this.#onFocus}
              @input=${this.#onInput}
              @keydown=${this.#onKeydown}
              @paste=${this.#onPaste}
            />`,
          )}
        </div>
        <div part="error" id="error" class="error" aria-live="assertive" aria-atomic="true">${invalid ? this.errorMessage || this.t('error.ERR_OTP_INVALID') : nothing}</div>
        <button
          part="resend"
          class="resend"
          type="button"
          ?disabled=${this.disabled}
          aria-disabled=${cooling ? 'true' : 'false'}
          @click=${this.#onResend}
        >
          ${cooling ? this.t('otp.resendIn', { seconds: this.#cooldown.remaining }) : this.t('otp.resend')}
        </button>
        ${this.#announcer.render()}
      </div>
    `;
  }

  #boxes(): HTMLInputElement[] {
    return Array.from(this.renderRoot?.querySelectorAll<HTMLInputElement>('input.box') ?? []);
  }

  #indexOf(event: Event): number {
    return Number((event.currentTarget as HTMLInputElement).dataset['index']);
  }

  #focusBox(index: number): void {
    const boxes = this.#boxes();
    boxes[Math.max(0, Math.min(index, boxes.length - 1))]?.focus();
  }

  /** Writes the boxes' DOM values now (listeners of the complete event read them), then re-renders. */
  #sync(): void {
    this.#boxes().forEach((box, i) => {
      const char = this.#chars[i] ?? '';
      if (box.value !== char) box.value = char;
    });
    this.requestUpdate();
  }

  /** A user edit: `text` (already filtered) goes in from box `index`, or from the first box if it is a whole code. */
  #enter(index: number, text: string): void {
    const size = this.#size;
    const before = this.value;
    const wasComplete = before.length === size;
    const start = text.length >= size ? 0 : index;
    for (let k = 0; k < text.length && start + k < size; k++) this.#chars[start + k] = text[k] ?? '';
    this.#sync();
    this.#focusBox(Math.min(start + text.length, size - 1));
    const code = this.value;
    if (code.length === size && (!wasComplete || code !== before)) {
      this.dispatchEvent(new LatchOtpCompleteEvent({ code }));
    }
  }

  // Shown only when something is slotted (no empty gap). Set directly: a re-render is not needed.
  #onDescriptionChange(event: Event): void {
    const slot = event.target as HTMLSlotElement;
    const wrapper = slot.parentElement;
    if (wrapper) wrapper.hidden = slot.assignedNodes({ flatten: true }).length === 0;
  }

  // Selecting the box's character on focus makes typing replace it.
  readonly #onFocus = (event: FocusEvent): void => {
    (event.currentTarget as HTMLInputElement).select();
  };

  readonly #onInput = (event: Event): void => {
    const box = event.currentTarget as HTMLInputElement;
    const index = this.#indexOf(event);
    const input = event as InputEvent;
    // Typing: exactly what was inserted. Autofill, IME, drop: whatever the box holds now.
    const typed = input.inputType === 'insertText' && input.data ? input.data : box.value;
    const text = filterOtp(typed, this.alphanumeric);
    if (text) {
      this.#enter(index, text);
    } else {
      // A rejected character leaves the box as it was; a deletion (mobile keyboards) empties it.
      if (box.value === '') this.#chars[index] = '';
      this.#sync();
    }
  };

  readonly #onPaste = (event: ClipboardEvent): void => {
    event.preventDefault();
    const text = filterOtp(event.clipboardData?.getData('text') ?? '', this.alphanumeric);
    if (text) this.#enter(this.#indexOf(event), text);
  };

  readonly #onKeydown = (event: KeyboardEvent): void => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const index = this.#indexOf(event);
    // Arrows follow the screen: in right-to-left layouts the first box is on the right.
    const forward = this.getAttribute('dir') === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = forward === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft';
    switch (event.key) {
      case 'Backspace':
        event.preventDefault();
        if (this.#chars[index]) {
          this.#chars[index] = '';
        } else if (index > 0) {
          this.#chars[index - 1] = '';
          this.#focusBox(index - 1);
        }
        this.#sync();
        break;
      case 'Delete':
        event.preventDefault();
        this.#chars[index] = '';
        this.#sync();
        break;
      case forward:
        event.preventDefault();
        this.#focusBox(index + 1);
        break;
      case backward:
        event.preventDefault();
        this.#focusBox(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        this.#focusBox(0);
        break;
      case 'End':
        event.preventDefault();
        this.#focusBox(this.#size - 1);
        break;
      default:
        break;
    }
  };

  readonly #onResend = (): void => {
    if (this.disabled || this.#cooldown.running) return;
    this.dispatchEvent(new LatchOtpResendEvent());
    this.startCooldown();
    if (this.#cooldown.running) this.#announcer.announce(this.t('otp.resendWait', { count: this.#cooldown.remaining }));
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'latch-otp-input': LatchOtpInput;
  }
}
