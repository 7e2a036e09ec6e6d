// <latch-passkey-button> with real passkeys: Chromium's WebAuthn with a CDP virtual
// authenticator, against the emulator the test runner started. Sign up through the element,
// log in with the same passkey, and a refused verification (cancel) then a retry, no reload.
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { executeServerCommand, sendKeys } from '@web/test-runner-commands';
import { after, before, beforeEach, it } from '../../support/harness.ts';
import { LatchPasskeyButton } from '../../../components/latch-passkey-button/latch-passkey-button.ts';
import { endFlow } from '../../../src/state/flow-state.ts';
import { pinBrowserLanguages } from '../support/helpers.ts';
import { part, testKit, text } from '../latch-auth/kit-support.ts';
import { describeNeeds } from '../../support/engine.ts';

LatchPasskeyButton.define();

describeNeeds('virtual authenticator', '<latch-passkey-button> (emulator)', () => {
  let restoreLanguages: () => void;
  before(() => {
    restoreLanguages = pinBrowserLanguages(['en-US']);
  });
  after(() => restoreLanguages());
  beforeEach(async () => {
    endFlow();
    await executeServerCommand('webauthn', { action: 'add' });
  });

  it('passes axe', async () => {
    const el = await fixture<LatchPasskeyButton>(html`<latch-passkey-button mode="signup" .kit=${await testKit()}></latch-passkey-button>`);
    await expect(el).to.be.accessible();
  });

  it('signs up (created, with the name typed), then logs in with the same passkey (not created, same account)', async () => {
    const kit = await testKit();
    const el = await fixture<LatchPasskeyButton>(html`<latch-passkey-button mode="signup" .kit=${kit}></latch-passkey-button>`);
    part(el, 'input').focus();
    await sendKeys({ type: `Ada ${Date.now()}` });
    const signedUp = oneEvent(el, 'latch-login');
    await sendKeys({ press: 'Enter' });
    const signup = await signedUp;
    expect(signup.detail.created).to.equal(true);
    expect(kit.session?.summary).to.deep.equal(signup.detail.session);
    const credentials = await executeServerCommand<Array<{ rpId: string }>, unknown>('webauthn', { action: 'credentials' });
    expect(credentials.map((c) => c.rpId)).to.deep.equal(['localhost']);

    el.mode = 'login';
    await el.updateComplete;
    const loggedIn = oneEvent(el, 'latch-login');
    part(el, 'button').click();
    const login = await loggedIn;
    expect(login.detail.created).to.equal(false);
    expect(login.detail.session.organizationId).to.equal(signup.detail.session.organizationId);
    expect(login.detail.session.publicKey).to.not.equal(signup.detail.session.publicKey);
    await el.updateComplete;
    expect(text(part(el, 'error'))).to.equal('');
  });

  it('a refused verification is ERR_PASSKEY_CANCELLED with a clear message; the next press works without a reload', async () => {
    const kit = await testKit();
    const el = await fixture<LatchPasskeyButton>(html`<latch-passkey-button mode="signup" user-name="Grace" .kit=${kit}></latch-passkey-button>`);
    await executeServerCommand('webauthn', { action: 'set-user-verified', value: false });
    try {
      const failed = oneEvent(el, 'latch-error');
      part(el, 'button').click();
      const event = await failed;
      expect(event.detail.error.code).to.equal('ERR_PASSKEY_CANCELLED');
      await el.updateComplete;
      expect(text(part(el, 'error'))).to.equal('Passkey cancelled. Try again or use another method.');
      expect(part<HTMLButtonElement>(el, 'button').disabled).to.equal(false);
      expect(kit.session).to.equal(null);
    } finally {
      await executeServerCommand('webauthn', { action: 'set-user-verified', value: true });
    }
    const retried = oneEvent(el, 'latch-login');
    part(el, 'button').click();
    expect((await retried).detail.created).to.equal(true);
    await el.updateComplete;
    expect(text(part(el, 'error'))).to.equal('');
  });
});
