// OAuth with a provider's secondary client ids (issue 24; the hosted kit's `secondaryClientIds`)
// against the emulator: a configuration whose Google app has a second client id (another
// platform's). The kit's sign-up registers the identity for it too (the hosted
// buildSecondaryOauthProviders), so a token issued to that client id logs in to the same account;
// without that registration, or with a client id the configuration does not hold, oauth_login
// refuses the token, changing nothing. Linking a Google login to a logged-in user (<latch-account>)
// registers it for the secondary ids too, in one create_oauth_providers (the hosted
// addOauthProvider: the token and its claims for the other audiences).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createEmulator } from '../../../demo/emulator/emulator.ts';
import { LatchKit } from '../../../src/kit/latch-kit.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { sessionStoragePendingStore } from '../../../src/flows/oauth-flow.ts';
import type { PopupHost, PopupWindow } from '../../../src/flows/oauth-popup.ts';
import { ProxyClient } from '../../../src/clients/proxy-client.ts';
import { isLatchError } from '../../../src/errors/latch-error.ts';
import { decodeJwt } from '../../../src/tokens/jwt.ts';
import { loadAccount } from '../../../src/account/user-account.ts';
import { finishOAuthLink, launchOAuthLink, prepareOAuthLink } from '../../../src/account/oauth-link.ts';
import { consent, latestCode, type TestEmulator, emulatorKitOptions } from './kit-emulator-support.ts';

let t: TestEmulator;
let n = 0;
const nextEmail = () => `secondary.${++n}.${Date.now()}@example.com`;

function popupHost(): { host: PopupHost; opened: { popup: PopupWindow & { location: { href: string } } }[] } {
  const opened: { popup: PopupWindow & { location: { href: string } } }[] = [];
  return {
    opened,
    host: {
      open() {
        const popup = { closed: false, location: { href: 'about:blank' }, close() {} };
        opened.push({ popup });
        return popup;
      },
      assign() {},
    },
  };
}

const kitFor = (secondary: boolean, host: PopupHost): LatchKit =>
  new LatchKit(
    emulatorKitOptions(t, {
      configId: 'apps',
      keyStore: new MemoryKeyStore(),
      popupHost: host,
      oauthRedirectUri: 'http://localhost:8000/oauth/callback',
      oauthAuthorizeUrls: { google: `${t.urls.oauthUrl}/google/authorize` },
      pendingStore: sessionStoragePendingStore(undefined),
      ...(secondary ? { oauthSecondaryClientIds: { google: ['apps-google-ios', 'apps-google'] } } : {}),
    }),
  );

/** Signs up with Google through the kit; returns the kit (its key store holds nothing more). */
async function signUp(kit: LatchKit, opened: ReturnType<typeof popupHost>['opened'], email: string) {
  const pending = await kit.prepareOAuth('google');
  const finished = kit.finishOAuth(pending, kit.launchOAuth(pending));
  opened[0]!.popup.location.href = await consent(pending.url, email);
  const outcome = await finished;
  assert.equal(outcome?.created, true);
  return outcome!;
}

/** A token for `email` from the built-in provider, issued to `clientId`, whose nonce binds a new key; and that key. */
async function tokenFor(kit: LatchKit, clientId: string, email: string): Promise<{ oidcToken: string; publicKey: string }> {
  const pending = await kit.prepareOAuth('google');
  const url = new URL(pending.url);
  url.searchParams.set('client_id', clientId);
  const answer = new URL(await consent(url.href, email));
  const oidcToken = new URLSearchParams(answer.hash.slice(1)).get('id_token')!;
  assert.equal(decodeJwt(oidcToken).payload.aud, clientId);
  return { oidcToken, publicKey: pending.keyId };
}

