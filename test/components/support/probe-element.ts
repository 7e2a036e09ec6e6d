// A minimal LatchElement subclass for testing the foundation the way element authors use it.
import { css, html } from 'lit';
import { property } from 'lit/decorators.js';
import { AnnouncerController } from '../../../components/internal/announcer-controller.ts';
import { CountdownController } from '../../../components/internal/countdown-controller.ts';
import { LatchErrorEvent } from '../../../components/internal/events.ts';
import { FocusTrapController } from '../../../components/internal/focus-trap-controller.ts';
import { LatchElement } from '../../../components/internal/latch-element.ts';
import { LatchError } from '../../../src/errors/latch-error.ts';

export class LatchTestProbe extends LatchElement {
  static override readonly tag = 'latch-test-probe';
  static override styles = [
    LatchElement.styles,
    css`
      .action {
        color: var(--_color-primary);
        /* Its own background: WebKitGTK's default button face (#c0c0c0) fails contrast. */
        background: var(--_color-surface);
        border: 0;
        padding: 0;
        padding-inline-start: var(--_space-lg);
      }
    `,
  ];

  @property() failure = '';

  readonly announcer = new AnnouncerController(this);
  readonly countdown = new CountdownController(this);
  readonly trap = new FocusTrapController(this, () => this.renderRoot.querySelector('[part="dialog"]'));

  protected override render(): unknown {
    return html`<div part="base">
      <button part="action" class="action" type="button" @click=${this.#fail}>${this.t('login.sendCode')}</button>
      <p part="error">${this.failure ? this.errorText({ code: this.failure }) : ''}</p>
      <div part="dialog">
        <button part="first" type="button">${this.t('common.cancel')}</button>
        <slot></slot>
        <button part="last" type="button">${this.t('common.continue')}</button>
      </div>
      ${this.announcer.render()}
    </div>`;
  }

  #fail(): void {
    this.dispatchEvent(new LatchErrorEvent({ error: new LatchError('ERR_NETWORK_FAILED', 'Network down.') }));
  }
}

LatchTestProbe.define();

declare global {
  interface HTMLElementTagNameMap {
    'latch-test-probe': LatchTestProbe;
  }
}
