// <latch-wallet-export> alone on a page, in Chromium against the emulator: it finds the user's
// wallets itself, reveals the phrase only after the warning and the confirmation (the phrase
// derives the wallet's first address), hides it with Escape, and meets the element standards.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { mnemonicToSeedSync } from '@scure/bip39';
import { HDKey } from '@scure/bip32';
import { privateKeyToAccount } from 'viem/accounts';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { importPrivateKey } from '../../../src/session/session-import.ts';
import { fromHex } from '../../../src/encoding/hex.ts';
import { activityResult } from '../../../src/clients/activity-client.ts';
import { emulatorKeys } from '../support/emulator-kit.ts';
import { afterEach, before, describe, it } from '../../support/harness.ts';
import { LatchWalletExport } from '../../../components/latch-wallet-export/latch-wallet-export.ts';
import type { LatchExportEvent, LatchExportKeyEvent } from '../../../components/latch-wallet/wallet-events.ts';
import { resetConfig } from '../support/helpers.ts';
import { announced, ethAddress, logIn, part, text, type LoggedIn } from '../support/kit-login.ts';

LatchWalletExport.define();

afterEach(() => resetConfig());

const WARNING_EN = 'Anyone with this key controls this account and its funds. Never share it; make sure nobody can see your screen.';

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

  /** Chooses what to export and the target, then goes through the warning and the confirmation to the masked key. */
  async function exportKey(el: LatchWalletExport, what: 'account' | 'key', id: string, warning = WARNING_EN): Promise<LatchExportKeyEvent['detail']> {
    const select = part<HTMLSelectElement>(el, 'export-what');
    select.value = what;
    select.dispatchEvent(new Event('change'));
    const targetPart = what === 'account' ? 'export-account' : 'export-private-key';
    await waitUntil(() => el.shadowRoot?.querySelector(`[part~="${targetPart}"] option[value="${id}"]`), 'the target is offered', { timeout: 10_000 });
    const target = part<HTMLSelectElement>(el, targetPart);
    target.value = id;
    target.dispatchEvent(new Event('change'));
    await el.updateComplete;
    part(el, 'export-start').click();
    await el.updateComplete;
    expect(text(part(el, 'export-warning'))).to.equal(warning);
    part(el, 'export-confirm').click();
    await el.updateComplete;
    const exported = oneEvent(el, 'latch-export-key') as Promise<LatchExportKeyEvent>;
    part(el, 'reveal').click();
    const { detail } = await exported;
    await el.updateComplete;
    return detail;
  }

  it("exports an Ethereum account's key masked; shown, it is the account's key (viem); copied whole; Done forgets it", async () => {
    const el = await fixture<LatchWalletExport>(html`<latch-wallet-export .kit=${user.kit}></latch-wallet-export>`);
    await ready(el);
    const address = (await user.session.listWalletAccounts({ walletId: user.walletId }))[0]!.address;
    expect(await exportKey(el, 'account', address)).to.deep.equal({ address });
    expect(announced(el)).to.equal('The private key is ready. It stays hidden until you show it.');
    expect(text(part(el, 'exported-key'))).to.match(/^•+$/);
    expect(el.shadowRoot?.activeElement).to.equal(part(el, 'key-reveal'));
    part(el, 'key-reveal').click();
    await el.updateComplete;
    const hex = text(part(el, 'exported-key'));
    expect(privateKeyToAccount(`0x${hex}`).address).to.equal(address);
    expect(part(el, 'key-reveal').getAttribute('aria-pressed')).to.equal('true');
    const copied: string[] = [];
    const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (value: string) => void copied.push(value) } });
    try {
      part(el, 'key-copy').click();
      await waitUntil(() => copied.length === 1);
      expect(copied).to.deep.equal([hex]);
    } finally {
      delete (navigator as { clipboard?: unknown }).clipboard;
      if (original && !('clipboard' in navigator)) Object.defineProperty(Navigator.prototype, 'clipboard', original);
    }
    part(el, 'hide').click();
    await el.updateComplete;
    expect(el.shadowRoot!.querySelectorAll('[part~="exported-key"], [part~="key-reveal"]').length).to.equal(0);
    expect(el.shadowRoot!.innerHTML.includes(hex)).to.equal(false);
    expect(announced(el)).to.equal('The private key is gone from this page.');
  });

  it("a Solana account's key is offered as the base58 64-byte secret key: seed then its public key, the account's address", async () => {
    const { addresses } = activityResult(
      await user.session.submit('create_wallet_accounts', {
        walletId: user.walletId,
        accounts: [{ curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/501'/0'/0'", addressFormat: 'ADDRESS_FORMAT_SOLANA' }],
      }),
    );
    const el = await fixture<LatchWalletExport>(html`<latch-wallet-export locale="es" .kit=${user.kit}></latch-wallet-export>`);
    await ready(el);
    await exportKey(el, 'account', addresses[0]!, 'Quien tenga esta clave controla esta cuenta y sus fondos. No la compartas nunca; asegúrate de que nadie ve tu pantalla.');
    expect(part<HTMLSelectElement>(el, 'export-format').value).to.equal('solana');
    part(el, 'key-reveal').click();
    await el.updateComplete;
    const secret = base58.decode(text(part(el, 'exported-key')));
    expect(secret.length).to.equal(64);
    expect(base58.encode(ed25519.getPublicKey(secret.subarray(0, 32)))).to.equal(addresses[0]);
    expect(base58.encode(secret.subarray(32))).to.equal(addresses[0]);
    await expect(el).to.be.accessible();
  });

  it('exports an imported private key: the list loads when asked, and the key shown is the one imported', async () => {
    const secret = crypto.getRandomValues(new Uint8Array(32));
    secret[0] = 2;
    const hex = Array.from(secret, (b) => b.toString(16).padStart(2, '0')).join('');
    const { privateKeyId } = await importPrivateKey(user.session, {
      privateKey: fromHex(hex),
      curve: 'CURVE_SECP256K1',
      addressFormats: ['ADDRESS_FORMAT_ETHEREUM'],
      privateKeyName: 'Imported for export',
      enclavePublicKey: (await emulatorKeys()).enclavePublicKey,
    });
    const el = await fixture<LatchWalletExport>(html`<latch-wallet-export .kit=${user.kit}></latch-wallet-export>`);
    await ready(el);
    expect(await exportKey(el, 'key', privateKeyId)).to.deep.equal({ privateKeyId });
    part(el, 'key-reveal').click();
    await el.updateComplete;
    expect(text(part(el, 'exported-key'))).to.equal(hex);
  });
});
