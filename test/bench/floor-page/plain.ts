// The plain-DOM floor: `<latch-auth>`'s methods (the same elements, parts, classes, texts, logos
// and style sheets) drawn with the DOM's own calls. No lit rendering: lit's `css` tag only
// carries the kit's style sheets in. See floor-config.ts.
import { watchLatchAuth } from '../tti-page/tti-probe.ts';
import type { CSSResult, CSSResultGroup } from 'lit';
import type { LoginMethod } from '../../../src/kit/latch-kit.ts';
import { authStyles } from '../../../components/latch-auth/latch-auth.styles.ts';
import { oauthButtonStyles } from '../../../components/latch-oauth-button/latch-oauth-button.styles.ts';
import { passkeyButtonStyles } from '../../../components/latch-passkey-button/latch-passkey-button.styles.ts';
import { PROVIDERS } from '../../../components/latch-oauth-button/provider-logos.ts';
import { baseStyles } from '../../../components/styles/base-styles.ts';
import { tokenStyles } from '../../../components/styles/token-styles.ts';
import { continueWith, loadMethods, TEXTS } from './floor-config.ts';
import { groupLoginMethods } from '../../../components/latch-auth/render-login-methods.ts';
import type { OAuthProvider } from '../../../src/flows/oauth-providers.ts';

const sheets = (group: CSSResultGroup): CSSStyleSheet[] => (Array.isArray(group) ? group.flatMap(sheets) : [(group as CSSResult).styleSheet!]);

function h(tag: string, attributes: Record<string, string>, ...children: (Node | string)[]): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

function logo(provider: OAuthProvider): SVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  for (const [name, value] of Object.entries({ part: 'logo', class: 'logo', viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' })) svg.setAttribute(name, value);
  for (const [fill, d] of PROVIDERS[provider][1]) {
    const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
    path.setAttribute('fill', fill);
    path.setAttribute('d', d);
    svg.append(path);
  }
  return svg;
}

class FloorButton extends HTMLElement {
  static sheets: CSSStyleSheet[] = [];
  connectedCallback(): void {
    if (this.shadowRoot) return;
    const root = this.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = (this.constructor as typeof FloorButton).sheets;
    const provider = this.getAttribute('provider') as OAuthProvider | null;
    const error = h('div', { part: 'error', id: 'error', class: 'error', 'aria-live': 'assertive' });
    if (provider) {
      const button = h('button', { part: 'button', class: 'button', type: 'button', 'aria-busy': 'false', 'aria-disabled': 'false', 'aria-describedby': 'error' });
      button.append(logo(provider), h('span', { part: 'label', class: 'label' }, continueWith(provider)));
      root.append(h('div', { part: 'base', class: 'base' }, button, error));
    } else {
      const button = h('button', { part: 'button', class: 'button primary', type: 'submit', 'aria-busy': 'false', 'aria-describedby': 'error' }, TEXTS.passkeyLogin);
      root.append(h('form', { part: 'base', class: 'base', novalidate: '' }, button, error));
    }
  }
}
customElements.define('latch-oauth-button', class extends FloorButton {
  static override sheets = sheets([tokenStyles, baseStyles, oauthButtonStyles]);
});
customElements.define('latch-passkey-button', class extends FloorButton {
  static override sheets = sheets([tokenStyles, baseStyles, passkeyButtonStyles]);
});

function form(method: 'email' | 'sms'): HTMLElement {
  const type = method === 'sms' ? 'tel' : 'email';
  // The kit's email field also offers the site's passkeys (passkeys are on in the demo config).
  const autocomplete = method === 'email' ? 'username webauthn' : type;
  const input = h('input', { part: 'input', class: 'input', id: method, name: method, type, inputmode: type, autocomplete, required: '', 'aria-invalid': 'false', 'aria-describedby': `${method}-error` });
  return h(
    'form',
    { part: `form form-${method}`, class: 'form', novalidate: '', 'data-method': method },
    h('label', { part: 'label', class: 'label', for: method }, TEXTS[method]),
    method === 'sms' ? h('div', { part: 'phone', class: 'form' }, input) : input,
    h('div', { part: 'field-error', class: 'error', id: `${method}-error`, 'aria-live': 'assertive' }),
    h('button', { part: 'submit', class: 'button primary', type: 'submit', 'aria-busy': 'false' }, TEXTS.sendCode),
  );
}

function methodsList(methods: LoginMethod[]): HTMLElement {
  const list = h('div', { part: 'methods', class: 'methods' });
  groupLoginMethods(methods).forEach((group, i) => {
    if (i) list.append(h('div', { part: 'divider', class: 'divider' }, TEXTS.or));
    if (Array.isArray(group)) list.append(h('div', { part: 'providers', class: 'providers' }, ...group.map((provider) => h('latch-oauth-button', { part: 'oauth-button', provider }))));
    else if (group === 'passkey') list.append(h('div', { part: 'passkey', class: 'passkey' }, h('latch-passkey-button', { part: 'passkey-button', mode: 'login' }), h('button', { part: 'passkey-toggle', class: 'link', type: 'button' }, TEXTS.passkeySignup)));
    else list.append(form(group as 'email' | 'sms'));
  });
  return list;
}

class FloorAuth extends HTMLElement {
  connectedCallback(): void {
    const root = this.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = sheets([tokenStyles, baseStyles, authStyles]);
    // Nothing until the methods are known, as the drop-in shows nothing before its config.
    loadMethods(this, (methods) =>
      root.replaceChildren(
        h('div', { part: 'base', class: 'base', 'aria-busy': 'false' }, h('div', { part: 'header', class: 'header' }, h('h2', { part: 'title', class: 'title', id: 'title' }, TEXTS.title)), h('div', { part: 'body', class: 'body' }, methodsList(methods))),
      ),
    );
  }
}
customElements.define('latch-auth', FloorAuth);
watchLatchAuth(document.querySelector('latch-auth'));
