/**
 * The body of `<latch-confirm>`: any RequestReview, whatever its chain, drawn the same way. Keys
 * (labels, section titles, warnings) are translated; values are data and shown as they are, in
 * the direction they are written (addresses, hex and amounts left to right inside a right-to-left
 * sheet); dates are formatted for the locale, with the exact UTC value kept in `datetime`.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { MessageKey, MessageParams } from '../i18n/messages.ts';
import { formatUnits, isUnlimitedAmount } from '../../src/review/evm-format.ts';
import type { AssetChange, RequestReview, ReviewRow, ReviewSection } from '../../src/review/request-review.ts';

export interface ReviewText {
  t(key: MessageKey, params?: MessageParams): string;
  readonly resolvedLocale: string;
}

function renderValue(row: ReviewRow, host: ReviewText): TemplateResult {
  switch (row.format) {
    case 'address':
    case 'hex':
    case 'code':
      return html`<code part="value" class="mono" dir="ltr">${row.value}</code>`;
    case 'amount':
      return html`<span part="value" dir="ltr"><bdi>${row.value}</bdi></span>`;
    case 'date': {
      const date = new Date(row.value);
      if (Number.isNaN(date.getTime())) return html`<span part="value" dir="ltr">${row.value}</span>`;
      const shown = new Intl.DateTimeFormat(host.resolvedLocale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(date);
      return html`<time part="value" datetime=${row.value}>${host.t('confirm.dateUtc', { date: shown })}</time>`;
    }
    default:
      return html`<span part="value" class="text" dir="auto">${row.value}</span>`;
  }
}

function renderRows(rows: readonly ReviewRow[], host: ReviewText): TemplateResult {
  return html`<dl part="rows" class="rows">
    ${rows.map(
      (row) => html`<div part="row" class="row" data-label=${row.label ?? nothing}>
        <dt part="label">${row.label ? host.t(`confirm.label.${row.label}`) : html`<code class="mono" dir="ltr">${row.name}</code>`}</dt>
        <dd>${renderValue(row, host)}</dd>
      </div>`,
    )}
  </dl>`;
}

/**
 * A section's title; a title the review repeats (a Solana transaction's instructions) is
 * numbered, "Instruction 2 of 3", so each section, a labelled region, has its own name.
 */
function sectionTitle(section: ReviewSection, sections: readonly ReviewSection[], host: ReviewText): string {
  const title = host.t(`confirm.section.${section.title}`);
  const same = sections.filter((s) => s.title === section.title);
  return same.length > 1 ? host.t('confirm.sectionOf', { title, index: same.indexOf(section) + 1, count: same.length }) : title;
}

function renderSection(section: ReviewSection, index: number, sections: readonly ReviewSection[], host: ReviewText): TemplateResult {
  const id = `section-${index}`;
  return html`<section part="section" class="section" data-section=${section.title} aria-labelledby=${id}>
    <h3 id=${id} part="section-title">${sectionTitle(section, sections, host)}</h3>
    ${section.heading ? html`<p part="section-heading"><code class="mono" dir="ltr">${section.heading}</code></p>` : nothing}
    ${section.warnings?.length
      ? html`<ul part="section-warnings" class="section-warnings">${section.warnings.map((w) => html`<li data-warning=${w}>${host.t(`confirm.warning.${w}`)}</li>`)}</ul>`
      : nothing}
    ${renderRows(section.rows, host)}
  </section>`;
}

/** Who asks, for which account, on which chain. */
export function renderContext(review: RequestReview, host: ReviewText): TemplateResult {
  const chain = review.chain.name ? `${review.chain.name} (${review.chain.id})` : review.chain.id;
  return html`<dl part="context" class="rows context">
    <div class="row" data-label="origin"><dt part="label">${host.t('confirm.origin')}</dt>
      <dd><code part="origin" class="mono" dir="ltr">${review.origin || host.t('confirm.unknownOrigin')}</code></dd></div>
    <div class="row" data-label="account"><dt part="label">${host.t('confirm.account')}</dt>
      <dd><code part="account" class="mono" dir="ltr">${review.account}</code></dd></div>
    <div class="row" data-label="chain"><dt part="label">${host.t('confirm.chain')}</dt>
      <dd><span part="chain" dir="ltr"><bdi>${chain}</bdi></span></dd></div>
  </dl>`;
}

