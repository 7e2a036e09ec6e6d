// <latch-account> in Chromium against the test runner's emulator: a user signed up by email OTP
// through a real kit; the account shown, an email change by a code read from the emulator's
// outbox, the last-login refusal, an unlink, another session revoked, Spanish and Arabic.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { afterEach, describe, it } from '../../support/harness.ts';
import { LatchAccount } from '../../../components/latch-account/latch-account.ts';
import type { LatchKit } from '../../../src/kit/latch-kit.ts';
import { setSession } from '../../../src/state/session-state.ts';
import { endFlow } from '../../../src/state/flow-state.ts';
import { deepActiveElement, pinBrowserLanguages, recordEvents, resetConfig } from '../support/helpers.ts';
import { has, part, parts, text } from '../support/shadow.ts';
import { codeNumber, disposeKits, emulatorUrls, signUpWithKit, testKit, uniqueEmail } from '../support/emulator-kit.ts';

LatchAccount.define();
pinBrowserLanguages(['en-US']);

const announced = (el: Element): string => text(part(el, 'announcer')).replace(/\u00a0$/, '');

async function loggedIn(email = uniqueEmail('account')): Promise<{ kit: LatchKit; email: string }> {
  const kit = await testKit();
  await signUpWithKit(kit, { email });
  return { kit, email };
}

async function shown(kit: LatchKit, locale = ''): Promise<LatchAccount> {
  const el = await fixture<LatchAccount>(html`<latch-account locale=${locale} .kit=${kit}></latch-account>`);
  await waitUntil(() => has(el, 'title'), 'the account did not show', { timeout: 10_000 });
  return el;
}

/** Links an OAuth identity to the user through the session (the element's Link is a follow-up). */
async function linkOauth(kit: LatchKit, name: string): Promise<void> {
  const session = kit.session!;
  await session.submit('create_oauth_providers', {
    userId: session.summary!.userId,
    oauthProviders: [{ providerName: name, oidcClaims: { iss: 'https://accounts.example', sub: `${name}-${crypto.randomUUID()}`, aud: 'latchkey' } }],
  });
}

