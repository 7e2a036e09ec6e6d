/**
 * The key half of `<latch-wallet-export>` (issue 24): which account's or private key's key to
 * export, and the exported key itself: masked until the person shows it, in the formats that fit
 * its account (hexadecimal always; the base58 64-byte secret key Phantom takes for a Solana
 * account; WIF for a secp256k1 key). The key's text is made at render time from the bytes the
 * element holds, and is in the page only while shown.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { WalletAccount } from '../../src/clients/activity-types.ts';
import type * as PrivateKeyFormats from '../../src/account/private-key-formats.ts';
import { toHex } from '../../src/encoding/hex.ts';
import type { LatchElement } from '../internal/latch-element.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { addressFormatLabel } from '../latch-wallet/address-labels.ts';

export type ExportWhat = 'phrase' | 'account' | 'key';
export type KeyFormat = 'hex' | 'solana' | 'wif';

/** What the element knows of an exportable key: enough to pick its formats. */
export interface KeyTarget {
  id: string;
  label: string;
  curve: string;
  /** Its Solana address, when it has one (then the Phantom format fits). */
  solana: boolean;
}

/** The exported key: the bytes, what it is, how it is shown. */
export interface ShownKey {
  bytes: Uint8Array;
  target: KeyTarget;
  format: KeyFormat;
  visible: boolean;
}

type Encoders = typeof PrivateKeyFormats;

export const FORMAT_LABELS: Readonly<Record<KeyFormat, MessageKey>> = {
  hex: 'wallet.export.formatHex',
  solana: 'wallet.export.formatSolana',
  wif: 'wallet.export.formatWif',
};

/** The formats a key fits, its usual one first. */
export function keyFormats(target: KeyTarget): KeyFormat[] {
  if (target.curve === 'CURVE_ED25519') return target.solana ? ['solana', 'hex'] : ['hex'];
  return target.curve === 'CURVE_SECP256K1' ? ['hex', 'wif'] : ['hex'];
}

/** The key's text in `format` (encoders loaded with the export). */
export function keyText(key: ShownKey, encoders: Encoders): string {
  if (key.format === 'solana') return encoders.encodeSolanaSecretKey(key.bytes);
  if (key.format === 'wif') return encoders.encodeWif(key.bytes, 'mainnet', true);
  return toHex(key.bytes);
}

export function accountTarget(account: WalletAccount, el: Pick<LatchElement, 't'>): KeyTarget {
  return {
    id: account.address,
    label: `${account.walletDetails?.walletName ? `${account.walletDetails.walletName} · ` : ''}${addressFormatLabel(account.addressFormat, el)} · ${account.address}`,
    curve: account.curve,
    solana: account.addressFormat === 'ADDRESS_FORMAT_SOLANA',
  };
}

export function privateKeyTarget(key: { privateKeyId: string; privateKeyName: string; curve: string; addresses: { format: string; address: string }[] }): KeyTarget {
  const first = key.addresses[0]?.address;
  return {
    id: key.privateKeyId,
    label: first ? `${key.privateKeyName} · ${first}` : key.privateKeyName,
    curve: key.curve,
    solana: key.addresses.some((a) => a.format === 'ADDRESS_FORMAT_SOLANA'),
  };
}

/** The select of accounts or private keys to export from. */
export function targetSelect(el: Pick<LatchElement, 't'>, what: 'account' | 'key', targets: readonly KeyTarget[], chosen: string, onChange: (event: Event) => void): TemplateResult {
  const id = what === 'account' ? 'export-account' : 'export-private-key';
  return html`<div class="field">
    <label for=${id}>${el.t(what === 'account' ? 'wallet.export.account' : 'wallet.export.privateKey')}</label>
    <select part=${id} id=${id} dir="ltr" @change=${onChange}>
      ${targets.map((t) => html`<option value=${t.id} ?selected=${t.id === chosen}>${t.label}</option>`)}
    </select>
  </div>`;
}

export interface KeyViewHandlers {
  format: (event: Event) => void;
  toggle: () => void;
  copy: () => void;
  done: () => void;
}

/** The exported key: its format, the masked or shown text, Show/Hide, Copy and Done. */
export function keyView(el: Pick<LatchElement, 't'>, key: ShownKey, encoders: Encoders, copied: boolean, on: KeyViewHandlers): TemplateResult {
  const formats = keyFormats(key.target);
  return html`
    <p class="muted" dir="ltr">${key.target.label}</p>
    ${formats.length > 1
      ? html`<div class="field">
          <label for="export-format">${el.t('wallet.export.format')}</label>
          <select part="export-format" id="export-format" @change=${on.format}>
            ${formats.map((f) => html`<option value=${f} ?selected=${f === key.format}>${el.t(FORMAT_LABELS[f])}</option>`)}
          </select>
        </div>`
      : nothing}
    <p id="exported-key-title">${el.t('wallet.export.privateKey')}</p>
    ${key.visible
      ? html`<code part="exported-key" class="mono" dir="ltr" tabindex="-1" aria-labelledby="exported-key-title">${keyText(key, encoders)}</code>`
      : html`<code part="exported-key" class="mono" tabindex="-1" aria-label=${el.t('wallet.export.masked')}>••••••••••••••••</code>`}
    <div class="row">
      <button part="key-reveal" type="button" aria-pressed=${key.visible ? 'true' : 'false'} @click=${on.toggle}>
        ${el.t(key.visible ? 'wallet.export.conceal' : 'wallet.export.show')}
      </button>
      <button part="key-copy" type="button" @click=${on.copy}>${copied ? el.t('common.copied') : el.t('wallet.export.copyKey')}</button>
      <button part="hide" class="primary" type="button" @click=${on.done}>${el.t('wallet.export.done')}</button>
    </div>
  `;
}
