// <latch-account> managing the account itself (issue 24), against the test runner's emulator:
// rename (an empty or over-long name refused in the page, nothing sent), removing the phone and
// the last-login refusal for the email, linking and unlinking outside wallets (the in-page test
// wallets: an EIP-6963 provider signing with viem, a Wallet Standard one with noble's Ed25519;
// the linked key then logs in through wallet login, the emulator checking the wallet's stamp),
// and Delete account (what is lost, the word, the never-exported refusal, a held delete confirmed
// by step-up, the logout here and in another tab, the event). Keyboard, focus, announcements,
// Spanish and Arabic.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { base58 } from '@scure/base';
import { afterEach, describe, it } from '../../support/harness.ts';
import { LatchAccount } from '../../../components/latch-account/latch-account.ts';
import { LatchStepUp } from '../../../components/latch-step-up/latch-step-up.ts';
import type { LatchKit } from '../../../src/kit/latch-kit.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { MemorySessionStore } from '../../../src/session/session-store.ts';
import { BroadcastSessionChannel } from '../../../src/session/session-channel.ts';
import { setSession } from '../../../src/state/session-state.ts';
import { endFlow } from '../../../src/state/flow-state.ts';
import { deepActiveElement, pinBrowserLanguages, recordEvents, resetConfig } from '../support/helpers.ts';
import { has, part, parts, text } from '../support/shadow.ts';
import { codeNumber, disposeKits, ETH_ACCOUNT, signUpWithKit, testKit, uniqueEmail } from '../support/emulator-kit.ts';
import { installTestWallet, type TestWallet } from '../../support/test-wallet.ts';
import { installTestSolanaWallet } from '../../support/test-solana-wallet.ts';

LatchAccount.define();
LatchStepUp.define();
pinBrowserLanguages(['en-US']);

const announced = (el: Element): string => text(part(el, 'announcer')).replace(/\u00a0$/, '');
const cleanups: (() => void)[] = [];

/** A kit whose requests to the Activity API are recorded by operation path. */
async function recordingKit(extra: Parameters<typeof testKit>[0] = {}): Promise<{ kit: LatchKit; sent: string[] }> {
  const sent: string[] = [];
  const kit = await testKit({
    ...extra,
    fetch: (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
      return fetch(input, init);
    },
  });
  return { kit, sent };
}

async function shown(kit: LatchKit, locale = ''): Promise<LatchAccount> {
  const el = await fixture<LatchAccount>(html`<latch-account locale=${locale} .kit=${kit}></latch-account>`);
  await waitUntil(() => has(el, 'title'), 'the account did not show', { timeout: 10_000 });
  return el;
}

function ethWallet(): TestWallet {
  const wallet = installTestWallet({ name: 'Test Wallet', rdns: `com.example.${crypto.randomUUID()}` });
  cleanups.push(() => wallet.stop());
  return wallet;
}

const rowButton = (row: Element): HTMLButtonElement => row.querySelector<HTMLButtonElement>('[part="remove"]')!;

/** Opens "Link a wallet" and presses the wallet named `name`. */
async function linkFromList(el: LatchAccount, name: string): Promise<void> {
  part(el, 'link-wallet').click();
  await waitUntil(() => parts(el, 'wallet-choice').some((b) => text(b).includes(name)), `${name} not listed`, { timeout: 10_000 });
  parts(el, 'wallet-choice').find((b) => text(b).includes(name))!.click();
}

