/**
 * `<latch-account>`'s display name: the Name row with its Edit button, and the form that renames
 * the user (renameUser: update_user_name). An empty or over-long name (256 characters, the
 * service's limit) is refused in the page with ERR_INPUT_INVALID, nothing sent, and the field
 * stays focused and marked invalid. Escape or Cancel closes the form; focus returns to Edit.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { AccountActions } from './account-actions.ts';

export class NameEditor {
  readonly #a: AccountActions;
  readonly #invalid: () => boolean;
  #open = false;

  /** `invalid`: true while the shown error is this form's (the field is marked invalid). */
  constructor(actions: AccountActions, invalid: () => boolean) {
    this.#a = actions;
    this.#invalid = invalid;
  }

  reset(): void {
    this.#open = false;
  }

  renderRow(name: string): TemplateResult {
    const t = this.#a.t.bind(this.#a);
    return html`<div>
      <dt>${t('account.name')}</dt>
      <dd>
        <span part="name">${name}</span>
        <button part="edit-name" class="small" type="button" aria-expanded=${this.#open ? 'true' : 'false'} @click=${() => void this.#show()}>${t('account.editName')}</button>
      </dd>
    </div>`;
  }

  renderForm(name: string): TemplateResult | typeof nothing {
    if (!this.#open) return nothing;
    const t = this.#a.t.bind(this.#a);
    const busy = this.#a.busy() === 'name' ? 'true' : 'false';
    const invalid = this.#invalid();
    return html`<form part="name-form" novalidate @submit=${(event: SubmitEvent) => void this.#submit(event)} @keydown=${(event: KeyboardEvent) => event.key === 'Escape' && void this.#close()}>
      <label for="name-value">${t('account.newName')}</label>
      <input part="name-input" id="name-value" name="name" autocomplete="name" dir="auto" .value=${name} aria-invalid=${invalid ? 'true' : 'false'} aria-describedby=${invalid ? 'account-error' : nothing} />
      <div class="row">
        <button part="save-name" class="primary" type="submit" aria-disabled=${busy} aria-busy=${busy}>${t(busy === 'true' ? 'account.saving' : 'account.save')}</button>
        <button part="cancel" type="button" @click=${() => void this.#close()}>${t('common.cancel')}</button>
      </div>
    </form>`;
  }

  async #show(): Promise<void> {
    if (this.#a.busy()) return;
    this.#open = true;
    this.#a.host.requestUpdate();
    await this.#a.focus('[part="name-input"]');
  }

  async #close(): Promise<void> {
    if (!this.#open || this.#a.busy() === 'name') return;
    this.#open = false;
    this.#a.host.requestUpdate();
    await this.#a.focus('[part="edit-name"]');
  }

  async #submit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const value = ((event.currentTarget as HTMLFormElement).elements.namedItem('name') as HTMLInputElement).value;
    const renamed = await this.#a.act({ busy: 'name', wait: 'account.saving', done: 'account.nameChanged' }, async () => {
      const { renameUser } = await import('../../src/account/rename-user.ts');
      await renameUser(this.#a.session(), value);
    });
    if (!renamed) return void (await this.#a.focus('[part="name-input"]'));
    this.#open = false;
    await this.#a.reload();
    await this.#a.focus('[part="edit-name"]');
  }
}
