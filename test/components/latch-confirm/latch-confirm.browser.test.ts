// <latch-confirm>, the confirmation sheet: axe first; what a person reads (who asks, account,
// chain, the warnings before the request, labels translated, values as data); Approve (the
// person's only: a script's click approves nothing), Reject, Escape, the backdrop and removal;
// focus kept in the sheet and given back, the page inert, the live region; Spanish and Arabic
// (right to left, values left to right); any chain's review drawn generically; and
// confirmWithSheet, which loads the element on the first request and shows requests one at a
// time. Reviews come from the kit's decoders fed with viem's encodings.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { encodeFunctionData, erc20Abi, maxUint256, parseAbi, toHex } from 'viem';
import { afterEach, describe, it } from '../../support/harness.ts';
import { LatchConfirm } from '../../../components/latch-confirm/latch-confirm.ts';
import { confirmWithSheet } from '../../../components/internal/confirm-with-sheet.ts';
import { reviewEvmRequest } from '../../../src/review/evm-review.ts';
import type { RequestReview, ReviewLabel, ReviewSectionTitle, ReviewWarning } from '../../../src/review/request-review.ts';
import { deepActiveElement, pinBrowserLanguages, recordEvents } from '../support/helpers.ts';
import { part, parts, text } from '../support/shadow.ts';
import { pressButton, pressWith } from '../support/helpers.ts';

LatchConfirm.define();
pinBrowserLanguages(['en-US']);

const ACCOUNT = '0x9999999999999999999999999999999999999999';
const TOKEN = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const SPENDER = '0x3333333333333333333333333333333333333333';
const CTX = { origin: 'https://dapp.example', account: ACCOUNT, chainId: 11155111n };

const unlimitedApprove = (): RequestReview =>
  reviewEvmRequest({ method: 'eth_sendTransaction', params: [{ to: TOKEN, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, maxUint256] }) }] }, CTX)!;
const message = (m: string): RequestReview => reviewEvmRequest({ method: 'personal_sign', params: [m, ACCOUNT] }, CTX)!;

const opened: LatchConfirm[] = [];
afterEach(() => {
  for (const el of opened.splice(0)) el.remove();
  for (const el of document.querySelectorAll('latch-confirm')) el.remove();
});

/** A sheet asking `review`; `answer` is the promise `ask` returned. */
async function ask(review: RequestReview, locale?: string): Promise<{ el: LatchConfirm; answer: Promise<boolean> }> {
  const el = await fixture<LatchConfirm>(html`<latch-confirm locale=${locale ?? 'en'}></latch-confirm>`);
  opened.push(el);
  const answer = el.ask(review);
  await el.updateComplete;
  await waitUntil(() => el.open && el.shadowRoot!.contains(deepActiveElement()), 'the sheet did not take focus');
  return { el, answer };
}

const row = (el: LatchConfirm, label: string) => el.shadowRoot!.querySelector(`[data-label="${label}"]`);

