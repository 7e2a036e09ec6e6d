/**
 * `<latch-account>`'s linked wallets (issue 24): the outside wallets that log in to this account
 * (each with its address and an Unlink button), and "Link a wallet", which lists the wallets of
 * this browser as wallet login finds them (EIP-6963 for Ethereum, Wallet Standard for Solana)
 * and links the one pressed (link-wallet.ts: its key added as the user's API key, one
 * confirmation in the wallet). The wallet code, discovery included, loads on the first press;
 * listing loads it only when the account has wallets. Focus: into the list when it opens (back
 * to the button on Escape), to the new wallet's Unlink after a link, to the heading after an
 * unlink; a failure goes back to the wallet that was asked.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { LinkedWallet, WalletToLink } from '../../src/account/link-wallet.ts';
import type { AccountView } from '../../src/account/user-account.ts';
import type { AccountActions } from './account-actions.ts';
import { renderAccountList } from './render-account-list.ts';

const linkModule = () => import('../../src/account/link-wallet.ts');

interface Choice {
  id: string;
  name: string;
  icon: string;
  solana: boolean;
  wallet: WalletToLink;
}

export class WalletLinks {
  readonly #a: AccountActions;
  #wallets: LinkedWallet[] = [];
  #choosing = false;
  #ethereum: Choice[] = [];
  #solana: Choice[] = [];
  #stops: (() => void)[] = [];
  #loaded: AccountView | null = null;

  constructor(actions: AccountActions) {
    this.#a = actions;
  }

  /** Reads the linked wallets of `view` (their addresses need the wallet code: loaded only if there are some). */
  async load(view: AccountView, hasWallets: boolean): Promise<void> {
    this.#loaded = view;
    const wallets = hasWallets ? await (await linkModule()).linkedWallets(view) : [];
    if (this.#loaded === view) this.#wallets = wallets;
    this.#a.host.requestUpdate();
  }

  /** Closes the list and stops listening for wallets (logout, leaving the page). */
  reset(): void {
    this.#choosing = false;
    for (const stop of this.#stops.splice(0)) stop();
    this.#ethereum = this.#solana = [];
  }

  render(): TemplateResult {
    const t = this.#a.t.bind(this.#a);
    const busy = this.#a.busy();
    const items = this.#wallets.map((w) => ({
      id: w.apiKeyId,
      part: 'linked-wallet',
      label: t(w.chain === 'solana' ? 'account.solanaWallet' : 'account.ethereumWallet'),
      detail: w.address,
      detailDir: 'ltr' as const,
      action: t('account.unlink'),
      actionLabel: t('account.unlinkWallet', { address: w.address }),
      removal: { kind: 'wallet', id: w.apiKeyId } as const,
    }));
    const choices = [...this.#ethereum, ...this.#solana];
    const extra = html`<div class="row">
        <button part="link-wallet" type="button" aria-expanded=${this.#choosing ? 'true' : 'false'} aria-controls="wallet-choices" aria-disabled=${busy ? 'true' : 'false'} @click=${() => void this.#toggle()}>
          ${t('account.linkWallet')}
        </button>
      </div>
      <div id="wallet-choices" @keydown=${(event: KeyboardEvent) => event.key === 'Escape' && void this.#close()}>
        ${!this.#choosing
          ? nothing
          : choices.length === 0
            ? html`<p part="no-wallet" class="muted" tabindex="-1">${t('account.noWalletFound')}</p>`
            : html`<ul part="wallet-choices" class="list" aria-label=${t('account.walletChoices')}>
                ${choices.map(
                  (c) => html`<li>
                    <button part="wallet-choice" type="button" data-wallet=${c.id} aria-disabled=${busy ? 'true' : 'false'} aria-busy=${busy === 'wallet' ? 'true' : 'false'} @click=${() => void this.#link(c)}>
                      ${c.icon ? html`<img class="wallet-icon" src=${c.icon} alt="" />` : nothing}
                      ${t(c.solana ? 'account.linkWalletWithSolana' : 'account.linkWalletWith', { wallet: c.name })}
                    </button>
                  </li>`,
                )}
              </ul>`}
      </div>`;
    return renderAccountList({ name: 'wallets', title: 'account.wallets', empty: 'account.noWallets', items, extra, busy, t, onRemove: (item) => void this.#unlink(item.id) });
  }

  async #toggle(): Promise<void> {
    if (this.#a.busy()) return;
    if (this.#choosing) return this.#close();
    const [{ watchInjectedWallets }, { watchSolanaWallets }] = await Promise.all([import('../../src/providers/discover-wallets.ts'), import('../../src/providers/wallet-standard.ts')]);
    this.#choosing = true;
    // Wallets answer at once, and announce themselves again whenever one loads later.
    this.#stops.push(
      watchInjectedWallets((found) => {
        this.#ethereum = found.map(({ info, provider }) => ({ id: info.uuid, name: info.name, icon: info.icon, solana: false, wallet: { provider } }));
        this.#a.host.requestUpdate();
      }),
      watchSolanaWallets((found) => {
        this.#solana = found.map(({ id, name, icon, wallet }) => ({ id, name, icon, solana: true, wallet: { solana: wallet } }));
        this.#a.host.requestUpdate();
      }),
    );
    // The wallet code is wanted next: fetch it while the person chooses.
    void linkModule();
    this.#a.host.requestUpdate();
    await this.#a.focus('[part="wallet-choice"], [part="no-wallet"]');
  }

  async #close(): Promise<void> {
    if (this.#a.busy() === 'wallet') return;
    this.reset();
    this.#a.host.requestUpdate();
    await this.#a.focus('[part="link-wallet"]');
  }

  async #link(choice: Choice): Promise<void> {
    const kit = this.#a.kit();
    const view = this.#a.view();
    if (!kit || !view) return;
    let linked: LinkedWallet | undefined;
    const done = await this.#a.act({ busy: 'wallet', wait: 'account.walletConfirm', waitParams: { wallet: choice.name }, done: 'account.walletLinked', ownStepUp: true }, async () => {
      const { linkWallet } = await linkModule();
      linked = await linkWallet(kit, this.#a.session(), view, choice.wallet, (submit) => this.#a.stepUp(submit));
    });
    if (!done || !linked) return void (await this.#a.focus(`[part="wallet-choice"][data-wallet="${CSS.escape(choice.id)}"]`));
    this.reset();
    await this.#a.reload();
    await this.#a.focus(`[part="linked-wallet"][data-id="${CSS.escape(linked.apiKeyId)}"] [part="remove"]`);
  }

  async #unlink(apiKeyId: string): Promise<void> {
    const view = this.#a.view();
    if (!view) return;
    const done = await this.#a.act({ busy: `remove:${apiKeyId}`, wait: 'account.removing', done: 'account.walletUnlinked' }, async () => {
      const { unlinkWallet } = await linkModule();
      await unlinkWallet(this.#a.session(), view, apiKeyId);
    });
    if (done) await this.#a.reload().then(() => this.#a.focus('#wallets-heading'));
  }
}
