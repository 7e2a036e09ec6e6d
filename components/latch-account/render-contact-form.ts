import { html, nothing, type TemplateResult } from 'lit';
import type { MessageKey, MessageParams } from '../i18n/messages.ts';

/** What the contact form of `<latch-account>` shows and calls. */
export interface ContactFormState {
  kind: 'email' | 'phone';
  /** Where the code went, once sent (the form then asks for the code). */
  sentTo: string | null;
  busy: boolean;
  t: (key: MessageKey, params?: MessageParams) => string;
  onSubmit: (event: SubmitEvent) => void;
  onCancel: () => void;
  onKeydown: (event: KeyboardEvent) => void;
}

/**
 * The change of an email address or phone number: the new contact, then the code sent to it.
 * Escape or Cancel closes it (the element returns focus to the Change button).
 */
export function renderContactForm(s: ContactFormState): TemplateResult {
  const email = s.kind === 'email';
  const busy = s.busy ? 'true' : 'false';
  const step = s.sentTo
    ? html`
        <p part="code-sent">${s.t('account.codeSent', { contact: s.sentTo })}</p>
        <label for="contact-code">${s.t('account.code')}</label>
        <input part="code-input" id="contact-code" name="code" inputmode="numeric" autocomplete="one-time-code" required />
        <div class="row">
          <button part="confirm" class="primary" type="submit" aria-disabled=${busy} aria-busy=${busy}>${s.t(s.busy ? 'account.saving' : 'account.confirm')}</button>
          <button part="cancel" type="button" @click=${s.onCancel}>${s.t('common.cancel')}</button>
        </div>
      `
    : html`
        <label for="contact-value">${s.t(email ? 'account.newEmail' : 'account.newPhone')}</label>
        <input
          part="contact-input"
          id="contact-value"
          class=${email ? nothing : 'contact'}
          name="contact"
          type=${email ? 'email' : 'tel'}
          autocomplete=${email ? 'email' : 'tel'}
          dir="ltr"
          required
        />
        <div class="row">
          <button part="send-code" class="primary" type="submit" aria-disabled=${busy} aria-busy=${busy}>${s.t(s.busy ? 'account.sending' : 'account.sendCode')}</button>
          <button part="cancel" type="button" @click=${s.onCancel}>${s.t('common.cancel')}</button>
        </div>
      `;
  return html`<form part="contact-form" novalidate @submit=${s.onSubmit} @keydown=${s.onKeydown}>${step}</form>`;
}

/**
 * One contact of the profile (email or phone) with its Change button, which opens the form, and
 * its Remove button when there is one to remove.
 */
export function renderContactRow(r: {
  kind: 'email' | 'phone';
  value: string | undefined;
  open: boolean;
  busy: boolean;
  t: (key: MessageKey, params?: MessageParams) => string;
  onOpen: () => void;
  onRemove: () => void;
}): TemplateResult {
  const email = r.kind === 'email';
  return html`<div>
    <dt>${r.t(email ? 'account.email' : 'account.phone')}</dt>
    <dd>
      <span part=${r.kind} class=${r.value ? 'contact' : 'muted'}>${r.value || r.t('account.none')}</span>
      <span class="row">
        <button part="change-${r.kind}" class="small" type="button" aria-expanded=${r.open ? 'true' : 'false'} @click=${r.onOpen}>
          ${r.t(email ? 'account.changeEmail' : 'account.changePhone')}
        </button>
        ${r.value
          ? html`<button part="remove-${r.kind}" class="small" type="button" aria-disabled=${r.busy ? 'true' : 'false'} aria-label=${r.t(email ? 'account.removeEmail' : 'account.removePhone', { contact: r.value })} @click=${r.onRemove}>
              ${r.t('account.remove')}
            </button>`
          : nothing}
      </span>
    </dd>
  </div>`;
}
