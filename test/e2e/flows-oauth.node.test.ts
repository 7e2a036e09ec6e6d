// Issue 4 "Done means": OAuth through the emulator's provider in a popup, for an OpenID Connect
// provider (Google: id_token with the kit's nonce) and an OAuth 2.0 + PKCE provider (Discord:
// code with S256), each through the drop-in's <latch-oauth-button> on a plain page under the
// strict CSP; the same person again reaches the same account; Cancel is a latch-error.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openPage } from './support/browser.ts';
import { startSite, type E2eSite } from './support/e2e-site.ts';
import { waitForMethods } from './support/auth-flows.ts';
import { oauthInPopup } from './support/oauth-flows.ts';
import { assertClean, uniqueEmail, waitForBoot, waitForEvent } from './support/page-helpers.ts';
import { shownAddresses } from './support/wallet-flows.ts';

describe('OAuth in a popup through <latch-oauth-button>', { timeout: 240_000 }, () => {
  let site: E2eSite;

  before(async () => {
    site = await startSite({ pages: ['plain.html'] });
  }, { timeout: 120_000 });

  after(() => site?.close());

  const cases = [
    { provider: 'google', kind: 'OIDC', check: (url: URL) => assert.ok(url.searchParams.get('nonce'), 'an OIDC request carries the nonce') },
    {
      provider: 'apple',
      kind: 'OIDC, code id_token, no scope',
      check: (url: URL) => {
        assert.equal(url.searchParams.get('response_type'), 'code id_token');
        assert.equal(url.searchParams.has('scope'), false);
      },
    },
    {
      provider: 'facebook',
      kind: 'OIDC, code + PKCE, exchanged by the page',
      check: (url: URL) => {
        assert.equal(url.searchParams.get('response_type'), 'code');
        assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
        assert.ok(url.searchParams.get('nonce'));
      },
    },
    {
      provider: 'discord',
      kind: 'PKCE',
      check: (url: URL) => {
        assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
        assert.match(url.searchParams.get('code_challenge') ?? '', /^[\w-]{43}$/);
      },
    },
  ];

  for (const { provider, kind, check } of cases) {
    it(`${provider} (${kind}): sign-up in a popup, then the same person logs in to the same account`, async () => {
      const { page, problems } = await openPage(site.browser);
      await page.goto(site.url('plain.html'));
      await waitForBoot(page);
      await waitForMethods(page);
      const email = uniqueEmail(`oauth.${provider}`);

      const { authorizeUrl } = await oauthInPopup(page, { provider, email, problems });
      check(authorizeUrl);
      assert.equal(authorizeUrl.searchParams.get('redirect_uri'), site.url('oauth-callback.html'));
      const signup = await waitForEvent(page, 'latch-login');
      assert.equal(signup.created, true);
      assert.equal((await shownAddresses(page)).length, 2);

      // The drop-in now says who is logged in: the person logs out there, then logs in again.
      await waitForMethods(page);
      await oauthInPopup(page, { provider, email, problems });
      const login = await waitForEvent(page, 'latch-login', { skip: 1 });
      assert.equal(login.created, false);
      assert.equal(login.organizationId, signup.organizationId);
      await assertClean(page, problems);
      await page.close();
    });
  }

  it('Cancel on the consent page: latch-error ERR_OAUTH_DENIED, and the button works again', async () => {
    const { page, problems } = await openPage(site.browser);
    await page.goto(site.url('plain.html'));
    await waitForBoot(page);
    await waitForMethods(page);
    const email = uniqueEmail('oauth.deny');
    await oauthInPopup(page, { provider: 'google', email, decision: 'deny', problems });
    const error = await waitForEvent(page, 'latch-error');
    assert.equal(error.code, 'ERR_OAUTH_DENIED');
    await oauthInPopup(page, { provider: 'google', email, problems });
    assert.equal((await waitForEvent(page, 'latch-login')).created, true);
    await assertClean(page, problems);
    await page.close();
  });
});
