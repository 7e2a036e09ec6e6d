// <latch-auth>'s external-wallet method (issue 12 part 3) against the emulator the test runner
// started, with the in-page test wallet (test/support/test-wallet.ts: EIP-6963 announcer, real
// secp256k1 key, viem signing) standing in for an extension: the announced wallets listed with
// their icons and names, sign-up then login by a press (the emulator verifies the wallet's
// EIP-191 stamp), a rejection (4001) back on the methods with its message and focus, no wallet,
// a configuration without `wallet`, keyboard, Spanish and Arabic (RTL), axe.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { afterEach, before, after, describe, it } from '../../support/harness.ts';
import { LatchAuth } from '../../../components/latch-auth/latch-auth.ts';
import { deepActiveElement } from '../../../components/internal/focus.ts';
import type { LatchErrorEvent, LatchLoginEvent } from '../../../components/internal/events.ts';
import type { LatchKit } from '../../../src/kit/latch-kit.ts';
import { endFlow } from '../../../src/state/flow-state.ts';
import { pinBrowserLanguages, recordEvents, resetConfig } from '../support/helpers.ts';
import { editingConfig, part, parts, testKit, text } from './kit-support.ts';
import { installTestWallet, type TestWallet } from '../../support/test-wallet.ts';
import { installTestSolanaWallet } from '../../support/test-solana-wallet.ts';

LatchAuth.define();

const cleanups: Array<() => void> = [];

function wallet(options: Parameters<typeof installTestWallet>[0] = {}): TestWallet {
  const w = installTestWallet(options);
  cleanups.push(() => w.stop());
  return w;
}

/** A drop-in on `kit` once its methods show, and (when `wallets` > 0) that many wallets are listed. */
async function auth(kit: LatchKit, wallets = 1, template?: ReturnType<typeof html>): Promise<LatchAuth> {
  const el = await fixture<LatchAuth>(template ?? html`<latch-auth .kit=${kit}></latch-auth>`);
  await waitUntil(() => el.shadowRoot?.querySelector('[part~="methods"]'), 'the methods show', { timeout: 10_000 });
  if (wallets > 0) await waitUntil(() => parts(el, 'wallet').length === wallets, `${wallets} wallet(s) listed`, { timeout: 10_000 });
  else await waitUntil(() => el.shadowRoot?.querySelector('[part~="wallets-none"]'), 'the wallet method shows', { timeout: 10_000 });
  return el;
}

const button = (el: LatchAuth, w: TestWallet): HTMLButtonElement => el.shadowRoot!.querySelector<HTMLButtonElement>(`[part~="wallet"][data-wallet="${w.uuid}"]`)!;

async function next<T extends Event>(el: EventTarget, type: string): Promise<T> {
  return new Promise((resolve) => el.addEventListener(type, (event) => resolve(event as T), { once: true }));
}

