import { html, nothing, type TemplateResult } from 'lit';
import { state } from 'lit/decorators.js';
import type { Address, AddressFormat, Curve } from '../../src/clients/activity-types.ts';
import { fromHex } from '../../src/encoding/hex.ts';
import type { SigningSession } from '../../src/session/signing-session.ts';
import { WalletSectionElement } from '../internal/wallet-section-element.ts';
import type { SessionChange } from '../internal/kit-session-controller.ts';
import { addressFormatLabel, CURVE_LABELS, IMPORT_FORMATS } from '../latch-wallet/address-labels.ts';
import { LatchImportEvent } from '../latch-wallet/wallet-events.ts';

type ImportField = 'name' | 'key' | 'formats';

const PRIVATE_KEY = /^(?:0x)?([0-9a-fA-F]{64})$/;

/**
 * @summary Imports a private key: a masked hex field, its curve and the address formats to
 * derive. The key is sealed (HPKE) to the enclave in this page before it is sent; the field is
 * emptied as soon as it is read, and the page keeps no copy. The import cryptography loads only
 * when the user imports.
 *
 * @event {LatchImportEvent} latch-import - The user imported a private key: `detail.privateKeyId`, `detail.addresses`.
 * @event {LatchErrorEvent} latch-error - The import failed: `detail.error` (a LatchError).
 *
 * @csspart base - The card (alone on a page).
 * @csspart title - The heading (alone on a page).
 * @csspart error - The error message, an assertive live region (alone on a page).
 * @csspart signed-out - The "log in" prompt (alone on a page).
 * @csspart import - The import section (a form).
 * @csspart import-name - The key name input.
 * @csspart import-key - The masked private key input.
 * @csspart import-curve - The curve select.
 * @csspart import-formats - The address format checkboxes.
 * @csspart import-submit - The "Import" button.
 * @csspart import-result - The imported key's addresses.
 * @csspart field-error - A field's validation message.
 * @csspart announcer - The visually hidden polite live region (alone on a page).
 *
 * @cssproperty --accent - Primary color of this element (the `accent` attribute).
 */
export class LatchWalletImport extends WalletSectionElement {
  static override readonly tag = 'latch-wallet-import';

  @state() private curve: Curve = 'CURVE_SECP256K1';
  @state() private formats: ReadonlySet<AddressFormat> = new Set(['ADDRESS_FORMAT_ETHEREUM']);
  @state() private importing = false;
  @state() private imported: Address[] | null = null;
  @state() private errors: Partial<Record<ImportField, string>> = {};

  protected override sessionChanged(_session: SigningSession | null, change: SessionChange): void {
    if (change.sameUser) return; // a step-up's fresh login: the same accounts, keep what is shown
    this.imported = null;
    this.errors = {};
  }

