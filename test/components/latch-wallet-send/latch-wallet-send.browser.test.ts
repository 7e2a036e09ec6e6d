// <latch-wallet-send> alone on a page, in Chromium against the emulator: the form is checked
// before anything is sent; the review shows from, to, the amount in ETH and in wei, the data and
// the chain; Send submits eth_send_transaction with exactly those values and the status is
// followed in <latch-tx-status>. Also axe, keyboard, focus, es / ar.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { afterEach, before, describe, it } from '../../support/harness.ts';
import { LatchWalletSend } from '../../../components/latch-wallet-send/latch-wallet-send.ts';
import { ethToWei } from '../../../components/latch-wallet-send/transaction-draft.ts';
import type { LatchSendEvent } from '../../../components/latch-wallet/wallet-events.ts';
import type { LatchKit } from '../../../src/kit/latch-kit.ts';
import { resetConfig } from '../support/helpers.ts';
import { announced, emulatorKit, logIn, part, text, type LoggedIn } from '../support/kit-login.ts';

LatchWalletSend.define();

const kits: LatchKit[] = [];
afterEach(() => {
  resetConfig();
  for (const kit of kits.splice(0)) kit.dispose();
});

const TO = '0x1111111111111111111111111111111111111111';

async function ready(el: LatchWalletSend): Promise<void> {
  await waitUntil(() => el.shadowRoot?.querySelector('[part~="send-from"]'), 'the accounts load', { timeout: 10_000 });
}

function fill(el: LatchWalletSend, values: { to?: string; value?: string; data?: string }): void {
  for (const [name, value] of Object.entries(values)) part<HTMLInputElement>(el, `send-${name}`).value = value;
}

describe('<latch-wallet-send>', () => {
  let user: LoggedIn;

  before(async () => {
    user = await logIn();
  });

  it('converts ETH to wei with integers only', () => {
    expect(ethToWei('0.1')).to.equal('100000000000000000');
    expect(ethToWei('1')).to.equal('1000000000000000000');
    expect(ethToWei('0.000000000000000001')).to.equal('1');
    for (const bad of ['', '-1', '1e3', '0.0000000000000000001', '1,5', '.5']) expect(ethToWei(bad), bad).to.equal(null);
  });

  it('passes axe signed out, signed in, and in Arabic (right to left, the fields left to right)', async () => {
    const out = await fixture<LatchWalletSend>(html`<latch-wallet-send></latch-wallet-send>`);
    expect(text(part(out, 'signed-out'))).to.equal('Log in to see your wallet.');
    await expect(out).to.be.accessible();
    const el = await fixture<LatchWalletSend>(html`<latch-wallet-send .kit=${user.kit}></latch-wallet-send>`);
    await ready(el);
    expect(text(part(el, 'title'))).to.equal('Send a transaction');
    await expect(el).to.be.accessible();
    const ar = await fixture<LatchWalletSend>(html`<latch-wallet-send locale="ar" .kit=${user.kit}></latch-wallet-send>`);
    await ready(ar);
    expect(ar.getAttribute('dir')).to.equal('rtl');
    expect(part(ar, 'send-to').getAttribute('dir')).to.equal('ltr');
    expect(text(part(ar, 'title'))).to.equal('إرسال معاملة');
    await expect(ar).to.be.accessible();
  });

  it('checks the fields before anything is sent, naming each problem, focus on the first', async () => {
    const el = await fixture<LatchWalletSend>(html`<latch-wallet-send locale="es" .kit=${user.kit}></latch-wallet-send>`);
    await ready(el);
    const events: Event[] = [];
    el.addEventListener('latch-send', (e) => events.push(e));
    fill(el, { to: '0x12', value: '1,5', data: '0xabc' });
    part(el, 'send-review').click();
    await el.updateComplete;
    expect(text(el.shadowRoot!.getElementById('send-to-error'))).to.equal('Escribe una dirección de Ethereum: 0x y 40 caracteres hexadecimales.');
    expect(text(el.shadowRoot!.getElementById('send-value-error'))).to.match(/^Escribe un importe en ETH/);
    expect(text(el.shadowRoot!.getElementById('send-data-error'))).to.not.equal('');
    expect(part(el, 'send-to').getAttribute('aria-invalid')).to.equal('true');
    expect(el.shadowRoot?.activeElement).to.equal(part(el, 'send-to'));
    expect(el.shadowRoot?.querySelector('[part~="send-preview"]')).to.equal(null);
    expect(events).to.deep.equal([]);
  });

  it('reviews from, to, ETH and wei, data and chain; Edit keeps what was typed; Send from the keyboard sends exactly that and shows its status', async () => {
    const requests: Record<string, unknown>[] = [];
    const kit = await emulatorKit((input, init) => {
      if (String(input).includes('eth_send_transaction')) requests.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      return fetch(input, init);
    });
    kits.push(kit);
    await logIn(kit);
    const el = await fixture<LatchWalletSend>(html`<latch-wallet-send chain-id="11155111" .kit=${kit}></latch-wallet-send>`);
    await ready(el);
    const from = part<HTMLSelectElement>(el, 'send-from').value;
    fill(el, { to: TO, value: '0.015', data: '0xdeadbeef' });
    part(el, 'send-review').click();
    await waitUntil(() => el.shadowRoot?.querySelector('[part~="send-preview"]'), 'the review shows', { timeout: 5000 });
    const value = (name: string) => text(el.shadowRoot!.querySelector(`[data-value="${name}"]`));
    expect([value('from'), value('to'), value('value'), value('data'), value('chain')]).to.deep.equal([from, TO, '0.015 ETH (15000000000000000 wei)', '0xdeadbeef', 'eip155:11155111']);
    expect(requests, 'nothing sent before Send').to.deep.equal([]);
    expect(el.shadowRoot?.activeElement).to.equal(part(el, 'send-button'));

    part(el, 'send-edit').click();
    await el.updateComplete;
    expect(part<HTMLInputElement>(el, 'send-value').value).to.equal('0.015');
    expect(el.shadowRoot?.activeElement).to.equal(part(el, 'send-to'));
    part(el, 'send-review').click();
    await waitUntil(() => el.shadowRoot?.querySelector('[part~="send-button"]'), 'the review shows again', { timeout: 5000 });

    const sent = oneEvent(el, 'latch-send') as Promise<LatchSendEvent>;
    part(el, 'send-button').focus();
    await sendKeys({ press: 'Enter' });
    const { detail } = await sent;
    expect(detail.parameters).to.deep.equal({ from, to: TO, caip2: 'eip155:11155111', value: '15000000000000000', data: '0xdeadbeef' });
    expect(detail.sendTransactionStatusId).to.be.a('string').and.not.equal('');
    expect((requests[0]!.parameters as Record<string, unknown>).value).to.equal('15000000000000000');
    await el.updateComplete;
    expect(announced(el)).to.equal('Transaction sent. Its status:');
    const status = part(el, 'tx-status');
    expect(status.getAttribute('status-id')).to.equal(detail.sendTransactionStatusId);
    await waitUntil(() => status.shadowRoot?.querySelector('[part~="status"]'), 'the status shows', { timeout: 10_000 });
    expect(el.shadowRoot?.activeElement?.id).to.equal('send-again');
    await expect(el).to.be.accessible();
  });
});
