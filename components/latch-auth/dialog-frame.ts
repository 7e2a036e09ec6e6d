/**
 * `<latch-auth modal>`'s frame: the backdrop, the dialog and its close button, the ways to dismiss
 * it (Escape, the close button, the backdrop: `latch-cancel`), and the focus trap and inert page
 * of ModalDialog, whose chunk loads when `modal` is first set (so it is there before `show()`).
 */
import { html, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { MessageKey } from '../i18n/messages.ts';
import { LatchCancelEvent } from './latch-cancel-event.ts';
import type { ModalDialog } from './modal-dialog.ts';

let modalDialog: Promise<{ ModalDialog: typeof ModalDialog }> | undefined;

/** What the frame needs from `<latch-auth>`. */
export interface DialogHost extends ReactiveControllerHost, HTMLElement {
  readonly modal: boolean;
  readonly open: boolean;
  readonly renderRoot: HTMLElement | DocumentFragment;
  t(key: MessageKey): string;
  close(): void;
}

export class DialogFrame {
  readonly #host: DialogHost;
  /** The dialog's focus trap and inert page (a separate chunk, loaded when `modal` is set). */
  #dialog: ModalDialog | undefined;

  constructor(host: DialogHost) {
    this.#host = host;
  }

  /** Opens or closes the dialog as `modal` and `open` say (after they changed). */
  sync(): void {
    const host = this.#host;
    if (host.modal && !this.#dialog) {
      (modalDialog ??= import('./modal-dialog.ts')).then(
        ({ ModalDialog }) => {
          this.#dialog ??= new ModalDialog(host, () => host.renderRoot.querySelector('[part="dialog"]'));
          this.sync();
        },
        () => (modalDialog = undefined), // offline: the next open tries again
      );
    } else if (host.modal && host.open) this.#dialog?.open();
    else this.#dialog?.close();
  }

  /** A new step replaced the one that had focus: while the dialog has focus, its first control takes it. */
  focusFirst(): void {
    if (this.#dialog?.active) this.#dialog.focusFirst();
  }

  readonly #cancel = (): void => {
    this.#host.close();
    this.#host.dispatchEvent(new LatchCancelEvent());
  };

  readonly #onKeydown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape' && this.#host.open && !event.defaultPrevented) {
      event.preventDefault();
      this.#cancel();
    }
  };

  readonly #onBackdrop = (event: Event): void => {
    if (event.target === event.currentTarget) this.#cancel();
  };

  /** The backdrop and the dialog (labelled by the title) around `body`. */
  render(body: TemplateResult): TemplateResult {
    return html`<div part="backdrop" class="backdrop" @click=${this.#onBackdrop}>
      <div part="dialog" class="dialog" role="dialog" aria-modal="true" aria-labelledby="title" tabindex="-1" @keydown=${this.#onKeydown}>
        <button part="close" class="close" type="button" aria-label=${this.#host.t('common.close')} @click=${this.#cancel}>×</button>
        ${body}
      </div>
    </div>`;
  }
}
