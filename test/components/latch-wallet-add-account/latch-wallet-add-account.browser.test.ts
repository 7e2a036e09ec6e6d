// <latch-wallet-add-account> alone on a page, in Chromium against the emulator: it finds the
// user's wallets itself and adds the next Ethereum account (path after the highest), es / ar, axe.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { afterEach, before, describe, it } from '../../support/harness.ts';
import { LatchWalletAddAccount } from '../../../components/latch-wallet-add-account/latch-wallet-add-account.ts';
import type { LatchAddAccountEvent } from '../../../components/latch-wallet/wallet-events.ts';
import { resetConfig } from '../support/helpers.ts';
import { announced, logIn, part, text, type LoggedIn } from '../support/kit-login.ts';

LatchWalletAddAccount.define();

afterEach(() => resetConfig());

async function ready(el: LatchWalletAddAccount): Promise<void> {
  await waitUntil(() => el.shadowRoot?.querySelector('[part~="add-submit"]'), 'the wallets load', { timeout: 10_000 });
}

describe('<latch-wallet-add-account>', () => {
  let user: LoggedIn;

  before(async () => {
    user = await logIn();
  });

  it('passes axe signed out and signed in (English, Arabic right to left)', async () => {
    const out = await fixture<LatchWalletAddAccount>(html`<latch-wallet-add-account></latch-wallet-add-account>`);
    expect(text(part(out, 'signed-out'))).to.equal('Log in to see your wallet.');
    await expect(out).to.be.accessible();
    const el = await fixture<LatchWalletAddAccount>(html`<latch-wallet-add-account .kit=${user.kit}></latch-wallet-add-account>`);
    await ready(el);
    await expect(el).to.be.accessible();
    const ar = await fixture<LatchWalletAddAccount>(html`<latch-wallet-add-account locale="ar" .kit=${user.kit}></latch-wallet-add-account>`);
    await ready(ar);
    expect(ar.getAttribute('dir')).to.equal('rtl');
    await expect(ar).to.be.accessible();
  });

  it('adds the next Ethereum account of the wallet and says so', async () => {
    const el = await fixture<LatchWalletAddAccount>(html`<latch-wallet-add-account .kit=${user.kit}></latch-wallet-add-account>`);
    await ready(el);
    const added = oneEvent(el, 'latch-add-account') as Promise<LatchAddAccountEvent>;
    part(el, 'add-submit').click();
    const { detail } = await added;
    expect(detail.walletId).to.equal(user.walletId);
    expect(detail.account.path).to.equal("m/44'/60'/0'/0/1");
    await waitUntil(() => announced(el) === 'Account added.', 'the addition is announced', { timeout: 5000 });
    expect(text(part(el, 'add-result'))).to.include(detail.addresses[0]!);
    expect(el.shadowRoot?.querySelector('latch-proof-badge'), 'no badge without generate-app-proofs').to.equal(null);
  });
});
