// Linking an OAuth login to a logged-in user against a real emulator (its built-in provider, the
// consent pressed with fetch, a fake popup window): Google (id_token) and Discord (OAuth 2.0 +
// PKCE through the proxy) each linked, the identity then logging in to the same account; an
// identity another account holds is ERR_ACCOUNT_CONTACT_TAKEN, linking nothing; the attempt's
// key is deleted either way.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { LatchKit, type LatchKitOptions } from '../../../src/kit/latch-kit.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { sessionStoragePendingStore } from '../../../src/flows/oauth-flow.ts';
import type { PopupHost, PopupWindow } from '../../../src/flows/oauth-popup.ts';
import { isLatchError } from '../../../src/errors/latch-error.ts';
import { loadAccount } from '../../../src/account/user-account.ts';
import { finishOAuthLink, launchOAuthLink, prepareOAuthLink } from '../../../src/account/oauth-link.ts';
import { consent, emulatorKitOptions, latestCode, startEmulator, type TestEmulator } from '../kit/kit-emulator-support.ts';

let t: TestEmulator;
const REDIRECT = 'http://localhost:8000/oauth/callback';

class FakePopup implements PopupWindow {
  closed = false;
  readonly location = { href: 'about:blank' };
  close(): void {
    this.closed = true;
  }
}

class FakeHost implements PopupHost {
  readonly opened: { url: string; popup: FakePopup }[] = [];
  open(url: string): PopupWindow {
    const popup = new FakePopup();
    this.opened.push({ url, popup });
    return popup;
  }
  assign(): void {
    throw new Error('a link never redirects');
  }
}

function kitOptions(overrides: Partial<LatchKitOptions> = {}): LatchKitOptions {
  const oauth = t.urls.oauthUrl;
  return emulatorKitOptions(t, {
    oauthRedirectUri: REDIRECT,
    oauthAuthorizeUrls: { google: `${oauth}/google/authorize`, discord: `${oauth}/discord/authorize` },
    pendingStore: sessionStoragePendingStore(undefined),
    ...overrides,
  });
}

async function emailUser(host: FakeHost, keyStore = new MemoryKeyStore()): Promise<LatchKit> {
  const kit = new LatchKit(kitOptions({ popupHost: host, keyStore }));
  const contact = `link.${crypto.randomUUID()}@example.com`;
  const { otpId } = await kit.startOtp('OTP_TYPE_EMAIL', contact);
  await kit.completeOtp({ otpType: 'OTP_TYPE_EMAIL', contact, otpId, otpCode: await latestCode(t.urls, contact) });
  return kit;
}

describe('OAuth link against the emulator', () => {
  before(async () => {
    t = await startEmulator();
  });
  after(() => t.emulator.stop());

  for (const provider of ['google', 'discord'] as const) {
    it(`links a ${provider} login to the user; it then logs in to the same account`, async () => {
      const host = new FakeHost();
      const keyStore = new MemoryKeyStore();
      const kit = await emailUser(host, keyStore);
      const view = await loadAccount(kit, kit.session);
      const prepared = await prepareOAuthLink(kit, provider);
      const popup = launchOAuthLink(kit, prepared);
      const finished = finishOAuthLink(kit, kit.session, view, prepared, popup);
      const identity = `linked.${provider}.${crypto.randomUUID()}@example.com`;
      host.opened[0]!.popup.location.href = await consent(prepared.pending.url, identity);
      await finished;
      assert.equal(await keyStore.get(prepared.pending.keyId), undefined, 'the attempt key is deleted');
      const after = await loadAccount(kit, kit.session);
      assert.deepEqual(after.user.oauthProviders.map((p) => p.providerName), [provider]);

      // The linked identity logs in to this account.
      const other = new LatchKit(kitOptions({ popupHost: new FakeHost() }));
      const pending = await other.prepareOAuth(provider);
      const launch = other.launchOAuth(pending);
      const login = other.finishOAuth(pending, launch, { signupIfMissing: false });
      (launch as { popup: FakePopup }).popup.location.href = await consent(pending.url, identity);
      const outcome = await login;
      assert.equal(outcome?.session.summary?.organizationId, view.organizationId);
      other.dispose();
      kit.dispose();
    });
  }

  it('an identity another account holds is ERR_ACCOUNT_CONTACT_TAKEN, and nothing is linked', async () => {
    const identity = `taken.${crypto.randomUUID()}@example.com`;
    const firstHost = new FakeHost();
    const first = await emailUser(firstHost);
    const firstView = await loadAccount(first, first.session);
    const p1 = await prepareOAuthLink(first, 'google');
    const done = finishOAuthLink(first, first.session, firstView, p1, launchOAuthLink(first, p1));
    firstHost.opened[0]!.popup.location.href = await consent(p1.pending.url, identity);
    await done;

    const host = new FakeHost();
    const kit = await emailUser(host);
    const view = await loadAccount(kit, kit.session);
    const prepared = await prepareOAuthLink(kit, 'google');
    const finished = finishOAuthLink(kit, kit.session, view, prepared, launchOAuthLink(kit, prepared));
    host.opened[0]!.popup.location.href = await consent(prepared.pending.url, identity);
    await assert.rejects(finished, (e) => isLatchError(e, 'ERR_ACCOUNT_CONTACT_TAKEN'));
    assert.deepEqual((await loadAccount(kit, kit.session)).user.oauthProviders, []);
    first.dispose();
    kit.dispose();
  });
});
