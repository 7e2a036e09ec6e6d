// <latch-onramp> in Chromium against the emulator the test runner started: the seed's enums as
// readable selects, the seed's rules shown before anything is sent (nothing is sent, no window
// opens), a purchase opened in a window and settled on the emulator's sandbox page (its
// #onramp-complete / #onramp-fail forms posted as the page would), the status followed to the
// end, the blocked-window fallback, service errors, polling stopped on disconnect, locales.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { afterEach, before, describe, it } from '../../support/harness.ts';
import { LatchOnramp, type OnrampWindow } from '../../../components/latch-onramp/latch-onramp.ts';
import type { LatchOnrampStartEvent, LatchOnrampStatusEvent } from '../../../components/latch-onramp/onramp-events.ts';
import type { LatchErrorEvent } from '../../../components/internal/events.ts';
import { checkOnrampForm, normalizeAmount, normalizeSubdivision, type OnrampFormValues } from '../../../components/latch-onramp/onramp-form.ts';
import type { LatchKit } from '../../../src/kit/latch-kit.ts';
import { configure } from '../../../src/kit/configure.ts';
import { announced, emulatorKit, emulatorKitOptions, emulatorUrls, logIn, part, parts, text, type LoggedIn } from '../support/kit-login.ts';
import { latestCode } from '../support/emulator-kit.ts';
import { fromBase64Url } from '../../../src/encoding/base64url.ts';
import { utf8Decode } from '../../../src/encoding/utf8.ts';

LatchOnramp.define();

/** A kit whose calls are recorded (operation name → request bodies, or the keys that stamped them). */
async function recordingUser(): Promise<LoggedIn & { sent: (operation: string) => Record<string, unknown>[]; stampedBy: (operation: string) => string[] }> {
  const calls: { url: string; body: string; stamp: string }[] = [];
  const kit = await emulatorKit((input, init) => {
    const stamp = (init?.headers as Record<string, string> | undefined)?.['X-Stamp'] ?? '';
    calls.push({ url: String(input), body: typeof init?.body === 'string' ? init.body : '', stamp });
    return fetch(input, init);
  });
  const user = await logIn(kit);
  const of = (operation: string) => calls.filter((c) => c.url.endsWith(`/${operation}`));
  const sent = (operation: string) => of(operation).map((c) => JSON.parse(c.body) as Record<string, unknown>);
  const stampedBy = (operation: string) => of(operation).map((c) => (JSON.parse(utf8Decode(fromBase64Url(c.stamp))) as { publicKey: string }).publicKey);
  return { ...user, sent, stampedBy };
}

/** A stand-in for the provider's window: records where it was sent and whether it was closed. */
function fakeWindow() {
  const opened: (OnrampWindow & { closed: boolean })[] = [];
  const open = (): OnrampWindow => {
    const win = { location: { href: '' }, closed: false, close: () => void (win.closed = true) };
    opened.push(win);
    return win;
  };
  return { opened, open };
}

/** Presses a button of the emulator's sandbox provider page: reads the page, posts its form. */
async function pressSandbox(onRampUrl: string, button: 'onramp-complete' | 'onramp-fail'): Promise<void> {
  const page = await (await fetch(onRampUrl)).text();
  const match = new RegExp(`<form method="post" action="([^"]+)"><button id="${button}"`).exec(page);
  expect(match, `the sandbox page has #${button}`).to.not.equal(null);
  const answer = await fetch(new URL(match![1]!.replace(/&amp;/g, '&'), onRampUrl), { method: 'POST', body: new URLSearchParams() });
  expect(answer.status).to.equal(200);
}

const kits: LatchKit[] = [];
afterEach(() => {
  for (const kit of kits.splice(0)) kit.dispose();
});

async function onramp(user: LoggedIn | undefined, template?: (kit: LatchKit | undefined) => ReturnType<typeof html>): Promise<LatchOnramp> {
  if (user) kits.push(user.kit);
  const el = await fixture<LatchOnramp>(template ? template(user?.kit) : html`<latch-onramp .kit=${user?.kit}></latch-onramp>`);
  return el;
}

const input = (el: LatchOnramp, name: string): HTMLInputElement => part<HTMLInputElement>(el, name);
const select = (el: LatchOnramp, name: string): HTMLSelectElement => part<HTMLSelectElement>(el, name);

