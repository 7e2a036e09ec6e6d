// Issue 10, real OAuth providers: the authorization request the kit builds for each provider,
// against a table of what that provider's documentation requires and forbids for a web page
// (and what the hosted kit sends). The emulator's provider enforces the same table
// (test/emulator/oauth.node.test.ts), so a wrong request fails in tests as it would live.
import { describe, it, expect } from '../../support/harness.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { prepareOAuth } from '../../../src/flows/oauth-flow.ts';
import { oidcNonce } from '../../../src/tokens/oidc-nonce.ts';
import type { OAuthProvider } from '../../../src/flows/oauth-providers.ts';

const REDIRECT = 'https://app.example/callback';

interface ProviderRule {
  endpoint: string;
  /** Parameters that must be present with exactly this value ('*' = any value). */
  required: Record<string, string>;
  /** Parameters that must be absent. */
  forbidden: string[];
}

const NONCE = '<nonce>';
const RULES: Record<OAuthProvider, ProviderRule> = {
  // Google OIDC: implicit id_token, nonce required; the account chooser as the hosted kit asks.
  google: {
    endpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
    required: { response_type: 'id_token', scope: 'openid email profile', nonce: NONCE, prompt: 'select_account', state: '*' },
    forbidden: ['code_challenge'],
  },
  // Sign in with Apple: `code id_token` in the fragment; requested scopes need form_post, so none.
  apple: {
    endpoint: 'https://appleid.apple.com/auth/authorize',
    required: { response_type: 'code id_token', response_mode: 'fragment', nonce: NONCE, state: '*' },
    forbidden: ['scope', 'code_challenge'],
  },
  // Facebook OIDC manual flow: code + PKCE S256 + nonce; no implicit id_token for a web page.
  facebook: {
    endpoint: 'https://www.facebook.com/v11.0/dialog/oauth',
    required: { response_type: 'code', scope: 'openid', nonce: NONCE, code_challenge: '*', code_challenge_method: 'S256', state: '*' },
    forbidden: ['response_mode'],
  },
  // X and Discord: OAuth 2.0 with PKCE S256; the nonce travels in state (docs/protocol.md §3).
  x: {
    endpoint: 'https://x.com/i/oauth2/authorize',
    required: { response_type: 'code', scope: 'tweet.read users.read', code_challenge: '*', code_challenge_method: 'S256', state: '*' },
    forbidden: ['nonce', 'response_mode'],
  },
  discord: {
    endpoint: 'https://discord.com/oauth2/authorize',
    required: { response_type: 'code', scope: 'identify email', code_challenge: '*', code_challenge_method: 'S256', state: '*' },
    forbidden: ['nonce', 'response_mode'],
  },
};

describe('OAuth providers: each authorization request meets its provider\'s documented rules', () => {
  for (const [provider, rule] of Object.entries(RULES) as [OAuthProvider, ProviderRule][]) {
    it(`${provider}: ${Object.entries(rule.required).map(([k, v]) => (v === '*' ? k : `${k}=${v}`)).join(', ')}; never ${rule.forbidden.join(', ')}`, async () => {
      const keyStore = new MemoryKeyStore();
      const pending = await prepareOAuth({ keyStore }, { provider, clientId: `client-${provider}`, redirectUri: REDIRECT });
      const url = new URL(pending.url);
      expect(url.origin + url.pathname).to.equal(rule.endpoint);
      expect(url.searchParams.get('client_id')).to.equal(`client-${provider}`);
      expect(url.searchParams.get('redirect_uri')).to.equal(REDIRECT);
      const nonce = await oidcNonce(pending.keyId);
      for (const [name, value] of Object.entries(rule.required)) {
        const actual = url.searchParams.get(name);
        expect(actual, name).to.not.equal(null);
        if (value !== '*') expect(actual, name).to.equal(value === NONCE ? nonce : value);
      }
      for (const name of rule.forbidden) expect(url.searchParams.has(name), name).to.equal(false);
      // Every parameter sent is one the table knows: nothing stray reaches the provider.
      const known = new Set(['client_id', 'redirect_uri', ...Object.keys(rule.required)]);
      expect([...url.searchParams.keys()].filter((k) => !known.has(k))).to.deep.equal([]);
      // Only a provider whose code the page exchanges itself carries a token endpoint.
      expect(pending.tokenUrl).to.equal(provider === 'facebook' ? 'https://graph.facebook.com/v11.0/oauth/access_token' : undefined);
    });
  }
});
