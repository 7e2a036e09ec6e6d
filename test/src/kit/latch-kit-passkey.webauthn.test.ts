// LatchKit's passkey logins in Chromium with a CDP virtual authenticator, against the emulator
// the test runner started: sign-up and login become the kit's session with its events and
// stores; a refused verification is ERR_PASSKEY_CANCELLED and the next try works.
import { executeServerCommand } from '@web/test-runner-commands';
import { it, before, beforeEach, expect, expectCode } from '../../support/harness.ts';
import { LatchKit } from '../../../src/kit/latch-kit.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { MemorySessionStore } from '../../../src/session/session-store.ts';
import { noSessionChannel } from '../../../src/session/session-channel.ts';
import { $session } from '../../../src/state/session-state.ts';
import { $flow, endFlow, type FlowStatus } from '../../../src/state/flow-state.ts';
import { describeNeeds } from '../../support/engine.ts';

declare global {
  interface Window {
    __LATCHKEY_EMULATOR__: { apiUrl: string; proxyUrl: string; oauthUrl: string } | null;
  }
}

const urls = window.__LATCHKEY_EMULATOR__!;
let keys: { notarizerPublicKey: string; enclavePublicKey: string };

function newKit(keyStore = new MemoryKeyStore()): LatchKit {
  // rpId is left to its default: this page's hostname (localhost).
  return new LatchKit({
    proxyUrl: urls.proxyUrl,
    configId: 'demo',
    apiBaseUrl: urls.apiUrl,
    notarizerPublicKey: keys.notarizerPublicKey,
    enclavePublicKey: keys.enclavePublicKey,
    keyStore,
    sessionStore: new MemorySessionStore(),
    sessionChannel: noSessionChannel,
  });
}

describeNeeds('virtual authenticator', 'LatchKit passkeys (emulator)', () => {
  before(async () => {
    expect(urls, 'the test runner started an emulator').to.not.equal(null);
    keys = await (await fetch(`${urls.apiUrl}/__keys`)).json();
  });
  beforeEach(async () => {
    endFlow();
    await executeServerCommand('webauthn', { action: 'add' });
  });

  it('signs up with a passkey (created), then logs in with it (not created), into the same account', async () => {
    const keyStore = new MemoryKeyStore();
    const kit = newKit(keyStore);
    const logins: CustomEvent[] = [];
    kit.addEventListener('login', (event) => logins.push(event));
    const flow: (FlowStatus | null)[] = [];
    const stop = $flow.listen((value) => flow.push(value && { ...value }));

    const signup = await kit.signUpWithPasskey({ userName: `kit-passkey-${Date.now()}` });
    expect(signup.created).to.equal(true);
    expect(signup.signup?.organizationId).to.be.a('string');
    expect(kit.session).to.equal(signup.session);
    expect($session.get()).to.deep.equal(signup.session.summary);
    expect(flow).to.deep.equal([{ name: 'passkey', step: 'creating' }, null]);

    const login = await kit.logInWithPasskey();
    stop();
    expect(login.created).to.equal(false);
    expect(login.session.summary!.organizationId).to.equal(signup.session.summary!.organizationId);
    expect(kit.session).to.equal(login.session);
    expect(logins.map((e) => e.detail)).to.deep.equal([signup, login]);
    // The sign-up session was replaced: only the login's key is left.
    expect((await keyStore.list()).map((k) => k.id)).to.deep.equal([login.session.publicKey]);
    expect((await login.session.whoami()).organizationId).to.equal(signup.signup!.organizationId);
    await kit.logout();
  });

  it('a refused verification is ERR_PASSKEY_CANCELLED (error event, $flow), leaves no key, and the next try works', async () => {
    const keyStore = new MemoryKeyStore();
    const kit = newKit(keyStore);
    await kit.signUpWithPasskey({ userName: `kit-cancel-${Date.now()}` });
    await kit.logout();
    const errors: CustomEvent[] = [];
    kit.addEventListener('error', (event) => errors.push(event));
    await executeServerCommand('webauthn', { action: 'set-user-verified', value: false });
    try {
      await expectCode(() => kit.logInWithPasskey(), 'ERR_PASSKEY_CANCELLED');
    } finally {
      await executeServerCommand('webauthn', { action: 'set-user-verified', value: true });
    }
    expect(errors.map((e) => e.detail.code)).to.deep.equal(['ERR_PASSKEY_CANCELLED']);
    expect($flow.get()).to.deep.equal({ name: 'passkey', step: 'authenticating', error: errors[0]!.detail });
    expect(kit.session).to.equal(null);
    expect(await keyStore.list()).to.deep.equal([]);
    const login = await kit.logInWithPasskey();
    expect(login.created).to.equal(false);
    await kit.logout();
  });
});
