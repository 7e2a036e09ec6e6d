// Step-up with a real passkey: Chromium's WebAuthn with a CDP virtual authenticator, against the
// emulator the test runner started, on its `step-up` configuration (a login in the last 2 s before
// a credential change). A user adds a passkey while the login is fresh; later, removing it is held
// back, "Use your passkey" in the box logs in again with that passkey (the same user), and the
// removal then goes through.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { after, afterEach, before, beforeEach, it } from '../../support/harness.ts';
import { LatchAccount } from '../../../components/latch-account/latch-account.ts';
import type { LatchStepUp } from '../../../components/latch-step-up/latch-step-up.ts';
import { setSession } from '../../../src/state/session-state.ts';
import { endFlow } from '../../../src/state/flow-state.ts';
import { pinBrowserLanguages, recordEvents } from '../support/helpers.ts';
import { has, part, parts, text } from '../support/shadow.ts';
import { disposeKits, signUpWithKit, testKit } from '../support/emulator-kit.ts';
import { untilLoginOlderThan } from '../../support/login-age.ts';
import { describeNeeds } from '../../support/engine.ts';

LatchAccount.define();

describeNeeds('virtual authenticator', '<latch-step-up> with a passkey (emulator)', () => {
  let restoreLanguages: () => void;
  before(() => {
    restoreLanguages = pinBrowserLanguages(['en-US']);
  });
  after(() => restoreLanguages());
  beforeEach(async () => {
    endFlow();
    await executeServerCommand('webauthn', { action: 'add' });
  });
  afterEach(() => {
    disposeKits();
    setSession(null);
  });

  it("a held removal is confirmed with the user's passkey, then goes through", async () => {
    const kit = await testKit({ configId: 'step-up' });
    await signUpWithKit(kit);
    const loggedInAt = Date.now();
    const el = await fixture<LatchAccount>(html`<latch-account .kit=${kit}></latch-account>`);
    await waitUntil(() => has(el, 'add-passkey'), 'the account did not show', { timeout: 10_000 });
    part(el, 'add-passkey').click();
    await waitUntil(() => parts(el, 'passkey').length === 1, 'no passkey added', { timeout: 15_000 });
    const before = kit.session!;
    // The removal must meet a stale login: the `step-up` configuration's window is 2 s.
    await untilLoginOlderThan(loggedInAt, 2);
    const confirmed = recordEvents(el, ['latch-step-up']);
    parts(el, 'passkey')[0]!.querySelector<HTMLButtonElement>('[part="remove"]')!.click();
    await waitUntil(() => has(el, 'step-up'), 'no step-up box', { timeout: 10_000 });
    const box = part<LatchStepUp>(el, 'step-up');
    await waitUntil(() => has(box, 'passkey'), 'no passkey offered', { timeout: 10_000 });
    expect(text(part(box, 'passkey'))).to.equal('Use your passkey');
    part(box, 'passkey').click();
    await waitUntil(() => parts(el, 'passkey').length === 0, 'the removal did not go through', { timeout: 15_000 });
    expect((confirmed.events[0] as CustomEvent | undefined)?.detail.method).to.equal('passkey');
    expect(kit.session!.publicKey).to.not.equal(before.publicKey);
    expect(kit.session!.summary!.userId).to.equal(before.summary!.userId);
    expect(text(part(el, 'error'))).to.equal('');
  });
});