describe('<latch-account> managing the account', () => {
  afterEach(() => {
    cleanups.splice(0).forEach((cleanup) => cleanup());
    disposeKits();
    setSession(null);
    endFlow();
    resetConfig();
  });

  it('renames by keyboard: the service has the new name, it is announced and focus returns to Edit', async () => {
    const kit = await testKit();
    await signUpWithKit(kit);
    const el = await shown(kit);
    part(el, 'edit-name').focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => deepActiveElement() === part(el, 'name-input'), 'the field was not focused', { timeout: 2_000 });
    expect(part(el, 'edit-name').getAttribute('aria-expanded')).to.equal('true');
    const input = part<HTMLInputElement>(el, 'name-input');
    input.select();
    await sendKeys({ type: '  Ada Lovelace ' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => text(part(el, 'name')) === 'Ada Lovelace', 'the name did not change', { timeout: 10_000 });
    expect(announced(el)).to.equal('Your name was changed.');
    await waitUntil(() => deepActiveElement() === part(el, 'edit-name'), 'focus did not return', { timeout: 2_000 });
    const { user } = await kit.session!.query('get_user', { organizationId: kit.session!.summary!.organizationId, userId: kit.session!.summary!.userId });
    expect(user.userName).to.equal('Ada Lovelace');
  });

  it('refuses an empty name and a 257-character one in the page (ERR_INPUT_INVALID), nothing sent, the field marked', async () => {
    const { kit, sent } = await recordingKit();
    await signUpWithKit(kit);
    const el = await shown(kit);
    const before = text(part(el, 'name'));
    const errors = recordEvents(el, ['latch-error']);
    for (const [value, count] of [['   ', 1], ['x'.repeat(257), 2]] as const) {
      if (!has(el, 'name-input')) part(el, 'edit-name').click();
      await el.updateComplete;
      part<HTMLInputElement>(el, 'name-input').value = value;
      const requests = sent.length;
      part(el, 'save-name').click();
      await waitUntil(() => errors.events.length === count, 'no refusal', { timeout: 5_000 });
      expect((errors.events[count - 1] as CustomEvent).detail.error.code).to.equal('ERR_INPUT_INVALID');
      expect(text(part(el, 'error'))).to.equal('Enter a name of 1 to 256 characters.');
      expect(sent.slice(requests).filter((path) => path.includes('update_user_name'))).to.deep.equal([]);
      await waitUntil(() => deepActiveElement() === part(el, 'name-input'), 'focus left the field', { timeout: 2_000 });
      expect(part(el, 'name-input').getAttribute('aria-invalid')).to.equal('true');
      expect(part(el, 'name-input').getAttribute('aria-describedby')).to.equal('account-error');
    }
    expect(text(part(el, 'name'))).to.equal(before);
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !has(el, 'name-form'), 'the form stayed', { timeout: 2_000 });
    expect(deepActiveElement()).to.equal(part(el, 'edit-name'));
  });

  it('removes the phone; then the email, now the last way to log in, is refused (ERR_ACCOUNT_LAST_CREDENTIAL) with nothing sent', async () => {
    const { kit, sent } = await recordingKit();
    const email = uniqueEmail('remove');
    await signUpWithKit(kit, { email });
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

    expect(part(el, 'remove-phone').getAttribute('aria-label')).to.equal(`Remove phone ${phone}`);
    part(el, 'remove-phone').focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => text(part(el, 'phone')) === 'None', 'the phone was not removed', { timeout: 10_000 });
    expect(announced(el)).to.equal('Your phone number was removed.');
    expect(has(el, 'remove-phone')).to.equal(false);
    await waitUntil(() => deepActiveElement() === part(el, 'change-phone'), 'focus did not go to Change phone', { timeout: 2_000 });

    const errors = recordEvents(el, ['latch-error']);
    const requests = sent.length;
    part(el, 'remove-email').click();
    await waitUntil(() => errors.events.length === 1, 'no refusal', { timeout: 5_000 });
    expect((errors.events[0] as CustomEvent).detail.error.code).to.equal('ERR_ACCOUNT_LAST_CREDENTIAL');
    expect(text(part(el, 'error'))).to.equal('This is your last way to log in. Add a passkey or another login first, then remove this one.');
    expect(sent.slice(requests).filter((path) => path.includes('update_user_email'))).to.deep.equal([]);
    expect(text(part(el, 'email'))).to.equal(email);
  });

  it('links an Ethereum wallet (its address as viem derives it), which then logs in to this user; unlinks it again', async () => {
    const wallet = ethWallet();
    const kit = await testKit();
    const { session } = await signUpWithKit(kit);
    const el = await shown(kit);
    expect(text(part(el, 'wallets'))).to.contain('No linked wallets.');
    part(el, 'link-wallet').focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => has(el, 'wallet-choice') && deepActiveElement() === part(el, 'wallet-choice'), 'focus did not move to the wallets', { timeout: 10_000 });
    expect(part(el, 'link-wallet').getAttribute('aria-expanded')).to.equal('true');
    expect(part(el, 'wallet-choices').getAttribute('aria-label')).to.equal('Wallets in this browser');
    expect(parts(el, 'wallet-choice').map((b) => text(b))).to.include('Link Test Wallet');
    const choice = parts(el, 'wallet-choice').find((b) => b.dataset['wallet'] === wallet.uuid)!;
    choice.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => parts(el, 'linked-wallet').length === 1, 'the wallet was not linked', { timeout: 10_000 });
    expect(wallet.calls).to.include('personal_sign');
    const row = part(el, 'linked-wallet');
    expect(text(row)).to.contain('Ethereum wallet');
    expect(text(row)).to.contain(wallet.address.toLowerCase());
    expect(announced(el)).to.equal('Wallet linked. You can log in with it now.');
    await waitUntil(() => deepActiveElement() === rowButton(row), 'focus did not go to the new wallet', { timeout: 2_000 });
    expect(rowButton(row).getAttribute('aria-label')).to.equal(`Unlink wallet ${wallet.address.toLowerCase()}`);

    // The linked key is a way to log in: wallet login (the emulator checks the wallet's EIP-191 stamp) finds this user.
    const other = await testKit();
    const login = await other.logInWithWallet({ provider: wallet.provider });
    expect(login.created).to.equal(false);
    expect(login.session.summary!.userId).to.equal(session.summary!.userId);

    // Linking it again is refused before anything is sent.
    const errors = recordEvents(el, ['latch-error']);
    await linkFromList(el, 'Test Wallet');
    await waitUntil(() => errors.events.length === 1, 'no refusal', { timeout: 10_000 });
    expect((errors.events[0] as CustomEvent).detail.error.code).to.equal('ERR_ACCOUNT_WALLET_LINKED');
    expect(text(part(el, 'error'))).to.equal('This wallet is already a way to log in to your account.');
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !has(el, 'wallet-choices'), 'the list stayed', { timeout: 2_000 });
    expect(deepActiveElement()).to.equal(part(el, 'link-wallet'));

    rowButton(part(el, 'linked-wallet')).click();
    await waitUntil(() => parts(el, 'linked-wallet').length === 0, 'not unlinked', { timeout: 10_000 });
    expect(announced(el)).to.equal('Wallet unlinked.');
    await waitUntil(() => deepActiveElement() === el.shadowRoot!.querySelector('#wallets-heading'), 'focus did not go to the heading', { timeout: 2_000 });
    // Unlinked, the wallet no longer logs in to this user: it signs up a new one.
    const after = await (await testKit()).logInWithWallet({ provider: wallet.provider });
    expect(after.created).to.equal(true);
    expect(after.session.summary!.userId).to.not.equal(session.summary!.userId);
  });

  it('links a Solana wallet (Wallet Standard): its base58 address shown; a wallet of another account is refused', async () => {
    const solana = installTestSolanaWallet({ name: 'Test Solana Wallet' });
    cleanups.push(() => solana.stop());
    const kit = await testKit();
    await signUpWithKit(kit);
    const el = await shown(kit);
    await linkFromList(el, 'Test Solana Wallet (Solana)');
    await waitUntil(() => parts(el, 'linked-wallet').length === 1, 'the wallet was not linked', { timeout: 10_000 });
    expect(text(part(el, 'linked-wallet'))).to.contain('Solana wallet');
    expect(text(part(el, 'linked-wallet'))).to.contain(base58.encode(solana.account.publicKey));

    // The Ethereum wallet already logs in to another account (its own sign-up).
    const wallet = ethWallet();
    await (await testKit()).logInWithWallet({ provider: wallet.provider });
    const errors = recordEvents(el, ['latch-error']);
    await linkFromList(el, 'Link Test Wallet');
    await waitUntil(() => errors.events.length === 1, 'no refusal', { timeout: 10_000 });
    expect((errors.events[0] as CustomEvent).detail.error.code).to.equal('ERR_ACCOUNT_CONTACT_TAKEN');
    expect(parts(el, 'linked-wallet')).to.have.length(1);
    await waitUntil(() => deepActiveElement() === parts(el, 'wallet-choice').find((b) => b.dataset['wallet'] === wallet.uuid), 'focus did not return to the wallet', { timeout: 2_000 });
  });

  it('refuses to unlink a wallet that is the last way to log in (ERR_ACCOUNT_LAST_CREDENTIAL)', async () => {
    const wallet = ethWallet();
    const kit = await testKit();
    await kit.logInWithWallet({ provider: wallet.provider });
    const el = await shown(kit);
    await waitUntil(() => parts(el, 'linked-wallet').length === 1, 'the sign-up wallet is not listed', { timeout: 10_000 });
    const errors = recordEvents(el, ['latch-error']);
    rowButton(part(el, 'linked-wallet')).click();
    await waitUntil(() => errors.events.length === 1, 'no refusal', { timeout: 5_000 });
    expect((errors.events[0] as CustomEvent).detail.error.code).to.equal('ERR_ACCOUNT_LAST_CREDENTIAL');
    expect(parts(el, 'linked-wallet')).to.have.length(1);
  });

  it('deletes the account: what is lost, the word, never-exported refused until accepted, then logged out here and in another tab, with the event', async () => {
    // Two tabs of one browser: the same stores, each its own channel on one name.
    const stores = { keyStore: new MemoryKeyStore(), sessionStore: new MemorySessionStore() };
    const channel = `account-delete-${crypto.randomUUID()}`;
    const kit = await testKit({ ...stores, sessionChannel: new BroadcastSessionChannel({ name: channel }) });
    const tab = await testKit({ ...stores, sessionChannel: new BroadcastSessionChannel({ name: channel }) });
    const email = uniqueEmail('delete');
    const { session } = await signUpWithKit(kit, { email, wallet: { walletName: 'Main', accounts: [ETH_ACCOUNT] } });
    const organizationId = session.summary!.organizationId;
    const other = await testKit();
    await signUpWithKit(other, { email });
    await tab.restoreSession();
    expect(tab.session?.active).to.equal(true);
    const el = await shown(kit);
    const events = recordEvents(el, ['latch-error', 'latch-account-deleted', 'latch-logout']);
    part(el, 'delete-start').click();
    await waitUntil(() => has(el, 'delete-word') && deepActiveElement() === part(el, 'delete-word'), 'the word field was not focused', { timeout: 10_000 });
    expect(text(part(el, 'delete-loses'))).to.equal('Your 1 wallet or private key will be deleted with everything it holds, and so will your logins. This cannot be undone.');
    expect(text(part(el, 'delete-unexported'))).to.equal('1 of them was never exported: without a copy it is lost for good.');
    await expect(el).to.be.accessible();

    await sendKeys({ type: 'delete' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => events.events.length === 1, 'no refusal of the word', { timeout: 5_000 });
    expect((events.events[0] as CustomEvent).detail.error.code).to.equal('ERR_INPUT_INVALID');
    expect(text(part(el, 'error'))).to.equal('Type DELETE exactly to confirm.');
    expect(part(el, 'delete-word').getAttribute('aria-invalid')).to.equal('true');

    part<HTMLInputElement>(el, 'delete-word').value = 'DELETE';
    part(el, 'delete-confirm').click();
    await waitUntil(() => events.events.length === 2, 'no refusal of the unexported wallet', { timeout: 10_000 });
    expect((events.events[1] as CustomEvent).detail.error.code).to.equal('ERR_ACCOUNT_NOT_EXPORTED');
    expect(text(part(el, 'error'))).to.equal('Some wallets or keys were never exported. Export them first, or accept that they are lost.');
    await waitUntil(() => deepActiveElement() === part(el, 'delete-without-export'), 'focus did not go to the checkbox', { timeout: 2_000 });
    expect(kit.session?.active).to.equal(true);

    await sendKeys({ press: ' ' });
    part(el, 'delete-confirm').click();
    await waitUntil(() => events.events.length === 4, 'not deleted', { timeout: 10_000 });
    expect(events.events.map((e) => e.type)).to.deep.equal(['latch-error', 'latch-error', 'latch-account-deleted', 'latch-logout']);
    expect((events.events[2] as CustomEvent).detail.organizationId).to.equal(organizationId);
    expect(announced(el)).to.equal('Your account was deleted. You are logged out.');
    expect(kit.session === null, 'the kit is still logged in').to.equal(true);
    await waitUntil(() => tab.session === null, 'the other tab is still logged in', { timeout: 5_000 });
    await waitUntil(() => has(el, 'empty') && deepActiveElement() === part(el, 'empty'), 'focus did not land on the empty state', { timeout: 5_000 });
    // The user's other session is refused: its organization is gone.
    let status = 0;
    await other.session!.whoami().catch((error: { status: number }) => (status = error.status));
    expect(status).to.equal(404);
  });

  it('a delete held for a recent login asks to confirm (step-up), then deletes', async () => {
    const kit = await testKit({ configId: 'step-up' });
    const email = uniqueEmail('delete-step-up');
    await signUpWithKit(kit, { email });
    const el = await shown(kit);
    part(el, 'delete-start').click();
    await waitUntil(() => has(el, 'delete-word'), 'no form', { timeout: 10_000 });
    expect(has(el, 'delete-unexported')).to.equal(false);
    // The `step-up` configuration wants a login in the last 2 s.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const deleted = recordEvents(el, ['latch-account-deleted']);
    part<HTMLInputElement>(el, 'delete-word').value = 'DELETE';
    part(el, 'delete-confirm').click();
    await waitUntil(() => has(el, 'step-up'), 'no step-up box', { timeout: 10_000 });
    const box = part<LatchStepUp>(el, 'step-up');
    await waitUntil(() => has(box, 'email'), 'no ways to confirm', { timeout: 10_000 });
    part(box, 'email').click();
    await waitUntil(() => has(box, 'code-input'), 'no code step', { timeout: 10_000 });
    part<HTMLInputElement>(box, 'code-input').value = await codeNumber(email, 2);
    part<HTMLFormElement>(box, 'code-input').closest('form')!.requestSubmit();
    await waitUntil(() => deleted.events.length === 1, 'not deleted after the step-up', { timeout: 15_000 });
    expect(kit.session === null, 'the kit is still logged in').to.equal(true);
  });

  it('in Spanish and Arabic (right to left): the word of the language, passing axe with the forms open', async () => {
    const kit = await testKit();
    await signUpWithKit(kit);
    ethWallet();
    const es = await shown(kit, 'es');
    part(es, 'delete-start').click();
    await waitUntil(() => has(es, 'delete-word'), 'no form', { timeout: 10_000 });
    expect(text(es.shadowRoot!.querySelector('label[for="delete-word"]')!)).to.equal('Escribe ELIMINAR para confirmar');
    expect(text(part(es, 'delete-loses'))).to.contain('Se eliminarán tus 0 billeteras');
    const ar = await shown(kit, 'ar');
    expect(ar.getAttribute('dir')).to.equal('rtl');
    part(ar, 'edit-name').click();
    part(ar, 'link-wallet').click();
    await waitUntil(() => has(ar, 'wallet-choice'), 'no wallets listed', { timeout: 10_000 });
    expect(text(part(ar, 'wallet-choice'))).to.equal('ربط Test Wallet');
    part(ar, 'delete-start').click();
    await waitUntil(() => has(ar, 'delete-word'), 'no form', { timeout: 10_000 });
    expect(text(ar.shadowRoot!.querySelector('label[for="delete-word"]')!)).to.equal('اكتب حذف للتأكيد');
    expect(text(part(ar, 'delete-loses'))).to.contain('لا توجد محافظ');
    await expect(ar).to.be.accessible();
  });
});
