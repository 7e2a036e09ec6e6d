/**
 * `<latch-auth>`'s external-wallet method (issue 12 part 3): the wallets injected into the page
 * (EIP-6963), each a button with its announced icon and name; a press connects it, and signs up
 * or logs in with the wallet's own key (`LatchKit.logInWithWallet`: one confirmation in the
 * wallet). Loaded only when the configuration enables `wallet`, so a login page without it never
 * downloads this, its strings, its styles or the wallet flow. A request the user rejects in the
 * wallet (EIP-1193 4001) leaves the methods showing with a message and focus on that wallet's
 * button; the other failures say what happened and what to do next.
 */
import { css, html, nothing, type CSSResult, type TemplateResult } from 'lit';
import type { LatchError } from '../../src/errors/latch-error.ts';
import type { LatchKit, LoginOutcome } from '../../src/kit/latch-kit.ts';
import type { WalletParams } from '../../src/clients/activity-types.ts';
import { watchInjectedWallets } from '../../src/providers/discover-wallets.ts';
import { watchSolanaWallets } from '../../src/providers/wallet-standard.ts';
import type { WalletLoginRequest } from '../../src/flows/wallet-flow.ts';
import { registerMessages } from '../i18n/catalogues.ts';
import type { Message, MessageKey, MessageParams } from '../i18n/messages.ts';

const en = {
  'wallet.list': 'Wallets in this browser',
  'wallet.continueWith': 'Continue with {wallet}',
  'wallet.continueWithSolana': 'Continue with {wallet} (Solana)',
  'wallet.none': 'No wallet found in this browser.',
  'wallet.confirm': 'Confirm in {wallet}…',
  'wallet.rejected': 'You declined in {wallet}. Choose a way to log in.',
  'error.ERR_WALLET_NOT_FOUND': 'No wallet found. Install a wallet extension or use another method.',
  'error.ERR_WALLET_REJECTED': 'You declined in your wallet. Choose a way to log in.',
  'error.ERR_WALLET_WRONG_CHAIN': 'Your wallet is on another network. Switch networks in the wallet, then try again.',
  'error.ERR_WALLET_STAMP_REFUSED': 'The wallet\u2019s signature was not accepted. Try again or use another method.',
  'error.ERR_WALLET_FAILED': 'The wallet could not finish. Try again or use another method.',
} as const satisfies Readonly<Record<string, Message>>;

type WalletCatalogue = { readonly [Key in keyof typeof en]: Message };

declare module '../i18n/messages.ts' {
  // Augmentation: these keys join the ones t() accepts once this module is part of the program.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface LatchMessages extends WalletCatalogue {}
}

const es: WalletCatalogue = {
  'wallet.list': 'Billeteras en este navegador',
  'wallet.continueWith': 'Continuar con {wallet}',
  'wallet.continueWithSolana': 'Continuar con {wallet} (Solana)',
  'wallet.none': 'No se encontró ninguna billetera en este navegador.',
  'wallet.confirm': 'Confirma en {wallet}…',
  'wallet.rejected': 'Rechazaste la solicitud en {wallet}. Elige cómo iniciar sesión.',
  'error.ERR_WALLET_NOT_FOUND': 'No se encontró ninguna billetera. Instala una extensión de billetera o usa otro método.',
  'error.ERR_WALLET_REJECTED': 'Rechazaste la solicitud en tu billetera. Elige cómo iniciar sesión.',
  'error.ERR_WALLET_WRONG_CHAIN': 'Tu billetera está en otra red. Cambia de red en la billetera e inténtalo de nuevo.',
  'error.ERR_WALLET_STAMP_REFUSED': 'No se aceptó la firma de la billetera. Inténtalo de nuevo o usa otro método.',
  'error.ERR_WALLET_FAILED': 'La billetera no pudo terminar. Inténtalo de nuevo o usa otro método.',
};

const ar: WalletCatalogue = {
  'wallet.list': 'المحافظ في هذا المتصفح',
  'wallet.continueWith': 'المتابعة باستخدام {wallet}',
  'wallet.continueWithSolana': 'المتابعة باستخدام {wallet} (سولانا)',
  'wallet.none': 'لم يتم العثور على محفظة في هذا المتصفح.',
  'wallet.confirm': 'أكّد في {wallet}…',
  'wallet.rejected': 'لقد رفضت الطلب في {wallet}. اختر طريقة لتسجيل الدخول.',
  'error.ERR_WALLET_NOT_FOUND': 'لم يتم العثور على محفظة. ثبّت إضافة محفظة أو استخدم طريقة أخرى.',
  'error.ERR_WALLET_REJECTED': 'لقد رفضت الطلب في محفظتك. اختر طريقة لتسجيل الدخول.',
  'error.ERR_WALLET_WRONG_CHAIN': 'محفظتك على شبكة أخرى. بدّل الشبكة في المحفظة ثم حاول مرة أخرى.',
  'error.ERR_WALLET_STAMP_REFUSED': 'لم يتم قبول توقيع المحفظة. حاول مرة أخرى أو استخدم طريقة أخرى.',
  'error.ERR_WALLET_FAILED': 'تعذّر على المحفظة الإكمال. حاول مرة أخرى أو استخدم طريقة أخرى.',
};

// A few hundred bytes each: not worth a chunk per language.
registerMessages('en', en);
registerMessages('es', es);
registerMessages('ar', ar);

