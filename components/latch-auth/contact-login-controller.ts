/**
 * `<latch-auth>`'s email and SMS login: the contact forms (the phone one with its country picker,
 * the email one with the site's passkeys in its autofill), the sending of the code, and the code
 * step, whose check, resend and way back (code-step.ts) load as a separate chunk with
 * `<latch-otp-input>`. The drop-in keeps its steps and its events; this keeps what the user typed
 * and what is in flight.
 */
import { html, type ReactiveController, type TemplateResult } from 'lit';
import type { LatchError } from '../../src/errors/latch-error.ts';
import type { SignupDetails } from '../../src/flows/otp-flow.ts';
import type { LatchKit, LoginOutcome } from '../../src/kit/latch-kit.ts';
import type { LatchElement } from '../internal/latch-element.ts';
import type * as CodeStepModule from './code-step.ts';
import { CONTACTS, type ContactMethod } from './login-contacts.ts';
import type { PhoneField, PhoneHost } from './phone-field.ts';

let codeStep: Promise<typeof CodeStepModule> | undefined;
let phoneField: Promise<{ PhoneField: typeof PhoneField }> | undefined;

/**
 * The code step and `<latch-otp-input>` are needed only once a code is sent, so they are not part
 * of the first paint: they start loading when a contact form shows and are awaited with the sending.
 */
export function loadCodeStep(): Promise<typeof CodeStepModule> {
  return (codeStep ??= import('./code-step.ts').then(
    (module) => (module.LatchOtpInput.define(), module),
    (error: unknown) => {
      codeStep = undefined;
      throw error;
    },
  ));
}

/** What the contact login needs from `<latch-auth>` (public members). */
export interface ContactLoginHost extends PhoneHost, Pick<LatchElement, 'accent' | 'config'> {
  readonly renderRoot: HTMLElement | DocumentFragment;
  /** The drop-in's `methods`: the methods it shows (a comma list; empty: every enabled one). */
  readonly methods: string;
  errorText(error: unknown): string;
  addController(controller: ReactiveController): void;
}

/** And what only the drop-in itself can do: its kit, its steps and its events. */
export interface ContactLoginSteps {
  /** The sign-up details of `signup-wallet`. */
  signup(): { signup?: SignupDetails };
  /** Sets the drop-in's step (before a re-render). */
  view(view: 'methods' | 'code'): void;
  /** Fires `latch-login` (and closes a modal drop-in). */
  emitLogin(outcome: LoginOutcome): void;
  /** Fires `latch-error`; undefined for a cancellation. */
  emitError(error: unknown): LatchError | undefined;
  /** Shows an error not tied to a field. */
  fail(error: LatchError): void;
}

export class ContactLoginController implements ReactiveController {
  readonly #host: ContactLoginHost;
  readonly #steps: ContactLoginSteps;
  /** The drop-in's kit: the one whose config the methods show (undefined: there is none; null until the first load). */
  #kit: LatchKit | undefined | null = null;
  /** The contact method whose code is being sent. */
  #busy: ContactMethod | '' = '';
  #fieldErrors: Partial<Record<ContactMethod, string>> = {};
  /**
   * What the user typed, per method (kept when they go back to fix it): a field rendered anew
   * (the answer after a kept config moved it in the list, or changed its method) gets it back.
   */
  #contacts: Partial<Record<ContactMethod, string>> = {};
  /** The code step (a separate chunk), once a code was sent. */
  #code: CodeStepModule.CodeStep | undefined;
  /** Passkey autofill in the email field, while it waits for the user to pick a passkey. */
  #autofill: AbortController | undefined;
  /** The phone field's country picker and formatting (a separate chunk, loaded when the field is first focused). */
  #phone: PhoneField | undefined;

  constructor(host: ContactLoginHost, steps: ContactLoginSteps) {
    this.#host = host;
    this.#steps = steps;
    host.addController(this);
  }

  /** The code step, while it shows. */
  get code(): CodeStepModule.CodeStep | undefined {
    return this.#code;
  }

  /** Where the code went, while the code step shows. */
  get sentTo(): string | undefined {
    return this.#code?.contact;
  }

  /** The drop-in (re)loads with `kit`: the forms send with it, and the code step is gone. */
  load(kit: LatchKit | undefined): void {
    this.#kit = kit;
    this.#code = undefined;
  }

  /** Logged in: nothing more to pick in the autofill. */
  stopAutofill(): void {
    this.#autofill?.abort();
  }

  /** The field that has the focus before a render, to give it back if the render replaced it. */
  #focused: string | undefined;

  // Before each render, what the fields hold (the phone field's formatting included).
  hostUpdate(): void {
    const root = this.#host.renderRoot as ShadowRoot;
    this.#focused = root.activeElement?.id;
    for (const field of root.querySelectorAll<HTMLInputElement>('input[part="input"]')) this.#contacts[field.name as ContactMethod] = field.value;
  }

