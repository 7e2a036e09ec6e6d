/**
 * The fields of `<latch-wallet-import>`'s two modes, as templates over the element's state: the
 * recovery phrase (a masked field, the wallet's name, the accounts to derive) and the private
 * key (a masked field that says what it recognised, the curve when the key does not say it, the
 * address formats to derive). The secret fields are password inputs: their value is a property,
 * never an attribute, and the element empties them as soon as it reads them.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { AddressFormat, Curve } from '../../src/clients/activity-types.ts';
import type { MessageKey } from '../i18n/messages.ts';
import type { LatchElement } from '../internal/latch-element.ts';
import { addressFormatLabel, CURVE_LABELS } from '../latch-wallet/address-labels.ts';
import type { KeyShape } from './key-shape.ts';

export type ImportField = 'name' | 'phrase' | 'accounts' | 'key' | 'formats';
export type PhraseAccount = 'ethereum' | 'solana';
export const PHRASE_ACCOUNTS: readonly PhraseAccount[] = ['ethereum', 'solana'];

/** The element's translator and the fields' current messages. */
export interface FieldsHost {
  t: LatchElement['t'];
  readonly errors: Partial<Record<ImportField, string>>;
}

const fieldError = (id: string, message: string | undefined): TemplateResult =>
  html`<div part="field-error" id=${id} class="field-error">${message ?? nothing}</div>`;

/** A masked secret input: no autofill, no spelling help, left to right in every locale. */
const secretInput = (part: string, id: string, describedBy: string, invalid: boolean, onInput?: (event: Event) => void): TemplateResult => html`<input
  part=${part}
  id=${id}
  name=${id}
  type="password"
  autocomplete="off"
  autocapitalize="off"
  spellcheck="false"
  dir="ltr"
  aria-invalid=${invalid ? 'true' : 'false'}
  aria-describedby=${describedBy}
  @input=${onInput}
/>`;

export function nameField(host: FieldsHost, label: MessageKey, defaultName: MessageKey): TemplateResult {
  return html`<div class="field">
    <label for="import-name">${host.t(label)}</label>
    <input
      part="import-name"
      id="import-name"
      name="name"
      type="text"
      autocomplete="off"
      .defaultValue=${host.t(defaultName)}
      aria-invalid=${host.errors.name ? 'true' : 'false'}
      aria-describedby="import-name-error"
    />
    ${fieldError('import-name-error', host.errors.name)}
  </div>`;
}

export function phraseFields(host: FieldsHost, accounts: ReadonlySet<PhraseAccount>, onAccount: (event: Event) => void): TemplateResult {
  const errors = host.errors;
  return html`
    <div class="field">
      <label for="import-phrase">${host.t('wallet.import.phrase')}</label>
      ${secretInput('import-phrase', 'import-phrase', 'import-phrase-hint import-phrase-error', !!errors.phrase)}
      <div id="import-phrase-hint" class="hint">${host.t('wallet.import.phraseHint')}</div>
      ${fieldError('import-phrase-error', errors.phrase)}
    </div>
    <fieldset part="import-accounts" aria-describedby="import-accounts-error" aria-invalid=${errors.accounts ? 'true' : 'false'}>
      <legend>${host.t('wallet.import.accounts')}</legend>
      ${PHRASE_ACCOUNTS.map(
        (account) => html`<label class="check">
          <input type="checkbox" name="account" value=${account} .checked=${accounts.has(account)} @change=${onAccount} />
          ${account === 'ethereum' ? 'Ethereum' : 'Solana'}
        </label>`,
      )}
    </fieldset>
    ${fieldError('import-accounts-error', errors.accounts)}
  `;
}

export interface KeyFieldsState {
  shape: KeyShape | null;
  curve: Curve;
  offered: readonly AddressFormat[];
  formats: ReadonlySet<AddressFormat>;
}

const DETECTED: Readonly<Record<KeyShape, MessageKey>> = {
  hex: 'wallet.import.detectedHex',
  wif: 'wallet.import.detectedWif',
  solana: 'wallet.import.detectedSolana',
};

export function keyFields(
  host: FieldsHost,
  state: KeyFieldsState,
  on: { input: (event: Event) => void; curve: (event: Event) => void; format: (event: Event) => void },
): TemplateResult {
  const errors = host.errors;
  return html`
    <div class="field">
      <label for="import-key">${host.t('wallet.import.keyAny')}</label>
      ${secretInput('import-key', 'import-key', 'import-key-hint import-key-detected import-key-error', !!errors.key, on.input)}
      <div id="import-key-hint" class="hint">${host.t('wallet.import.keyAnyHint')}</div>
      <div part="import-detected" id="import-key-detected" class="hint">${state.shape ? host.t(DETECTED[state.shape]) : nothing}</div>
      ${fieldError('import-key-error', errors.key)}
    </div>
    ${state.shape === 'wif' || state.shape === 'solana'
      ? nothing
      : html`<div class="field">
          <label for="import-curve">${host.t('wallet.import.curve')}</label>
          <select part="import-curve" id="import-curve" @change=${on.curve}>
            ${(Object.keys(CURVE_LABELS) as Curve[]).map((curve) => html`<option value=${curve} ?selected=${curve === state.curve}>${CURVE_LABELS[curve]}</option>`)}
          </select>
        </div>`}
    <fieldset part="import-formats" aria-describedby="import-formats-error" aria-invalid=${errors.formats ? 'true' : 'false'}>
      <legend>${host.t('wallet.import.formats')}</legend>
      ${state.offered.map(
        (format) => html`<label class="check">
          <input type="checkbox" name="format" value=${format} .checked=${state.formats.has(format)} @change=${on.format} />
          ${addressFormatLabel(format, host)}
        </label>`,
      )}
    </fieldset>
    ${fieldError('import-formats-error', errors.formats)}
  `;
}
