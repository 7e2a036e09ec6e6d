import { html, nothing, type TemplateResult } from 'lit';
import type { LatchKit, LoginMethod } from '../../src/kit/latch-kit.ts';
import type { LatchKitElement } from './latch-kit-element.ts';
import type { ContactLoginController } from './contact-login-controller.ts';
import type { WalletLogin } from './wallet-login.ts';
import { listsWallet } from '../../src/kit/login-methods.ts';
import { isContact, type ContactMethod } from './login-contacts.ts';

/** The drop-in: its strings, and the sign-up wallet, locale, accent and config the buttons inside take on. */
type Inherited = Pick<LatchKitElement, 't' | 'signupWallet' | 'locale' | 'accent' | 'config'>;

/** The email and SMS forms' renderer. */
type ContactForms = Pick<ContactLoginController, 'renderForm'>;

/** What `<latch-auth>`'s list of methods shows and calls. */
export interface LoginMethodsState {
  kit: LatchKit;
  /** The drop-in, with its `methods` attribute: the methods to show, in order. */
  host: Inherited & { readonly methods: string };
  /** The passkey button signs up (else it logs in). */
  passkeySignup: boolean;
  onPasskeyToggle: () => void;
  /** The email and SMS forms. */
  contact: ContactForms;
  /** The wallet method, once its chunk has loaded. */
  wallets: WalletLogin | undefined;
}

/**
 * Every method the config enables and `methods` lists, in order; the wallets last. Consecutive
 * OAuth providers form one group; an "or" separates the groups and other methods.
 */
export function renderLoginMethods(s: LoginMethodsState): TemplateResult {
  const kit = s.kit;
  const order = s.host.methods.split(',');
  const groups = groupLoginMethods(kit.enabledMethods(order));
  return html`<div part="methods" class="methods">
    ${groups.map(
      (group, i) => html`${i ? html`<div part="divider" class="divider">${s.host.t('common.or')}</div>` : nothing}
      ${Array.isArray(group)
        ? html`<div part="providers" class="providers">${group.map((provider) => renderProvider(kit, provider, s.host))}</div>`
        : group === 'passkey'
          ? renderPasskey(s)
          : s.contact.renderForm(group as ContactMethod)}`,
    )}
    ${listsWallet(order) ? s.wallets?.render(kit, groups.length > 0) : nothing}
  </div>`;
}

/** `methods` in order, with each run of consecutive OAuth providers as one group (an array). */
export function groupLoginMethods(methods: readonly LoginMethod[]): (LoginMethod | LoginMethod[])[] {
  const groups: (LoginMethod | LoginMethod[])[] = [];
  for (const method of methods) {
    const last = groups[groups.length - 1];
    if (isContact(method) || method === 'passkey') groups.push(method);
    else if (Array.isArray(last)) last.push(method);
    else groups.push([method]);
  }
  return groups;
}

/** `<latch-passkey-button>` and the switch between passkey login and sign-up. */
function renderPasskey(s: LoginMethodsState): TemplateResult {
  const signup = s.passkeySignup;
  const host = s.host;
  return html`<div part="passkey" class="passkey">
    <latch-passkey-button
      part="passkey-button"
      exportparts="button:passkey-control,input:passkey-input,label:passkey-label,error:passkey-error"
      mode=${signup ? 'signup' : 'login'}
      .kit=${s.kit}
      .signupWallet=${host.signupWallet}
      .locale=${host.locale}
      .accent=${host.accent}
      .config=${host.config}
    ></latch-passkey-button>
    <button part="passkey-toggle" class="link" type="button" @click=${s.onPasskeyToggle}>
      ${s.host.t(signup ? 'login.passkeyLogin' : 'login.passkeySignup')}
    </button>
  </div>`;
}

function renderProvider(kit: LatchKit, provider: LoginMethod, host: Inherited): TemplateResult {
  return html`<latch-oauth-button
    part="oauth-button"
    exportparts="button:oauth-control,logo:oauth-logo,label:oauth-label,error:oauth-error"
    provider=${provider}
    .kit=${kit}
    .signupWallet=${host.signupWallet}
    .locale=${host.locale}
    .accent=${host.accent}
    .config=${host.config}
  ></latch-oauth-button>`;
}
