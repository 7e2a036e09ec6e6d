/**
 * The consent page of the built-in provider: what a person (or a test clicking `#consent-allow`)
 * sees instead of Google's or Discord's. No script: a plain form posting to /consent.
 */
import type { AuthorizeRequest } from './authorize-request.ts';

export const DEFAULT_TEST_EMAIL = 'alice@example.com';

const PROVIDER_LABELS: Record<string, string> = { google: 'Google', apple: 'Apple', facebook: 'Facebook', x: 'X', discord: 'Discord' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const STYLE = `body{font:16px system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f4f4f5;color:#18181b}
main{background:#fff;padding:2rem;border-radius:12px;box-shadow:0 1px 4px #0002;max-width:24rem;width:100%}
h1{font-size:1.25rem;margin:0 0 .5rem}label{display:block;margin:1rem 0 .25rem}input[type=email]{width:100%;box-sizing:border-box;padding:.5rem;font:inherit}
.actions{display:flex;gap:.5rem;margin-top:1.5rem}button{flex:1;padding:.6rem;font:inherit;border-radius:8px;border:1px solid #d4d4d8;cursor:pointer}
#consent-allow{background:#18181b;color:#fff}small{color:#71717a}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function consentPage(request: AuthorizeRequest): string {
  const label = PROVIDER_LABELS[request.provider] ?? request.provider;
  const hidden: Record<string, string | undefined> = {
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    response_type: request.responseType,
    response_mode: request.responseMode,
    state: request.state,
    nonce: request.nonce,
    code_challenge: request.codeChallenge,
    code_challenge_method: request.codeChallenge ? 'S256' : undefined,
    scope: request.scope,
  };
  const inputs = Object.entries(hidden)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v!)}">`)
    .join('');
  const email = request.loginHint ?? DEFAULT_TEST_EMAIL;
  return page(
    `Sign in with ${label} (emulator)`,
    `<h1>Sign in with ${escapeHtml(label)}</h1>
<p><small>Latchkey emulator stand-in. ${escapeHtml(request.clientId)} wants your email address.</small></p>
<form method="post" action="/oauth/${escapeHtml(request.provider)}/consent">${inputs}
<label for="consent-email">Email</label><input id="consent-email" name="email" type="email" required value="${escapeHtml(email)}">
<div class="actions"><button id="consent-deny" name="decision" value="deny" type="submit" formnovalidate>Cancel</button>
<button id="consent-allow" name="decision" value="allow" type="submit">Continue</button></div></form>`,
  );
}

export function errorPage(message: string): string {
  return page('Sign-in error (emulator)', `<h1>Sign-in error</h1><p id="oauth-error">${escapeHtml(message)}</p>`);
}
