/**
 * `<latch-account>`'s Link a login: keeps one OAuth attempt prepared for the chosen provider
 * (the kit's prepareOAuth: a key and the provider's URL), so that the click opens the popup at
 * once, as browsers require. A new choice, a finished link or leaving the page gives up the old
 * attempt (its key is deleted).
 */
import { html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { MessageKey } from '../i18n/messages.ts';
import type { LatchKit } from '../../src/kit/latch-kit.ts';
import type { OAuthProvider } from '../../src/flows/oauth-providers.ts';
import type { PopupWindow } from '../../src/flows/oauth-popup.ts';
import type { PreparedLink } from '../../src/account/oauth-link.ts';
import type * as LinkModuleNs from '../../src/account/oauth-link.ts';

type LinkModule = typeof LinkModuleNs;

/** The providers a user can link here (Facebook's page-side code exchange is not supported). */
const LINKABLE = ['google', 'apple', 'x', 'discord'] as const;

/** Brand names, the same in every language. */
const PROVIDER_NAMES: Record<OAuthProvider, string> = { google: 'Google', apple: 'Apple', facebook: 'Facebook', x: 'X', discord: 'Discord' };

export class OAuthLinkController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  #kit: LatchKit | undefined;
  #provider: OAuthProvider | undefined;
  #prepared: PreparedLink | undefined;
  #preparing: Promise<unknown> | undefined;
  #module: LinkModule | undefined;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
    host.addController(this);
  }

  /** The enabled providers the user can link, in the kit's order. */
  providers(kit: LatchKit): OAuthProvider[] {
    return kit.enabledMethods().filter((m): m is (typeof LINKABLE)[number] => (LINKABLE as readonly string[]).includes(m));
  }

  get provider(): OAuthProvider | undefined {
    return this.#provider;
  }

  get ready(): boolean {
    return this.#prepared !== undefined;
  }

  /** Prepares an attempt for `provider` (the first linkable one by default), unless one is ready. */
  choose(kit: LatchKit, provider?: OAuthProvider): void {
    const chosen = provider ?? this.#provider ?? this.providers(kit)[0];
    if (!chosen || (kit === this.#kit && chosen === this.#provider && (this.#prepared || this.#preparing))) return;
    this.#drop();
    this.#kit = kit;
    this.#provider = chosen;
    const preparing = import('../../src/account/oauth-link.ts')
      .then((module) => {
        this.#module = module;
        return module.prepareOAuthLink(kit, chosen);
      })
      .then(
        (prepared) => {
          if (this.#preparing === preparing) this.#prepared = prepared;
          else void kit.abandonOAuth(prepared.pending).catch(() => undefined);
        },
        () => undefined,
      )
      .finally(() => {
        if (this.#preparing === preparing) this.#preparing = undefined;
        this.#host.requestUpdate();
      });
    this.#preparing = preparing;
  }

  /** The provider select and Link button (nothing when no provider can be linked); Link waits for a prepared attempt. */
  render(kit: LatchKit | undefined, busy: string | null, t: (key: MessageKey) => string, onLink: () => void): TemplateResult | typeof nothing {
    const providers = kit ? this.providers(kit) : [];
    if (!kit || providers.length === 0) return nothing;
    const waiting = busy !== null || !this.ready;
    return html`<div class="row">
      <label for="link-provider">${t('account.linkWith')}</label>
      <select part="link-provider" id="link-provider" @change=${(event: Event) => this.choose(kit, (event.target as HTMLSelectElement).value as OAuthProvider)}>
        ${providers.map((p) => html`<option value=${p} ?selected=${p === this.provider}>${PROVIDER_NAMES[p]}</option>`)}
      </select>
      <button part="link" type="button" aria-disabled=${waiting ? 'true' : 'false'} aria-busy=${busy === 'link' ? 'true' : 'false'} @click=${onLink}>${t('account.link')}</button>
    </div>`;
  }

  /** Opens the popup (inside the click): synchronous. The attempt is the caller's from here on (`finish` it). */
  launch(): { kit: LatchKit; prepared: PreparedLink; popup: PopupWindow; finish: LinkModule['finishOAuthLink'] } | undefined {
    const kit = this.#kit;
    const prepared = this.#prepared;
    const module = this.#module;
    if (!kit || !prepared || !module) return undefined;
    this.#prepared = undefined;
    try {
      return { kit, prepared, popup: module.launchOAuthLink(kit, prepared), finish: module.finishOAuthLink };
    } catch (error) {
      void kit.abandonOAuth(prepared.pending).catch(() => undefined);
      throw error;
    }
  }

  #drop(): void {
    if (this.#kit && this.#prepared) void this.#kit.abandonOAuth(this.#prepared.pending).catch(() => undefined);
    this.#prepared = undefined;
    this.#preparing = undefined;
  }

  hostDisconnected(): void {
    this.#drop();
    this.#kit = undefined;
  }
}
