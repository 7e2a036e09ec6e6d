// <latch-wallet-export> alone on a page, in Chromium against the emulator: it finds the user's
// wallets itself, reveals the phrase only after the warning and the confirmation (the phrase
// derives the wallet's first address), hides it with Escape, and meets the element standards.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { mnemonicToSeedSync } from '@scure/bip39';
import { HDKey } from '@scure/bip32';
import { afterEach, before, describe, it } from '../../support/harness.ts';
import { LatchWalletExport } from '../../../components/latch-wallet-export/latch-wallet-export.ts';
import type { LatchExportEvent } from '../../../components/latch-wallet/wallet-events.ts';
import { resetConfig } from '../support/helpers.ts';
import { announced, ethAddress, logIn, part, text, type LoggedIn } from '../support/kit-login.ts';

LatchWalletExport.define();

afterEach(() => resetConfig());

async function ready(el: LatchWalletExport): Promise<void> {
  await waitUntil(() => el.shadowRoot?.querySelector('[part~="export-start"]'), 'the wallets load', { timeout: 10_000 });
}

describe('<latch-wallet-export>', () => {
  let user: LoggedIn;

  before(async () => {
    user = await logIn();
  });

  it('passes axe signed out, ready, and with the warning open in Arabic', async () => {
    const out = await fixture<LatchWalletExport>(html`<latch-wallet-export></latch-wallet-export>`);
    expect(text(part(out, 'signed-out'))).to.equal('Log in to see your wallet.');
    await expect(out).to.be.accessible();
    const ar = await fixture<LatchWalletExport>(html`<latch-wallet-export locale="ar" .kit=${user.kit}></latch-wallet-export>`);
    await ready(ar);
    expect(ar.getAttribute('dir')).to.equal('rtl');
    part(ar, 'export-start').click();
    await ar.updateComplete;
    await expect(ar).to.be.accessible();
  });

  it('reveals the phrase after the confirmation; it derives the first address; Escape hides it and focus returns to Export', async () => {
    const el = await fixture<LatchWalletExport>(html`<latch-wallet-export .kit=${user.kit}></latch-wallet-export>`);
    await ready(el);
    expect(text(part(el, 'title'))).to.equal('Export recovery phrase');
    part(el, 'export-start').click();
    await el.updateComplete;
    expect(el.shadowRoot?.activeElement).to.equal(part(el, 'export-confirm'));
    part(el, 'reveal').click();
    await el.updateComplete;
    expect(text(el.shadowRoot!.getElementById('export-confirm-error'))).to.equal('Tick the box first.');
    part(el, 'export-confirm').click();
    await el.updateComplete;
    const exported = oneEvent(el, 'latch-export') as Promise<LatchExportEvent>;
    part(el, 'reveal').click();
    expect((await exported).detail).to.deep.equal({ walletId: user.walletId });
    await el.updateComplete;
    const phrase = Array.from(part(el, 'mnemonic').querySelectorAll('li'), (li) => text(li)).join(' ');
    const first = (await user.session.listWalletAccounts({ walletId: user.walletId }))[0]!.address;
    expect(ethAddress(HDKey.fromMasterSeed(mnemonicToSeedSync(phrase)).derive("m/44'/60'/0'/0/0").publicKey!)).to.equal(first.toLowerCase());
    expect(announced(el)).to.equal('The recovery phrase is shown.');
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(el.shadowRoot?.querySelector('[part~="mnemonic"]')).to.equal(null);
    expect(announced(el)).to.equal('The recovery phrase is hidden.');
    expect(el.shadowRoot?.activeElement).to.equal(part(el, 'export-start'));
  });
});
