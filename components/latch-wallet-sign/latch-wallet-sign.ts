import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { SignRawPayloadResult, WalletAccount } from '../../src/clients/activity-types.ts';
import { LatchError } from '../../src/errors/latch-error.ts';
import { toLatchError } from '../../src/kit/to-latch-error.ts';
import type { SigningSession } from '../../src/session/signing-session.ts';
import { shortId } from '../internal/copy-text.ts';
import { WalletSectionElement } from '../internal/wallet-section-element.ts';
import type { SessionChange } from '../internal/kit-session-controller.ts';
import { addressFormatLabel } from '../latch-wallet/address-labels.ts';
import { previewMessage, type MessagePreview } from '../latch-wallet/message-preview.ts';
import { LatchSignEvent } from '../latch-wallet/wallet-events.ts';
import { renderMessagePreview, renderTypedDataPreview } from './render-sign-preview.ts';
import { previewTypedData, type TypedDataPreview } from './typed-data-preview.ts';
import type { SignRequest } from './confirm-sign-request.ts';

export type { SignRequest } from './confirm-sign-request.ts';

type SignKind = 'message' | 'typed-data';

/**
 * @summary Signs a text message, or EIP-712 typed data with an Ethereum account, after showing
 * exactly what will be signed: the text, its bytes and the signed digest (EIP-191 for Ethereum,
 * BIP-137 for Bitcoin); for typed data the domain, the type and each field. Nothing is sent
 * before the explicit Sign. Alone on a page it lists the user's accounts itself; inside
 * `<latch-wallet>` it signs with the accounts the wallet shows.
 *
 * A page may ask for a given signature instead of the form: `sign(request)` (a message or typed
 * data, with an Ethereum account) shows it on the confirmation sheet, with the same review as
 * every provider request, and signs only when the person approves.
 *
 * @event {LatchSignEvent} latch-sign - The user signed: `detail.address`, `detail.message` (the text, or the typed data's JSON), `detail.typedData` (typed data only), `detail.parameters`, `detail.signature` (`r`, `s`, `v`).
 * @event {LatchErrorEvent} latch-error - Signing failed: `detail.error` (a LatchError).
 *
 * @csspart base - The card (alone on a page).
 * @csspart title - The heading (alone on a page).
 * @csspart error - The error message, an assertive live region (alone on a page).
 * @csspart signed-out - The "log in" prompt (alone on a page).
 * @csspart empty - The "no accounts" text (alone on a page, for a user without accounts).
 * @csspart sign - The signing section.
 * @csspart sign-account - The account select.
 * @csspart sign-kind - The "message or typed data" choice (Ethereum accounts).
 * @csspart sign-message - The message textarea.
 * @csspart sign-typed-data - The typed data (JSON) textarea.
 * @csspart sign-review - The "Review" button.
 * @csspart sign-preview - The preview of what will be signed.
 * @csspart sign-domain - The typed data's domain fields.
 * @csspart sign-fields - The typed data's message fields.
 * @csspart sign-button - The "Sign" button.
 * @csspart sign-edit - The "Edit" button.
 * @csspart signature - The signature (r, s, v).
 * @csspart field-error - A field's validation message.
 * @csspart announcer - The visually hidden polite live region (alone on a page).
 *
 * @cssproperty --accent - Primary color of this element (the `accent` attribute).
 */
export class LatchWalletSign extends WalletSectionElement {
  static override readonly tag = 'latch-wallet-sign';

  /** Sign only with this wallet's accounts (alone on a page). */
  @property({ attribute: 'wallet-id' }) walletId: string | undefined;

  /** The EIP-155 chain a preset request is shown on (typed data names its own in its domain). */
  @property({ type: Number, attribute: 'chain-id' }) chainId = 1;

  /** The accounts to sign with. Unset, the element lists the user's accounts itself. */
  @property({ attribute: false }) accounts: readonly WalletAccount[] | undefined;

  @state() private ownAccounts: readonly WalletAccount[] = [];
  @state() private signWith = '';
  @state() private kind: SignKind = 'message';
  @state() private message = '';
  @state() private typedDataText = '';
  @state() private preview: MessagePreview | TypedDataPreview | null = null;
  @state() private signing = false;
  @state() private signature: SignRawPayloadResult | null = null;
  @state() private fieldError: string | undefined;