function type(el: LatchOnramp, name: string, value: string): void {
  const node = input(el, name);
  node.value = value;
  node.dispatchEvent(new Event('input'));
  node.dispatchEvent(new Event('change'));
}

function choose(el: LatchOnramp, name: string, value: string): void {
  const node = select(el, name);
  node.value = value;
  node.dispatchEvent(new Event('change'));
}

const fieldError = (el: LatchOnramp, id: string): string => text(el.shadowRoot!.getElementById(`${id}-error`));

describe('<latch-onramp>', () => {
  let user: LoggedIn;
  let ethAddress: string;

  before(async () => {
    user = await logIn();
    ethAddress = (await user.session.listWalletAccounts())[0]!.address;
  });

  async function loaded(el: LatchOnramp): Promise<void> {
    await waitUntil(() => el.shadowRoot?.querySelector<HTMLInputElement>('[part~="wallet-address"]')?.value, 'the default address loads', { timeout: 10_000 });
  }

  describe('accessibility', () => {
    it('passes axe signed out', async () => {
      const el = await onramp(undefined);
      await expect(el).to.be.accessible();
    });

    it('passes axe with the form, and with its validation messages shown', async () => {
      const el = await onramp(user);
      await loaded(el);
      await expect(el).to.be.accessible();
      type(el, 'amount', '10');
      type(el, 'country', 'US');
      part(el, 'submit').click();
      await el.updateComplete;
      await expect(el).to.be.accessible();
    });

    it('passes axe in Arabic', async () => {
      const el = await onramp(user, (kit) => html`<latch-onramp locale="ar" .kit=${kit}></latch-onramp>`);
      await loaded(el);
      await expect(el).to.be.accessible();
    });
  });

  describe('defaults', () => {
    it('asks to log in without a session', async () => {
      const el = await onramp(undefined);
      await waitUntil(() => text(part(el, 'signed-out')) === 'Log in to buy crypto.', 'the prompt shows');
      expect(el.shadowRoot?.querySelector('[part~="form"]')).to.equal(null);
      expect(part(el, 'error').getAttribute('aria-live')).to.equal('assertive');
    });

    it('offers every value of each of the seed\'s enums with a readable label', async () => {
      const el = await onramp(user);
      await loaded(el);
      const options = (name: string) => Array.from(select(el, name).options, (o) => ({ value: o.value, label: text(o) }));
      expect(options('provider')).to.deep.equal([
        { value: 'FIAT_ON_RAMP_PROVIDER_COINBASE', label: 'Coinbase' },
        { value: 'FIAT_ON_RAMP_PROVIDER_MOONPAY', label: 'MoonPay' },
      ]);
      expect(options('network').map((o) => o.label)).to.deep.equal(['Bitcoin', 'Ethereum', 'Solana', 'Base']);
      expect(options('network').map((o) => o.value)).to.deep.equal(['BITCOIN', 'ETHEREUM', 'SOLANA', 'BASE'].map((n) => `FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_${n}`));
      expect(options('crypto-currency').map((o) => o.label)).to.deep.equal(['Bitcoin (BTC)', 'Ether (ETH)', 'Solana (SOL)', 'USD Coin (USDC)']);
      const fiat = options('fiat-currency');
      expect(fiat).to.have.length(34);
      expect(fiat.find((o) => o.value === 'FIAT_ON_RAMP_CURRENCY_USD')?.label).to.equal('US Dollar (USD)');
      expect(fiat.find((o) => o.value === 'FIAT_ON_RAMP_CURRENCY_EUR')?.label).to.equal('Euro (EUR)');
      const payments = options('payment-method');
      expect(payments).to.have.length(13);
      expect(payments[0]).to.deep.equal({ value: 'FIAT_ON_RAMP_PAYMENT_METHOD_CREDIT_DEBIT_CARD', label: 'Credit or debit card' });
      expect(payments.every((o) => !o.label.includes('FIAT_ON_RAMP'))).to.equal(true);
      // Defaults: Ethereum, ETH, USD, card, the user's Ethereum account, not sandbox.
      expect(select(el, 'network').value).to.equal('FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_ETHEREUM');
      expect(select(el, 'crypto-currency').value).to.equal('FIAT_ON_RAMP_CRYPTO_CURRENCY_ETH');
      expect(select(el, 'fiat-currency').value).to.equal('FIAT_ON_RAMP_CURRENCY_USD');
      expect(input(el, 'wallet-address').value).to.equal(ethAddress);
      expect(input(el, 'sandbox').checked).to.equal(false);
      expect(input(el, 'amount').value).to.equal('');
    });

    it('the destination follows the network: the first matching account, or empty; the coin follows too', async () => {
      const el = await onramp(user);
      await loaded(el);
      choose(el, 'network', 'FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_SOLANA');
      await el.updateComplete;
      expect(input(el, 'wallet-address').value).to.equal('');
      expect(select(el, 'crypto-currency').value).to.equal('FIAT_ON_RAMP_CRYPTO_CURRENCY_SOL');
      choose(el, 'network', 'FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_BASE');
      await el.updateComplete;
      expect(input(el, 'wallet-address').value).to.equal(ethAddress);
      expect(select(el, 'crypto-currency').value).to.equal('FIAT_ON_RAMP_CRYPTO_CURRENCY_ETH');
    });
  });

  describe('attributes', () => {
    it('preset the form', async () => {
      const el = await onramp(user, (kit) => html`<latch-onramp
        .kit=${kit}
        provider="FIAT_ON_RAMP_PROVIDER_MOONPAY"
        network="FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_BASE"
        crypto-currency="FIAT_ON_RAMP_CRYPTO_CURRENCY_USDC"
        fiat-currency="FIAT_ON_RAMP_CURRENCY_EUR"
        payment-method="FIAT_ON_RAMP_PAYMENT_METHOD_SEPA_BANK_TRANSFER"
        amount="75"
        country="DE"
        wallet-address="0x000000000000000000000000000000000000a11c"
        sandbox
      ></latch-onramp>`);
      await waitUntil(() => el.shadowRoot?.querySelector('[part~="form"]'), 'the form shows');
      expect(select(el, 'provider').value).to.equal('FIAT_ON_RAMP_PROVIDER_MOONPAY');
      expect(select(el, 'network').value).to.equal('FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_BASE');
      expect(select(el, 'crypto-currency').value).to.equal('FIAT_ON_RAMP_CRYPTO_CURRENCY_USDC');
      expect(select(el, 'fiat-currency').value).to.equal('FIAT_ON_RAMP_CURRENCY_EUR');
      expect(select(el, 'payment-method').value).to.equal('FIAT_ON_RAMP_PAYMENT_METHOD_SEPA_BANK_TRANSFER');
      expect(input(el, 'amount').value).to.equal('75');
      expect(input(el, 'country').value).to.equal('DE');
      expect(text(part(el, 'country-name'))).to.equal('Germany');
      expect(input(el, 'wallet-address').value).to.equal('0x000000000000000000000000000000000000a11c');
      expect(input(el, 'sandbox').checked).to.equal(true);
    });

    it('speaks Spanish, and Arabic right to left with Arabic digits', async () => {
      const es = await onramp(user, (kit) => html`<latch-onramp locale="es" .kit=${kit}></latch-onramp>`);
      await loaded(es);
      expect(text(part(es, 'title'))).to.equal('Comprar criptomonedas');
      expect(text(select(es, 'payment-method').options[0])).to.equal('Tarjeta de crédito o débito');
      const ar = await onramp(user, (kit) => html`<latch-onramp locale="ar" .kit=${kit}></latch-onramp>`);
      await loaded(ar);
      expect(ar.getAttribute('dir')).to.equal('rtl');
      type(ar, 'amount', '5');
      await ar.updateComplete;
      expect(fieldError(ar, 'amount')).to.equal(`أدخل مبلغًا أكبر من ${new Intl.NumberFormat('ar').format(20)}، أو اتركه فارغًا.`);
    });
  });

  describe('the seed\'s rules, before anything is sent', () => {
    it('an amount of 20 or less, and a US country without a subdivision, are shown and nothing is sent or opened', async () => {
      const recording = await recordingUser();
      const win = fakeWindow();
      const el = await onramp(recording, (kit) => html`<latch-onramp .kit=${kit} .openWindow=${win.open}></latch-onramp>`);
      await loaded(el);
      const events: Event[] = [];
      for (const type of ['latch-onramp-start', 'latch-error']) el.addEventListener(type, (e) => events.push(e));

      type(el, 'amount', '20');
      type(el, 'country', 'us');
      await el.updateComplete;
      // Leaving the amount field already shows its message.
      expect(fieldError(el, 'amount')).to.equal('Enter an amount greater than 20, or leave it empty.');
      part(el, 'submit').click();
      await el.updateComplete;
      expect(fieldError(el, 'amount')).to.equal('Enter an amount greater than 20, or leave it empty.');
      expect(fieldError(el, 'subdivision')).to.equal('In the United States, enter your state, such as NY.');
      expect(input(el, 'amount').getAttribute('aria-invalid')).to.equal('true');
      expect(input(el, 'subdivision').getAttribute('aria-invalid')).to.equal('true');
      expect(input(el, 'subdivision').required).to.equal(true);
      expect(text(part(el, 'country-name'))).to.equal('United States');
      expect(el.shadowRoot?.activeElement).to.equal(input(el, 'amount'));

      for (const amount of ['19.99', 'abc', '-25', '1e3']) {
        type(el, 'amount', amount);
        part(el, 'submit').click();
        await el.updateComplete;
        expect(fieldError(el, 'amount'), amount).to.equal('Enter an amount greater than 20, or leave it empty.');
      }
      type(el, 'country', 'XX');
      type(el, 'subdivision', 'CA-ON');
      part(el, 'submit').click();
      await el.updateComplete;
      expect(fieldError(el, 'country')).to.equal('Enter a two-letter country code, such as US or DE.');

      expect(recording.sent('init_fiat_on_ramp')).to.deep.equal([]);
      expect(win.opened).to.deep.equal([]);
      expect(events).to.deep.equal([]);

      // Fixing a field takes its message away as the person types.
      type(el, 'amount', '21');
      await el.updateComplete;
      expect(fieldError(el, 'amount')).to.equal('');
    });

    it('checkOnrampForm: the rules as plain logic', () => {
      const base: OnrampFormValues = {
        provider: 'FIAT_ON_RAMP_PROVIDER_COINBASE',
        network: 'FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_ETHEREUM',
        cryptoCurrency: 'FIAT_ON_RAMP_CRYPTO_CURRENCY_ETH',
        fiatCurrency: 'FIAT_ON_RAMP_CURRENCY_USD',
        paymentMethod: 'FIAT_ON_RAMP_PAYMENT_METHOD_CREDIT_DEBIT_CARD',
        amount: '',
        country: '',
        subdivision: '',
        walletAddress: '0xabc',
        sandbox: false,
      };
      const ok = checkOnrampForm(base, 'en');
      expect(ok.ok && ok.parameters).to.deep.equal({
        onrampProvider: 'FIAT_ON_RAMP_PROVIDER_COINBASE',
        walletAddress: '0xabc',
        network: 'FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_ETHEREUM',
        cryptoCurrencyCode: 'FIAT_ON_RAMP_CRYPTO_CURRENCY_ETH',
        fiatCurrencyCode: 'FIAT_ON_RAMP_CURRENCY_USD',
        paymentMethod: 'FIAT_ON_RAMP_PAYMENT_METHOD_CREDIT_DEBIT_CARD',
        sandboxMode: false,
      });
      expect(normalizeAmount('20,01')).to.equal('20.01');
      expect(normalizeAmount('1e3')).to.equal(null);
      // The hosted intent's form: the part after "US-" (its type documents "e.g. NY").
      expect(normalizeSubdivision('ny', 'US')).to.equal('NY');
      expect(normalizeSubdivision(' us-ny ', 'US')).to.equal('NY');
      expect(normalizeSubdivision('ca-on', 'US')).to.equal('CA-ON');
      expect(normalizeSubdivision('on', '')).to.equal('ON');
      const bad = checkOnrampForm({ ...base, amount: '20', country: 'US', walletAddress: ' ' }, 'en');
      expect(bad.ok).to.equal(false);
      expect(!bad.ok && Object.keys(bad.problems).sort()).to.deep.equal(['amount', 'subdivision', 'walletAddress']);
      const wrongPlace = checkOnrampForm({ ...base, country: 'US', subdivision: 'CA-ON' }, 'en');
      expect(!wrongPlace.ok && wrongPlace.problems.subdivision?.key).to.equal('onramp.subdivisionInvalid');
      const fine = checkOnrampForm({ ...base, amount: '20.5', country: 'US', subdivision: 'ny' }, 'en');
      expect(fine.ok && [fine.parameters.fiatCurrencyAmount, fine.parameters.countryCode, fine.parameters.countrySubdivisionCode]).to.deep.equal(['20.5', 'US', 'NY']);
      const whole = checkOnrampForm({ ...base, country: 'US', subdivision: 'us-ny' }, 'en');
      expect(whole.ok && whole.parameters.countrySubdivisionCode).to.equal('NY');
      const tooLong = checkOnrampForm({ ...base, country: 'US', subdivision: 'NEWY' }, 'en');
      expect(!tooLong.ok && tooLong.problems.subdivision).to.deep.equal({ key: 'onramp.subdivisionInvalid', params: { country: 'United States', example: 'NY' } });
      for (const code of ['ZZ', 'AA', 'XK', 'EU', 'U1']) expect(checkOnrampForm({ ...base, country: code }, 'en').ok, code).to.equal(false);
      expect(checkOnrampForm({ ...base, country: 'GB' }, 'en').ok).to.equal(true);
    });
  });

  describe('a purchase', () => {
    it('opens the provider page in the window opened by the click, follows the sandbox purchase to COMPLETED and says so', async () => {
      const recording = await recordingUser();
      const win = fakeWindow();
      const el = await onramp(recording, (kit) => html`<latch-onramp .kit=${kit} .openWindow=${win.open} poll-interval="100"></latch-onramp>`);
      await loaded(el);
      type(el, 'amount', '50,5');
      type(el, 'country', 'US');
      type(el, 'subdivision', 'ny');
      input(el, 'sandbox').click();
      choose(el, 'payment-method', 'FIAT_ON_RAMP_PAYMENT_METHOD_ACH_BANK_ACCOUNT');
      await el.updateComplete;

      const started = oneEvent(el, 'latch-onramp-start') as Promise<LatchOnrampStartEvent>;
      part(el, 'submit').click();
      // The window is opened inside the click, before the service answers.
      expect(win.opened).to.have.length(1);
      // The wait shows on the button and is announced.
      await el.updateComplete;
      expect(text(part(el, 'submit'))).to.equal('Starting…');
      expect(announced(el)).to.equal('Starting…');
      const { detail } = await started;
      expect(detail.opened).to.equal('popup');
      expect(win.opened[0]!.location.href).to.equal(detail.url);
      expect(win.opened[0]!.closed).to.equal(false);
      expect(new URL(detail.url).origin).to.equal(new URL(emulatorUrls().apiUrl).origin);
      const [request] = recording.sent('init_fiat_on_ramp');
      expect(request!.parameters).to.deep.equal({
        onrampProvider: 'FIAT_ON_RAMP_PROVIDER_COINBASE',
        walletAddress: (await recording.session.listWalletAccounts())[0]!.address,
        network: 'FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_ETHEREUM',
        cryptoCurrencyCode: 'FIAT_ON_RAMP_CRYPTO_CURRENCY_ETH',
        fiatCurrencyCode: 'FIAT_ON_RAMP_CURRENCY_USD',
        paymentMethod: 'FIAT_ON_RAMP_PAYMENT_METHOD_ACH_BANK_ACCOUNT',
        fiatCurrencyAmount: '50.5',
        countryCode: 'US',
        countrySubdivisionCode: 'NY',
        sandboxMode: true,
      });
      await el.updateComplete;
      expect(part(el, 'status').dataset['status']).to.equal('PENDING');
      expect(text(part(el, 'status'))).to.equal('Waiting for the purchase to finish…');
      const link = part<HTMLAnchorElement>(el, 'provider-link');
      expect(link.href).to.equal(detail.url);
      expect(link.target).to.equal('_blank');
      expect(link.rel).to.include('noopener');

      const completed = oneEvent(el, 'latch-onramp-status') as Promise<LatchOnrampStatusEvent>;
      await pressSandbox(detail.url, 'onramp-complete');
      expect((await completed).detail).to.deep.equal({ transactionId: detail.transactionId, status: 'COMPLETED', final: true });
      await el.updateComplete;
      expect(part(el, 'status').dataset['status']).to.equal('COMPLETED');
      expect(text(part(el, 'status'))).to.equal('Purchase complete.');
      expect(announced(el)).to.equal('Purchase complete.');
      expect(el.shadowRoot?.querySelector('[part~="check"]')).to.equal(null);
      const statusReads = recording.sent('get_onramp_transaction_status').length;

      part(el, 'again').click();
      await el.updateComplete;
      expect(el.shadowRoot?.querySelector('[part~="form"]')).to.be.instanceOf(HTMLElement);
      expect(el.shadowRoot?.activeElement).to.equal(select(el, 'provider'));
      expect(recording.sent('get_onramp_transaction_status').length, 'no reads after the final status').to.equal(statusReads);
    });

    it('with the window blocked, offers the provider page as a link; a failed purchase shows FAILED', async () => {
      const el = await onramp(user, (kit) => html`<latch-onramp .kit=${kit} .openWindow=${() => null} poll-interval="100"></latch-onramp>`);
      await loaded(el);
      const started = oneEvent(el, 'latch-onramp-start') as Promise<LatchOnrampStartEvent>;
      part(el, 'submit').click();
      const { detail } = await started;
      expect(detail.opened).to.equal('link');
      await el.updateComplete;
      expect(text(part(el, 'opened'))).to.equal('The new window was blocked. Open the provider’s page with the link.');
      expect(el.shadowRoot?.activeElement).to.equal(part(el, 'provider-link'));
      expect(part<HTMLAnchorElement>(el, 'provider-link').href).to.equal(detail.url);

      await pressSandbox(detail.url, 'onramp-fail');
      await waitUntil(() => part(el, 'status').dataset['status'] === 'FAILED', 'the failure shows', { timeout: 10_000 });
      expect(text(part(el, 'status'))).to.equal('The purchase failed. Start another purchase to try again.');
      expect(text(part(el, 'again'))).to.equal('Start another purchase');
    });

    it('stops reading the status when the element leaves the page, and resumes when it comes back', async () => {
      const recording = await recordingUser();
      const el = await onramp(recording, (kit) => html`<latch-onramp .kit=${kit} .openWindow=${() => null} poll-interval="50"></latch-onramp>`);
      await loaded(el);
      const started = oneEvent(el, 'latch-onramp-start') as Promise<LatchOnrampStartEvent>;
      part(el, 'submit').click();
      const { detail } = await started;
      await waitUntil(() => recording.sent('get_onramp_transaction_status').length >= 2, 'a few reads happen');
      const parent = el.parentElement!;
      el.remove();
      const reads = recording.sent('get_onramp_transaction_status').length;
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(recording.sent('get_onramp_transaction_status').length).to.be.at.most(reads + 1); // one read may have been in flight
      await pressSandbox(detail.url, 'onramp-complete');
      parent.append(el);
      await waitUntil(() => part(el, 'status').dataset['status'] === 'COMPLETED', 'the status resumes', { timeout: 10_000 });
    });
  });

  describe('session changes', () => {
    it('follows a purchase through the same user\'s fresh login (a step-up\'s) with the new session; another user gets the form', async () => {
      const own = await recordingUser();
      const el = await onramp(own, (kit) => html`<latch-onramp .kit=${kit} .openWindow=${() => null} poll-interval="50"></latch-onramp>`);
      await loaded(el);
      const started = oneEvent(el, 'latch-onramp-start') as Promise<LatchOnrampStartEvent>;
      part(el, 'submit').click();
      const { detail } = await started;
      await el.updateComplete;
      expect(part(el, 'status').dataset['status']).to.equal('PENDING');

      const { otpId } = await own.kit.startOtp('OTP_TYPE_EMAIL', own.contact);
      await own.kit.completeOtp({ otpType: 'OTP_TYPE_EMAIL', contact: own.contact, otpId, otpCode: await latestCode(own.contact), reauthenticate: true });
      const freshKey = own.kit.session!.summary!.publicKey;
      expect(freshKey).to.not.equal(own.session.summary!.publicKey);
      const readsBefore = own.stampedBy('get_onramp_transaction_status').length;
      await el.updateComplete;
      expect(part(el, 'status').dataset['status'], 'the purchase is still shown').to.equal('PENDING');
      // The polling goes on after the fresh login, before the purchase completes. Counted before
      // the sandbox is pressed: a read stamped just before that press can reach the emulator after
      // it (the requests race), and then it is the one that sees COMPLETED.
      await waitUntil(() => own.stampedBy('get_onramp_transaction_status').length > readsBefore, 'a read after the fresh login', { timeout: 10_000 });
      await pressSandbox(detail.url, 'onramp-complete');
      await waitUntil(() => part(el, 'status').dataset['status'] === 'COMPLETED', 'the status is followed to the end', { timeout: 10_000 });
      const reads = own.stampedBy('get_onramp_transaction_status');
      expect(reads.at(-1), 'the read that saw COMPLETED was stamped by the fresh session').to.equal(freshKey);
      expect(el.shadowRoot?.querySelector('[part~="error"]')?.textContent?.trim()).to.equal('');

      await logIn(own.kit); // another user, on the same kit
      await waitUntil(() => el.shadowRoot?.querySelector('[part~="form"]'), 'another user gets the form', { timeout: 10_000 });
      expect(el.shadowRoot?.querySelector('[part~="status"]')).to.equal(null);
    });
  });

  describe('errors', () => {
    it('a refusal by the service is shown translated, reported, and the window closed', async () => {
      const win = fakeWindow();
      const el = await onramp(user, (kit) => html`<latch-onramp locale="es" .kit=${kit} .openWindow=${win.open}></latch-onramp>`);
      await loaded(el);
      // An Ethereum address for a Bitcoin purchase: the service refuses it.
      choose(el, 'network', 'FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_BITCOIN');
      type(el, 'wallet-address', ethAddress);
      await el.updateComplete;
      const failed = oneEvent(el, 'latch-error') as Promise<LatchErrorEvent>;
      part(el, 'submit').click();
      const { detail } = await failed;
      expect(detail.error.code).to.match(/^ERR_SERVICE_/);
      expect(win.opened).to.have.length(1);
      expect(win.opened[0]!.closed).to.equal(true);
      await el.updateComplete;
      expect(text(part(el, 'error'))).to.not.equal('');
      expect(text(part(el, 'error'))).to.not.match(/walletAddress|ERR_/);
      expect(el.shadowRoot?.querySelector('[part~="form"]')).to.be.instanceOf(HTMLElement);
      expect(part(el, 'submit').getAttribute('aria-disabled')).to.equal('false');
    });

    it('an empty destination is refused before sending', async () => {
      const el = await onramp(user);
      await loaded(el);
      choose(el, 'network', 'FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_SOLANA');
      await el.updateComplete;
      part(el, 'submit').click();
      await el.updateComplete;
      expect(fieldError(el, 'address')).to.equal('Enter the address that receives the purchase.');
      expect(el.shadowRoot?.activeElement).to.equal(input(el, 'wallet-address'));
    });
  });

  describe('keyboard', () => {
    it('Enter in a field submits the form (and the rules run)', async () => {
      const el = await onramp(user);
      await loaded(el);
      input(el, 'amount').focus();
      await sendKeys({ type: '7' });
      await sendKeys({ press: 'Enter' });
      await el.updateComplete;
      expect(fieldError(el, 'amount')).to.equal('Enter an amount greater than 20, or leave it empty.');
      expect(parts(el, 'field-error').filter((node) => text(node) !== '')).to.have.length(1);
    });
  });

  // Last: configure() sets this page's default kit for every later element without a kit.
  describe('page kit', () => {
    it("uses the page's configure() kit when given none", async () => {
      const kit = configure(await emulatorKitOptions());
      kits.push(kit);
      const el = await fixture<LatchOnramp>(html`<latch-onramp></latch-onramp>`);
      await waitUntil(() => text(part(el, 'signed-out')) === 'Log in to buy crypto.', 'the prompt shows');
      await logIn(kit);
      await loaded(el);
      expect(input(el, 'wallet-address').value).to.not.equal('');
      await kit.logout();
      await waitUntil(() => el.shadowRoot?.querySelector('[part~="signed-out"]'), 'the prompt shows after logout');
    });
  });
});
