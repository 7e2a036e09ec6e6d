// <latch-wallet-import> alone on a page, in Chromium against the emulator: the masked key field,
// its checks before anything is sent, an import whose Ethereum address is the key's own, es / ar.
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { afterEach, before, describe, it } from '../../support/harness.ts';
import { LatchWalletImport } from '../../../components/latch-wallet-import/latch-wallet-import.ts';
import type { LatchImportEvent } from '../../../components/latch-wallet/wallet-events.ts';
import { toHex } from '../../../src/encoding/hex.ts';
import { resetConfig } from '../support/helpers.ts';
import { announced, ethAddress, logIn, part, text, type LoggedIn } from '../support/kit-login.ts';

LatchWalletImport.define();

afterEach(() => resetConfig());

describe('<latch-wallet-import>', () => {
  let user: LoggedIn;

  before(async () => {
    user = await logIn();
  });

  it('passes axe signed out and signed in (Spanish, Arabic right to left)', async () => {
    const out = await fixture<LatchWalletImport>(html`<latch-wallet-import></latch-wallet-import>`);
    expect(text(part(out, 'signed-out'))).to.equal('Log in to see your wallet.');
    await expect(out).to.be.accessible();
    const es = await fixture<LatchWalletImport>(html`<latch-wallet-import locale="es" .kit=${user.kit}></latch-wallet-import>`);
    expect(text(part(es, 'import-submit'))).to.equal('Importar');
    await expect(es).to.be.accessible();
    const ar = await fixture<LatchWalletImport>(html`<latch-wallet-import locale="ar" .kit=${user.kit}></latch-wallet-import>`);
    expect(ar.getAttribute('dir')).to.equal('rtl');
    expect(part(ar, 'import-key').getAttribute('dir')).to.equal('ltr');
    await expect(ar).to.be.accessible();
  });

  it('checks the key before anything is sent, then imports it; the field is emptied and the address is the key\'s', async () => {
    const el = await fixture<LatchWalletImport>(html`<latch-wallet-import .kit=${user.kit}></latch-wallet-import>`);
    const events: Event[] = [];
    el.addEventListener('latch-import', (e) => events.push(e));
    const key = part<HTMLInputElement>(el, 'import-key');
    key.value = 'not hex';
    part(el, 'import-submit').click();
    await el.updateComplete;
    expect(text(el.shadowRoot!.getElementById('import-key-error'))).to.equal('Enter 64 hexadecimal characters (0–9, a–f).');
    expect(el.shadowRoot?.activeElement).to.equal(key);
    expect(events).to.deep.equal([]);

    const secret = secp256k1.utils.randomSecretKey();
    key.value = toHex(secret);
    const imported = oneEvent(el, 'latch-import') as Promise<LatchImportEvent>;
    part(el, 'import-submit').click();
    const { detail } = await imported;
    expect(key.value).to.equal('');
    expect(detail.addresses[0]!.address.toLowerCase()).to.equal(ethAddress(secp256k1.getPublicKey(secret)));
    await el.updateComplete;
    expect(text(part(el, 'import-result'))).to.include(detail.addresses[0]!.address);
    expect(announced(el)).to.equal('Key imported. Its addresses:');
  });
});
