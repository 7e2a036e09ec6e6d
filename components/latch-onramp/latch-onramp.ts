import { html, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import type {
  FiatOnRampCryptoCurrency,
  FiatOnRampCurrency,
  FiatOnRampNetwork,
  FiatOnRampPaymentMethod,
  FiatOnRampProvider,
  WalletAccount,
} from '../../src/clients/activity-types.ts';
import { toLatchError } from '../../src/kit/to-latch-error.ts';
import { isFinalOnRampStatus, onRampStatus } from '../../src/session/session-status.ts';
import type { SigningSession } from '../../src/session/signing-session.ts';
import { AnnouncerController } from '../internal/announcer-controller.ts';
import { LatchErrorEvent } from '../internal/events.ts';
import { KitSessionController, type SessionChange } from '../internal/kit-session-controller.ts';
import { LatchElement } from '../internal/latch-element.ts';
import { LatchKitAwareElement } from '../internal/latch-kit-aware-element.ts';
import { PollController } from '../internal/poll-controller.ts';
import { renderCard } from '../internal/render-card.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { controlStyles } from '../styles/control-styles.ts';
import { onrampStyles } from './latch-onramp.styles.ts';
import { LatchOnrampStartEvent, LatchOnrampStatusEvent } from './onramp-events.ts';
import { checkOnrampForm, type OnrampField, type OnrampFormValues } from './onramp-form.ts';
import { NETWORK_DEFAULT_CRYPTO } from './onramp-options.ts';
import { onrampNetwork, onrampValues } from './onramp-values.ts';
import { FIELD_IDS, renderOnrampForm } from './render-onramp-form.ts';
import { onrampStatusText, renderOnrampProgress } from './render-onramp-progress.ts';
import './onramp-messages.ts';

/** The window the provider's page opens in: a real `Window`, or a test's stand-in. */
export interface OnrampWindow {
  location: { href: string };
  close(): void;
}

type Phase = 'form' | 'starting' | 'started';

const POLL_INTERVAL_MS = 2000;
const MAX_POLLS = 120;

const FIELD_ORDER: readonly OnrampField[] = ['amount', 'country', 'subdivision', 'walletAddress'];

/** A blank window opened inside the click (so no popup blocker fires), cut off from this page. */
function openBlankWindow(): OnrampWindow | null {
  const opened = window.open('', '_blank');
  if (opened) opened.opener = null;
  return opened;
}

/**
 * @summary A purchase of crypto with money, through the service's fiat on-ramp: a form over
 * init_fiat_on_ramp with every provider, network, currency and payment method, the service's
 * rules checked before anything is sent, the provider's page opened in a new window, and the
 * purchase's status followed until it completes or fails.
 *
 * Attributes preset the form (the person can change every field). The destination address
 * defaults to the user's first account on the chosen network. Submitting opens a blank window
 * inside the click (no popup blocker fires), asks the service for the purchase, then sends the
 * window to the provider's page; if the window was blocked, a link offers the page instead. The
 * status is polled with growing pauses (`poll-interval` first, at most `max-polls` reads) until
 * it is final, and stops when the element leaves the page (it resumes when it comes back).
 *
 * The element works with a kit like `<latch-wallet>` (`kit`, or `proxy-url` + `config-id`, or
 * the page's `configure()` kit) and never fetches by itself.
 *
 * @slot header - Replaces the heading ("Buy crypto").
 * @slot footer - Under the form, e.g. the provider's terms.
 *
 * @event {LatchOnrampStartEvent} latch-onramp-start - The user started a purchase: `detail.transactionId`, `detail.url`, `detail.opened` (`popup` or `link`).
 * @event {LatchOnrampStatusEvent} latch-onramp-status - The purchase's status changed: `detail.status`, `detail.final`.
 * @event {LatchErrorEvent} latch-error - Starting the purchase or reading its status failed: `detail.error`.
 *
 * @csspart base - The card.
 * @csspart header - The heading area.
 * @csspart title - The default heading.
 * @csspart signed-out - The "log in" prompt.
 * @csspart error - The error message, an assertive live region.
 * @csspart form - The form.
 * @csspart provider - The provider select.
 * @csspart network - The network select.
 * @csspart crypto-currency - The crypto currency select.
 * @csspart fiat-currency - The fiat currency select.
 * @csspart amount - The amount input.
 * @csspart payment-method - The payment method select.
 * @csspart country - The country input.
 * @csspart country-name - The name of the country entered.
 * @csspart subdivision - The state or region input.
 * @csspart wallet-address - The destination address input.
 * @csspart sandbox - The sandbox checkbox.
 * @csspart field-error - A field's validation message.
 * @csspart submit - The submit button.
 * @csspart progress - The purchase in progress.
 * @csspart opened - Where the provider's page opened.
 * @csspart provider-link - The link to the provider's page.
 * @csspart status - The purchase's status (`data-status` holds the raw value).
 * @csspart check - The "Check now" button.
 * @csspart again - The "Start another purchase" button.
 * @csspart footer - The footer.
 * @csspart announcer - The visually hidden polite live region (status changes).
 *
 * @cssproperty --accent - Primary color of this element (the `accent` attribute).
 */
export class LatchOnramp extends LatchKitAwareElement {
  static override readonly tag = 'latch-onramp';
  static override styles = [LatchElement.styles, controlStyles, onrampStyles];

  /** `FIAT_ON_RAMP_PROVIDER_COINBASE` (default) or `_MOONPAY`. */
  @property() provider: FiatOnRampProvider = 'FIAT_ON_RAMP_PROVIDER_COINBASE';

  /** `FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_ETHEREUM` (default), `_BITCOIN`, `_SOLANA` or `_BASE`. */
  @property() network: FiatOnRampNetwork = 'FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_ETHEREUM';

  /** `FIAT_ON_RAMP_CRYPTO_CURRENCY_ETH` (default), `_BTC`, `_SOL` or `_USDC`. */
  @property({ attribute: 'crypto-currency' }) cryptoCurrency: FiatOnRampCryptoCurrency = 'FIAT_ON_RAMP_CRYPTO_CURRENCY_ETH';

  /** `FIAT_ON_RAMP_CURRENCY_USD` (default) or another of the seed's 34 currencies. */
  @property({ attribute: 'fiat-currency' }) fiatCurrency: FiatOnRampCurrency = 'FIAT_ON_RAMP_CURRENCY_USD';

  /** `FIAT_ON_RAMP_PAYMENT_METHOD_CREDIT_DEBIT_CARD` (default) or another of the seed's methods. */
  @property({ attribute: 'payment-method' }) paymentMethod: FiatOnRampPaymentMethod = 'FIAT_ON_RAMP_PAYMENT_METHOD_CREDIT_DEBIT_CARD';

  /** A preset amount (greater than 20); empty lets the person choose on the provider's page. */
  @property() amount = '';

  /** ISO 3166-1 alpha-2 country of residence. */
  @property() country = '';

  /** State or region: the part of its ISO 3166-2 code after the country (`NY` for US-NY); required when the country is US. */
  @property() subdivision = '';

  /** The destination. Default: the user's first account on the chosen network. */
  @property({ attribute: 'wallet-address' }) walletAddress = '';

  /** Ask the provider to simulate the purchase. */
  @property({ type: Boolean }) sandbox = false;

  /** Milliseconds before the second status read; later pauses grow by half each time (up to 15 s). */
  @property({ type: Number, attribute: 'poll-interval' }) pollInterval = POLL_INTERVAL_MS;

  /** The most status reads per purchase before the element stops and offers "Check now". */
  @property({ type: Number, attribute: 'max-polls' }) maxPolls = MAX_POLLS;

  /** Opens the window the provider's page loads in (inside the click). Default: a blank `window.open`. Null means blocked. */
  @property({ attribute: false }) openWindow: () => OnrampWindow | null = openBlankWindow;

  @state() private phase: Phase = 'form';
  @state() private signedIn = false;
  @state() private accounts: WalletAccount[] = [];
  @state() private problems: Partial<Record<OnrampField, { key: MessageKey; params?: Record<string, string | number> }>> = {};
  @state() private failure: unknown;
  @state() private transactionId = '';
  @state() private url = '';
  @state() private opened: 'popup' | 'link' = 'popup';
  @state() private status = '';
  @state() private exhausted = false;

  readonly #announcer = new AnnouncerController(this);
  readonly #kit = new KitSessionController(this, (session, change) => this.#onSession(session, change));
  // Stops when the element leaves the page; connectedCallback resumes an open purchase.
  readonly #poller = new PollController<string>(this, { intervalMs: POLL_INTERVAL_MS, maxPolls: MAX_POLLS });
  #session: SigningSession | null = null;
  /**
   * Whose purchase this is: replaced when another user (or nobody) takes over, kept through
   * the same user's fresh login, so that only an answer for the person who left is dropped.
   */
  #owner = {};

  override connectedCallback(): void {
    super.connectedCallback();
    // Back on the page with a purchase still open: follow it again.
    if (this.phase === 'started' && this.status && !isFinalOnRampStatus(this.status)) this.#poll();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    // A network change picks its native coin, unless the coin was also chosen in the same change.
    if (changed.has('network') && changed.get('network') !== undefined && !changed.has('cryptoCurrency')) {
      this.cryptoCurrency = NETWORK_DEFAULT_CRYPTO[onrampNetwork(this.network)];
    }
  }

  // ---- session -------------------------------------------------------------------------------

  #onSession(session: SigningSession | null, change: SessionChange): void {
    this.#session = session;
    if (change.sameUser) {
      // The same user's fresh login (a step-up elsewhere on the page): the form and a purchase
      // under way stay, and a status still being followed is read with the new session.
      if (this.#poller.running) this.#poll();
      return;
    }
    this.#owner = {};
    this.signedIn = session !== null;
    this.accounts = [];
    this.#poller.stop();
    this.phase = 'form';
    this.failure = undefined;
    if (session) void this.#loadAccounts(session);
  }

  async #loadAccounts(session: SigningSession): Promise<void> {
    const owner = this.#owner;
    try {
      const accounts = await session.listWalletAccounts({ limit: 100 });
      if (owner === this.#owner) this.accounts = accounts;
    } catch {
      // Without the accounts the person types the address; nothing else depends on them.
    }
  }

  get #values(): OnrampFormValues {
    return onrampValues(this, this.accounts);
  }

  // ---- rendering -----------------------------------------------------------------------------

  protected override render(): TemplateResult {
    return renderCard({
      title: this.t('onramp.title'),
      error: this.failure === undefined ? '' : this.errorText(this.failure),
      body: !this.signedIn
        ? html`<p part="signed-out" class="muted">${this.#kit.restoring ? this.t('common.loading') : this.t('onramp.signedOut')}</p>`
        : this.phase === 'started'
          ? renderOnrampProgress({ status: this.status, opened: this.opened, url: this.url, exhausted: this.exhausted, t: (key, params) => this.t(key, params), onAgain: this.#onAgain, onCheck: this.#onCheck })
          : renderOnrampForm({
              values: this.#values,
              locale: this.resolvedLocale,
              starting: this.phase === 'starting',
              problems: this.problems,
              host: this,
              t: (key, params) => this.t(key, params),
              onSubmit: this.#onSubmit,
              onEdit: (field, value) => this.#edit(field, value),
              onRecheck: (field, show) => this.#recheck(field, show),
            }),
      announcer: this.#announcer.render(),
    });
  }

  // ---- form ----------------------------------------------------------------------------------

  #edit(field: OnrampField, value: string): void {
    this[field] = value;
    // A message already shown follows the typing, so it goes away as soon as the value is right.
    if (this.problems[field]) this.#recheck(field, false);
  }

  /** Re-checks one field; `show` also reveals a new problem (on leaving the field). */
  #recheck(field: OnrampField, show: boolean): void {
    const check = checkOnrampForm(this.#values, this.resolvedLocale);
    const problem = check.ok ? undefined : check.problems[field];
    // An empty address is only reported on submit: the default may still be loading.
    if (problem && (show || this.problems[field]) && field !== 'walletAddress') this.problems = { ...this.problems, [field]: problem };
    else if (!problem && this.problems[field]) this.problems = { ...this.problems, [field]: undefined };
  }

  readonly #onSubmit = (event: SubmitEvent): void => {
    event.preventDefault();
    const session = this.#session;
    if (!session || this.phase !== 'form') return;
    const check = checkOnrampForm(this.#values, this.resolvedLocale);
    if (!check.ok) {
      this.problems = check.problems;
      const first = FIELD_ORDER.find((field) => check.problems[field]);
      void this.updateComplete.then(() => first && this.renderRoot.querySelector<HTMLElement>(`#${FIELD_IDS[first]}`)?.focus());
      return;
    }
    this.problems = {};
    this.failure = undefined;
    // Inside the click, before anything is awaited: later, the browser would block the window.
    let popup: OnrampWindow | null = null;
    try {
      popup = this.openWindow();
    } catch {
      popup = null;
    }
    this.phase = 'starting';
    this.#announcer.announce(this.t('onramp.starting'));
    void this.#start(session, check.parameters, popup);
  };

  async #start(session: SigningSession, parameters: Parameters<SigningSession['initFiatOnRamp']>[0], popup: OnrampWindow | null): Promise<void> {
    const owner = this.#owner;
    let result: Awaited<ReturnType<SigningSession['initFiatOnRamp']>>;
    try {
      result = await session.initFiatOnRamp(parameters);
    } catch (error) {
      popup?.close();
      if (owner !== this.#owner) return;
      this.phase = 'form';
      const latch = toLatchError(error);
      this.failure = latch;
      this.dispatchEvent(new LatchErrorEvent({ error: latch }));
      return;
    }
    if (owner !== this.#owner) {
      popup?.close();
      return;
    }
    let opened: 'popup' | 'link' = 'link';
    if (popup) {
      try {
        popup.location.href = result.onRampUrl;
        opened = 'popup';
      } catch {
        popup.close();
      }
    }
    this.transactionId = result.onRampTransactionId;
    this.url = result.onRampUrl;
    this.opened = opened;
    this.status = 'PENDING';
    this.exhausted = false;
    this.phase = 'started';
    this.#announcer.announce(opened === 'popup' ? this.t('onramp.opened') : this.t('onramp.popupBlocked'));
    this.dispatchEvent(new LatchOnrampStartEvent({ transactionId: result.onRampTransactionId, url: result.onRampUrl, opened }));
    this.#poll();
    if (opened === 'link') {
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLElement>('[part~="provider-link"]')?.focus();
    }
  }

  // ---- status --------------------------------------------------------------------------------

  #poll(byUser = false): void {
    const session = this.#session;
    const transactionId = this.transactionId;
    if (!session || !transactionId) return;
    this.exhausted = false;
    this.#poller.start({
      read: (signal) => onRampStatus(session, transactionId, signal ? { signal } : {}),
      isFinal: isFinalOnRampStatus,
      intervalMs: this.pollInterval,
      maxPolls: this.maxPolls,
      onValue: (status) => this.#onStatus(transactionId, status),
      onExhausted: () => (this.exhausted = true),
      onError: (latch) => {
        this.failure = latch;
        if (byUser) this.dispatchEvent(new LatchErrorEvent({ error: latch }));
      },
    });
  }

  #onStatus(transactionId: string, status: string): void {
    if (transactionId !== this.transactionId) return;
    const changed = status !== this.status;
    this.status = status;
    this.failure = undefined;
    if (!changed) return;
    const final = isFinalOnRampStatus(status);
    this.#announcer.announce(onrampStatusText(status, (key, params) => this.t(key, params)));
    this.dispatchEvent(new LatchOnrampStatusEvent({ transactionId, status, final }));
  }

  readonly #onCheck = (): void => {
    this.failure = undefined;
    this.#poll(true);
  };

  readonly #onAgain = async (): Promise<void> => {
    this.#poller.stop();
    this.phase = 'form';
    this.transactionId = '';
    this.url = '';
    this.status = '';
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('#provider')?.focus();
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'latch-onramp': LatchOnramp;
  }
}
