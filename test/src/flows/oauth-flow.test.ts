import { describe, it, expect, expectCode } from '../../support/harness.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { prepareOAuth, parseOAuthCallback, isOAuthCallback, sessionStoragePendingStore, abandonOAuth } from '../../../src/flows/oauth-flow.ts';
import { launchOAuth, waitForOAuthPopup, readOAuthRedirect, type PopupWindow } from '../../../src/flows/oauth-popup.ts';
import { createPkce } from '../../../src/flows/pkce.ts';
import { oidcNonce } from '../../../src/tokens/oidc-nonce.ts';
import { fromBase64Url, toBase64Url } from '../../../src/encoding/base64url.ts';
import { sha256 } from '../../../src/crypto/webcrypto.ts';
import { utf8Encode } from '../../../src/encoding/utf8.ts';

const REDIRECT = 'http://localhost:8000/callback';

describe('OAuth flow: preparing the request', () => {
  it('binds an OIDC request to a new key with its nonce and asks for an id_token in the fragment', async () => {
    const keyStore = new MemoryKeyStore();
    const pending = await prepareOAuth({ keyStore }, { provider: 'google', clientId: 'cid', redirectUri: REDIRECT });
    const url = new URL(pending.url);
    expect(url.origin + url.pathname).to.equal('https://accounts.google.com/o/oauth2/v2/auth');
    expect(url.searchParams.get('response_type')).to.equal('id_token');
    // An implicit id_token comes back in the fragment by default (OIDC Core §3.2.2.5).
    expect(url.searchParams.has('response_mode')).to.equal(false);
    expect(url.searchParams.get('prompt')).to.equal('select_account');
    expect(url.searchParams.get('client_id')).to.equal('cid');
    expect(url.searchParams.get('redirect_uri')).to.equal(REDIRECT);
    expect(url.searchParams.get('nonce')).to.equal(await oidcNonce(pending.keyId));
    expect(url.searchParams.get('state')).to.equal(pending.state);
    expect(url.searchParams.has('code_challenge')).to.equal(false);
    expect(await keyStore.get(pending.keyId)).to.not.equal(undefined);
  });

  it('uses PKCE S256 for OAuth 2.0 providers and carries the nonce in state', async () => {
    const keyStore = new MemoryKeyStore();
    const pending = await prepareOAuth({ keyStore }, { provider: 'discord', clientId: 'd', redirectUri: REDIRECT, authorizeUrl: 'http://127.0.0.1:9/oauth/authorize' });
    const url = new URL(pending.url);
    expect(url.origin).to.equal('http://127.0.0.1:9');
    expect(url.searchParams.get('response_type')).to.equal('code');
    expect(url.searchParams.get('code_challenge_method')).to.equal('S256');
    const challenge = toBase64Url(await sha256(utf8Encode(pending.codeVerifier!)));
    expect(url.searchParams.get('code_challenge')).to.equal(challenge);
    expect(pending.state.endsWith('.' + pending.nonce)).to.equal(true);
    expect(url.searchParams.has('nonce')).to.equal(false);
  });

  it('makes a 32-byte verifier and its SHA-256 challenge', async () => {
    const pkce = await createPkce();
    expect(fromBase64Url(pkce.codeVerifier).length).to.equal(32);
    expect(pkce.codeChallenge).to.equal(toBase64Url(await sha256(utf8Encode(pkce.codeVerifier))));
  });

  it('refuses an unknown provider, a missing client id and a bad redirect URI without creating a key', async () => {
    const keyStore = new MemoryKeyStore();
    await expectCode(() => prepareOAuth({ keyStore }, { provider: 'myspace' as never, clientId: 'c', redirectUri: REDIRECT }), 'ERR_INPUT_INVALID');
    await expectCode(() => prepareOAuth({ keyStore }, { provider: 'google', clientId: '', redirectUri: REDIRECT }), 'ERR_CONFIG_INVALID');
    await expectCode(() => prepareOAuth({ keyStore }, { provider: 'google', clientId: 'c', redirectUri: 'not a url' }), 'ERR_CONFIG_INVALID');
    expect(await keyStore.list()).to.have.length(0);
  });

  it('abandoning an attempt deletes its key', async () => {
    const keyStore = new MemoryKeyStore();
    const pending = await prepareOAuth({ keyStore }, { provider: 'apple', clientId: 'c', redirectUri: REDIRECT });
    await abandonOAuth({ keyStore }, pending);
    expect(await keyStore.get(pending.keyId)).to.equal(undefined);
  });
});

describe('OAuth flow: reading the callback', () => {
  it('reads an id_token from the fragment and a code from the query', () => {
    expect(parseOAuthCallback(`${REDIRECT}#id_token=a.b.c&state=s1`, 's1')).to.deep.equal({ kind: 'id_token', idToken: 'a.b.c' });
    expect(parseOAuthCallback(`${REDIRECT}?code=xyz&state=s2`, 's2')).to.deep.equal({ kind: 'code', code: 'xyz' });
    expect(isOAuthCallback(`${REDIRECT}?code=xyz&state=s2`)).to.equal(true);
    expect(isOAuthCallback(`${REDIRECT}?page=2`)).to.equal(false);
  });

  it('refuses a foreign state, a denial, a provider error and an empty answer with their codes', async () => {
    await expectCode(() => parseOAuthCallback(`${REDIRECT}?code=xyz&state=other`, 's'), 'ERR_OAUTH_STATE');
    await expectCode(() => parseOAuthCallback(`${REDIRECT}?error=access_denied&state=s`, 's'), 'ERR_OAUTH_DENIED');
    await expectCode(() => parseOAuthCallback(`${REDIRECT}?error=server_error&state=s`, 's'), 'ERR_OAUTH_CALLBACK');
    await expectCode(() => parseOAuthCallback(`${REDIRECT}?state=s`, 's'), 'ERR_OAUTH_CALLBACK');
    await expectCode(() => parseOAuthCallback('::', 's'), 'ERR_OAUTH_CALLBACK');
  });
});

