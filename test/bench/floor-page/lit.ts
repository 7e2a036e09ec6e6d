// The lit floor: `<latch-auth>`'s methods (the same elements, parts, classes, texts, logos and
// style sheets) drawn by lit elements, with none of the kit's logic. See floor-config.ts.
import { html, LitElement, nothing, type TemplateResult } from 'lit';
import { watchLatchAuth } from '../tti-page/tti-probe.ts';
import type { LoginMethod } from '../../../src/kit/latch-kit.ts';
import { authStyles } from '../../../components/latch-auth/latch-auth.styles.ts';
import { oauthButtonStyles } from '../../../components/latch-oauth-button/latch-oauth-button.styles.ts';
import { passkeyButtonStyles } from '../../../components/latch-passkey-button/latch-passkey-button.styles.ts';
import { logoPaths } from '../../../components/latch-oauth-button/provider-logos.ts';
import { baseStyles } from '../../../components/styles/base-styles.ts';
import { tokenStyles } from '../../../components/styles/token-styles.ts';
import { continueWith, loadMethods, TEXTS } from './floor-config.ts';
import { groupLoginMethods } from '../../../components/latch-auth/render-login-methods.ts';
import type { OAuthProvider } from '../../../src/flows/oauth-providers.ts';

class FloorOauthButton extends LitElement {
  static override styles = [tokenStyles, baseStyles, oauthButtonStyles];
  static override properties = { provider: {} };
  provider = '';
  protected override render(): TemplateResult {
    const provider = this.provider as OAuthProvider;
    return html`<div part="base" class="base">
      <button part="button" class="button" type="button" aria-busy="false" aria-disabled="false" aria-describedby="error">
        <svg part="logo" class="logo" viewBox="0 0 24 24" aria-hidden="true" focusable="false">${logoPaths(provider)}</svg>
        <span part="label" class="label">${continueWith(provider)}</span>
      </button>
      <div part="error" id="error" class="error" aria-live="assertive"></div>
    </div>`;
  }
}
customElements.define('latch-oauth-button', FloorOauthButton);

class FloorPasskeyButton extends LitElement {
  static override styles = [tokenStyles, baseStyles, passkeyButtonStyles];
  protected override render(): TemplateResult {
    return html`<form part="base" class="base" novalidate>
      <button part="button" class="button primary" type="submit" aria-busy="false" aria-describedby="error">${TEXTS.passkeyLogin}</button>
      <div part="error" id="error" class="error" aria-live="assertive"></div>
    </form>`;
  }
}
customElements.define('latch-passkey-button', FloorPasskeyButton);

function form(method: 'email' | 'sms'): TemplateResult {
  const type = method === 'sms' ? 'tel' : 'email';
  // The kit's email field also offers the site's passkeys (passkeys are on in the demo config).
  const field = html`<input part="input" class="input" id=${method} name=${method} type=${type} inputmode=${type} autocomplete=${method === 'email' ? 'username webauthn' : type} required aria-invalid="false" aria-describedby="${method}-error" />`;
  return html`<form part="form form-${method}" class="form" novalidate data-method=${method}>
    <label part="label" class="label" for=${method}>${TEXTS[method]}</label>
    ${method === 'sms' ? html`<div part="phone" class="form">${field}</div>` : field}
    <div part="field-error" class="error" id="${method}-error" aria-live="assertive"></div>
    <button part="submit" class="button primary" type="submit" aria-busy="false">${TEXTS.sendCode}</button>
  </form>`;
}

class FloorAuth extends LitElement {
  static override styles = [tokenStyles, baseStyles, authStyles];
  static override properties = { methods: { state: true } };
  methods: LoginMethod[] = [];
  override connectedCallback(): void {
    super.connectedCallback();
    loadMethods(this, (methods) => (this.methods = methods));
  }
  // Nothing until the methods are known, as the drop-in shows nothing before its config.
  protected override render(): TemplateResult | typeof nothing {
    if (!this.methods.length) return nothing;
    return html`<div part="base" class="base" aria-busy="false">
      <div part="header" class="header"><h2 part="title" class="title" id="title">${TEXTS.title}</h2></div>
      <div part="body" class="body">
        <div part="methods" class="methods">
          ${groupLoginMethods(this.methods).map(
            (group, i) => html`${i ? html`<div part="divider" class="divider">${TEXTS.or}</div>` : nothing}
            ${Array.isArray(group)
              ? html`<div part="providers" class="providers">${group.map((provider) => html`<latch-oauth-button part="oauth-button" provider=${provider}></latch-oauth-button>`)}</div>`
              : group === 'passkey'
                ? html`<div part="passkey" class="passkey"><latch-passkey-button part="passkey-button"></latch-passkey-button><button part="passkey-toggle" class="link" type="button">${TEXTS.passkeySignup}</button></div>`
                : form(group as 'email' | 'sms')}`,
          )}
        </div>
      </div>
    </div>`;
  }
}
customElements.define('latch-auth', FloorAuth);
watchLatchAuth(document.querySelector('latch-auth'));
