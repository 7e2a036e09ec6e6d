// Passkeys where they work (issue 16, part 2), with Chromium's WebAuthn and a CDP virtual
// authenticator against the emulator: the browser is asked what it can do (a platform
// authenticator, conditional mediation) without loading the passkey code; the email field of
// <latch-auth> offers the site's passkeys in its autofill (autocomplete "username webauthn",
// conditional mediation started on its first focus; not when `methods` hides passkeys), and
// picking one logs in. The virtual authenticator answers a conditional request at once, as a
// person picking the passkey would.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { after, before, beforeEach, it } from '../../support/harness.ts';
import { LatchAuth } from '../../../components/latch-auth/latch-auth.ts';
import { passkeyCapabilities } from '../../../src/flows/passkey-capabilities.ts';
import { endFlow } from '../../../src/state/flow-state.ts';
import { pinBrowserLanguages, recordEvents } from '../support/helpers.ts';
import { editingConfig, part, testKit } from './kit-support.ts';
import { describeNeeds } from '../../support/engine.ts';

LatchAuth.define();

const SLOW = { timeout: 10_000 };

describeNeeds('virtual authenticator', '<latch-auth> passkey autofill (emulator)', () => {
  let restoreLanguages: () => void;
  before(() => {
    restoreLanguages = pinBrowserLanguages(['en-US']);
  });
  after(() => restoreLanguages());
  beforeEach(async () => {
    endFlow();
    await executeServerCommand('webauthn', { action: 'add' });
  });

  it('the browser reports a platform authenticator and conditional mediation once one is there', async () => {
    expect(await passkeyCapabilities()).to.deep.equal({ webauthn: true, platformAuthenticator: true, conditionalMediation: true });
  });

  it('a passkey picked from the email field\'s autofill logs in to the account that made it', async () => {
    // The account and its passkey, made through the kit; then nobody is logged in.
    const maker = await testKit();
    const signup = await maker.signUpWithPasskey({ userName: `Ada ${Date.now()}` });
    const organizationId = signup.session.summary!.organizationId;
    await maker.logout();

    const kit = await testKit();
    const el = await fixture<LatchAuth>(html`<latch-auth .kit=${kit}></latch-auth>`);
    await waitUntil(() => el.shadowRoot?.querySelector('[part~="methods"]'), 'the methods show', SLOW);
    const email = part<HTMLInputElement>(el, 'form-email').querySelector('input')!;
    expect(email.getAttribute('autocomplete')).to.equal('username webauthn');
    const log = recordEvents(el, ['latch-login', 'latch-error']);
    const loggedIn = oneEvent(el, 'latch-login');
    email.focus();
    const login = await loggedIn;
    expect(login.detail.created).to.equal(false);
    expect(login.detail.session.organizationId).to.equal(organizationId);
    expect(kit.session?.summary).to.deep.equal(login.detail.session);
    await waitUntil(() => el.shadowRoot?.querySelector('[part="account"]'), 'the logged-in view shows', SLOW);
    expect(log.events.map((e) => e.type)).to.deep.equal(['latch-login']);
    log.stop();
  });

  it('without passkeys in the config, the email field autofills emails only and no passkey request starts', async () => {
    // The demo configuration's methods but the passkey.
    const kit = await testKit({ fetch: editingConfig({ enabledProviders: ['email', 'sms', 'google', 'apple', 'facebook', 'x', 'discord'] }) });
    const el = await fixture<LatchAuth>(html`<latch-auth .kit=${kit}></latch-auth>`);
    await waitUntil(() => el.shadowRoot?.querySelector('[part~="methods"]'), 'the methods show', SLOW);
    const email = part<HTMLInputElement>(el, 'form-email').querySelector('input')!;
    expect(email.getAttribute('autocomplete')).to.equal('email');
    const log = recordEvents(el, ['latch-login', 'latch-error']);
    // The field's focus handler starts the autofill request at once, or never: count its calls.
    let requests = 0;
    kit.logInWithPasskeyAutofill = () => {
      requests += 1;
      return Promise.resolve(null);
    };
    let focused = false;
    email.addEventListener('focusin', () => (focused = true), { once: true });
    email.focus();
    expect(focused, 'the field was focused (its handlers ran)').to.equal(true);
    await el.updateComplete;
    expect(requests, 'no passkey request').to.equal(0);
    expect(kit.session).to.equal(null);
    expect(log.events).to.have.length(0);
    log.stop();
  });
  it('methods hiding the passkey: the email field autofills emails only and no passkey request starts', async () => {
    // The config enables passkeys; the page shows email and Google only (the hosted methodOrder).
    const kit = await testKit();
    const el = await fixture<LatchAuth>(html`<latch-auth methods="email,google" .kit=${kit}></latch-auth>`);
    await waitUntil(() => el.shadowRoot?.querySelector('[part~="methods"]'), 'the methods show', SLOW);
    expect(kit.enabledMethods()).to.include('passkey');
    expect(el.shadowRoot!.querySelector('latch-passkey-button')).to.equal(null);
    const email = part<HTMLInputElement>(el, 'form-email').querySelector('input')!;
    expect(email.getAttribute('autocomplete')).to.equal('email');
    const log = recordEvents(el, ['latch-login', 'latch-error']);
    // The field's focus handler starts the autofill request at once, or never: count its calls.
    let requests = 0;
    kit.logInWithPasskeyAutofill = () => {
      requests += 1;
      return Promise.resolve(null);
    };
    let focused = false;
    email.addEventListener('focusin', () => (focused = true), { once: true });
    email.focus();
    expect(focused, 'the field was focused (its handlers ran)').to.equal(true);
    await el.updateComplete;
    expect(requests, 'no passkey request').to.equal(0);
    expect(log.events).to.have.length(0);
    log.stop();
  });
});

