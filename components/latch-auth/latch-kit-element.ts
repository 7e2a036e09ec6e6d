/**
 * LatchKitElement: the base of the elements that log a user in (`<latch-auth>`,
 * `<latch-oauth-button>`, `<latch-passkey-button>`). On top of LatchKitAwareElement (`kit`,
 * `proxy-url`, `config-id`, `resolvedKit`) it carries the sign-up wallet, turns the kit's
 * outcomes into the typed `latch-login` / `latch-error` events, and finishes a redirect-mode
 * OAuth login exactly once per page.
 */
import { html, nothing, type PropertyDeclarations } from 'lit';
import type { WalletAccountParams, WalletParams } from '../../src/clients/activity-types.ts';
import type { WalletKitConfig } from '../../src/clients/proxy-types.ts';
import { isLatchError, LatchError } from '../../src/errors/latch-error.ts';
import type { SignupDetails } from '../../src/flows/otp-flow.ts';
import type { LatchKit, LoginOutcome } from '../../src/kit/latch-kit.ts';
import { LatchErrorEvent } from '../internal/latch-error-event.ts';
import { LatchLoginEvent } from '../internal/latch-login-event.ts';
import { LatchKitAwareElement } from '../internal/latch-kit-aware-element.ts';
import { registerMessages } from '../i18n/catalogues.ts';
import { registerLoginMessages } from './login-messages.ts';

// Before any element of this family can render (see login-messages.ts for why a call).
registerLoginMessages();

/** The captcha errors' texts, loading or loaded (see loadCaptchaTexts). */
let captchaTexts: Promise<void> | undefined;

const account = (curve: WalletAccountParams['curve'], path: string, addressFormat: WalletAccountParams['addressFormat']): WalletAccountParams => ({
  curve,
  pathFormat: 'PATH_FORMAT_BIP32',
  path,
  addressFormat,
});

/** The accounts `signup-wallet` can name: each chain's first account at its usual path. */
const ACCOUNTS: Readonly<Record<string, WalletAccountParams>> = {
  ethereum: account('CURVE_SECP256K1', "m/44'/60'/0'/0/0", 'ADDRESS_FORMAT_ETHEREUM'),
  solana: account('CURVE_ED25519', "m/44'/501'/0'/0'", 'ADDRESS_FORMAT_SOLANA'),
};
const ALIASES: Readonly<Record<string, string>> = { eth: 'ethereum', sol: 'solana' };

/**
 * `signup-wallet="ethereum,solana"` (also `eth`, `sol`) → the wallet a sign-up creates, or
 * undefined (no wallet) when the list names no known chain.
 */
export function walletFromList(list: string | null | undefined): WalletParams | undefined {
  const accounts: WalletAccountParams[] = [];
  for (const raw of (list ?? '').split(',')) {
    const name = raw.trim().toLowerCase();
    const found = ACCOUNTS[ALIASES[name] ?? name];
    if (found && !accounts.includes(found)) accounts.push(found);
  }
  return accounts.length ? { walletName: 'Default Wallet', accounts } : undefined;
}

/** A user action failed: the element shows `error`; a cancellation (ERR_NETWORK_ABORTED) is silent. */
export function asLatchError(error: unknown): LatchError {
  return isLatchError(error) ? error : new LatchError('ERR_FLOW_STATE', 'The login could not be completed.', { cause: error });
}

// The redirect-mode OAuth answers already being handled: the kit hands every caller of the same
// URL one shared promise, and exactly one element must announce its outcome.
const claimed = new WeakSet<Promise<unknown>>();

export class LatchKitElement extends LatchKitAwareElement {
  // Lit's static declaration rather than decorators: the decorator helpers are no code a page's
  // first load should carry (the drop-in's initial chunk has a size budget).
  static override properties: PropertyDeclarations = {
    signupWallet: { attribute: 'signup-wallet', converter: { fromAttribute: walletFromList } },
  };

