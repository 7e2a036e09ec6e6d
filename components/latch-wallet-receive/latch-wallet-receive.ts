import { css, html, nothing, svg, type PropertyValues, type TemplateResult } from 'lit';
import { AnnouncerController } from '../internal/announcer-controller.ts';
import { CopyController } from '../internal/copy-controller.ts';
import { LatchCopyEvent } from '../latch-wallet/wallet-events.ts';
import { LatchElement } from '../internal/latch-element.ts';
import { controlStyles } from '../styles/control-styles.ts';
import './receive-messages.ts';

/** How the QR modules are drawn: one SVG path, a unit per module, inside a quiet zone. */
function qrPath(modules: readonly (readonly boolean[])[]): string {
  let path = '';
  modules.forEach((row, y) => row.forEach((dark, x) => (path += dark ? `M${x} ${y}h1v1h-1z` : '')));
  return path;
}

/**
 * @summary An address to receive on: the address in full, its QR code and a Copy button whose
 * success is said in a polite live region. The QR encoder (the `qr` package) loads only when an
 * address is shown; while it loads, and if it fails, the address and Copy are there already.
 *
 * `<latch-wallet>` shows it under an account's balances ("Receive"); a page can use it alone.
 *
 * @event {LatchCopyEvent} latch-copy - The user copied the address: `detail.address`.
 *
 * @csspart receive - The block.
 * @csspart receive-address - The address, in full.
 * @csspart receive-qr - The QR code (an SVG image of the address).
 * @csspart receive-copy - The "Copy address" button.
 * @csspart receive-hint - Which chain's assets to send here.
 * @csspart receive-error - Said when the address could not be copied or the QR code drawn.
 * @csspart announcer - The visually hidden polite live region ("Address copied.").
 *
 * @cssproperty --accent - Primary color of this element (the `accent` attribute).
 */
export class LatchWalletReceive extends LatchElement {
  static override readonly tag = 'latch-wallet-receive';
  static override styles = [
    LatchElement.styles,
    controlStyles,
    css`
      .receive {
        display: flex;
        flex-direction: column;
        align-items: center;
        gap: var(--_space-sm);
        text-align: center;
      }
      /* Dark modules on white in every theme: scanners read a light quiet zone best. */
      svg {
        inline-size: min(12rem, 60vw);
        block-size: auto;
        background: #fff;
        border-radius: var(--_radius);
      }
      code {
        overflow-wrap: anywhere;
        font-size: var(--_font-size-sm);
      }
      .placeholder {
        inline-size: min(12rem, 60vw);
        aspect-ratio: 1;
      }
    `,
  ];

  static override properties = {
    address: {},
    chain: {},
    modules: { state: true },
    failure: { state: true },
  };

  /** The address to receive on. */
  address = '';
  /** The chain's name, said in the hint ("Ethereum", "Solana"). */
  chain = '';

  private modules: boolean[][] | null = null;
  private failure = '';

  readonly #announcer = new AnnouncerController(this);
  readonly #copy = new CopyController<string>(this);
  #drawing = 0;
  #drawn: Promise<void> = Promise.resolve();

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('address')) this.#drawn = this.#draw(this.address);
  }

  async #draw(address: string): Promise<void> {
    const ticket = ++this.#drawing;
    this.modules = null;
    this.failure = '';
    if (!address) return;
    try {
      const { encodeQR } = await import('qr');
      if (ticket !== this.#drawing) return;
      this.modules = encodeQR(address, 'raw', { ecc: 'medium', border: 4 });
    } catch {
      if (ticket === this.#drawing) this.failure = this.t('wallet.receive.qrFailed');
    }
  }

  /** Waits for the QR code too, so `await receive.updateComplete` means it is drawn (or failed). */
  protected override async getUpdateComplete(): Promise<boolean> {
    const done = await super.getUpdateComplete();
    await this.#drawn;
    return (await super.getUpdateComplete()) && done;
  }

  async #onCopy(): Promise<void> {
    const address = this.address;
    if (!(await this.#copy.copy(address, address))) {
      this.failure = this.t('wallet.receive.copyFailed');
      return;
    }
    this.failure = '';
    this.#announcer.announce(this.t('wallet.receive.copied'));
    this.dispatchEvent(new LatchCopyEvent({ address }));
  }

  protected override render(): TemplateResult {
    const size = this.modules?.length ?? 0;
    return html`<div part="receive" class="receive">
      ${this.modules
        ? html`<svg part="receive-qr" role="img" aria-label=${this.t('wallet.receive.qr')} viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges">
            ${svg`<path fill="#000" d=${qrPath(this.modules)}></path>`}
          </svg>`
        : html`<div class="placeholder" aria-hidden="true"></div>`}
      <code part="receive-address" id="receive-address">${this.address}</code>
      ${this.chain ? html`<p part="receive-hint" class="muted">${this.t('wallet.receive.hint', { chain: this.chain })}</p>` : nothing}
      <button part="receive-copy" type="button" aria-describedby="receive-address" @click=${this.#onCopy}>
        ${this.#copy.isCopied(this.address) ? this.t('common.copied') : this.t('wallet.receive.copy')}
      </button>
      <div part="receive-error" class="error" aria-live="assertive" aria-atomic="true">${this.failure}</div>
      ${this.#announcer.render()}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'latch-wallet-receive': LatchWalletReceive;
  }
}
