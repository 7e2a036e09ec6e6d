/**
 * Linking an OAuth login to the logged-in user (create_oauth_providers V2 with the provider's
 * OIDC token): the kit prepares the attempt before the click (`prepareOAuthLink`), the click
 * opens the provider's popup synchronously (`launchOAuthLink`; never the redirect fallback, which
 * would log in instead of linking), and `finishOAuthLink` waits for the answer, gets the OIDC
 * token (Google and Apple: the id_token; X and Discord: through the proxy's oauth2_authenticate),
 * refuses an identity that logs another account in (ERR_ACCOUNT_CONTACT_TAKEN), links it, and
 * deletes the attempt's key. Facebook (whose code the page exchanges itself) is not linked here.
 */
import { LatchError } from '../errors/latch-error.ts';
import { ProxyClient } from '../clients/proxy-client.ts';
import type { LatchKit } from '../kit/latch-kit.ts';
import type { SigningSession } from '../session/signing-session.ts';
import type { PendingOAuth } from '../flows/oauth-flow.ts';
import type { OAuthProvider } from '../flows/oauth-providers.ts';
import type { PopupWindow } from '../flows/oauth-popup.ts';
import * as popups from '../flows/oauth-popup.ts';
import { OAuthProviders } from '../flows/oauth-providers.ts';
import { secondaryOauthProviders } from '../flows/secondary-oauth-providers.ts';
import { decodeJwt } from '../tokens/jwt.ts';
import type { AccountView } from './user-account.ts';

/** An attempt prepared before the click. */
export interface PreparedLink {
  pending: PendingOAuth;
}

export async function prepareOAuthLink(kit: LatchKit, provider: OAuthProvider): Promise<PreparedLink> {
  if (OAuthProviders[provider]?.kind === 'oidc-code') throw new LatchError('ERR_CONFIG_INVALID', 'This provider cannot be linked from here.');
  return { pending: await kit.prepareOAuth(provider) };
}

/** Opens the provider's popup. Synchronous: call it inside the click. ERR_OAUTH_POPUP_BLOCKED when the browser blocks it. */
export function launchOAuthLink(kit: LatchKit, prepared: PreparedLink): PopupWindow {
  const host = kit.options.popupHost ?? popups.browserPopupHost();
  const popup = host.open(prepared.pending.url, `latchkey-oauth-${prepared.pending.provider}`, 'popup=yes,width=500,height=640');
  if (!popup || popup.closed) throw new LatchError('ERR_OAUTH_POPUP_BLOCKED', 'The browser blocked the login window.');
  return popup;
}

export async function finishOAuthLink(
  kit: LatchKit,
  session: SigningSession | null,
  view: AccountView,
  prepared: PreparedLink,
  popup: PopupWindow,
  /** Wraps the one stamped call: a step-up (a fresh login) then retries just that call. */
  guard: (submit: () => Promise<unknown>) => Promise<unknown> = (submit) => submit(),
): Promise<void> {
  const { pending } = prepared;
  try {
    if (!session?.active) throw new LatchError('ERR_SESSION_MISSING', 'Nobody is logged in.');
    const callback = await popups.waitForOAuthPopup(popup, pending);
    const o = kit.options;
    const proxy = new ProxyClient({ configId: o.configId, ...(o.proxyUrl ? { authProxyUrl: o.proxyUrl } : {}), ...(o.fetch ? { fetch: o.fetch } : {}) });
    const spec = OAuthProviders[pending.provider];
    let oidcToken: string;
    if (callback.kind === 'id_token') oidcToken = callback.idToken;
    else if (spec.kind === 'oauth2' && pending.codeVerifier) {
      ({ oidcToken } = await proxy.oauth2Authenticate({
        provider: spec.proxyName,
        authCode: callback.code,
        redirectUri: pending.redirectUri,
        codeVerifier: pending.codeVerifier,
        nonce: pending.nonce,
        clientId: pending.clientId,
      }));
    } else throw new LatchError('ERR_OAUTH_CALLBACK', 'This provider answered with a code where a token was expected.');
    const holder = await proxy.account({ filterType: 'OIDC_TOKEN', filterValue: oidcToken });
    if (holder.organizationId && holder.organizationId !== view.organizationId) {
      throw new LatchError('ERR_ACCOUNT_CONTACT_TAKEN', 'This login belongs to another account.');
    }
    // As a sign-up does: the identity for the app's other client ids too (the hosted addOauthProvider's oidcClaims).
    const secondary = secondaryOauthProviders(pending.provider, decodeJwt(oidcToken).payload as Record<string, unknown>, o.oauthSecondaryClientIds?.[pending.provider]);
    const oauthProviders = [{ providerName: pending.provider, oidcToken }, ...secondary];
    // After a step-up the kit's session is the fresh login's.
    await guard(() => (kit.session?.active ? kit.session : session).submit('create_oauth_providers', { userId: view.user.userId, oauthProviders }));
  } finally {
    await kit.abandonOAuth(pending).catch(() => undefined);
  }
}