describe('<latch-confirm>', () => {
  it('is accessible while it asks (an unlimited approval, its warning shown)', async () => {
    const { el } = await ask(unlimitedApprove());
    await expect(el).to.be.accessible();
  });

  it('says who asks, which account and chain, the warnings first, then the request, in words', async () => {
    const { el } = await ask(unlimitedApprove());
    const dialog = part(el, 'dialog');
    expect(dialog.getAttribute('role')).to.equal('dialog');
    expect(dialog.getAttribute('aria-modal')).to.equal('true');
    expect(text(el.shadowRoot!.getElementById(dialog.getAttribute('aria-labelledby')!))).to.equal('Send this transaction?');
    expect(text(el.shadowRoot!.getElementById(dialog.getAttribute('aria-describedby')!))).to.contain('Unlimited amount');
    expect(text(row(el, 'origin'))).to.equal('Requested by https://dapp.example');
    expect(text(row(el, 'account'))).to.equal(`Account ${ACCOUNT}`);
    expect(text(row(el, 'chain'))).to.equal('Network Sepolia (eip155:11155111)');
    expect(parts(el, 'warning').map((w) => w.dataset.warning)).to.deep.equal(['unlimited-amount', 'delegation']);
    // The warnings come before every section.
    const warnings = part(el, 'warnings');
    for (const section of parts(el, 'section')) expect(warnings.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
    const call = el.shadowRoot!.querySelector('[data-section="call"]')!;
    expect(text(call.querySelector('[part="section-title"]'))).to.equal('Contract call');
    expect(text(call.querySelector('[part="section-heading"]'))).to.equal('approve(address,uint256)');
    expect(text(call.querySelector('[data-label="spender"]'))).to.equal(`Spender ${SPENDER.toLowerCase()}`);
    expect(text(call.querySelector('[data-label="amount"]'))).to.equal(`Amount ${maxUint256}`);
    expect(text(call.querySelector('[part="section-warnings"]'))).to.contain('Unlimited amount');
    expect(text(row(el, 'value'))).to.equal('Value 0 ETH');
    // Values are data: addresses read left to right.
    expect(call.querySelector('[data-label="spender"] code')!.getAttribute('dir')).to.equal('ltr');
  });

  it('a drain as the sheet now says it: an approve inside Multicall3 is a delegation with its spender; a sign-in for another site is warned, its site shown', async () => {
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, maxUint256] });
    const aggregate3 = encodeFunctionData({
      abi: parseAbi(['function aggregate3((address target, bool allowFailure, bytes callData)[] calls) payable returns ((bool success, bytes returnData)[])']),
      functionName: 'aggregate3', args: [[{ target: TOKEN, allowFailure: false, callData: approve }]],
    });
    const first = await ask(reviewEvmRequest({ method: 'eth_sendTransaction', params: [{ to: '0xcA11bde05977b3631167028862bE2a173976CA11', data: aggregate3 }] }, CTX)!);
    expect(parts(first.el, 'warning').map((w) => w.dataset.warning)).to.deep.equal(['unlimited-amount', 'delegation']);
    const calls = [...first.el.shadowRoot!.querySelectorAll('[data-section="call"]')];
    expect(calls.map((c) => text(c.querySelector('[part="section-title"]')))).to.deep.equal(['Contract call 1 of 2', 'Contract call 2 of 2']);
    expect(text(calls[1]!.querySelector('[part="section-warnings"]'))).to.contain('someone else spend or move your assets');
    expect(text(calls[1]!.querySelector('[data-label="spender"]'))).to.equal(`Spender ${SPENDER.toLowerCase()}`);
    await expect(first.el).to.be.accessible();
    first.el.remove();
    const siwe = 'bank.example wants you to sign in with your Ethereum account:\n' + `${ACCOUNT}\n\n\nURI: https://bank.example\nVersion: 1\nChain ID: 11155111\nNonce: abcdefgh1\nIssued At: 2026-12-07T11:59:00.000Z`;
    const { el } = await ask(reviewEvmRequest({ method: 'personal_sign', params: [toHex(siwe), ACCOUNT] }, CTX)!, 'es');
    expect(parts(el, 'warning').map((w) => w.dataset.warning)).to.deep.equal(['origin-mismatch']);
    const signIn = el.shadowRoot!.querySelector('[data-section="sign-in"]')!;
    expect(text(signIn.querySelector('[part="section-title"]'))).to.equal('Solicitud de inicio de sesión');
    expect(text(signIn.querySelector('[data-label="website"]'))).to.equal('Sitio web bank.example');
    await expect(el).to.be.accessible();
  });

  it('a message: its text; bytes that are not text: the hex, said to be no text, with the warning', async () => {
    const first = await ask(message(toHex('Sign in to dapp.example\nNonce 7')));
    expect(part(first.el, 'message-text').textContent).to.equal('Sign in to dapp.example\nNonce 7');
    expect(parts(first.el, 'warnings')).to.have.length(0);
    first.el.remove();
    const { el } = await ask(message('0xdeadbeef'));
    expect(text(part(el, 'message-note'))).to.equal('This message is not text. Its bytes:');
    expect(text(part(el, 'message-hex'))).to.equal('0xdeadbeef');
    expect(parts(el, 'warning').map((w) => w.dataset.warning)).to.deep.equal(['message-not-text']);
    expect(parts(el, 'message-text')).to.have.length(0);
  });

  it('Approve resolves true and fires latch-confirm {approved: true}; the sheet closes', async () => {
    const { el, answer } = await ask(message('hello'));
    const { events } = recordEvents(el, ['latch-confirm']);
    await pressButton(part(el, 'approve'));
    expect(await answer).to.equal(true);
    expect(events.map((e) => (e as CustomEvent).detail)).to.deep.equal([{ approved: true }]);
    await el.updateComplete;
    expect(el.open).to.equal(false);
    expect(getComputedStyle(part(el, 'backdrop')).display).to.equal('none');
  });

  it("a page script's click on Approve (click(), a dispatched MouseEvent) approves nothing; the person's Enter does", async () => {
    const { el, answer } = await ask(message('hello'));
    const { events } = recordEvents(el, ['latch-confirm']);
    let answered: boolean | undefined;
    void answer.then((approved) => (answered = approved));
    const approve = part(el, 'approve');
    let clicks = 0;
    approve.addEventListener('click', () => (clicks += 1));
    approve.click();
    approve.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true, cancelable: true }));
    expect(clicks, 'both clicks reached the button').to.equal(2);
    // Each handler ran synchronously in its dispatch; any answer would settle within the render.
    await el.updateComplete;
    expect(answered).to.equal(undefined);
    expect(el.open).to.equal(true);
    expect(events).to.have.length(0);
    await pressButton(approve);
    expect(await answer).to.equal(true);
    expect(clicks).to.equal(3);
    expect(events.map((e) => (e as CustomEvent).detail)).to.deep.equal([{ approved: true }]);
  });

  for (const [how, act] of [
    ['Reject', (el: LatchConfirm) => part(el, 'reject').click()],
    ['Escape', async () => void (await sendKeys({ press: 'Escape' }))],
    ['a click on the backdrop', (el: LatchConfirm) => part(el, 'backdrop').click()],
  ] as const) {
    it(`${how} resolves false and fires latch-confirm {approved: false}`, async () => {
      const { el, answer } = await ask(unlimitedApprove());
      const { events } = recordEvents(el, ['latch-confirm']);
      await act(el);
      expect(await answer).to.equal(false);
      expect(events.map((e) => (e as CustomEvent).detail)).to.deep.equal([{ approved: false }]);
    });
  }

  it('a click inside the sheet is no answer; removed while it asks, or asked again, the answer is false', async () => {
    const { el, answer } = await ask(message('hello'));
    part(el, 'title').click();
    const second = el.ask(message('again'));
    expect(await answer).to.equal(false);
    el.remove();
    expect(await second).to.equal(false);
  });

  it('focus starts on Reject, stays in the sheet (Tab, Shift+Tab wrap), the page is inert, and focus comes back', async () => {
    const opener = document.createElement('button');
    opener.textContent = 'Pay';
    document.body.append(opener);
    try {
      opener.focus();
      const { el, answer } = await ask(message('hello'));
      expect(deepActiveElement()).to.equal(part(el, 'reject'));
      expect(opener.inert).to.equal(true);
      await sendKeys({ press: 'Tab' });
      expect(deepActiveElement()).to.equal(part(el, 'approve'));
      // Around to the review itself (a focusable region, so a long one scrolls by keyboard).
      await sendKeys({ press: 'Tab' });
      expect(deepActiveElement()).to.equal(part(el, 'content'));
      await pressWith('Shift', 'Tab');
      expect(deepActiveElement()).to.equal(part(el, 'approve'));
      part(el, 'reject').click();
      await answer;
      expect(opener.inert).to.equal(false);
      expect(document.activeElement).to.equal(opener);
    } finally {
      opener.remove();
    }
  });

  it('the live region says who asks, what, and how many warnings', async () => {
    const { el } = await ask(unlimitedApprove());
    await el.updateComplete;
    const region = part(el, 'announcer');
    expect(region.getAttribute('aria-live')).to.equal('polite');
    expect(text(region)).to.equal('https://dapp.example asks: Send this transaction? 2 warnings.');
  });

  it('Spanish', async () => {
    const { el } = await ask(unlimitedApprove(), 'es');
    expect(text(part(el, 'title'))).to.equal('¿Enviar esta transacción?');
    expect(text(part(el, 'approve'))).to.equal('Aprobar');
    expect(text(part(el, 'reject'))).to.equal('Rechazar');
    expect(text(part(el, 'warning'))).to.match(/^Cantidad ilimitada/);
  });

  it('Arabic, right to left, with addresses and amounts left to right; axe', async () => {
    const { el } = await ask(unlimitedApprove(), 'ar');
    expect(el.getAttribute('dir')).to.equal('rtl');
    expect(text(part(el, 'title'))).to.equal('هل ترسل هذه المعاملة؟');
    expect(text(part(el, 'approve'))).to.equal('موافقة');
    expect(part(el, 'account').getAttribute('dir')).to.equal('ltr');
    const actions = part(el, 'actions').getBoundingClientRect();
    // Approve ends the row: on the left in Arabic.
    expect(part(el, 'approve').getBoundingClientRect().left - actions.left).to.be.lessThan(actions.width / 2);
    await expect(el).to.be.accessible();
  });

  it('any chain\'s review, generically: every label, section and warning has words in en, es and ar (no key shows)', async () => {
    const labels: ReviewLabel[] = ['to', 'from', 'value', 'value-wei', 'data', 'selector', 'function', 'token', 'spender', 'amount', 'deadline', 'nonce', 'operator', 'approved', 'recipient', 'token-id', 'expiration', 'domain-name', 'domain-version', 'chain', 'contract', 'salt', 'primary-type', 'fee', 'gas', 'max-fee', 'max-priority-fee', 'gas-price', 'program', 'source', 'destination', 'authority', 'mint', 'decimals', 'lamports', 'sol', 'owner', 'delegate', 'accounts', 'version', 'fee-payer', 'recent-blockhash', 'rpc-url', 'currency', 'offer', 'consideration', 'paid-to', 'operation', 'website', 'address', 'uri', 'issued-at', 'not-before'];
    const titles: ReviewSectionTitle[] = ['message', 'domain', 'fields', 'permit', 'transaction', 'call', 'fees', 'chain', 'instruction', 'listing', 'sign-in'];
    const warnings: ReviewWarning[] = ['unlimited-amount', 'approval-for-all', 'unreadable-data', 'unreadable-instruction', 'permit', 'message-not-text', 'chain-mismatch', 'delegation', 'listing', 'unknown-type', 'truncated', 'contract-creation', 'hidden-characters', 'origin-mismatch', 'hash-signature', 'sign-in-expired', 'sign-in-not-yet-valid'];
    const review: RequestReview = {
      action: 'sign-transaction',
      origin: 'https://solana-dapp.example',
      account: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
      chain: { id: 'solana:devnet' },
      sections: titles.map((title) => ({ title, rows: labels.map((label) => ({ label, value: `v-${label}` })).concat([{ name: 'dapp field', value: 'x' } as never]) })),
      warnings,
    };
    for (const locale of ['en', 'es', 'ar']) {
      const { el, answer } = await ask(review, locale);
      const shown = el.shadowRoot!.textContent!;
      expect(shown, locale).to.not.match(/confirm\.(label|section|warning|title)\./);
      expect(parts(el, 'warning')).to.have.length(warnings.length);
      expect(text(row(el, 'chain'))).to.contain('solana:devnet');
      part(el, 'reject').click();
      expect(await answer).to.equal(false);
      el.remove();
    }
  });
});