/** The warnings, most serious first, above everything the request says. */
export function renderWarnings(review: RequestReview, host: ReviewText): TemplateResult | typeof nothing {
  if (review.warnings.length === 0) return nothing;
  return html`<div part="warnings" class="warnings" id="warnings">
    <h3 part="warnings-title">${host.t('confirm.warnings')}</h3>
    <ul>${review.warnings.map((w) => html`<li part="warning" data-warning=${w}>${host.t(`confirm.warning.${w}`)}</li>`)}</ul>
  </div>`;
}

/** An SPL approval from u64::MAX / 2 up is unlimited, as the decoder warns it (src/review/solana-token-review.ts). */
const UNLIMITED_SPL = (2n ** 64n - 1n) / 2n;

/** An asset as the person reads it: its symbol when the contract said it, else its address (an SPL mint). */
const assetName = (c: AssetChange) => c.symbol ?? c.asset;

/** A change's amount: '25 USDC', '0.5 ETH', 'LKC #3', '2 × #5 ITEM'; the integer when decimals are unknown. */
function changeAmount(c: AssetChange, host: ReviewText): string {
  const value = BigInt(c.amount);
  const size = value < 0n ? -value : value;
  if (c.kind === 'approval' && ((c.standard === 'erc20' && isUnlimitedAmount(size)) || (c.standard === 'spl' && size >= UNLIMITED_SPL))) return host.t('confirm.change.unlimited', { asset: assetName(c) });
  if (c.tokenId !== undefined) return `${c.standard === 'erc1155' ? `${size} × ` : ''}${assetName(c)} #${c.tokenId}`;
  return `${c.decimals !== undefined ? formatUnits(size, c.decimals) : size.toString()} ${assetName(c)}`;
}

function changeText(c: AssetChange, host: ReviewText): string {
  const spender = c.spender ?? '';
  if (c.kind === 'owner-change') return host.t('confirm.change.ownerChange', { spender, asset: assetName(c) });
  if (c.kind === 'closed') return host.t('confirm.change.closed', { asset: assetName(c) });
  if (c.kind === 'approval-for-all') return host.t(c.amount === '0' ? 'confirm.change.revokeAll' : 'confirm.change.approveAll', { spender, asset: assetName(c) });
  if (c.kind === 'approval') return host.t('confirm.change.approve', { spender, amount: changeAmount(c, host) });
  return host.t(c.direction === 'out' ? 'confirm.change.send' : 'confirm.change.receive', { amount: changeAmount(c, host) });
}

/**
 * What the transaction changes for the account, simulated on its chain: a labelled list, what
 * leaves first; "this will fail" with the chain's reason; nothing when it was not simulated (the
 * `not-simulated` warning says so above).
 */
export function renderChanges(review: RequestReview, host: ReviewText): TemplateResult | typeof nothing {
  const simulation = review.simulation;
  if (!simulation) return nothing;
  return html`<section part="section changes" class="section" data-section="changes" aria-labelledby="changes-title">
    <h3 id="changes-title" part="section-title">${host.t('confirm.changes')}</h3>
    ${simulation.failure !== undefined
      ? html`<p part="change-failure" data-change="fails" dir="auto">${host.t('confirm.willFail', { reason: simulation.failure })}</p>`
      : simulation.changes.length === 0
        ? html`<p part="change-none" data-change="none">${host.t('confirm.changesNone')}</p>`
        : html`<ul part="change-list" class="changes" aria-labelledby="changes-title">
            ${simulation.changes.map((c) => html`<li part="change" data-change=${c.direction} dir="auto">${changeText(c, host)}</li>`)}
          </ul>`}
  </section>`;
}

/** The message (its text, or its hex said to be no text) and every section. */
export function renderBody(review: RequestReview, host: ReviewText): TemplateResult {
  const message = review.message;
  return html`${renderChanges(review, host)}${message
      ? html`<section part="section message" class="section" data-section="message" aria-labelledby="message-title">
          <h3 id="message-title" part="section-title">${host.t('confirm.message')}</h3>
          ${message.text !== undefined
            ? html`<p part="message-text" class="message" dir="auto">${message.text}</p>`
            : html`<p part="message-note">${host.t('confirm.messageHex')}</p>
                <code part="message-hex" class="mono message" dir="ltr">${message.hex}</code>`}
        </section>`
      : nothing}
    ${review.sections.map((section, i, all) => renderSection(section, i, all, host))}`;
}