describe('<latch-account>', () => {
  afterEach(() => {
    disposeKits();
    setSession(null);
    endFlow();
    resetConfig();
  });

  it('passes axe, and shows the empty state without a session', async () => {
    const kit = await testKit();
    const empty = await fixture<LatchAccount>(html`<latch-account .kit=${kit}></latch-account>`);
    await waitUntil(() => has(empty, 'empty'), 'no empty state', { timeout: 5_000 });
    await expect(empty).to.be.accessible();
    const { kit: logged } = await loggedIn();
    await expect(await shown(logged)).to.be.accessible();
  });

  it('shows the user: name, email, phone, passkeys, linked logins and sessions, this one marked', async () => {
    const { kit, email } = await loggedIn();
    const el = await shown(kit);
    expect(text(part(el, 'title'))).to.equal('Your account');
    expect(text(part(el, 'email'))).to.equal(email);
    expect(text(part(el, 'phone'))).to.equal('None');
    expect(text(part(el, 'passkeys'))).to.contain('No passkeys yet.');
    expect(text(part(el, 'providers'))).to.contain('No linked logins.');
    expect(parts(el, 'session')).to.have.length(1);
    expect(text(part(el, 'current'))).to.equal('(This device)');
    expect(el.account?.user.userId).to.equal(kit.session!.summary!.userId);
  });

  it('changes the email through a code sent to the new address, with focus and announcements', async () => {
    const { kit } = await loggedIn();
    const el = await shown(kit);
    part(el, 'change-email').click();
    await waitUntil(() => has(el, 'contact-input') && deepActiveElement() === part(el, 'contact-input'), 'the field was not focused', { timeout: 2_000 });
    const next = uniqueEmail('changed');
    await sendKeys({ type: next });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => has(el, 'code-input'), 'no code step', { timeout: 10_000 });
    expect(text(part(el, 'code-sent'))).to.equal(`We sent a code to ${next}.`);
    expect(announced(el)).to.equal(`We sent a code to ${next}.`);
    await waitUntil(() => deepActiveElement() === part(el, 'code-input'), 'the code field was not focused', { timeout: 2_000 });
    await sendKeys({ type: await codeNumber(next, 1) });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => text(part(el, 'email')) === next, 'the email did not change', { timeout: 10_000 });
    expect(has(el, 'contact-form')).to.equal(false);
    expect(announced(el)).to.equal('Your email address was changed.');
    await waitUntil(() => deepActiveElement() === part(el, 'change-email'), 'focus did not return', { timeout: 2_000 });
  });

  it('changes the phone number by SMS code, and the email in the current OTP generation (the code sealed to the enclave)', async () => {
    const keys = (await (await fetch(`${emulatorUrls().apiUrl}/__keys`)).json()) as { otpEncryptionSignerPublicKey: string };
    const kit = await testKit({ otpEncryptionSignerPublicKey: keys.otpEncryptionSignerPublicKey });
    await signUpWithKit(kit);
    const el = await shown(kit);
    const phone = `+1555${String(Date.now()).slice(-7)}`;
    part(el, 'change-phone').click();
    await waitUntil(() => has(el, 'contact-input'), 'no form', { timeout: 2_000 });
    part<HTMLInputElement>(el, 'contact-input').value = phone;
    part(el, 'send-code').click();
    await waitUntil(() => has(el, 'code-input'), 'no code step', { timeout: 10_000 });
    part<HTMLInputElement>(el, 'code-input').value = await codeNumber(phone, 1);
    part(el, 'confirm').click();
    await waitUntil(() => text(part(el, 'phone')) === phone, 'the phone did not change', { timeout: 10_000 });
    expect(announced(el)).to.equal('Your phone number was changed.');

    const next = uniqueEmail('sealed');
    part(el, 'change-email').click();
    await waitUntil(() => has(el, 'contact-input'), 'no form', { timeout: 2_000 });
    part<HTMLInputElement>(el, 'contact-input').value = next;
    part(el, 'send-code').click();
    await waitUntil(() => has(el, 'code-input'), 'no code step', { timeout: 10_000 });
    part<HTMLInputElement>(el, 'code-input').value = '000000';
    part(el, 'confirm').click();
    await waitUntil(() => text(part(el, 'error')) !== '', 'a wrong code was taken', { timeout: 10_000 });
    expect(text(part(el, 'error'))).to.equal('That code is not right. Check it and try again.');
    part<HTMLInputElement>(el, 'code-input').value = await codeNumber(next, 1);
    part(el, 'confirm').click();
    await waitUntil(() => text(part(el, 'email')) === next, 'the email did not change', { timeout: 10_000 });
    expect(text(part(el, 'error'))).to.equal('');
  });

  it('Escape closes the change form and returns focus to its button', async () => {
    const { kit } = await loggedIn();
    const el = await shown(kit);
    part(el, 'change-phone').click();
    await waitUntil(() => has(el, 'contact-input') && deepActiveElement() === part(el, 'contact-input'), 'the field was not focused', { timeout: 2_000 });
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !has(el, 'contact-form'), 'the form stayed', { timeout: 2_000 });
    expect(deepActiveElement()).to.equal(part(el, 'change-phone'));
  });

  it('an address another account holds is refused with ERR_ACCOUNT_CONTACT_TAKEN, nothing changed', async () => {
    const { email: taken } = await loggedIn();
    const { kit, email } = await loggedIn();
    const el = await shown(kit);
    const errors = recordEvents(el, ['latch-error']);
    part(el, 'change-email').click();
    await el.updateComplete;
    part<HTMLInputElement>(el, 'contact-input').value = taken;
    part(el, 'send-code').click();
    await waitUntil(() => has(el, 'code-input'), 'no code step', { timeout: 10_000 });
    part<HTMLInputElement>(el, 'code-input').value = await codeNumber(taken, 2);
    part(el, 'confirm').click();
    await waitUntil(() => errors.events.length === 1, 'no error', { timeout: 10_000 });
    expect((errors.events[0] as CustomEvent).detail.error.code).to.equal('ERR_ACCOUNT_CONTACT_TAKEN');
    expect(text(part(el, 'error'))).to.contain('belongs to another account');
    expect(text(part(el, 'email'))).to.equal(email);
  });

  it('refuses to unlink the last way to log in (ERR_ACCOUNT_LAST_CREDENTIAL), then unlinks one of two', async () => {
    const { kit } = await loggedIn();
    await linkOauth(kit, 'google');
    // The email goes, so the OAuth login is the user's only way in.
    await kit.session!.submit('update_user_email', { userId: kit.session!.summary!.userId, userEmail: '' });
    const el = await shown(kit);
    expect(parts(el, 'provider')).to.have.length(1);
    const errors = recordEvents(el, ['latch-error']);
    parts(el, 'provider')[0]!.querySelector<HTMLButtonElement>('[part="remove"]')!.click();
    await waitUntil(() => errors.events.length === 1, 'no refusal', { timeout: 10_000 });
    expect((errors.events[0] as CustomEvent).detail.error.code).to.equal('ERR_ACCOUNT_LAST_CREDENTIAL');
    expect(text(part(el, 'error'))).to.equal('This is your last way to log in. Add a passkey or another login first, then remove this one.');
    expect(parts(el, 'provider')).to.have.length(1);

    await linkOauth(kit, 'apple');
    await el.reload();
    expect(parts(el, 'provider')).to.have.length(2);
    parts(el, 'provider')[0]!.querySelector<HTMLButtonElement>('[part="remove"]')!.click();
    await waitUntil(() => parts(el, 'provider').length === 1, 'not unlinked', { timeout: 10_000 });
    expect(announced(el)).to.equal('Login unlinked.');
    expect(text(part(el, 'error'))).to.equal('');
  });

  it('offers Link for the enabled OAuth providers, prepared before the click; a blocked window says so and links nothing', async () => {
    const opened: string[] = [];
    const kit = await testKit({ popupHost: { open: (url: string) => (opened.push(url), null), assign: () => undefined } });
    await signUpWithKit(kit);
    const el = await shown(kit);
    const select = part<HTMLSelectElement>(el, 'link-provider');
    expect(Array.from(select.options, (o) => o.textContent)).to.include('Google');
    expect(el.shadowRoot!.querySelector(`label[for="${select.id}"]`)?.textContent).to.equal('Link a login with');
    await waitUntil(() => part(el, 'link').getAttribute('aria-disabled') === 'false', 'the attempt was not prepared', { timeout: 10_000 });
    const errors = recordEvents(el, ['latch-error']);
    part(el, 'link').click();
    expect(opened).to.have.length(1);
    await waitUntil(() => errors.events.length === 1, 'no error', { timeout: 5_000 });
    expect((errors.events[0] as CustomEvent).detail.error.code).to.equal('ERR_OAUTH_POPUP_BLOCKED');
    expect(text(part(el, 'error'))).to.equal('The login window was blocked. Allow pop-ups for this site, then press Link again.');
    expect(parts(el, 'provider')).to.have.length(0);
    // A new attempt is prepared for the next press.
    await waitUntil(() => part(el, 'link').getAttribute('aria-disabled') === 'false', 'no new attempt', { timeout: 10_000 });
  });

  it('revokes another session: its key is gone on the service; this one stays', async () => {
    const { kit, email } = await loggedIn();
    const other = await testKit();
    await signUpWithKit(other, { email });
    const el = await shown(kit);
    expect(parts(el, 'session')).to.have.length(2);
    const row = parts(el, 'session').find((s) => !s.querySelector('[part="current"]'))!;
    row.querySelector<HTMLButtonElement>('[part="remove"]')!.click();
    await waitUntil(() => parts(el, 'session').length === 1, 'not revoked', { timeout: 10_000 });
    expect(announced(el)).to.equal('Session revoked.');
    expect(has(el, 'current')).to.equal(true);
    let refused = '';
    await other.session!.whoami().catch((error: { code: string }) => (refused = error.code));
    expect(refused).to.equal('ERR_SERVICE_UNAUTHENTICATED');
  });

  it('in Spanish and Arabic (right to left), passing axe', async () => {
    const { kit } = await loggedIn();
    const es = await shown(kit, 'es');
    expect(text(part(es, 'title'))).to.equal('Tu cuenta');
    expect(es.getAttribute('dir')).to.equal('ltr');
    await expect(es).to.be.accessible();
    const ar = await shown(kit, 'ar');
    expect(text(part(ar, 'title'))).to.equal('حسابك');
    expect(ar.getAttribute('dir')).to.equal('rtl');
    expect(text(part(ar, 'current'))).to.equal('(هذا الجهاز)');
    await expect(ar).to.be.accessible();
  });
});
