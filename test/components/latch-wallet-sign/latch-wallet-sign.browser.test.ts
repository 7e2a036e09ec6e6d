// <latch-wallet-sign> alone on a page, in a real browser against the emulator: it lists the
// user's accounts itself, signs EIP-712 typed data after showing its domain and fields (the
// signature checked by viem's recoverTypedDataAddress, a verifier this project did not write),
// refuses what is not typed data in the field, and meets the standards of the other elements
// (axe, labels, keyboard, focus, es / ar with RTL, latch-error).
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { recoverTypedDataAddress } from 'viem';
import { afterEach, before, describe, it } from '../../support/harness.ts';
import { LatchWalletSign } from '../../../components/latch-wallet-sign/latch-wallet-sign.ts';
import type { LatchSignEvent } from '../../../components/latch-wallet/wallet-events.ts';
import type { LatchErrorEvent } from '../../../components/internal/events.ts';
import type { LatchKit } from '../../../src/kit/latch-kit.ts';
import type { SigningSession } from '../../../src/session/signing-session.ts';
import { activityResult } from '../../../src/clients/activity-client.ts';
import { resetConfig } from '../support/helpers.ts';
import { announced, emulatorKit, logIn, part, text, type LoggedIn } from '../support/kit-login.ts';
import { latestCode } from '../support/emulator-kit.ts';
import { MAIL_WITH_DOMAIN_TYPE } from '../../support/eip712-mail.ts';

LatchWalletSign.define();

const kits: LatchKit[] = [];
afterEach(() => {
  resetConfig();
  for (const kit of kits.splice(0)) kit.dispose();
});

const MAIL = MAIL_WITH_DOMAIN_TYPE;

async function signer(kit: LatchKit | undefined, locale?: string): Promise<LatchWalletSign> {
  return fixture<LatchWalletSign>(html`<latch-wallet-sign .kit=${kit} locale=${locale ?? 'en'}></latch-wallet-sign>`);
}

async function ready(el: LatchWalletSign): Promise<void> {
  await waitUntil(() => el.shadowRoot?.querySelector('[part~="sign-account"]'), 'the accounts load', { timeout: 10_000 });
}

/** Chooses typed data and types `json` into its field. */
async function typeTypedData(el: LatchWalletSign, json: string): Promise<HTMLTextAreaElement> {
  el.shadowRoot!.querySelector<HTMLInputElement>('input[value="typed-data"]')!.click();
  await el.updateComplete;
  const field = part<HTMLTextAreaElement>(el, 'sign-typed-data');
  field.value = json;
  field.dispatchEvent(new Event('input'));
  await el.updateComplete;
  return field;
}