describe('OAuth with secondary client ids', () => {
  let proxy: ProxyClient;
  before(async () => {
    const emulator = createEmulator({
      host: '127.0.0.1',
      port: 0,
      proxyPort: 0,
      quiet: true,
      proxyConfigs: [
        {
          id: 'apps',
          enabledProviders: ['google', 'email'],
          oauthClientIds: { google: 'apps-google' },
          oauthSecondaryClientIds: { google: ['apps-google-ios', 'apps-google-android'] },
        },
      ],
    });
    const urls = await emulator.start();
    const keys = (await (await fetch(`${urls.apiUrl}/__keys`)).json()) as TestEmulator['keys'];
    t = { emulator, urls, keys };
    proxy = new ProxyClient({ authProxyUrl: urls.proxyUrl, configId: 'apps' });
  });
  after(() => t.emulator.stop());

  it('a sign-up registers the identity for each secondary id; a token issued to one logs in to that account', async () => {
    const { host, opened } = popupHost();
    const kit = kitFor(true, host);
    const email = nextEmail();
    const outcome = await signUp(kit, opened, email);
    const ios = await tokenFor(kit, 'apps-google-ios', email);
    assert.deepEqual(await proxy.account({ filterType: 'OIDC_TOKEN', filterValue: ios.oidcToken }), { organizationId: outcome.session.summary!.organizationId });
    const { session } = await proxy.oauthLogin({ ...ios });
    assert.equal(decodeJwt(session).payload.organization_id, outcome.session.summary!.organizationId);
    // A secondary id the kit was not given (android) was not registered: refused.
    const android = await tokenFor(kit, 'apps-google-android', email);
    await assert.rejects(proxy.oauthLogin({ ...android, organizationId: outcome.session.summary!.organizationId }), (e) => isLatchError(e) && e.status === 404);
    assert.deepEqual(await proxy.account({ filterType: 'OIDC_TOKEN', filterValue: android.oidcToken }), {});
  });

  it('linking a Google login to an account registers the identity for each secondary id too', async () => {
    const { host, opened } = popupHost();
    const kit = kitFor(true, host);
    const contact = nextEmail();
    const { otpId } = await kit.startOtp('OTP_TYPE_EMAIL', contact);
    await kit.completeOtp({ otpType: 'OTP_TYPE_EMAIL', contact, otpId, otpCode: await latestCode(t.urls, contact) });
    const view = await loadAccount(kit, kit.session);
    const prepared = await prepareOAuthLink(kit, 'google');
    const linked = finishOAuthLink(kit, kit.session, view, prepared, launchOAuthLink(kit, prepared));
    const identity = nextEmail();
    opened[0]!.popup.location.href = await consent(prepared.pending.url, identity);
    await linked;
    const audiences = (await loadAccount(kit, kit.session)).user.oauthProviders.map((p) => p.audience).sort();
    assert.deepEqual(audiences, ['apps-google', 'apps-google-ios']);
    // A token issued to the iOS client id finds this account and logs in to it.
    const ios = await tokenFor(kit, 'apps-google-ios', identity);
    assert.deepEqual(await proxy.account({ filterType: 'OIDC_TOKEN', filterValue: ios.oidcToken }), { organizationId: view.organizationId });
    const { session } = await proxy.oauthLogin({ ...ios });
    assert.equal(decodeJwt(session).payload.organization_id, view.organizationId);
    // The secondary id the kit was not given (android) was not registered.
    const android = await tokenFor(kit, 'apps-google-android', identity);
    assert.deepEqual(await proxy.account({ filterType: 'OIDC_TOKEN', filterValue: android.oidcToken }), {});
    kit.dispose();
  });

  it('without them, a token for a secondary id finds no account and its login is refused', async () => {
    const { host, opened } = popupHost();
    const kit = kitFor(false, host);
    const email = nextEmail();
    const outcome = await signUp(kit, opened, email);
    const ios = await tokenFor(kit, 'apps-google-ios', email);
    assert.deepEqual(await proxy.account({ filterType: 'OIDC_TOKEN', filterValue: ios.oidcToken }), {});
    await assert.rejects(proxy.oauthLogin({ ...ios, organizationId: outcome.session.summary!.organizationId }), (e) => isLatchError(e) && e.status === 404);
  });

  it('a client id the configuration does not hold gets no token from the provider', async () => {
    const { host } = popupHost();
    const pending = await kitFor(true, host).prepareOAuth('google');
    const url = new URL(pending.url);
    url.searchParams.set('client_id', 'someone-else');
    assert.notEqual((await fetch(url)).status, 200);
  });
});
