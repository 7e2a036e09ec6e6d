// <latch-wallet-create> alone on a page, in Chromium against the emulator: a named wallet with its
// first Solana account, the name checked first; axe, es / ar.
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { afterEach, before, describe, it } from '../../support/harness.ts';
import { LatchWalletCreate } from '../../../components/latch-wallet-create/latch-wallet-create.ts';
import type { LatchCreateWalletEvent } from '../../../components/latch-wallet/wallet-events.ts';
import { resetConfig } from '../support/helpers.ts';
import { announced, logIn, part, text, type LoggedIn } from '../support/kit-login.ts';

LatchWalletCreate.define();

afterEach(() => resetConfig());

describe('<latch-wallet-create>', () => {
  let user: LoggedIn;

  before(async () => {
    user = await logIn();
  });

  it('passes axe signed out and signed in, in English and Arabic (right to left)', async () => {
    const out = await fixture<LatchWalletCreate>(html`<latch-wallet-create></latch-wallet-create>`);
    expect(text(part(out, 'signed-out'))).to.equal('Log in to see your wallet.');
    await expect(out).to.be.accessible();
    const el = await fixture<LatchWalletCreate>(html`<latch-wallet-create .kit=${user.kit}></latch-wallet-create>`);
    expect(text(part(el, 'title'))).to.equal('Create a wallet');
    await expect(el).to.be.accessible();
    const ar = await fixture<LatchWalletCreate>(html`<latch-wallet-create locale="ar" .kit=${user.kit}></latch-wallet-create>`);
    expect(ar.getAttribute('dir')).to.equal('rtl');
    expect(text(part(ar, 'create-submit'))).to.equal('إنشاء المحفظة');
    await expect(ar).to.be.accessible();
  });

  it('asks for a name first, then creates the wallet with its first Solana account; the service lists it', async () => {
    const el = await fixture<LatchWalletCreate>(html`<latch-wallet-create locale="es" .kit=${user.kit}></latch-wallet-create>`);
    const events: Event[] = [];
    el.addEventListener('latch-create-wallet', (e) => events.push(e));
    part(el, 'create-submit').click();
    await el.updateComplete;
    expect(text(el.shadowRoot!.getElementById('create-name-error'))).to.equal('Escribe un nombre para la billetera.');
    expect(el.shadowRoot?.activeElement).to.equal(part(el, 'create-name'));
    expect(events).to.deep.equal([]);

    part<HTMLInputElement>(el, 'create-name').value = 'Ahorros';
    const select = part<HTMLSelectElement>(el, 'create-format');
    select.value = 'ADDRESS_FORMAT_SOLANA';
    select.dispatchEvent(new Event('change'));
    const created = oneEvent(el, 'latch-create-wallet') as Promise<LatchCreateWalletEvent>;
    part(el, 'create-submit').click();
    const { detail } = await created;
    expect(detail.walletName).to.equal('Ahorros');
    expect(detail.addresses[0]).to.match(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    const accounts = await user.session.listWalletAccounts({ walletId: detail.walletId });
    expect(accounts.map((a) => [a.address, a.path])).to.deep.equal([[detail.addresses[0], "m/44'/501'/0'/0'"]]);
    await el.updateComplete;
    expect(text(part(el, 'create-result'))).to.include(detail.addresses[0]!);
    expect(announced(el)).to.equal('Billetera «Ahorros» creada. Su primera dirección:');
  });
});