  get #accounts(): readonly WalletAccount[] {
    return this.accounts ?? this.ownAccounts;
  }

  get #account(): WalletAccount | undefined {
    return this.#accounts.find((a) => a.address === this.signWith);
  }

  protected override sessionChanged(session: SigningSession | null, change: SessionChange): void {
    if (change.sameUser) return; // a step-up's fresh login: the same accounts, keep what is shown
    this.ownAccounts = [];
    this.preview = null;
    this.signature = null;
    this.fieldError = undefined;
    if (session && !this.accounts) void this.#loadOwn(session);
  }

  #loadOwn(session: SigningSession): Promise<void> {
    return this.listOwn(session, { walletId: this.walletId }, (found) => (this.ownAccounts = found));
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    // Alone on a page, another wallet-id means other accounts to offer: list them again.
    if (this.hasUpdated && changed.has('walletId') && this.session && !this.accounts) void this.#loadOwn(this.session);
    // The account signed with stays while it is listed; otherwise the first one is chosen.
    if (!this.#accounts.some((a) => a.address === this.signWith)) this.signWith = this.#accounts[0]?.address ?? '';
    if (this.kind === 'typed-data' && this.#account?.addressFormat !== 'ADDRESS_FORMAT_ETHEREUM') this.kind = 'message';
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    this.syncSelect('#sign-account', this.signWith);
  }

  protected override render(): TemplateResult {
    return this.frame('sign', 'sign-title', this.t('wallet.sign.title'), this.#accounts.length > 0 ? this.#renderBody() : html`<p part="empty" class="muted">${this.t('wallet.empty')}</p>`);
  }

  #renderBody(): TemplateResult {
    const preview = this.preview;
    return html`
      <div class="field">
        <label for="sign-account">${this.t('wallet.sign.account')}</label>
        <select part="sign-account" id="sign-account" .value=${this.signWith} ?disabled=${this.signing} @change=${this.#onSignAccount}>
          ${this.#accounts.map((a) => html`<option value=${a.address} ?selected=${a.address === this.signWith}>${addressFormatLabel(a.addressFormat, this)} · ${shortId(a.address, 8, 6)}</option>`)}
        </select>
      </div>
      ${this.signature ? this.#renderSignature(this.signature) : preview ? this.#renderReview(preview) : this.#renderInput()}
    `;
  }

  #renderInput(): TemplateResult {
    const typed = this.kind === 'typed-data';
    const id = typed ? 'sign-typed-data' : 'sign-message';
    const error = this.fieldError;
    return html`
      ${this.#account?.addressFormat === 'ADDRESS_FORMAT_ETHEREUM'
        ? html`<fieldset part="sign-kind" class="row">
            <legend>${this.t('wallet.sign.kind')}</legend>
            ${(['message', 'typed-data'] as const).map(
              (kind) => html`<label class="check">
                <input type="radio" name="kind" value=${kind} .checked=${this.kind === kind} @change=${this.#onKind} />
                ${this.t(kind === 'message' ? 'wallet.sign.kindMessage' : 'wallet.sign.kindTypedData')}
              </label>`,
            )}
          </fieldset>`
        : nothing}
      <div class="field">
        <label for=${id}>${this.t(typed ? 'wallet.sign.typedData' : 'wallet.sign.message')}</label>
        <textarea
          part=${id}
          id=${id}
          class=${typed ? 'mono' : ''}
          dir=${typed ? 'ltr' : 'auto'}
          spellcheck=${typed ? 'false' : 'true'}
          .value=${typed ? this.typedDataText : this.message}
          aria-invalid=${error ? 'true' : 'false'}
          aria-describedby=${`${id}-error`}
          @input=${this.#onInput}
        ></textarea>
        <div part="field-error" id=${`${id}-error`} class="field-error">${error ?? nothing}</div>
      </div>
      <div class="row"><button part="sign-review" type="button" @click=${this.#onReview}>${this.t('wallet.sign.review')}</button></div>
    `;
  }

  #renderReview(preview: MessagePreview | TypedDataPreview): TemplateResult {
    return html`
      ${'kind' in preview ? renderTypedDataPreview(preview, this) : renderMessagePreview(preview, this)}
      <div class="row">
        <button part="sign-button" class="primary" type="button" aria-disabled=${this.signing ? 'true' : 'false'} @click=${this.#onSign}>
          ${this.signing ? this.t('wallet.sign.signing') : this.t('wallet.sign.sign')}
        </button>
        <button part="sign-edit" type="button" ?disabled=${this.signing} @click=${this.#onEdit}>${this.t('wallet.sign.edit')}</button>
      </div>
    `;
  }

  #renderSignature(signature: SignRawPayloadResult): TemplateResult {
    return html`
      <p class="success" id="signed-title">${this.t('wallet.sign.signed')}</p>
      <dl part="signature" aria-labelledby="signed-title">
        <dt>r</dt>
        <dd><code data-value="r">${signature.r}</code></dd>
        <dt>s</dt>
        <dd><code data-value="s">${signature.s}</code></dd>
        <dt>v</dt>
        <dd><code data-value="v">${signature.v}</code></dd>
      </dl>
      <div class="row"><button type="button" id="sign-again" @click=${this.#onSignAgain}>${this.t('wallet.sign.again')}</button></div>
    `;
  }

  readonly #onSignAccount = (event: Event): void => {
    this.signWith = (event.target as HTMLSelectElement).value;
    this.preview = null;
    this.signature = null;
  };

  readonly #onKind = (event: Event): void => {
    this.kind = (event.target as HTMLInputElement).value as SignKind;
    this.fieldError = undefined;
  };

  readonly #onInput = (event: Event): void => {
    const value = (event.target as HTMLTextAreaElement).value;
    if (this.kind === 'typed-data') this.typedDataText = value;
    else this.message = value;
    this.fieldError = undefined;
  };

  get #fieldSelector(): string {
    return this.kind === 'typed-data' ? '#sign-typed-data' : '#sign-message';
  }

  readonly #onReview = async (): Promise<void> => {
    const account = this.#account;
    if (!account) return;
    const typed = this.kind === 'typed-data';
    const text = typed ? this.typedDataText : this.message;
    if (text.length === 0) {
      this.fieldError = this.t(typed ? 'wallet.sign.typedDataMissing' : 'wallet.sign.messageMissing');
      await this.updateComplete;
      this.focusInside(this.#fieldSelector);
      return;
    }
    try {
      this.preview = typed ? await previewTypedData(text) : await previewMessage(text, account);
    } catch (error) {
      // Typed data that is not JSON, or does not fit its types, is the field's problem: say so there.
      if (typed && toLatchError(error).code === 'ERR_INPUT_INVALID') {
        this.fieldError = this.t('wallet.sign.typedDataInvalid');
        await this.updateComplete;
        this.focusInside(this.#fieldSelector);
      } else this.fail(error, true);
      return;
    }
    await this.updateComplete;
    this.focusInside('[part="sign-button"]');
  };

  readonly #onEdit = async (): Promise<void> => {
    this.preview = null;
    await this.updateComplete;
    this.focusInside(this.#fieldSelector);
  };

  /**
   * App-initiated: shows `request` on the confirmation sheet (as its RequestReview) and, when the
   * person approves, signs it with the selected Ethereum account (EIP-191 for a message, EIP-712
   * for typed data). Resolves the signature, or null when they reject. ERR_SESSION_MISSING signed
   * out or without an Ethereum account, ERR_INPUT_INVALID for typed data that is not valid; a
   * failed signature is shown in the element (and latch-error) and rejects with its LatchError.
   */
  async sign(request: SignRequest): Promise<SignRawPayloadResult | null> {
    const session = this.session;
    const account = this.#account?.addressFormat === 'ADDRESS_FORMAT_ETHEREUM' ? this.#account : this.#accounts.find((a) => a.addressFormat === 'ADDRESS_FORMAT_ETHEREUM');
    if (!session || !account) throw new LatchError('ERR_SESSION_MISSING', 'Log in with an Ethereum account first.');
    if (this.signing) throw new LatchError('ERR_INPUT_INVALID', 'A signature is under way.');
    // The review and the sheet load only when a page asks.
    const { confirmSignRequest } = await import('./confirm-sign-request.ts');
    const confirmed = await confirmSignRequest(request, account, { chainId: this.chainId, locale: this.resolvedLocale });
    if (!confirmed) return null;
    const { text, preview } = confirmed;
    const typed = 'kind' in preview;
    if (session !== this.session) throw new LatchError('ERR_SESSION_MISSING', 'The session changed while the person read the request.');
    this.signWith = account.address;
    this.kind = typed ? 'typed-data' : 'message';
    if (typed) this.typedDataText = text;
    else this.message = text;
    this.preview = preview;
    return this.#signPreview(preview, session, true);
  }

  readonly #onSign = async (): Promise<void> => {
    const preview = this.preview;
    const session = this.session;
    if (!preview || !session || this.signing) return;
    await this.#signPreview(preview, session);
  };

  /** Signs what `preview` shows: the signature, or null when it failed (shown, latch-error; thrown with `rethrow`). */
  async #signPreview(preview: MessagePreview | TypedDataPreview, session: SigningSession, rethrow = false): Promise<SignRawPayloadResult | null> {
    const address = this.signWith;
    const parameters = { signWith: address, ...preview.parameters };
    this.signing = true;
    this.announce(this.t('wallet.sign.signing'));
    this.showError('');
    try {
      const signature = await session.signRawPayload(parameters);
      if (session !== this.session) return null;
      this.signature = signature;
      this.preview = null;
      this.announce(this.t('wallet.sign.signed'));
      this.dispatchEvent(new LatchSignEvent({ address, message: preview.text, parameters, signature, ...('kind' in preview ? { typedData: preview.typedData } : {}) }));
      await this.updateComplete;
      this.focusInside('#sign-again');
      return signature;
    } catch (error) {
      this.fail(error, true);
      if (rethrow) throw toLatchError(error);
      return null;
    } finally {
      this.signing = false;
    }
  }

  readonly #onSignAgain = async (): Promise<void> => {
    this.signature = null;
    if (this.kind === 'typed-data') this.typedDataText = '';
    else this.message = '';
    await this.updateComplete;
    this.focusInside(this.#fieldSelector);
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'latch-wallet-sign': LatchWalletSign;
  }
}