describe('A9 oauth-redirect-validation', () => {
  it('A9 oauth-redirect-validation: missing or foreign state, code with error, repeated parameters and prototype names are refused; an attempt is taken once', async () => {
    await expectCode(() => parseOAuthCallback(`${REDIRECT}?code=xyz`, 's'), 'ERR_OAUTH_STATE');
    await expectCode(() => parseOAuthCallback(`${REDIRECT}?code=xyz&state=`, 's'), 'ERR_OAUTH_STATE');
    await expectCode(() => parseOAuthCallback(`${REDIRECT}?code=xyz&error=access_denied&state=s`, 's'), 'ERR_OAUTH_DENIED');
    await expectCode(() => parseOAuthCallback(`${REDIRECT}?code=xyz&error=server_error&state=s`, 's'), 'ERR_OAUTH_CALLBACK');
    for (const repeated of ['?code=a&code=b&state=s', '?code=a&state=s&state=s', '?code=a&state=s#state=s', '?state=s#id_token=a.b.c&id_token=d.e.f', '?code=a&state=s#code=b']) {
      await expectCode(() => parseOAuthCallback(`${REDIRECT}${repeated}`, 's'), 'ERR_OAUTH_CALLBACK');
    }
    // The page's own parameters may repeat; only the answer's may not.
    expect(parseOAuthCallback(`${REDIRECT}?tab=1&tab=2&code=a&state=s`, 's')).to.deep.equal({ kind: 'code', code: 'a' });
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      await expectCode(() => parseOAuthCallback(`${REDIRECT}?code=a&state=${name}`, 's'), 'ERR_OAUTH_STATE');
      expect(sessionStoragePendingStore(undefined).take(name)).to.equal(undefined);
    }
    const store = sessionStoragePendingStore(undefined);
    const pending = { state: 'st-1' } as Parameters<typeof store.save>[0];
    store.save(pending);
    // In a browser the attempt round-trips through sessionStorage: equal, not the same object.
    expect(store.take('st-1')).to.deep.equal(pending);
    expect(store.take('st-1'), 'a second answer finds nothing').to.equal(undefined);
  });
});

function fakePopup(script: Array<string | 'cross-origin' | 'closed'>): PopupWindow & { closeCalls: number } {
  let step = 0;
  const popup = {
    closeCalls: 0,
    get closed() {
      return script[Math.min(step, script.length - 1)] === 'closed';
    },
    close() {
      popup.closeCalls += 1;
    },
    get location() {
      const now = script[Math.min(step++, script.length - 1)];
      if (now === 'cross-origin') throw new Error('SecurityError');
      return { href: now as string };
    },
  };
  return popup;
}

describe('OAuth flow: popup and redirect', () => {
  it('opens a popup inside the click and falls back to a redirect when it is blocked', async () => {
    const keyStore = new MemoryKeyStore();
    const pending = await prepareOAuth({ keyStore }, { provider: 'google', clientId: 'c', redirectUri: REDIRECT });
    const store = sessionStoragePendingStore(undefined);
    const opened: string[] = [];
    const assigned: string[] = [];
    const popup = fakePopup(['cross-origin']);
    const launched = launchOAuth(pending, store, { open: (url) => (opened.push(url), popup), assign: (url) => assigned.push(url) });
    expect(launched.mode).to.equal('popup');
    expect(opened).to.deep.equal([pending.url]);
    expect(assigned).to.deep.equal([]);

    const blocked = launchOAuth(pending, store, { open: () => null, assign: (url) => assigned.push(url) });
    expect(blocked.mode).to.equal('redirect');
    expect(assigned).to.deep.equal([pending.url]);
    // After the redirect comes back, the saved attempt is found once, and only once.
    const back = readOAuthRedirect(`${REDIRECT}#id_token=t.t.t&state=${pending.state}`, store);
    expect(back?.pending.keyId).to.equal(pending.keyId);
    expect(back?.callback).to.deep.equal({ kind: 'id_token', idToken: 't.t.t' });
    expect(readOAuthRedirect(`${REDIRECT}#id_token=t.t.t&state=${pending.state}`, store)).to.equal(undefined);
  });

  it('waits while the popup is on the provider, then reads our redirect and closes it', async () => {
    const keyStore = new MemoryKeyStore();
    const pending = await prepareOAuth({ keyStore }, { provider: 'x', clientId: 'c', redirectUri: REDIRECT });
    const popup = fakePopup(['cross-origin', 'about:blank', 'http://localhost:8000/other', `${REDIRECT}?code=c0de&state=${pending.state}`]);
    const callback = await waitForOAuthPopup(popup, pending, { pollMs: 1 });
    expect(callback).to.deep.equal({ kind: 'code', code: 'c0de' });
    expect(popup.closeCalls).to.equal(1);
  });

  it('rejects when the user closes the popup, and when the caller aborts', async () => {
    const keyStore = new MemoryKeyStore();
    const pending = await prepareOAuth({ keyStore }, { provider: 'google', clientId: 'c', redirectUri: REDIRECT });
    await expectCode(() => waitForOAuthPopup(fakePopup(['cross-origin', 'closed']), pending, { pollMs: 1 }), 'ERR_OAUTH_POPUP_CLOSED');
    const controller = new AbortController();
    const waiting = waitForOAuthPopup(fakePopup(['cross-origin']), pending, { pollMs: 1, signal: controller.signal });
    controller.abort();
    await expectCode(() => waiting, 'ERR_NETWORK_ABORTED');
  });
});