  // (Focusing the field that still has the focus does nothing: no event, the caret stays.)
  hostUpdated(): void {
    if (this.#focused) this.#host.renderRoot.querySelector<HTMLElement>(`input#${this.#focused}`)?.focus();
  }

  hostDisconnected(): void {
    this.#autofill?.abort();
  }

  /** Applies `change` and re-renders. */
  #set(change: () => unknown): void {
    change();
    this.#host.requestUpdate();
  }

  readonly #onSend = async (event: SubmitEvent): Promise<void> => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const method = form.dataset['method'] as ContactMethod;
    const spec = CONTACTS[method];
    const input = form.querySelector('input')!;
    const kit = this.#kit;
    const host = this.#host;
    if (this.#busy || !kit) return;
    const raw = input.value.trim();
    // Once loaded, the phone field reads the number in its country: E.164, or what form it expects.
    const [phone, invalid] = (method === 'sms' && this.#phone?.check()) || [];
    // Phone numbers are often typed with spaces, dashes or brackets; the service wants E.164.
    const contact = phone ?? (method === 'sms' ? raw.replace(/[\s().-]/g, '') : raw);
    this.#contacts[method] = raw;
    if (!spec.pattern.test(contact)) {
      this.#set(() => (this.#fieldErrors = { [method]: invalid || host.t(spec.invalid) }));
      input.focus();
      return;
    }
    this.#set(() => ((this.#busy = method), (this.#fieldErrors = {})));
    try {
      const [{ otpId }, { CodeStep }] = await Promise.all([kit.startOtp(spec.otpType, contact), loadCodeStep()]);
      this.#busy = '';
      const code = new CodeStep(host, this.#steps, kit, method, contact, otpId, (done) => {
        this.#code = undefined;
        if (done) this.#contacts = {};
      });
      await code.shown(
        () => ((this.#code = code), this.#steps.view('code')),
        () => host.renderRoot.querySelector<HTMLElement>('latch-otp-input')?.focus(),
      );
    } catch (error) {
      const latch = this.#steps.emitError(error);
      this.#set(() => {
        this.#busy = '';
        if (latch) this.#fieldErrors = { [method]: latch.code === 'ERR_INPUT_INVALID' ? host.t(spec.invalid) : host.errorText(latch) };
      });
    }
  };

  /**
   * Offers this site's passkeys in the email field's autofill, from its first focus on (the
   * passkey code loads then, not with the page). A pick logs in like the passkey button.
   */
  readonly #startAutofill = (): void => {
    const kit = this.#kit;
    if (this.#autofill || !kit || !this.#offersPasskeys(kit)) return;
    const stop = (this.#autofill = new AbortController());
    kit
      .logInWithPasskeyAutofill({ signal: stop.signal })
      .then(
        (outcome) => outcome && this.#steps.emitLogin(outcome),
        (error: unknown) => {
          const latch = this.#steps.emitError(error);
          if (latch) this.#steps.fail(latch);
        },
      )
      .finally(() => this.#autofill === stop && (this.#autofill = undefined));
  };

  /** Whether the drop-in shows passkeys: the config enables them and `methods` does not hide them. */
  #offersPasskeys(kit: LatchKit): boolean {
    return kit.enabledMethods(this.#host.methods.split(',')).includes('passkey');
  }

  /** The phone field's picker and formatting; until they have loaded it takes E.164 typed by hand. */
  readonly #loadPhone = (): void => {
    (phoneField ??= import('./phone-field.ts')).then(
      ({ PhoneField }) => this.#set(() => (this.#phone ??= new PhoneField(this.#host))),
      () => (phoneField = undefined), // offline: the next focus tries again
    );
  };

  /** An email or SMS form: the field (the phone one with its picker), its error and "Send code". */
  renderForm(method: ContactMethod): TemplateResult {
    const host = this.#host;
    const spec = CONTACTS[method];
    const error = this.#fieldErrors[method] ?? '';
    const field = html`<input
        part="input"
        class="input"
        id=${method}
        name=${method}
        type=${spec.type}
        inputmode=${spec.type}
        autocomplete=${method === 'email' && this.#kit && this.#offersPasskeys(this.#kit) ? 'username webauthn' : spec.type}
        @focusin=${method === 'email' ? this.#startAutofill : undefined}
        required
        .value=${this.#contacts[method] ?? ''}
        aria-invalid=${error ? 'true' : 'false'}
        aria-describedby="${method}-error"
      />`;
    return html`<form part="form form-${method}" class="form" novalidate data-method=${method} @submit=${this.#onSend}>
      <label part="label" class="label" for=${method}>${host.t(spec.label)}</label>
      ${method === 'sms' ? html`<div part="phone" class="form" @focusin=${this.#loadPhone}>${this.#phone?.render()}${field}</div>` : field}
      <div part="field-error" class="error" id="${method}-error" aria-live="assertive">${error}</div>
      <button part="submit" class="button primary" type="submit" aria-busy=${this.#busy === method ? 'true' : 'false'}>${host.t('login.sendCode')}</button>
    </form>`;
  }
}
