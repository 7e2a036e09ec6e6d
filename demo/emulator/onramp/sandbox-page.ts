/**
 * The sandbox provider: the page at an on-ramp's `onRampUrl`, on the Activity API origin.
 * It shows the purchase and two buttons, `#onramp-complete` and `#onramp-fail`, that settle
 * the transaction (plain form posts: the emulator's pages run no script). Opened with a
 * `signature` query parameter, it checks it as the second provider's widget would
 * (url-signature.ts) and refuses a wrong one with 403. It may be framed only by the tenant's
 * own sites (frame-ancestors.ts); the settle pages, like every other page, by nobody.
 *
 *   GET  /__onramp/:id             the page (status in #onramp-status, data-status)
 *   POST /__onramp/:id/complete    PENDING → COMPLETED
 *   POST /__onramp/:id/fail        PENDING → FAILED
 */
import { htmlResponse } from '../http/exchange.ts';
import { OnRampStatus } from './onramp-enums.ts';
import { SANDBOX_PATH } from './init-fiat-on-ramp.ts';
import { verifyOnRampUrl } from './url-signature.ts';
import { frameAncestors } from './frame-ancestors.ts';
import { creditOnRamp } from '../chains/onramp-credit.ts';
import type { EmulatorContext } from '../context.ts';
import type { EmuRequest, EmuResponse } from '../http/exchange.ts';
import type { Router } from '../http/router.ts';
import type { OnRampTransactionRecord } from './onramp-records.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

function page(status: number, title: string, body: string, ancestors = "'none'"): EmuResponse {
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}dt{font-weight:600}
button{font:inherit;padding:.5rem 1rem;margin:.25rem .5rem .25rem 0;cursor:pointer}.note{color:#555}</style>
</head>
<body>
<h1>${escape(title)}</h1>
${body}
</body>
</html>`;
  const csp = `default-src 'none'; style-src 'unsafe-inline'; img-src * data:; form-action *; frame-ancestors ${ancestors}`;
  return htmlResponse(status, html, { 'cache-control': 'no-store', 'content-security-policy': csp });
}

const label = (value: string, prefix: string): string => (value.startsWith(prefix) ? value.slice(prefix.length) : value);

function details(transaction: OnRampTransactionRecord): string {
  const rows: [string, string | undefined][] = [
    ['Provider', label(transaction.onrampProvider, 'FIAT_ON_RAMP_PROVIDER_')],
    ['Buy', label(transaction.cryptoCurrencyCode, 'FIAT_ON_RAMP_CRYPTO_CURRENCY_')],
    ['Network', label(transaction.network, 'FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_')],
    ['To address', transaction.walletAddress],
    ['Pay', [transaction.fiatCurrencyAmount, transaction.fiatCurrencyCode && label(transaction.fiatCurrencyCode, 'FIAT_ON_RAMP_CURRENCY_')].filter(Boolean).join(' ') || 'amount chosen here'],
    ['Payment method', transaction.paymentMethod && label(transaction.paymentMethod, 'FIAT_ON_RAMP_PAYMENT_METHOD_')],
    ['Country', [transaction.countryCode, transaction.countrySubdivisionCode].filter(Boolean).join(' / ') || undefined],
  ];
  return `<dl>${rows
    .filter((row): row is [string, string] => Boolean(row[1]))
    .map(([name, value]) => `<dt>${escape(name)}</dt><dd>${escape(value)}</dd>`)
    .join('')}</dl>`;
}

function statusLine(transaction: OnRampTransactionRecord): string {
  return `<p>Status: <strong id="onramp-status" data-status="${escape(transaction.status)}">${escape(transaction.status)}</strong></p>`;
}

function buttons(transaction: OnRampTransactionRecord): string {
  if (transaction.status !== OnRampStatus.PENDING) return '';
  const base = `${SANDBOX_PATH}/${encodeURIComponent(transaction.id)}`;
  return `<form method="post" action="${escape(base)}/complete"><button id="onramp-complete" type="submit">Complete purchase</button></form>
<form method="post" action="${escape(base)}/fail"><button id="onramp-fail" type="submit">Fail purchase</button></form>`;
}

const notFoundPage = (): EmuResponse => page(404, 'On-ramp not found', '<p id="onramp-error">No on-ramp transaction with this id.</p>');

/** The URL the page was opened with, minus `signature`, as the signer saw it. */
function unsignedUrl(ctx: EmulatorContext, request: EmuRequest): URL {
  const url = new URL(`${ctx.urls.apiUrl}${request.path}`);
  const params = new URLSearchParams(request.query);
  params.delete('signature');
  url.search = params.toString();
  return url;
}

async function showPage(ctx: EmulatorContext, request: EmuRequest, id: string): Promise<EmuResponse> {
  const transaction = ctx.store.read.onRampTransactions.get(id);
  if (!transaction) return notFoundPage();
  const title = 'Sandbox on-ramp';
  const ancestors = frameAncestors(ctx, transaction.organizationId);
  const signature = request.query.get('signature');
  let signatureLine = '';
  if (signature !== null) {
    const credential = ctx.store.read.fiatOnRampCredentials.get(transaction.credentialId);
    const valid = credential !== undefined && (await verifyOnRampUrl(credential.secretHex, unsignedUrl(ctx, request), signature));
    if (!valid) {
      return page(403, title, '<p id="onramp-signature" data-valid="false">The URL signature does not verify: this page was not opened by its integrator.</p>');
    }
    signatureLine = '<p id="onramp-signature" data-valid="true" class="note">URL signature verified.</p>';
  }
  const note = '<p class="note">Emulator sandbox: no money moves. The buttons settle the transaction.</p>';
  return page(200, title, `${note}${signatureLine}${details(transaction)}${statusLine(transaction)}${buttons(transaction)}`, ancestors);
}

async function settle(ctx: EmulatorContext, id: string, status: OnRampStatus): Promise<EmuResponse> {
  const outcome = await ctx.store.transact((tx) => {
    const transaction = tx.onRampTransactions.get(id);
    if (!transaction) return undefined;
    if (transaction.status !== OnRampStatus.PENDING) return { changed: false, transaction };
    return { changed: true, transaction: tx.onRampTransactions.put({ ...transaction, status, updatedAt: ctx.now() }) };
  });
  if (!outcome) return notFoundPage();
  const { changed, transaction } = outcome;
  if (!changed) {
    return page(409, 'On-ramp already finished', `<p id="onramp-error">This transaction has already finished.</p>${statusLine(transaction)}`);
  }
  // A completed purchase lands on the local chain when one runs for its network (issue 35).
  const credit = status === OnRampStatus.COMPLETED ? `<p id="onramp-credit" class="note">${escape(await creditOnRamp(ctx.chains, transaction))}</p>` : '';
  return page(200, status === OnRampStatus.COMPLETED ? 'Purchase complete' : 'Purchase failed', `${details(transaction)}${statusLine(transaction)}${credit}`);
}

export function onRampRoutes(ctx: EmulatorContext) {
  return (router: Router): void => {
    router.add('GET', `${SANDBOX_PATH}/:id`, (request, params) => showPage(ctx, request, params.id!));
    router.add('POST', `${SANDBOX_PATH}/:id/complete`, async (_request, params) => settle(ctx, params.id!, OnRampStatus.COMPLETED));
    router.add('POST', `${SANDBOX_PATH}/:id/fail`, async (_request, params) => settle(ctx, params.id!, OnRampStatus.FAILED));
  };
}