  protected override render(): TemplateResult {
    return this.frame('import', 'import-title', this.t('wallet.import.title'), this.#renderFields(), this.#onImport);
  }

  #renderFields(): TemplateResult {
    const errors = this.errors;
    return html`
      <div class="field">
        <label for="import-name">${this.t('wallet.import.name')}</label>
        <input
          part="import-name"
          id="import-name"
          name="name"
          type="text"
          autocomplete="off"
          .defaultValue=${this.t('wallet.import.defaultName')}
          aria-invalid=${errors.name ? 'true' : 'false'}
          aria-describedby="import-name-error"
        />
        <div part="field-error" id="import-name-error" class="field-error">${errors.name ?? nothing}</div>
      </div>
      <div class="field">
        <label for="import-key">${this.t('wallet.import.key')}</label>
        <input
          part="import-key"
          id="import-key"
          name="key"
          type="password"
          autocomplete="off"
          autocapitalize="off"
          spellcheck="false"
          dir="ltr"
          aria-invalid=${errors.key ? 'true' : 'false'}
          aria-describedby="import-key-hint import-key-error"
        />
        <div id="import-key-hint" class="hint">${this.t('wallet.import.keyHint')}</div>
        <div part="field-error" id="import-key-error" class="field-error">${errors.key ?? nothing}</div>
      </div>
      <div class="field">
        <label for="import-curve">${this.t('wallet.import.curve')}</label>
        <select part="import-curve" id="import-curve" @change=${this.#onCurve}>
          ${(Object.keys(CURVE_LABELS) as Curve[]).map((curve) => html`<option value=${curve} ?selected=${curve === this.curve}>${CURVE_LABELS[curve]}</option>`)}
        </select>
      </div>
      <fieldset part="import-formats" aria-describedby="import-formats-error" aria-invalid=${errors.formats ? 'true' : 'false'}>
        <legend>${this.t('wallet.import.formats')}</legend>
        ${IMPORT_FORMATS[this.curve].map(
          (format) => html`<label class="check">
            <input type="checkbox" name="format" value=${format} .checked=${this.formats.has(format)} @change=${this.#onFormat} />
            ${addressFormatLabel(format, this)}
          </label>`,
        )}
      </fieldset>
      <div part="field-error" id="import-formats-error" class="field-error">${errors.formats ?? nothing}</div>
      <div class="row">
        <button part="import-submit" class="primary" type="submit" aria-disabled=${this.importing ? 'true' : 'false'}>
          ${this.importing ? this.t('wallet.import.importing') : this.t('wallet.import.submit')}
        </button>
      </div>
      ${this.imported
        ? html`<div part="import-result" class="result">
            <p class="success" id="imported-title">${this.t('wallet.import.done')}</p>
            <dl aria-labelledby="imported-title">
              ${this.imported.map((a) => html`<dt>${addressFormatLabel(a.format, this)}</dt><dd><code>${a.address}</code></dd>`)}
            </dl>
          </div>`
        : nothing}
    `;
  }

  readonly #onCurve = (event: Event): void => {
    this.curve = (event.target as HTMLSelectElement).value as Curve;
    this.formats = new Set(IMPORT_FORMATS[this.curve].slice(0, 1));
  };

  readonly #onFormat = (event: Event): void => {
    const box = event.target as HTMLInputElement;
    const next = new Set(this.formats);
    if (box.checked) next.add(box.value as AddressFormat);
    else next.delete(box.value as AddressFormat);
    this.formats = next;
    if (next.size > 0 && this.errors.formats) this.errors = { ...this.errors, formats: undefined };
  };

  readonly #onImport = async (event: SubmitEvent): Promise<void> => {
    event.preventDefault();
    const session = this.session;
    if (!session || this.importing) return;
    const form = event.currentTarget as HTMLFormElement;
    const nameInput = form.elements.namedItem('name') as HTMLInputElement;
    const keyInput = form.elements.namedItem('key') as HTMLInputElement;
    const name = nameInput.value.trim();
    const match = PRIVATE_KEY.exec(keyInput.value.trim());
    const formats = IMPORT_FORMATS[this.curve].filter((f) => this.formats.has(f));
    const errors: Partial<Record<ImportField, string>> = {};
    if (!name) errors.name = this.t('wallet.import.nameMissing');
    if (!match) errors.key = this.t('wallet.import.keyInvalid');
    if (formats.length === 0) errors.formats = this.t('wallet.import.formatsMissing');
    this.errors = errors;
    const first = (['name', 'key', 'formats'] as const).find((field) => errors[field]);
    if (first) {
      await this.updateComplete;
      this.focusInside(first === 'formats' ? '[part="import-formats"] input' : `#import-${first}`);
      return;
    }
    const privateKey = fromHex(match![1]!);
    // The page keeps no copy: the field is emptied now, the bytes are zeroed by the import.
    keyInput.value = '';
    this.importing = true;
    this.announce(this.t('wallet.import.importing'));
    this.imported = null;
    this.showError('');
    try {
      const { importPrivateKey } = await import('../../src/session/session-import.ts');
      const enclavePublicKey = this.kitSession.kit?.options.enclavePublicKey;
      const result = await importPrivateKey(session, {
        privateKey,
        curve: this.curve,
        addressFormats: formats,
        privateKeyName: name,
        ...(enclavePublicKey ? { enclavePublicKey } : {}),
      });
      if (session !== this.session) return;
      this.imported = result.addresses;
      this.announce(this.t('wallet.import.done'));
      this.dispatchEvent(new LatchImportEvent({ privateKeyId: result.privateKeyId, addresses: result.addresses }));
    } catch (error) {
      privateKey.fill(0);
      this.fail(error, true);
    } finally {
      this.importing = false;
    }
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'latch-wallet-import': LatchWalletImport;
  }
}
