/**
 * `<latch-account>`'s "Delete account" (issue 24). Opening it counts what would be lost (the
 * user's wallets and private keys, and how many were never exported: accountLosses); the person
 * types the confirmation word of their language; when some were never exported, the service
 * refuses (ERR_ACCOUNT_NOT_EXPORTED, also checked in the page first) unless they tick "delete
 * without export". Then step-up (the service wants a recent login), deleteAccount, and a logout
 * of the kit, which ends the session in the other tabs too. The element then dispatches
 * `latch-account-deleted` and `latch-logout`. A wrong word is ERR_INPUT_INVALID, nothing sent.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { LatchError } from '../../src/errors/latch-error.ts';
import type { AccountLosses } from '../../src/account/delete-account.ts';
import type { AccountActions } from './account-actions.ts';
import { LatchAccountDeletedEvent } from './latch-account-deleted-event.ts';

const deleteModule = () => import('../../src/account/delete-account.ts');

export class AccountDeletion {
  readonly #a: AccountActions;
  readonly #loggedOut: () => Promise<void>;
  readonly #invalid: () => boolean;
  #open = false;
  #losses: AccountLosses | null = null;

  /** `loggedOut`: what the element does after a logout; `invalid`: true while the word was refused. */
  constructor(actions: AccountActions, loggedOut: () => Promise<void>, invalid: () => boolean) {
    this.#a = actions;
    this.#loggedOut = loggedOut;
    this.#invalid = invalid;
  }

  reset(): void {
    this.#open = false;
    this.#losses = null;
  }

  render(): TemplateResult {
    const t = this.#a.t.bind(this.#a);
    return html`<section part="delete-account" class="section" aria-labelledby="delete-heading">
      <h3 id="delete-heading" tabindex="-1">${t('account.delete')}</h3>
      ${this.#open ? this.#renderForm() : html`<div class="row">
        <button part="delete-start" class="danger" type="button" aria-expanded="false" aria-disabled=${this.#a.busy() ? 'true' : 'false'} @click=${() => void this.#start()}>${t('account.deleteStart')}</button>
      </div>`}
    </section>`;
  }

  #renderForm(): TemplateResult {
    const t = this.#a.t.bind(this.#a);
    const losses = this.#losses;
    if (!losses) return html`<p part="delete-counting" class="muted">${t('account.deleteCounting')}</p>`;
    const word = t('account.deleteWord');
    const busy = this.#a.busy() === 'delete' ? 'true' : 'false';
    const invalid = this.#invalid();
    return html`<form part="delete-form" novalidate @submit=${(event: SubmitEvent) => void this.#submit(event)} @keydown=${(event: KeyboardEvent) => event.key === 'Escape' && void this.#close()}>
      <p part="delete-loses" id="delete-loses">${t('account.deleteLoses', { count: losses.wallets + losses.privateKeys })}</p>
      ${losses.unexported > 0
        ? html`<p part="delete-unexported" class="warning">${t('account.deleteUnexported', { count: losses.unexported })}</p>
            <label class="check"><input part="delete-without-export" type="checkbox" name="withoutExport" /> ${t('account.deleteWithoutExport')}</label>`
        : nothing}
      <label for="delete-word">${t('account.deleteTypeWord', { word })}</label>
      <input part="delete-word" id="delete-word" name="word" autocomplete="off" spellcheck="false" dir="auto" aria-invalid=${invalid ? 'true' : 'false'} aria-describedby=${invalid ? 'delete-loses account-error' : 'delete-loses'} />
      <div class="row">
        <button part="delete-confirm" class="danger" type="submit" aria-disabled=${busy} aria-busy=${busy}>${t(busy === 'true' ? 'account.deleting' : 'account.deleteConfirm')}</button>
        <button part="cancel" type="button" @click=${() => void this.#close()}>${t('common.cancel')}</button>
      </div>
    </form>`;
  }

  async #start(): Promise<void> {
    if (this.#a.busy()) return;
    this.#open = true;
    this.#a.host.requestUpdate();
    const counted = await this.#a.act({ busy: 'load', wait: 'account.deleteCounting', done: null }, async () => {
      const { accountLosses } = await deleteModule();
      this.#losses = await accountLosses(this.#a.session());
    });
    if (!counted) {
      this.#open = false;
      this.#a.host.requestUpdate();
      return void (await this.#a.focus('[part="delete-start"]'));
    }
    await this.#a.focus('[part="delete-word"]');
  }

  async #close(): Promise<void> {
    if (!this.#open || this.#a.busy() === 'delete') return;
    this.reset();
    this.#a.host.requestUpdate();
    await this.#a.focus('[part="delete-start"]');
  }

  async #submit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const kit = this.#a.kit();
    if (!kit) return;
    const form = event.currentTarget as HTMLFormElement;
    const typed = (form.elements.namedItem('word') as HTMLInputElement).value.trim();
    const withoutExport = (form.elements.namedItem('withoutExport') as HTMLInputElement | null)?.checked === true;
    const wordOk = typed === this.#a.t('account.deleteWord');
    let organizationId = '';
    const deleted = await this.#a.act({ busy: 'delete', wait: 'account.deleting', done: 'account.deleted' }, async () => {
      // The word is the person's own confirmation: compared as the page shows it, in their language.
      if (!wordOk) throw new LatchError('ERR_INPUT_INVALID', 'The confirmation word does not match.');
      const { deleteAccount } = await deleteModule();
      organizationId = await deleteAccount(this.#a.session(), { deleteWithoutExport: withoutExport });
    });
    // Refused: back to what to fix (the word, or the never-exported wallets' checkbox).
    if (!deleted) return void (await this.#a.focus(wordOk && !withoutExport && this.#losses?.unexported ? '[part="delete-without-export"]' : '[part="delete-word"]'));
    // The account is gone, and with it every key of it: nothing is left to end on the service (an
    // aborted signal skips that part), the kit logs out here and tells the other tabs.
    await kit.logout({ signal: AbortSignal.abort() });
    this.reset();
    this.#a.host.dispatchEvent(new LatchAccountDeletedEvent({ organizationId }));
    await this.#loggedOut();
  }
}
