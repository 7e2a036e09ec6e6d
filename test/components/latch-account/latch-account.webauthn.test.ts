// <latch-account> with real passkeys: Chromium's WebAuthn with a CDP virtual authenticator,
// against the emulator the test runner started. Add a passkey through the element and remove it;
// a passkey-only user's one passkey is refused (ERR_ACCOUNT_LAST_CREDENTIAL); revoking this
// session is a logout.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { after, afterEach, before, beforeEach, it } from '../../support/harness.ts';
import { LatchAccount } from '../../../components/latch-account/latch-account.ts';
import type { LatchKit } from '../../../src/kit/latch-kit.ts';
import { setSession } from '../../../src/state/session-state.ts';
import { endFlow } from '../../../src/state/flow-state.ts';
import { deepActiveElement, pinBrowserLanguages, recordEvents } from '../support/helpers.ts';
import { has, part, parts, text } from '../support/shadow.ts';
import { disposeKits, signUpWithKit, testKit } from '../support/emulator-kit.ts';
import { describeNeeds } from '../../support/engine.ts';

LatchAccount.define();

const announced = (el: Element): string => text(part(el, 'announcer')).replace(/\u00a0$/, '');

async function shown(kit: LatchKit): Promise<LatchAccount> {
  const el = await fixture<LatchAccount>(html`<latch-account .kit=${kit}></latch-account>`);
  await waitUntil(() => has(el, 'title'), 'the account did not show', { timeout: 10_000 });
  return el;
}

describeNeeds('virtual authenticator', '<latch-account> passkeys (emulator)', () => {
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

  it('adds a passkey made in this browser, then removes it (the email still logs in)', async () => {
    const kit = await testKit();
    await signUpWithKit(kit);
    const el = await shown(kit);
    part<HTMLInputElement>(el, 'passkey-name').value = 'Laptop';
    part(el, 'add-passkey').click();
    await waitUntil(() => parts(el, 'passkey').length === 1, 'no passkey added', { timeout: 15_000 });
    expect(text(parts(el, 'passkey')[0])).to.contain('Laptop');
    await waitUntil(() => announced(el) === 'Passkey added.', 'not announced', { timeout: 2_000 });
    const button = parts(el, 'passkey')[0]!.querySelector<HTMLButtonElement>('[part="remove"]')!;
    expect(button.getAttribute('aria-label')).to.equal('Remove passkey Laptop');
    button.click();
    await waitUntil(() => parts(el, 'passkey').length === 0, 'not removed', { timeout: 10_000 });
    expect(announced(el)).to.equal('Passkey removed.');
    await waitUntil(() => deepActiveElement() === el.shadowRoot!.querySelector('#passkeys-heading'), 'focus not on the section', { timeout: 2_000 });
  });

  it("refuses to remove a passkey-only user's one passkey, changing nothing; revoking this session logs out", async () => {
    const kit = await testKit();
    await kit.signUpWithPasskey({ userName: `Ada ${Date.now()}` });
    const el = await shown(kit);
    expect(parts(el, 'passkey')).to.have.length(1);
    const errors = recordEvents(el, ['latch-error']);
    parts(el, 'passkey')[0]!.querySelector<HTMLButtonElement>('[part="remove"]')!.click();
    await waitUntil(() => errors.events.length === 1, 'no refusal', { timeout: 10_000 });
    expect((errors.events[0] as CustomEvent).detail.error.code).to.equal('ERR_ACCOUNT_LAST_CREDENTIAL');
    await el.updateComplete;
    expect(text(part(el, 'error'))).to.contain('last way to log in');
    await el.reload();
    expect(parts(el, 'passkey')).to.have.length(1);

    const current = parts(el, 'session').find((s) => s.querySelector('[part="current"]'))!;
    const logout = oneEvent(el, 'latch-logout');
    current.querySelector<HTMLButtonElement>('[part="remove"]')!.click();
    await logout;
    expect(kit.session).to.equal(null);
    await waitUntil(() => has(el, 'empty'), 'no empty state', { timeout: 5_000 });
    await waitUntil(() => deepActiveElement() === part(el, 'empty'), 'focus not on the empty state', { timeout: 5_000 });
  });
});
