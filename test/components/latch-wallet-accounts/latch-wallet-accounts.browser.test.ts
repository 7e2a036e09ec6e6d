// <latch-wallet-accounts> alone on a page, in Chromium against the emulator: its own card, error
// region and announcer; pages of accounts with Next / Previous from the keyboard; copy; es / ar.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { afterEach, before, describe, it } from '../../support/harness.ts';
import { LatchWalletAccounts } from '../../../components/latch-wallet-accounts/latch-wallet-accounts.ts';
import type { LatchCopyEvent } from '../../../components/latch-wallet/wallet-events.ts';
import type { LatchErrorEvent } from '../../../components/internal/events.ts';
import type { LatchKit } from '../../../src/kit/latch-kit.ts';
import { resetConfig } from '../support/helpers.ts';
import { addAccounts, announced, emulatorKit, logIn, part, parts, text, type LoggedIn } from '../support/kit-login.ts';

LatchWalletAccounts.define();

const kits: LatchKit[] = [];
afterEach(() => {
  resetConfig();
  for (const kit of kits.splice(0)) kit.dispose();
});

async function ready(el: LatchWalletAccounts): Promise<void> {
  await waitUntil(() => el.shadowRoot?.querySelector('[part~="accounts"], [part~="empty"]') && !el.shadowRoot.querySelector('[part~="loading"]'), 'the accounts load', { timeout: 10_000 });
}

describe('<latch-wallet-accounts>', () => {
  let user: LoggedIn;

  before(async () => {
    user = await logIn();
    await addAccounts(user.session, user.walletId, 3);
  });

  it('passes axe signed out and with accounts; its card has a heading, an error region and an announcer', async () => {
    const out = await fixture<LatchWalletAccounts>(html`<latch-wallet-accounts></latch-wallet-accounts>`);
    expect(text(part(out, 'signed-out'))).to.equal('Log in to see your wallet.');
    await expect(out).to.be.accessible();
    const el = await fixture<LatchWalletAccounts>(html`<latch-wallet-accounts .kit=${user.kit}></latch-wallet-accounts>`);
    await ready(el);
    expect(text(part(el, 'title'))).to.equal('Accounts');
    expect(part(el, 'error').getAttribute('aria-live')).to.equal('assertive');
    expect(part(el, 'announcer').getAttribute('aria-live')).to.equal('polite');
    expect(parts(el, 'address')).to.have.length(4);
    expect(el.shownAccounts).to.have.length(4);
    expect([...el.wallets.keys()]).to.deep.equal([user.walletId]);
    await expect(el).to.be.accessible();
  });

  it('pages with page-size, from the keyboard, announcing each page', async () => {
    const el = await fixture<LatchWalletAccounts>(html`<latch-wallet-accounts page-size="3" .kit=${user.kit}></latch-wallet-accounts>`);
    await ready(el);
    expect(parts(el, 'address')).to.have.length(3);
    part(el, 'next').focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => text(part(el, 'page')) === 'Page 2', 'page 2 shows', { timeout: 10_000 });
    await ready(el);
    expect(parts(el, 'address')).to.have.length(1);
    expect(announced(el)).to.equal('Page 2: 1 account.');
    expect(el.shadowRoot?.activeElement).to.equal(part(el, 'next'));
  });

  it('copies an address and fires latch-copy', async () => {
    const written: string[] = [];
    const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard')!;
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (value: string) => void written.push(value) } });
    try {
      const el = await fixture<LatchWalletAccounts>(html`<latch-wallet-accounts .kit=${user.kit}></latch-wallet-accounts>`);
      await ready(el);
      const copied = oneEvent(el, 'latch-copy') as Promise<LatchCopyEvent>;
      parts(el, 'copy-button')[1]!.click();
      const { detail } = await copied;
      expect(written).to.deep.equal([detail.address]);
      expect(detail.address).to.equal(text(parts(el, 'address')[1]));
      await el.updateComplete;
      expect(announced(el)).to.equal('Address copied.');
    } finally {
      Object.defineProperty(navigator, 'clipboard', original);
    }
  });

  it('shows a failed load in its own region with a retry, which reports latch-error', async () => {
    const kit = await emulatorKit((input, init) => (String(input).includes('list_wallet_accounts') ? Promise.reject(new TypeError('offline')) : fetch(input, init)));
    kits.push(kit);
    await logIn(kit);
    const el = await fixture<LatchWalletAccounts>(html`<latch-wallet-accounts locale="es" .kit=${kit}></latch-wallet-accounts>`);
    await waitUntil(() => el.shadowRoot?.querySelector('[part~="retry"]'), 'the error shows', { timeout: 10_000 });
    expect(text(part(el, 'error'))).to.equal('No se puede conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.');
    const failed = oneEvent(el, 'latch-error') as Promise<LatchErrorEvent>;
    part(el, 'retry').click();
    expect((await failed).detail.error.code).to.equal('ERR_NETWORK_FAILED');
  });

  it('reads right to left in Arabic', async () => {
    const el = await fixture<LatchWalletAccounts>(html`<latch-wallet-accounts locale="ar" .kit=${user.kit}></latch-wallet-accounts>`);
    await ready(el);
    expect(el.getAttribute('dir')).to.equal('rtl');
    await expect(el).to.be.accessible();
  });
});