describe('confirmWithSheet', () => {
  it('loads and shows the sheet for a request, resolves the answer and removes it', async () => {
    const answer = confirmWithSheet(message('hello'));
    await waitUntil(() => document.querySelector('latch-confirm')?.open === true, 'no sheet');
    const el = document.querySelector('latch-confirm')!;
    await el.updateComplete;
    expect(text(part(el, 'message-text'))).to.equal('hello');
    await pressButton(part(el, 'approve'));
    expect(await answer).to.equal(true);
    expect(document.querySelector('latch-confirm')).to.equal(null);
  });

  it('two requests at once: one sheet at a time, in order', async () => {
    const first = confirmWithSheet(message('first'));
    const second = confirmWithSheet(message('second'));
    await waitUntil(() => document.querySelector('latch-confirm')?.open === true, 'no sheet');
    expect(document.querySelectorAll('latch-confirm')).to.have.length(1);
    let el = document.querySelector('latch-confirm')!;
    await el.updateComplete;
    expect(text(part(el, 'message-text'))).to.equal('first');
    part(el, 'reject').click();
    expect(await first).to.equal(false);
    await waitUntil(() => document.querySelector('latch-confirm')?.open === true, 'no second sheet');
    el = document.querySelector('latch-confirm')!;
    await el.updateComplete;
    expect(text(part(el, 'message-text'))).to.equal('second');
    await pressButton(part(el, 'approve'));
    expect(await second).to.equal(true);
  });
});