describe('<latch-wallet-sign>', () => {
  let user: LoggedIn;

  before(async () => {
    user = await logIn();
  });

  it('passes axe signed out and with an account, and asks to log in without a session', async () => {
    const out = await signer(undefined);
    expect(text(part(out, 'signed-out'))).to.equal('Log in to see your wallet.');
    expect(text(part(out, 'title'))).to.equal('Sign a message');
    expect(part(out, 'error').getAttribute('aria-live')).to.equal('assertive');
    await expect(out).to.be.accessible();
    const el = await signer(user.kit);
    await ready(el);
    for (const name of ['base', 'sign', 'announcer']) expect(part(el, name), name).to.be.instanceOf(HTMLElement);
    await expect(el).to.be.accessible();
  });

  it('lists the accounts itself and signs EIP-712 typed data after showing its domain and fields; viem recovers the account', async () => {
    const el = await signer(user.kit);
    await ready(el);
    const address = part<HTMLSelectElement>(el, 'sign-account').value;
    expect(address).to.match(/^0x[0-9a-fA-F]{40}$/);
    await typeTypedData(el, JSON.stringify(MAIL, null, 2));
    part(el, 'sign-review').click();
    await waitUntil(() => el.shadowRoot?.querySelector('[part~="sign-preview"]'), 'the preview shows', { timeout: 5000 });
    const domain = text(part(el, 'sign-domain'));
    for (const value of ['Ether Mail', 'chainId', '1', '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC']) expect(domain).to.include(value);
    expect(text(el.shadowRoot!.getElementById('fields-title'))).to.equal('Fields of Mail');
    expect(text(el.shadowRoot!.querySelector('[data-field="contents"]'))).to.equal('Hello, Bob!');
    expect(text(el.shadowRoot!.querySelector('[data-field="to"]'))).to.include('0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB');
    expect(text(part(el, 'sign-preview'))).to.include('EIP-712 typed data');
    expect(el.shadowRoot?.querySelector('[part~="signature"]'), 'nothing signed before Sign').to.equal(null);
    expect(el.shadowRoot?.activeElement).to.equal(part(el, 'sign-button'));

    const signed = oneEvent(el, 'latch-sign') as Promise<LatchSignEvent>;
    part(el, 'sign-button').click();
    const { detail } = await signed;
    expect(detail.address).to.equal(address);
    expect(detail.typedData?.primaryType).to.equal('Mail');
    expect(detail.parameters.hashFunction).to.equal('HASH_FUNCTION_NO_OP');
    const { r, s, v } = detail.signature;
    const recovered = await recoverTypedDataAddress({ ...MAIL, signature: { r: `0x${r}`, s: `0x${s}`, yParity: Number.parseInt(v, 16) % 27 } } as never);
    expect(recovered.toLowerCase()).to.equal(address.toLowerCase());
    await el.updateComplete;
    expect(announced(el)).to.equal('Message signed.');
    expect(text(el.shadowRoot!.querySelector('[data-value="r"]'))).to.equal(r);
  });

  it('keeps its preview through the same user\'s fresh login (a step-up\'s) and signs with the new session; another user starts over', async () => {
    const own = await logIn(await emulatorKit());
    kits.push(own.kit);
    const el = await signer(own.kit);
    await ready(el);
    await typeTypedData(el, JSON.stringify(MAIL));
    part(el, 'sign-review').click();
    await waitUntil(() => el.shadowRoot?.querySelector('[part~="sign-preview"]'), 'the preview shows', { timeout: 5000 });
    const sessionOfElement = () => (el as unknown as { session: SigningSession | null }).session;

    const { otpId } = await own.kit.startOtp('OTP_TYPE_EMAIL', own.contact);
    await own.kit.completeOtp({ otpType: 'OTP_TYPE_EMAIL', contact: own.contact, otpId, otpCode: await latestCode(own.contact), reauthenticate: true });
    const fresh = own.kit.session;
    expect(fresh).to.not.equal(own.session);
    await waitUntil(() => sessionOfElement() === fresh, 'the element has the fresh session', { timeout: 5000 });
    await el.updateComplete;
    expect(el.shadowRoot?.querySelector('[part~="sign-preview"]'), 'the preview stays').to.be.instanceOf(HTMLElement);
    const signed = oneEvent(el, 'latch-sign') as Promise<LatchSignEvent>;
    part(el, 'sign-button').click();
    expect((await signed).detail.typedData?.primaryType).to.equal('Mail');

    await logIn(own.kit); // another user, on the same kit
    await waitUntil(() => sessionOfElement() === own.kit.session && !el.shadowRoot?.querySelector('[part~="signature"]'), 'another user starts over', { timeout: 10_000 });
    expect(el.shadowRoot?.querySelector('[part~="sign-preview"]')).to.equal(null);
  });

  it('says in the field when the text is not typed data, before anything is sent; Enter on Review works from the keyboard', async () => {
    const el = await signer(user.kit);
    await ready(el);
    const errors: Event[] = [];
    el.addEventListener('latch-error', (e) => errors.push(e));
    const field = await typeTypedData(el, '{"types": {}, "primaryType": "Mail"');
    part(el, 'sign-review').focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => field.getAttribute('aria-invalid') === 'true', 'the field is marked', { timeout: 5000 });
    expect(text(el.shadowRoot!.getElementById('sign-typed-data-error'))).to.match(/^This is not EIP-712 typed data/);
    expect(el.shadowRoot?.activeElement).to.equal(field);
    expect(el.shadowRoot?.querySelector('[part~="sign-preview"]')).to.equal(null);
    expect(errors).to.deep.equal([]);
    // An empty field says what to do.
    field.value = '';
    field.dispatchEvent(new Event('input'));
    part(el, 'sign-review').click();
    await el.updateComplete;
    expect(text(el.shadowRoot!.getElementById('sign-typed-data-error'))).to.equal('Paste the typed data to sign.');
  });

  it('wallet-id limits the accounts it offers, and a new one lists them again', async () => {
    const el = await signer(user.kit);
    await ready(el);
    const activity = await user.session.submit('create_wallet', {
      walletName: 'Other',
      accounts: [{ curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/501'/0'/0'", addressFormat: 'ADDRESS_FORMAT_SOLANA' }],
    });
    const other = activityResult(activity);
    el.walletId = other.walletId;
    await waitUntil(() => part<HTMLSelectElement>(el, 'sign-account').value === other.addresses[0], 'the other wallet\'s account is offered', { timeout: 10_000 });
    expect(part<HTMLSelectElement>(el, 'sign-account').options).to.have.length(1);
    // A Solana account signs messages only: no typed-data choice.
    expect(el.shadowRoot?.querySelector('[part~="sign-kind"]')).to.equal(null);
  });

  it('speaks Spanish, and Arabic right to left', async () => {
    const es = await signer(user.kit, 'es');
    await ready(es);
    expect(text(part(es, 'title'))).to.equal('Firmar un mensaje');
    expect(text(part(es, 'sign-kind'))).to.include('Datos tipados (EIP-712)');
    const ar = await signer(user.kit, 'ar');
    await ready(ar);
    expect(ar.getAttribute('dir')).to.equal('rtl');
    // Typed data is code: it reads left to right in an RTL page.
    await typeTypedData(ar, '{}');
    expect(part(ar, 'sign-typed-data').getAttribute('dir')).to.equal('ltr');
    await expect(ar).to.be.accessible();
  });

  it('reports a failed signature as latch-error with its code, in its own assertive region', async () => {
    const kit = await emulatorKit((input, init) => (String(input).includes('sign_raw_payload') ? Promise.reject(new TypeError('offline')) : fetch(input, init)));
    kits.push(kit);
    await logIn(kit);
    const el = await signer(kit);
    await ready(el);
    const field = part<HTMLTextAreaElement>(el, 'sign-message');
    field.value = 'hello';
    field.dispatchEvent(new Event('input'));
    part(el, 'sign-review').click();
    await waitUntil(() => el.shadowRoot?.querySelector('[part~="sign-button"]'), 'the preview shows', { timeout: 5000 });
    const failed = oneEvent(el, 'latch-error') as Promise<LatchErrorEvent>;
    part(el, 'sign-button').click();
    expect((await failed).detail.error.code).to.equal('ERR_NETWORK_FAILED');
    await el.updateComplete;
    expect(text(part(el, 'error'))).to.not.equal('');
  });
});