describe('<latch-auth> external wallets', () => {
  let restoreLanguages: () => void;
  before(() => {
    restoreLanguages = pinBrowserLanguages(['en-US']);
  });
  after(() => restoreLanguages());
  afterEach(() => {
    resetConfig();
    endFlow();
    cleanups.splice(0).forEach((cleanup) => cleanup());
  });

  it('passes axe with wallets listed, in English and in Arabic (right to left)', async () => {
    wallet({ name: 'Test Wallet' });
    const el = await auth(await testKit());
    await expect(el).to.be.accessible();
    const ar = await auth(await testKit(), 1, html`<latch-auth locale="ar" .kit=${await testKit()}></latch-auth>`);
    expect(ar.getAttribute('dir')).to.equal('rtl');
    expect(part(ar, 'wallets').getAttribute('aria-label')).to.equal('المحافظ في هذا المتصفح');
    expect(text(part(ar, 'wallet'))).to.include('Test Wallet');
    await expect(ar).to.be.accessible();
  });

  it('lists each announced wallet with its icon and name; an icon that is not a data:image URI is not shown', async () => {
    const first = wallet({ name: 'Alpha Wallet' });
    const second = wallet({ name: 'Beta Wallet', rdns: 'com.example.beta' });
    // A wallet announcing a remote icon (EIP-6963 asks for a data URI): listed, but no request to that URL.
    const remote = { uuid: crypto.randomUUID(), name: 'Remote Icon Wallet', icon: 'https://wallet.example/icon.png', rdns: 'com.example.remote' };
    const provider = { request: async () => null };
    const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info: remote, provider }) }));
    window.addEventListener('eip6963:requestProvider', announce);
    cleanups.push(() => window.removeEventListener('eip6963:requestProvider', announce));
    const el = await auth(await testKit(), 3);
    const buttons = parts<HTMLButtonElement>(el, 'wallet');
    expect(buttons.map((b) => text(b))).to.deep.equal(['Continue with Alpha Wallet', 'Continue with Beta Wallet', 'Continue with Remote Icon Wallet']);
    expect(button(el, first).querySelector('img')!.getAttribute('src')).to.match(/^data:image\/svg\+xml;base64,/);
    expect(button(el, first).querySelector('img')!.getAttribute('alt')).to.equal('');
    expect(button(el, second).querySelector('img')).to.not.equal(null);
    expect(buttons[2]!.querySelector('img')).to.equal(null);
    expect(part(el, 'wallets').getAttribute('aria-label')).to.equal('Wallets in this browser');
    // The wallets follow the other methods after an "or".
    expect(part(el, 'wallets').previousElementSibling?.getAttribute('part')).to.equal('divider');
  });

  it('signs up with the wallet\'s key, then logs in again with it: latch-login created true, then false, same user', async () => {
    const w = wallet();
    const kit = await testKit();
    const el = await auth(kit);
    const errors = recordEvents(el, ['latch-error']);
    cleanups.push(errors.stop);
    const signedUp = next<LatchLoginEvent>(el, 'latch-login');
    button(el, w).click();
    await el.updateComplete;
    expect(text(part(el, 'wallet-status'))).to.equal('Confirm in Test Wallet…');
    expect(button(el, w).getAttribute('aria-busy')).to.equal('true');
    const first = (await signedUp).detail;
    expect(first.created).to.equal(true);
    expect(w.calls).to.include.members(['eth_requestAccounts', 'personal_sign']);
    // One confirmation in the wallet for the whole sign-up.
    expect(w.calls.filter((c) => c === 'personal_sign')).to.have.length(1);
    expect(kit.session?.active).to.equal(true);

    await kit.logout();
    await waitUntil(() => parts(el, 'wallet').length === 1, 'the methods show again', { timeout: 10_000 });
    const loggedIn = next<LatchLoginEvent>(el, 'latch-login');
    button(el, w).click();
    const second = (await loggedIn).detail;
    expect(second.created).to.equal(false);
    expect(second.session.userId).to.equal(first.session.userId);
    expect(second.session.organizationId).to.equal(first.session.organizationId);
    expect(errors.events).to.have.length(0);
  });

  it('a request rejected in the wallet (4001) stays on the methods with a clear message, focus on that wallet', async () => {
    const w = wallet({ name: 'Shy Wallet' });
    const kit = await testKit();
    const el = await auth(kit);
    w.rejecting = true;
    const failed = next<LatchErrorEvent>(el, 'latch-error');
    button(el, w).click();
    expect((await failed).detail.error.code).to.equal('ERR_WALLET_REJECTED');
    await waitUntil(() => text(part(el, 'wallet-error')) !== '', 'the message shows', { timeout: 10_000 });
    expect(text(part(el, 'wallet-error'))).to.equal('You declined in Shy Wallet. Choose a way to log in.');
    expect(part(el, 'wallet-error').getAttribute('aria-live')).to.equal('assertive');
    expect(text(part(el, 'wallet-status'))).to.equal('');
    await waitUntil(() => deepActiveElement() === button(el, w), 'focus on the wallet', { timeout: 5_000 });
    expect(button(el, w).getAttribute('aria-describedby')).to.equal('wallet-error');
    expect(el.shadowRoot!.querySelector('form[data-method="email"]')).to.not.equal(null);
    expect(kit.session?.active ?? false).to.equal(false);

    // Accepted the second time, by keyboard: Enter on the focused wallet.
    w.rejecting = false;
    const loggedIn = next<LatchLoginEvent>(el, 'latch-login');
    await sendKeys({ press: 'Enter' });
    expect((await loggedIn).detail.created).to.equal(true);
  });

  it('in Spanish, the rejection and the progress are Spanish', async () => {
    const w = wallet({ name: 'Billetera' });
    const el = await auth(await testKit(), 1, html`<latch-auth locale="es" .kit=${await testKit()}></latch-auth>`);
    expect(text(button(el, w))).to.equal('Continuar con Billetera');
    w.rejecting = true;
    const failed = next(el, 'latch-error');
    button(el, w).click();
    await failed;
    await waitUntil(() => text(part(el, 'wallet-error')) !== '', 'the message shows', { timeout: 10_000 });
    expect(text(part(el, 'wallet-error'))).to.equal('Rechazaste la solicitud en Billetera. Elige cómo iniciar sesión.');
  });

  it('a Solana wallet (Wallet Standard) is listed beside the Ethereum ones and signs up, then logs in, with its Ed25519 key', async () => {
    const eth = wallet({ name: 'Test Wallet' });
    const sol = installTestSolanaWallet({ name: 'Sol Test' });
    cleanups.push(() => sol.stop());
    const kit = await testKit();
    const el = await auth(kit, 2);
    expect(parts(el, 'wallet').map((b) => text(b))).to.deep.equal(['Continue with Test Wallet', 'Continue with Sol Test (Solana)']);
    const solButton = parts<HTMLButtonElement>(el, 'wallet')[1]!;
    expect(solButton.querySelector('img')!.getAttribute('src')).to.match(/^data:image\/svg\+xml;base64,/);
    const signedUp = next<LatchLoginEvent>(el, 'latch-login');
    solButton.click();
    const first = (await signedUp).detail;
    expect(first.created).to.equal(true);
    expect(sol.calls).to.deep.equal(['standard:connect', 'solana:signMessage']);
    expect(eth.calls).to.deep.equal([]);
    await kit.logout();
    await waitUntil(() => parts(el, 'wallet').length === 2, 'the methods show again', { timeout: 10_000 });
    const loggedIn = next<LatchLoginEvent>(el, 'latch-login');
    parts<HTMLButtonElement>(el, 'wallet')[1]!.click();
    const second = (await loggedIn).detail;
    expect(second.created).to.equal(false);
    expect(second.session.userId).to.equal(first.session.userId);
  });

  it('as an open modal: the wallets are inside the dialog, and a wallet login closes it', async () => {
    const w = wallet();
    const kit = await testKit();
    const el = await auth(kit, 1, html`<latch-auth modal open .kit=${kit}></latch-auth>`);
    expect(part(el, 'dialog').contains(button(el, w))).to.equal(true);
    const loggedIn = next<LatchLoginEvent>(el, 'latch-login');
    button(el, w).click();
    expect((await loggedIn).detail.created).to.equal(true);
    await waitUntil(() => !el.open, 'the dialog closes', { timeout: 5_000 });
  });

  it('no wallet in the browser: says so, nothing to press', async () => {
    const el = await auth(await testKit(), 0);
    expect(text(part(el, 'wallets-none'))).to.equal('No wallet found in this browser.');
    expect(parts(el, 'wallet')).to.have.length(0);
  });

  it('a wallet that loads later (announcing by itself) joins the list', async () => {
    const el = await auth(await testKit(), 0);
    const w = wallet({ name: 'Late Wallet' });
    await waitUntil(() => parts(el, 'wallet').length === 1, 'the late wallet is listed', { timeout: 5_000 });
    expect(text(button(el, w))).to.equal('Continue with Late Wallet');
  });

  it('a configuration without `wallet` lists no wallets', async () => {
    wallet();
    const el = await fixture<LatchAuth>(html`<latch-auth .kit=${await testKit({ fetch: editingConfig({ enabledProviders: ['email', 'google'] }) })}></latch-auth>`);
    await waitUntil(() => el.shadowRoot?.querySelector('[part~="methods"]'), 'the methods show', { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(el.shadowRoot!.querySelector('[part~="wallets"], [part~="wallets-none"]')).to.equal(null);
  });
});
