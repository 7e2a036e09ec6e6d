// <latch-wallet> as a composition of its sections, in Chromium against the emulator: the card
// has one error region and one announcer (the sections draw none of their own inside it), the
// sections' parts are styled through the wallet (exportparts), typed data is signed through it,
// and the opt-in sections (send, create-wallet) appear only when asked for; a wallet created in
// the card joins the export section's choice.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { afterEach, before, describe, it } from '../../support/harness.ts';
import { LatchWallet } from '../../../components/latch-wallet/latch-wallet.ts';
import type { LatchCreateWalletEvent, LatchSignEvent } from '../../../components/latch-wallet/wallet-events.ts';
import { resetConfig } from '../support/helpers.ts';
import { addAccounts, announced, logIn, text, type LoggedIn } from '../support/kit-login.ts';
import { deepPart as part, find, findAll } from '../support/shadow.ts';

LatchWallet.define();

afterEach(() => resetConfig());

async function ready(el: LatchWallet): Promise<void> {
  await waitUntil(() => find(el, '[part~="accounts"], [part~="empty"]') && !find(el, '[part~="loading"]'), 'the accounts load', { timeout: 10_000 });
}

describe('<latch-wallet> composition', () => {
  let user: LoggedIn;

  before(async () => {
    user = await logIn();
  });

  it('has one error region and one announcer; the sections are its own elements, styled through ::part', async () => {
    const style = document.createElement('style');
    style.textContent = 'latch-wallet::part(sign-review) { outline: 3px solid rgb(1, 2, 3); } latch-wallet::part(address) { color: rgb(4, 5, 6); }';
    document.head.append(style);
    try {
      const el = await fixture<LatchWallet>(html`<latch-wallet tools-open .kit=${user.kit}></latch-wallet>`);
      await ready(el);
      expect(findAll(el, '[part~="error"]')).to.have.length(1);
      expect(findAll(el, '[part~="announcer"]')).to.have.length(1);
      await el.updateComplete;
      // Balances and the activity lead (lazy chunks); the rarer tools sit in the "More" disclosure.
      const tags = Array.from(el.shadowRoot!.querySelectorAll('.sections > *'), (node) => node.localName);
      expect(tags).to.deep.equal(['latch-wallet-balances', 'latch-wallet-activity', 'latch-wallet-accounts', 'details', 'latch-wallet-sign', 'latch-wallet-export', 'latch-wallet-import', 'latch-wallet-add-account']);
      expect(getComputedStyle(part(el, 'sign-review')).outlineColor).to.equal('rgb(1, 2, 3)');
      expect(getComputedStyle(part(el, 'address')).color).to.equal('rgb(4, 5, 6)');
    } finally {
      style.remove();
    }
  });

  it('signs EIP-712 typed data through the wallet after its preview', async () => {
    const el = await fixture<LatchWallet>(html`<latch-wallet tools-open .kit=${user.kit}></latch-wallet>`);
    await ready(el);
    find<HTMLInputElement>(el, 'input[value="typed-data"]')!.click();
    await el.updateComplete;
    const field = part<HTMLTextAreaElement>(el, 'sign-typed-data');
    field.value = JSON.stringify({ types: { Hello: [{ name: 'who', type: 'string' }] }, primaryType: 'Hello', domain: { name: 'Demo', chainId: 1 }, message: { who: 'world' } });
    field.dispatchEvent(new Event('input'));
    part(el, 'sign-review').click();
    await waitUntil(() => find(el, '[part~="sign-preview"]'), 'the preview shows', { timeout: 5000 });
    expect(text(part(el, 'sign-domain'))).to.include('Demo');
    expect(text(part(el, 'sign-fields'))).to.include('world');
    const signed = oneEvent(el, 'latch-sign') as Promise<LatchSignEvent>;
    part(el, 'sign-button').click();
    expect((await signed).detail.typedData?.primaryType).to.equal('Hello');
    await el.updateComplete;
    expect(announced(el)).to.equal('Message signed.');
  });

  it('shows send and create-wallet only when asked; a wallet created in the card joins the export choice', async () => {
    const plain = await fixture<LatchWallet>(html`<latch-wallet tools-open .kit=${user.kit}></latch-wallet>`);
    await ready(plain);
    expect(find(plain, '[part~="send"]')).to.equal(null);
    expect(find(plain, '[part~="create"]')).to.equal(null);

    const el = await fixture<LatchWallet>(html`<latch-wallet tools-open send create-wallet chain-id="11155111" .kit=${user.kit}></latch-wallet>`);
    await ready(el);
    expect(find(el, 'latch-wallet-send')?.getAttribute('chain-id')).to.equal('11155111');
    part<HTMLInputElement>(el, 'create-name').value = 'Second';
    const created = oneEvent(el, 'latch-create-wallet') as Promise<LatchCreateWalletEvent>;
    part(el, 'create-submit').click();
    const { detail } = await created;
    await waitUntil(() => announced(el).startsWith('Wallet “Second” created'), 'the creation is announced', { timeout: 10_000 });
    await waitUntil(() => find(el, '[part~="export-wallet"]'), 'export offers a choice of wallets', { timeout: 10_000 });
    const options = Array.from(part<HTMLSelectElement>(el, 'export-wallet').options, (o) => o.value);
    expect(options).to.include(detail.walletId);
    await expect(el).to.be.accessible();
  });

  it('on the next page, signing offers that page\'s accounts with the first one chosen', async () => {
    await addAccounts(user.session, user.walletId, 1);
    const el = await fixture<LatchWallet>(html`<latch-wallet tools-open page-size="1" .kit=${user.kit}></latch-wallet>`);
    await ready(el);
    part(el, 'next').click();
    await waitUntil(() => text(part(el, 'page')) === 'Page 2', 'page 2 shows', { timeout: 10_000 });
    await ready(el);
    const shown = text(part(el, 'address'));
    await waitUntil(() => part<HTMLSelectElement>(el, 'sign-account').value === shown, 'the sign select follows the page', { timeout: 5000 });
  });
});