export const walletLoginStyles: CSSResult = css`
  .wallets {
    display: flex;
    flex-direction: column;
    gap: var(--_space-sm);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .wallet-icon {
    inline-size: 1.5rem;
    block-size: 1.5rem;
    flex: none;
    object-fit: contain;
  }
  .wallet-name {
    overflow-wrap: anywhere;
  }
  .wallets-none {
    margin: 0;
    color: var(--_color-muted);
    font-size: var(--_font-size-sm);
    text-align: center;
  }
`;

/** What the view needs from `<latch-auth>`. */
export interface WalletLoginHost extends HTMLElement {
  readonly signupWallet: WalletParams | undefined;
  t(key: MessageKey, params?: MessageParams): string;
  errorText(error: unknown): string;
  requestUpdate(): void;
  readonly updateComplete: Promise<boolean>;
}

/** One wallet to list: an Ethereum one (EIP-6963) or a Solana one (Wallet Standard). */
interface ListedWallet {
  id: string;
  name: string;
  icon: string;
  solana: boolean;
  request: WalletLoginRequest;
}

export class WalletLogin {
  readonly #host: WalletLoginHost;
  readonly #login: (outcome: LoginOutcome) => void;
  readonly #error: (error: unknown) => LatchError | undefined;
  #ethereum: readonly ListedWallet[] = [];
  #solana: readonly ListedWallet[] = [];
  /** The uuid of the wallet being asked, '' when none. */
  #busy = '';
  #said = '';
  #failed = '';
  readonly #stops: (() => void)[];

  constructor(host: WalletLoginHost, login: (outcome: LoginOutcome) => void, error: (error: unknown) => LatchError | undefined) {
    this.#host = host;
    this.#login = login;
    this.#error = error;
    const root = host.shadowRoot;
    const sheet = walletLoginStyles.styleSheet;
    if (root && sheet && !root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    // Wallets answer the request at once, and announce again whenever one loads later.
    this.#stops = [
      watchInjectedWallets((wallets) => {
        this.#ethereum = wallets.map(({ info, provider }) => ({ id: info.uuid, name: info.name, icon: info.icon, solana: false, request: { provider } }));
        host.requestUpdate();
      }),
      watchSolanaWallets((wallets) => {
        this.#solana = wallets.map(({ id, name, icon, wallet }) => ({ id, name, icon, solana: true, request: { solana: wallet } }));
        host.requestUpdate();
      }),
    ];
  }

  /** Stops listening for wallets. */
  stop(): void {
    for (const stop of this.#stops) stop();
  }

  /**
   * The wallet method: an "or" when other methods come before it (`after`), the list of wallets (or a note
   * that there is none), the wallet's progress (polite) and what went wrong (assertive).
   */
  render(kit: LatchKit, after: boolean): TemplateResult | typeof nothing {
    // The answer can take `wallet` away from what a kept config showed.
    if (!kit.shownConfig?.enabledProviders.includes('wallet')) return nothing;
    const t = this.#host.t.bind(this.#host);
    const wallets = [...this.#ethereum, ...this.#solana];
    return html`${after ? html`<div part="divider" class="divider">${t('common.or')}</div>` : nothing}
      ${wallets.length
        ? html`<ul part="wallets" class="wallets" aria-label=${t('wallet.list')}>
            ${wallets.map(
              (wallet) => html`<li>
                <button
                  part="wallet"
                  class="button"
                  type="button"
                  data-wallet=${wallet.id}
                  aria-busy=${this.#busy === wallet.id ? 'true' : 'false'}
                  aria-disabled=${this.#busy ? 'true' : 'false'}
                  aria-describedby="wallet-error"
                  @click=${() => this.#connect(kit, wallet)}
                >
                  ${wallet.icon ? html`<img part="wallet-icon" class="wallet-icon" src=${wallet.icon} alt="" />` : nothing}
                  <span part="wallet-name" class="wallet-name">${t(wallet.solana ? 'wallet.continueWithSolana' : 'wallet.continueWith', { wallet: wallet.name })}</span>
                </button>
              </li>`,
            )}
          </ul>`
        : html`<p part="wallets-none" class="wallets-none">${t('wallet.none')}</p>`}
      <p part="wallet-status" class="status" role="status">${this.#said}</p>
      <div part="wallet-error" class="error" id="wallet-error" aria-live="assertive">${this.#failed}</div>`;
  }

  async #connect(kit: LatchKit, wallet: ListedWallet): Promise<void> {
    if (this.#busy) return;
    const name = wallet.name;
    this.#busy = wallet.id;
    this.#said = this.#host.t('wallet.confirm', { wallet: name });
    this.#failed = '';
    this.#host.requestUpdate();
    try {
      const signupWallet = this.#host.signupWallet;
      const outcome = await kit.logInWithWallet({ ...wallet.request, ...(signupWallet ? { signup: { wallet: signupWallet } } : {}) });
      this.#busy = this.#said = '';
      this.#login(outcome);
    } catch (error) {
      const latch = this.#error(error);
      this.#busy = this.#said = '';
      this.#failed = !latch ? '' : latch.code === 'ERR_WALLET_REJECTED' ? this.#host.t('wallet.rejected', { wallet: name }) : this.#host.errorText(latch);
      this.#host.requestUpdate();
      // Back on the methods, at the wallet that was asked: the message is read with it.
      await this.#host.updateComplete;
      this.#host.shadowRoot?.querySelector<HTMLElement>(`[data-wallet="${CSS.escape(wallet.id)}"]`)?.focus();
    }
  }
}
