/**
 * `<latch-account>`'s email and phone rows: Change (a code sent to the new contact, then the
 * code: render-contact-form.ts) and Remove (removeEmail / removePhone: refused in the page with
 * ERR_ACCOUNT_LAST_CREDENTIAL when it is the user's last way to log in, the service checks again).
 * Focus: into the form when it opens, back to Change when it closes or a change is saved, to
 * Change after a removal (the Remove button is gone then); a refusal keeps it where it was.
 */
import { nothing, type TemplateResult } from 'lit';
import type { ContactCode } from '../../src/account/user-account.ts';
import type { AccountActions } from './account-actions.ts';
import { renderContactForm, renderContactRow } from './render-contact-form.ts';

type Kind = 'email' | 'phone';

/** The account code (get_user, the changes): the element's own lazy chunk. */
const accountModule = () => import('../../src/account/user-account.ts');

export class ContactEditor {
  readonly #a: AccountActions;
  #editing: Kind | null = null;
  #code: ContactCode | null = null;

  constructor(actions: AccountActions) {
    this.#a = actions;
  }

  reset(): void {
    this.#editing = null;
    this.#code = null;
  }

  renderRows(email: string | undefined, phone: string | undefined): TemplateResult[] {
    return (['email', 'phone'] as const).map((kind) =>
      renderContactRow({
        kind,
        value: kind === 'email' ? email : phone,
        open: this.#editing === kind,
        busy: this.#a.busy() !== null,
        t: (key, params) => this.#a.t(key, params),
        onOpen: () => void this.#open(kind),
        onRemove: () => void this.#remove(kind),
      }),
    );
  }

  renderForm(): TemplateResult | typeof nothing {
    const kind = this.#editing;
    if (!kind) return nothing;
    return renderContactForm({
      kind,
      sentTo: this.#code?.contact ?? null,
      busy: this.#a.busy() === kind,
      t: (key, params) => this.#a.t(key, params),
      onSubmit: (event) => void this.#submit(event),
      onCancel: () => void this.#close(),
      onKeydown: (event) => {
        if (event.key === 'Escape') void this.#close();
      },
    });
  }

  async #open(kind: Kind): Promise<void> {
    if (this.#a.busy()) return;
    this.#editing = kind;
    this.#code = null;
    this.#a.host.requestUpdate();
    await this.#a.focus('[part="contact-input"]');
  }

  async #close(): Promise<void> {
    const kind = this.#editing;
    if (!kind || this.#a.busy() === kind) return;
    this.reset();
    this.#a.host.requestUpdate();
    await this.#a.focus(`[part="change-${kind}"]`);
  }

  async #submit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const kind = this.#editing;
    const kit = this.#a.kit();
    const view = this.#a.view();
    if (!kind || !kit || !view) return;
    const form = event.currentTarget as HTMLFormElement;
    const code = this.#code;
    if (!code) {
      const contact = (form.elements.namedItem('contact') as HTMLInputElement).value;
      const sent = await this.#a.act({ busy: kind, wait: 'account.sending', done: null }, async () => {
        const { sendContactCode } = await accountModule();
        this.#code = await sendContactCode(kit, kind === 'email' ? 'OTP_TYPE_EMAIL' : 'OTP_TYPE_SMS', contact);
      });
      if (sent && this.#code) {
        this.#a.announce(this.#a.t('account.codeSent', { contact: this.#code.contact }));
        await this.#a.focus('[part="code-input"]');
      } else await this.#a.focus('[part="contact-input"]');
      return;
    }
    const otpCode = (form.elements.namedItem('code') as HTMLInputElement).value;
    const changed = await this.#a.act({ busy: kind, wait: 'account.saving', done: kind === 'email' ? 'account.emailChanged' : 'account.phoneChanged' }, async () => {
      const { changeContact } = await accountModule();
      await changeContact(kit, this.#a.session(), view, code, otpCode);
    });
    if (!changed) return void (await this.#a.focus('[part="code-input"]'));
    this.reset();
    await this.#a.reload();
    await this.#a.focus(`[part="change-${kind}"]`);
  }

  async #remove(kind: Kind): Promise<void> {
    const view = this.#a.view();
    if (!view) return;
    const removed = await this.#a.act({ busy: `remove:${kind}`, wait: 'account.removing', done: kind === 'email' ? 'account.emailRemoved' : 'account.phoneRemoved' }, async () => {
      const { removeEmail, removePhone } = await import('../../src/account/remove-contact.ts');
      await (kind === 'email' ? removeEmail : removePhone)(this.#a.session(), view);
    });
    if (!removed) return;
    if (this.#editing === kind) this.reset();
    await this.#a.reload();
    await this.#a.focus(`[part="change-${kind}"]`);
  }
}
