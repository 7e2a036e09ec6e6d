import { html, nothing, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { AddressFormat, Curve, WalletAccountParams } from '../../src/clients/activity-types.ts';
import type { SigningSession } from '../../src/session/signing-session.ts';
import { isLatchError } from '../../src/errors/latch-error.ts';
import { StepUpController } from '../internal/step-up-controller.ts';
import { WalletSectionElement } from '../internal/wallet-section-element.ts';
import type { SessionChange } from '../internal/kit-session-controller.ts';
import { addressFormatLabel } from '../latch-wallet/address-labels.ts';
import { LatchImportEvent, LatchImportWalletEvent } from '../latch-wallet/wallet-events.ts';
import { ETH_ACCOUNT, SOL_ACCOUNT } from '../latch-signup/wallet-accounts.ts';
import { keyFields, nameField, phraseFields, PHRASE_ACCOUNTS, type ImportField, type PhraseAccount } from './import-fields.ts';
import { keyShape, offeredFormats, type KeyShape } from './key-shape.ts';
import '../latch-wallet/key-io-messages.ts';

export type ImportMode = 'phrase' | 'key';

const ACCOUNT_PARAMS: Readonly<Record<PhraseAccount, Readonly<WalletAccountParams>>> = { ethereum: ETH_ACCOUNT, solana: SOL_ACCOUNT };

/**
 * @summary Imports a wallet from its recovery phrase, or a private key in hexadecimal, Bitcoin
 * WIF or Solana base58. A phrase's checksum (BIP-39) and a key's format (a WIF's checksum, a
 * Solana key's public half) are checked in this page before anything is sent; the secret is then
 * sealed (HPKE) to the enclave here. Both fields are masked and emptied as soon as they are read;
 * no secret is kept, logged, stored, put in an attribute or sent in an event. The import code
 * loads only when the user imports. An import the service holds for a recent login asks
 * "Confirm it's you" (`<latch-step-up>`) and goes on with the fresh session.
 *
 * @event {LatchImportEvent} latch-import - The user imported a private key: `detail.privateKeyId`, `detail.addresses`.
 * @event {LatchImportWalletEvent} latch-import-wallet - The user imported a recovery phrase: `detail.walletId`, `detail.addresses`.
 * @event {LatchErrorEvent} latch-error - The import failed: `detail.error` (a LatchError).
 *
 * @csspart base - The card (alone on a page).
 * @csspart title - The heading (alone on a page).
 * @csspart error - The error message, an assertive live region (alone on a page).
 * @csspart signed-out - The "log in" prompt (alone on a page).
 * @csspart import - The import section (a form).
 * @csspart import-mode - The "recovery phrase / private key" choice.
 * @csspart import-name - The wallet's or key's name input.
 * @csspart import-phrase - The masked recovery phrase input.
 * @csspart import-accounts - The accounts to derive from a phrase (checkboxes).
 * @csspart import-key - The masked private key input.
 * @csspart import-detected - What the key was recognised as (hex, WIF, Solana).
 * @csspart import-curve - The curve select (hex keys).
 * @csspart import-formats - The address format checkboxes.
 * @csspart import-submit - The "Import" button.
 * @csspart import-result - The imported wallet's or key's addresses.
 * @csspart step-up - "Confirm it's you" (`<latch-step-up>`), when the service wants a recent login first.
 * @csspart field-error - A field's validation message.
 * @csspart announcer - The visually hidden polite live region (alone on a page).
 *
 * @cssproperty --accent - Primary color of this element (the `accent` attribute).
 */
export class LatchWalletImport extends WalletSectionElement {
  static override readonly tag = 'latch-wallet-import';

  /** What the form imports first: `key` (a private key) or `phrase` (a recovery phrase). */
  @property({ reflect: true }) mode: ImportMode = 'key';

  @state() private curve: Curve = 'CURVE_SECP256K1';
  @state() private shape: KeyShape | null = null;
  @state() private offered: readonly AddressFormat[] = offeredFormats(null, 'CURVE_SECP256K1');
  @state() private formats: ReadonlySet<AddressFormat> = new Set(['ADDRESS_FORMAT_ETHEREUM']);
  @state() private accounts: ReadonlySet<PhraseAccount> = new Set(PHRASE_ACCOUNTS);
  @state() private importing = false;
  /** What was imported: each address with its label (format or chain). */
  @state() private imported: Array<{ label: string; address: string }> | null = null;
  @state() private errors: Partial<Record<ImportField, string>> = {};
  readonly #stepUp = new StepUpController(this, () => (this.outlet ? 4 : 3));

  protected override sessionChanged(_session: SigningSession | null, change: SessionChange): void {
    if (change.sameUser) return; // a step-up's fresh login: the same accounts, keep what is shown
    this.imported = null;
    this.errors = {};
  }

  protected override render(): TemplateResult {
    return this.frame('import', 'import-title', this.t('wallet.import.heading'), this.#renderFields(), this.#onImport);
  }

  #renderFields(): TemplateResult {
    const phrase = this.mode === 'phrase';
    const host = { t: this.t.bind(this), errors: this.errors };
    return html`
      <fieldset part="import-mode" class="row">
        <legend>${this.t('wallet.import.mode')}</legend>
        ${(['phrase', 'key'] as const).map(
          (mode) => html`<label class="check">
            <input type="radio" name="mode" value=${mode} .checked=${this.mode === mode} @change=${this.#onMode} />
            ${this.t(mode === 'phrase' ? 'wallet.import.modePhrase' : 'wallet.import.modeKey')}
          </label>`,
        )}
      </fieldset>
      ${phrase ? nameField(host, 'wallet.import.walletName', 'wallet.import.defaultWalletName') : nameField(host, 'wallet.import.name', 'wallet.import.defaultName')}
      ${phrase
        ? phraseFields(host, this.accounts, this.#onAccount)
        : keyFields(host, { shape: this.shape, curve: this.curve, offered: this.offered, formats: this.formats }, { input: this.#onKeyInput, curve: this.#onCurve, format: this.#onFormat })}
      <div class="row">
        <button part="import-submit" class="primary" type="submit" aria-disabled=${this.importing ? 'true' : 'false'}>
          ${this.importing ? this.t('wallet.import.importing') : this.t('wallet.import.submit')}
        </button>
      </div>
      ${this.#stepUp.render()}
      ${this.imported
        ? html`<div part="import-result" class="result">
            <p class="success" id="imported-title">${this.t(phrase ? 'wallet.import.walletDone' : 'wallet.import.done')}</p>
            <dl aria-labelledby="imported-title">${this.imported.map((a) => html`<dt>${a.label}</dt><dd><code>${a.address}</code></dd>`)}</dl>
          </div>`
        : nothing}
    `;
  }

  readonly #onMode = (event: Event): void => {
    this.mode = (event.target as HTMLInputElement).value as ImportMode;
    this.errors = {};
    this.imported = null;
  };

  readonly #onAccount = (event: Event): void => {
    const box = event.target as HTMLInputElement;
    const next = new Set(this.accounts);
    if (box.checked) next.add(box.value as PhraseAccount);
    else next.delete(box.value as PhraseAccount);
    this.accounts = next;
    if (next.size > 0 && this.errors.accounts) this.errors = { ...this.errors, accounts: undefined };
  };

  /** Only the key's shape is kept (hex, WIF, Solana), never the key: it locks the curve and suggests formats. */
  readonly #onKeyInput = (event: Event): void => {
    const text = (event.target as HTMLInputElement).value;
    const shape = keyShape(text);
    const offered = offeredFormats(shape, this.curve, text);
    if (shape === this.shape && offered.join() === this.offered.join()) return;
    this.shape = shape;
    this.offered = offered;
    this.formats = new Set(offered.slice(0, 1));
  };

  readonly #onCurve = (event: Event): void => {
    this.curve = (event.target as HTMLSelectElement).value as Curve;
    this.offered = offeredFormats(this.shape, this.curve);
    this.formats = new Set(this.offered.slice(0, 1));
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
    const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
    const name = field('name').value.trim();
    // The secret is read once and the field emptied at once, whatever happens next.
    const secretInput = field(this.mode === 'phrase' ? 'import-phrase' : 'import-key');
    const secret = secretInput.value;
    secretInput.value = '';
    if (this.mode === 'phrase') await this.#importPhrase(session, name, secret);
    else await this.#importKey(session, name, secret);
  };

  async #checked(errors: Partial<Record<ImportField, string>>): Promise<boolean> {
    this.errors = errors;
    const first = (['name', 'phrase', 'accounts', 'key', 'formats'] as const).find((f) => errors[f]);
    if (!first) return true;
    await this.updateComplete;
    this.focusInside(first === 'formats' || first === 'accounts' ? `[part="import-${first}"] input` : `#import-${first}`);
    return false;
  }

  async #importPhrase(session: SigningSession, walletName: string, phrase: string): Promise<void> {
    const words = phrase.trim() ? phrase.trim().split(/\s+/).length : 0;
    const chosen = PHRASE_ACCOUNTS.filter((a) => this.accounts.has(a));
    const errors: Partial<Record<ImportField, string>> = {};
    if (!walletName) errors.name = this.t('wallet.import.walletNameMissing');
    if (words !== 12 && words !== 24) errors.phrase = this.t('wallet.import.phraseLength');
    if (chosen.length === 0) errors.accounts = this.t('wallet.import.accountsMissing');
    if (!(await this.#checked(errors))) return;
    await this.#run(async () => {
      const { importWallet } = await import('../../src/account/import-wallet.ts');
      const enclavePublicKey = this.kitSession.kit?.options.enclavePublicKey;
      const accounts = chosen.map((a) => ({ ...ACCOUNT_PARAMS[a] }));
      const result = await this.#stepUp.run(() => importWallet(this.session ?? session, phrase, accounts, { walletName, ...(enclavePublicKey ? { enclavePublicKey } : {}) }));
      this.imported = result.addresses.map((address, i) => ({ label: addressFormatLabel(accounts[i]!.addressFormat, this), address }));
      this.outlet?.accountsChanged();
      return new LatchImportWalletEvent(result);
    });
  }

  async #importKey(session: SigningSession, privateKeyName: string, text: string): Promise<void> {
    const errors: Partial<Record<ImportField, string>> = {};
    if (!privateKeyName) errors.name = this.t('wallet.import.nameMissing');
    const chosen = this.offered.filter((f) => this.formats.has(f));
    // Its shape now, with the other fields (no code to load); its checksum and key pair on import.
    if (!keyShape(text)) errors.key = this.t('error.ERR_PRIVATE_KEY_FORMAT');
    if (chosen.length === 0) errors.formats = this.t('wallet.import.formatsMissing');
    if (!(await this.#checked(errors))) return;
    await this.#run(async () => {
      const [{ parsePrivateKey }, { importPrivateKey }] = await Promise.all([import('../../src/account/private-key-formats.ts'), import('../../src/session/session-import.ts')]);
      const parsed = parsePrivateKey(text, this.curve);
      try {
        const curve = parsed.curve ?? this.curve;
        // A key set without typing (pasted by a script) was not seen: its own formats, the first ticked.
        const fits = offeredFormats(parsed.format === 'hex' ? null : parsed.format, curve, parsed.format === 'wif' ? text : '');
        const formats = chosen.filter((f) => fits.includes(f));
        const addressFormats = formats.length > 0 ? formats : (parsed.suggestedFormats.length > 0 ? parsed.suggestedFormats : fits).slice(0, 1);
        const enclavePublicKey = this.kitSession.kit?.options.enclavePublicKey;
        const result = await this.#stepUp.run(() =>
          importPrivateKey(this.session ?? session, {
            // A copy each time: the import zeroes what it is given, and a step-up runs it again.
            privateKey: parsed.privateKey.slice(),
            curve,
            addressFormats,
            privateKeyName,
            ...(enclavePublicKey ? { enclavePublicKey } : {}),
          }),
        );
        this.imported = result.addresses.map((a) => ({ label: addressFormatLabel(a.format, this), address: a.address }));
        this.shape = null;
        this.outlet?.accountsChanged();
        return new LatchImportEvent({ privateKeyId: result.privateKeyId, addresses: result.addresses });
      } finally {
        parsed.privateKey.fill(0);
      }
    });
  }

  /** Runs an import: busy state, announcements; a refused secret shows at its field, other failures as errors. */
  async #run(work: () => Promise<Event>): Promise<void> {
    this.importing = true;
    this.announce(this.t('wallet.import.importing'));
    this.imported = null;
    this.showError('');
    try {
      const done = await work();
      this.announce(this.t(this.mode === 'phrase' ? 'wallet.import.walletDone' : 'wallet.import.done'));
      this.dispatchEvent(done);
    } catch (error) {
      const field = this.mode === 'phrase' ? 'phrase' : 'key';
      if (isLatchError(error) && (error.code === 'ERR_MNEMONIC_INVALID' || error.code.startsWith('ERR_PRIVATE_KEY_'))) {
        await this.#checked({ [field]: this.errorText(error) });
      } else {
        this.fail(error, true);
      }
    } finally {
      this.importing = false;
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'latch-wallet-import': LatchWalletImport;
  }
}
