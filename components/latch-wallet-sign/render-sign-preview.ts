/**
 * The review step of `<latch-wallet-sign>`: what will be signed, in a form a person can check
 * before pressing Sign. A message shows its text, bytes, hash and signed value; typed data shows
 * its domain (who asks), its type and each field, and the signed digest. Values are text nodes,
 * never markup, so a hostile message cannot style or script the preview.
 */
import { html, type TemplateResult } from 'lit';
import type { LatchElement } from '../internal/latch-element.ts';
import { HASH_LABELS, type MessagePreview } from '../latch-wallet/message-preview.ts';
import type { TypedDataPreview } from './typed-data-preview.ts';

type Translator = Pick<LatchElement, 't'>;

export function renderMessagePreview(preview: MessagePreview, el: Translator): TemplateResult {
  const hash = preview.hash === 'NONE' ? el.t('wallet.sign.hashNone') : HASH_LABELS[preview.hash];
  return html`
    <div part="sign-preview" class="preview" role="group" aria-labelledby="preview-title">
      <p id="preview-title">${el.t('wallet.sign.preview')}</p>
      <dl>
        <dt>${el.t('wallet.sign.text')}</dt>
        <dd class="message-text">${preview.text}</dd>
        <dt>${el.t('wallet.sign.encoding')}</dt>
        <dd>${el.t('wallet.sign.encodingValue')}</dd>
        <dt>${el.t('wallet.sign.bytes')}</dt>
        <dd><code>0x${preview.bytesHex}</code></dd>
        <dt>${el.t('wallet.sign.hash')}</dt>
        <dd>${hash}</dd>
        <dt>${el.t('wallet.sign.digest')}</dt>
        <dd><code data-value="payload">0x${preview.payloadHex}</code></dd>
      </dl>
    </div>
  `;
}

const rows = (entries: readonly [string, string][], part: string) =>
  html`<dl part=${part}>${entries.map(([name, value]) => html`<dt class="mono">${name}</dt><dd class="message-text" data-field=${name}>${value}</dd>`)}</dl>`;

export function renderTypedDataPreview(preview: TypedDataPreview, el: Translator): TemplateResult {
  return html`
    <div part="sign-preview" class="preview" role="group" aria-labelledby="preview-title">
      <p id="preview-title">${el.t('wallet.sign.preview')}</p>
      <p id="domain-title" class="label">${el.t('wallet.sign.domain')}</p>
      <div role="group" aria-labelledby="domain-title">${rows(preview.domain, 'sign-domain')}</div>
      <p id="fields-title" class="label">${el.t('wallet.sign.fields', { type: preview.primaryType })}</p>
      <div role="group" aria-labelledby="fields-title">${rows(preview.fields, 'sign-fields')}</div>
      <dl>
        <dt>${el.t('wallet.sign.hash')}</dt>
        <dd>${el.t('wallet.sign.hashTypedData')}</dd>
        <dt>${el.t('wallet.sign.digest')}</dt>
        <dd><code data-value="payload">0x${preview.payloadHex}</code></dd>
      </dl>
    </div>
  `;
}
