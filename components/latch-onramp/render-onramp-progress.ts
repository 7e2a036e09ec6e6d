import { html, nothing, type TemplateResult } from 'lit';
import { isFinalOnRampStatus } from '../../src/session/session-status.ts';
import type { MessageKey, MessageParams } from '../i18n/messages.ts';

/** What `<latch-onramp>` shows while a purchase is open. */
export interface OnrampProgressState {
  /** The purchase's raw status ('' before the first read). */
  status: string;
  /** Where the provider's page opened: the window opened in the click, or only the link. */
  opened: 'popup' | 'link';
  /** The provider's page. */
  url: string;
  /** The status reads ran out before it was final. */
  exhausted: boolean;
  t: (key: MessageKey, params?: MessageParams) => string;
  onAgain: () => void;
  onCheck: () => void;
}

/** A status in words; one the kit does not know shows as "In progress (CODE)" (after the "Status:" label, never "Status: Status: …"). */
export function onrampStatusText(status: string, t: (key: MessageKey, params?: MessageParams) => string): string {
  if (status === 'PENDING' || status === 'COMPLETED' || status === 'FAILED') return t(`onramp.status.${status}`);
  return t('onramp.status.other', { status });
}

/** Where the provider's page is, the status, and "Check now" (or "Start another purchase" once final). */
export function renderOnrampProgress(s: OnrampProgressState): TemplateResult {
  const status = s.status;
  const t = s.t;
  const final = status !== '' && isFinalOnRampStatus(status);
  return html`
    <div part="progress" class="progress">
      <p part="opened">${s.opened === 'popup' ? t('onramp.opened') : t('onramp.popupBlocked')}</p>
      <a part="provider-link" class="button" href=${s.url} target="_blank" rel="noopener noreferrer">${t('onramp.openLink')}</a>
      <p>
        <span class="label">${t('onramp.statusLabel')}:</span>
        <strong part="status" data-status=${status} class=${status === 'COMPLETED' ? 'success' : status === 'FAILED' ? 'failed' : ''}>
          ${onrampStatusText(status || 'PENDING', t)}
        </strong>
      </p>
      ${s.exhausted && !final ? html`<p class="muted">${t('onramp.stillWaiting')}</p>` : nothing}
      <div class="row">
        ${final
          ? html`<button part="again" type="button" @click=${s.onAgain}>${t('onramp.again')}</button>`
          : html`<button part="check" type="button" @click=${s.onCheck}>${t('onramp.checkNow')}</button>`}
      </div>
    </div>
  `;
}
