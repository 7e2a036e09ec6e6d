import { html, nothing, type TemplateResult } from 'lit';
import type { AccountRemoval } from '../../src/account/user-account.ts';
import type { MessageKey, MessageParams } from '../i18n/messages.ts';

/** One row of a `<latch-account>` list: a passkey, a linked login, a session or a linked wallet. */
export interface AccountListItem {
  id: string;
  part: string;
  label: string;
  detail: string;
  /** `ltr` for a detail that reads left to right in any language (an address). */
  detailDir?: 'ltr';
  current?: boolean;
  action: string;
  actionLabel: string;
  removal: AccountRemoval;
}

export interface AccountListOptions {
  name: 'passkeys' | 'providers' | 'sessions' | 'wallets';
  title: MessageKey;
  empty: MessageKey;
  items: AccountListItem[];
  /** What follows the list in its section (Add a passkey, Link a login, Link a wallet). */
  extra?: TemplateResult | typeof nothing;
  /** The element's wait: `remove:<id>` marks that row's button busy; any wait disables the buttons. */
  busy: string | null;
  t: (key: MessageKey, params?: MessageParams) => string;
  onRemove: (item: AccountListItem) => void;
}

/** A section with its heading (focusable, for focus after a removal), its rows and their buttons. */
export function renderAccountList(o: AccountListOptions): TemplateResult {
  return html`<section part=${o.name} class="section" aria-labelledby="${o.name}-heading">
    <h3 id="${o.name}-heading" tabindex="-1">${o.t(o.title)}</h3>
    ${o.items.length === 0
      ? html`<p class="muted">${o.t(o.empty)}</p>`
      : html`<ul class="list">
          ${o.items.map(
            (item) => html`<li part=${item.part} class="item" data-id=${item.id}>
              <span class="item-text">
                <span>${item.label} ${item.current ? html`<span part="current" class="current">(${o.t('account.thisSession')})</span>` : nothing}</span>
                <span class=${item.detailDir ? 'muted contact' : 'muted'} dir=${item.detailDir ?? nothing}>${item.detail}</span>
              </span>
              <button
                part="remove"
                class="small"
                type="button"
                aria-label=${item.actionLabel}
                aria-disabled=${o.busy ? 'true' : 'false'}
                aria-busy=${o.busy === `remove:${item.id}` ? 'true' : 'false'}
                @click=${() => o.onRemove(item)}
              >
                ${o.busy === `remove:${item.id}` ? o.t('account.removing') : item.action}
              </button>
            </li>`,
          )}
        </ul>`}
    ${o.extra ?? nothing}
  </section>`;
}
