// Passkeys for real: Chromium's WebAuthn with a Chrome DevTools Protocol virtual authenticator,
// against the emulator the test runner started. Sign-up registers the passkey and logs in with a
// short-lived API key; login is a stamp_login stamped by the passkey (X-Stamp-Webauthn).
import { executeServerCommand } from '@web/test-runner-commands';
import { it, before, expect, expectCode } from '../../support/harness.ts';
import { ProxyClient } from '../../../src/clients/proxy-client.ts';
import { ActivityClient } from '../../../src/clients/activity-client.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { MemorySessionStore } from '../../../src/session/session-store.ts';
import { noSessionChannel } from '../../../src/session/session-channel.ts';
import { SigningSession } from '../../../src/session/signing-session.ts';
import { WebauthnStamper } from '../../../src/stamp/webauthn-stamper.ts';
import { signUpWithPasskey, logInWithPasskey, isPasskeySupported, type PasskeyDeps } from '../../../src/flows/passkey-flow.ts';
import { describeNeeds } from '../../support/engine.ts';

declare global {
  interface Window {
    __LATCHKEY_EMULATOR__: { apiUrl: string; proxyUrl: string; oauthUrl: string } | null;
  }
}

describeNeeds('virtual authenticator', 'passkey flows (emulator)', () => {
  const urls = window.__LATCHKEY_EMULATOR__!;
  let keys: { notarizerPublicKey: string };
  let deps: PasskeyDeps;

  before(async () => {
    expect(urls, 'the test runner started an emulator').to.not.equal(null);
    await executeServerCommand('webauthn', { action: 'add' });
    keys = await (await fetch(`${urls.apiUrl}/__keys`)).json();
    const proxy = new ProxyClient({ authProxyUrl: urls.proxyUrl, configId: 'demo' });
    const config = await proxy.walletKitConfig({});
    deps = { proxy, keyStore: new MemoryKeyStore(), apiBaseUrl: urls.apiUrl, organizationId: config.organizationId, rpId: 'localhost' };
  });

  it('signs up with a passkey, then logs in with it; both sessions sign for the same account', async () => {
    expect(isPasskeySupported()).to.equal(true);
    const signup = await signUpWithPasskey(deps, { userName: `passkey-${Date.now()}` });
    expect(signup.created).to.equal(true);
    // Only the session key is left: the 60-second sign-up key was deleted.
    expect((await deps.keyStore.list()).map((k) => k.id)).to.deep.equal([signup.key.id]);
    const credentials = await executeServerCommand<Array<{ rpId: string; isResidentCredential: boolean }>, unknown>('webauthn', { action: 'credentials' });
    expect(credentials).to.have.length(1);
    expect(credentials[0]!.rpId).to.equal('localhost');
    expect(credentials[0]!.isResidentCredential).to.equal(true);

    const login = await logInWithPasskey(deps);
    expect(login.organizationId).to.equal(signup.organizationId);
    expect(login.key.id).to.not.equal(signup.key.id);
    const session = await SigningSession.fromJwt(login.sessionJwt, {
      keyStore: deps.keyStore,
      sessionStore: new MemorySessionStore(),
      channel: noSessionChannel,
      notarizerPublicKey: keys.notarizerPublicKey,
      apiBaseUrl: urls.apiUrl,
      key: login.key,
    });
    const who = await session.whoami();
    expect(who.organizationId).to.equal(signup.organizationId);
    session.dispose();
  });

  it('a passkey stamp (X-Stamp-Webauthn) is accepted by the Activity API', async () => {
    // A fresh authenticator, so the one discoverable credential is this test's.
    await executeServerCommand('webauthn', { action: 'add' });
    const client = new ActivityClient({ apiBaseUrl: urls.apiUrl, stamper: new WebauthnStamper({ rpId: 'localhost' }) });
    const signup = await signUpWithPasskey({ ...deps, keyStore: new MemoryKeyStore() }, { userName: `stamp-${Date.now()}` });
    const who = await client.whoami(signup.organizationId);
    expect(who.organizationId).to.equal(signup.organizationId);
    // Addressed to the parent, whoami answers for the user's own sub-organization (passkey login)…
    expect((await client.whoami(deps.organizationId)).organizationId).to.equal(signup.organizationId);
    // …but nothing else may use that: a state change addressed to the parent is refused.
    await expectCode(
      () => client.submit('create_api_keys', { organizationId: deps.organizationId, parameters: { userId: who.userId, apiKeys: [] } }),
      'ERR_SERVICE_FORBIDDEN',
    );
  });

  it('a refused user verification is ERR_PASSKEY_CANCELLED, leaves no key, and the next try works without a reload', async () => {
    const keyStore = new MemoryKeyStore();
    await executeServerCommand('webauthn', { action: 'set-user-verified', value: false });
    try {
      await expectCode(() => logInWithPasskey({ ...deps, keyStore }), 'ERR_PASSKEY_CANCELLED');
      expect(await keyStore.list()).to.deep.equal([]);
    } finally {
      await executeServerCommand('webauthn', { action: 'set-user-verified', value: true });
    }
    const login = await logInWithPasskey({ ...deps, keyStore });
    expect(login.sessionJwt.split('.')).to.have.length(3);
  });
});
