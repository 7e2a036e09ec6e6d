/**
 * `<latch-auth>`'s account switch: the accounts logged in here (each one's name and email, asked
 * of the service with that account's own session), the active one marked; choosing one makes it
 * active. Loaded only when the switch is opened, with its strings and styles.
 */
import { css, html, nothing, type CSSResult, type TemplateResult } from 'lit';
import type { AccountProfile, AccountSession, KitAccounts } from '../../src/kit/kit-accounts.ts';
import { registerMessages } from '../i18n/catalogues.ts';
import type { Message, MessageKey, MessageParams } from '../i18n/messages.ts';

const en = {
  'switch.label': 'Your accounts',
  'switch.current': 'In use',
  'switch.unnamed': 'Account {n}',
  'switch.switched': 'Now using {name}.',
  'switch.failed': 'That account is no longer logged in here.',
} as const satisfies Readonly<Record<string, Message>>;

type SwitchCatalogue = { readonly [Key in keyof typeof en]: Message };

declare module '../i18n/messages.ts' {
  // Augmentation: these keys join the ones t() accepts once this module is part of the program.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface LatchMessages extends SwitchCatalogue {}
}

const es: SwitchCatalogue = {
  'switch.label': 'Tus cuentas',
  'switch.current': 'En uso',
  'switch.unnamed': 'Cuenta {n}',
  'switch.switched': 'Ahora usas {name}.',
  'switch.failed': 'Esa cuenta ya no tiene la sesión iniciada aquí.',
};

// Names are isolated (U+2068/U+2069) so a Latin name keeps its order inside Arabic text.
const ar: SwitchCatalogue = {
  'switch.label': 'حساباتك',
  'switch.current': 'قيد الاستخدام',
  'switch.unnamed': 'الحساب {n}',
  'switch.switched': 'أنت تستخدم الآن \u2068{name}\u2069.',
  'switch.failed': 'لم يعد هذا الحساب مسجّل الدخول هنا.',
};

registerMessages('en', en);
registerMessages('es', es);
registerMessages('ar', ar);

export const switchStyles: CSSResult = css`
  .accounts {
    display: grid;
    gap: var(--latch-space-xs);
    inline-size: 100%;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .accounts .button {
    inline-size: 100%;
    display: grid;
    justify-items: start;
    text-align: start;
  }
  .accounts .email,
  .accounts .current {
    color: var(--latch-color-muted);
    font-size: var(--latch-font-size-sm);
    overflow-wrap: anywhere;
  }
`;

/** What the switch needs from the logged-in view. */
export interface SwitchHost {
  readonly shadowRoot: ShadowRoot | null;
  t(key: MessageKey, params?: MessageParams): string;
  requestUpdate(): void;
  /** Puts `text` in the drop-in's polite status region. */
  say(text: string): void;
  /** The switch is done (a choice, or Escape): the view closes it and takes focus back. */
  closeSwitch(): void;
}

interface Row extends AccountSession {
  profile?: AccountProfile;
}

/**
 * The list: one button per account (its name, its email), `aria-current` on the active one. The
 * names arrive after the list shows (one `get_user` each); until then an account is "Account n".
 */
export class AccountSwitch {
  readonly #host: SwitchHost;
  readonly #accounts: KitAccounts;
  #rows: Row[] = [];
  #busy = false;

  constructor(host: SwitchHost, accounts: KitAccounts) {
    this.#host = host;
    this.#accounts = accounts;
    const root = host.shadowRoot;
    const sheet = switchStyles.styleSheet;
    if (root && sheet && !root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  }

  /** Reads the accounts again (and then their names). */
  async load(): Promise<void> {
    const now = Date.now();
    this.#rows = Object.values(await this.#accounts.getAllSessions()).filter((row) => row.expiresAt > now);
    this.#host.requestUpdate();
    await Promise.all(
      this.#rows.map((row) =>
        this.#accounts.profile(row.sessionKey).then(
          (profile) => {
            row.profile = profile;
            this.#host.requestUpdate();
          },
          () => undefined, // the name is a courtesy: "Account n" stays
        ),
      ),
    );
  }

  #name(row: Row, index: number): string {
    return row.profile?.name || row.profile?.email || this.#host.t('switch.unnamed', { n: index + 1 });
  }

  render(): TemplateResult {
    const t = this.#host.t.bind(this.#host);
    return html`<ul part="accounts" class="accounts" id="accounts" aria-label=${t('switch.label')} @keydown=${this.#onKey}>
      ${this.#rows.map(
        (row, i) => html`<li>
          <button
            part="account-option"
            class="button"
            type="button"
            data-session-key=${row.sessionKey}
            aria-current=${row.active ? 'true' : 'false'}
            aria-disabled=${this.#busy ? 'true' : 'false'}
            @click=${() => this.#choose(row, i)}
          >
            <span class="name">${this.#name(row, i)}</span>
            ${row.profile?.email && row.profile.email !== row.profile.name ? html`<span class="email">${row.profile.email}</span>` : nothing}
            ${row.active ? html`<span class="current">${t('switch.current')}</span>` : nothing}
          </button>
        </li>`,
      )}
    </ul>`;
  }

  /** Up and Down move between the accounts; Escape closes the list. */
  readonly #onKey = (event: KeyboardEvent): void => {
    const buttons = [...(this.#host.shadowRoot?.querySelectorAll<HTMLButtonElement>('[part="account-option"]') ?? [])];
    const at = buttons.indexOf(this.#host.shadowRoot?.activeElement as HTMLButtonElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation(); // a modal would close on it otherwise
      this.#host.closeSwitch();
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && buttons.length) {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      buttons[(at + step + buttons.length) % buttons.length]!.focus();
    }
  };

  async #choose(row: Row, index: number): Promise<void> {
    if (this.#busy) return;
    if (row.active) return this.#host.closeSwitch();
    this.#busy = true;
    this.#host.requestUpdate();
    try {
      await this.#accounts.setActiveSession(row.sessionKey);
      this.#host.say(this.#host.t('switch.switched', { name: this.#name(row, index) }));
    } catch {
      // Expired or its key is gone: the kit forgot it; the list says so and shows the rest.
      this.#host.say(this.#host.t('switch.failed'));
      await this.load().catch(() => undefined);
    } finally {
      this.#busy = false;
      this.#host.closeSwitch();
    }
  }
}