  /**
   * The wallet a sign-up creates with the new account. Attribute: a comma list of chains,
   * `ethereum` (`eth`) and `solana` (`sol`), e.g. `signup-wallet="ethereum,solana"`; property:
   * the full `WalletParams`. Default: none.
   */
  signupWallet: WalletParams | undefined;

  // The config of this element's own kit before the page-wide `$config` (which holds whichever kit
  // loaded last, when a page has two); before its answer, the one the kit kept from a visit before.
  protected override get effectiveConfig(): WalletKitConfig | null {
    return this.config ?? this.resolvedKit?.shownConfig ?? super.effectiveConfig;
  }

  protected get signup(): { signup?: SignupDetails } {
    return this.signupWallet ? { signup: { wallet: this.signupWallet } } : {};
  }

  /**
   * A visually hidden polite status saying `progress` (a wait's step, '' when none). Nothing
   * inside another login element's shadow root (`<latch-auth>`): the host says each step in its
   * own status region, so a button inside it does not say it a second time.
   */
  protected renderStatus(progress: string): unknown {
    return (this.getRootNode() as ShadowRoot).host instanceof LatchKitElement ? nothing : html`<div part="status" class="visually-hidden" role="status">${progress}</div>`;
  }

  protected emitLogin(outcome: LoginOutcome): void {
    const session = outcome.session.summary;
    if (session) this.dispatchEvent(new LatchLoginEvent({ session, created: outcome.created }));
  }

  /** Fires `latch-error` and returns the error, or undefined for a cancellation (nothing to show). */
  protected emitError(error: unknown): LatchError | undefined {
    const latch = asLatchError(error);
    if (latch.code === 'ERR_NETWORK_ABORTED') return undefined;
    this.dispatchEvent(new LatchErrorEvent({ error: latch }));
    return latch;
  }

  /**
   * Finishes a login that came back to this page: a redirect-mode OAuth login when this page is
   * the provider's answer (a popup that was blocked fell back to a redirect), and, with `links`
   * (`<latch-auth>`, not the buttons inside it, which a login re-renders away), a magic-link OTP
   * login when the URL carries a link's code (`otpCode`, query or fragment; the code that
   * finishes it loads only then: the code leaves the address bar, and the attempt this browser
   * remembered when the code was sent is completed with its key). Resolves true when this
   * element took the OAuth answer. Each login it finishes fires `latch-login`, or `latch-error`
   * and calls `onError`.
   */
  protected resumeRedirect(kit: LatchKit, onError: (error: LatchError) => void, links = false): Promise<boolean> {
    if (links && /[?#&]otpCode=/.test(globalThis.location?.href)) {
      void this.#announce(import('./magic-link-login.ts').then((m) => m.finishLinkLogin(kit, this.signup, registerMessages)), onError);
    }
    const run = kit.resumeOAuthRedirect();
    if (claimed.has(run)) return Promise.resolve(false);
    claimed.add(run);
    return this.#announce(run, onError);
  }

  /**
   * Loads the captcha errors' texts (unless the kit's `captcha` is false), in a task after `after`
   * has settled. They are needed once a request has been answered with a challenge, never by the
   * first render nor by the config's answer: `<latch-auth>` waits for that answer, so that neither
   * the first paint nor the methods' render shares the main thread with the chunk.
   */
  protected loadCaptchaTexts(kit: LatchKit, after: Promise<unknown> = Promise.resolve()): void {
    // Once per page: `<latch-auth>` and each OAuth button inside it ask (offline: the next asks again).
    const load = (): unknown => setTimeout(() => (captchaTexts ??= import('./captcha-messages.ts').then((m) => m.registerCaptchaMessages(registerMessages), () => void (captchaTexts = undefined))));
    if (kit.options.captcha !== false) void after.then(load, load);
  }

  /** Waits for a login this element finishes; true when there was one (or it failed). */
  async #announce(run: Promise<LoginOutcome | null>, onError: (error: LatchError) => void): Promise<boolean> {
    try {
      const outcome = await run;
      if (outcome) this.emitLogin(outcome);
      return outcome !== null;
    } catch (error) {
      const latch = this.emitError(error);
      if (latch) onError(latch);
      return true;
    }
  }
}
