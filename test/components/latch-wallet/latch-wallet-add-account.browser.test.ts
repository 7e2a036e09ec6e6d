// <latch-wallet>'s "Add account" in Chromium against the emulator the test runner started: the
// next account's path, create_wallet_accounts with and without generateAppProofs, the list
// reloaded, the App Proofs badge verified when the emulator's root is trusted and failed with the
// production trust settings, no badge without generate-app-proofs, failures and languages.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { afterEach, before, describe, it } from '../../support/harness.ts';
import { LatchWallet } from '../../../components/latch-wallet/latch-wallet.ts';
import { nextAccount } from '../../../components/latch-wallet/next-account.ts';
import type { LatchAddAccountEvent } from '../../../components/latch-wallet/wallet-events.ts';
import type { LatchProofBadge } from '../../../components/latch-proof-badge/latch-proof-badge.ts';
import type { LatchErrorEvent } from '../../../components/internal/events.ts';
import type { WalletAccount } from '../../../src/clients/activity-types.ts';
import type { LatchKit } from '../../../src/kit/latch-kit.ts';
import { emulatorKeys } from '../support/emulator-kit.ts';
import { resetConfig } from '../support/helpers.ts';
import { announced, emulatorKit, logIn, text, type LoggedIn } from '../support/kit-login.ts';
// <latch-wallet> is made of section elements: its parts are found through their shadow roots too.
import { deepPart as part, deepParts as parts, find } from '../support/shadow.ts';

LatchWallet.define();

const kits: LatchKit[] = [];
afterEach(() => {
  resetConfig();
  for (const kit of kits.splice(0)) kit.dispose();
});

/** A kit that records the JSON bodies it posts to create_wallet_accounts (and can refuse them). */
async function recordingKit(refuse = false): Promise<{ kit: LatchKit; bodies: Record<string, unknown>[] }> {
  const bodies: Record<string, unknown>[] = [];
  const kit = await emulatorKit((input, init) => {
    if (String(input).includes('create_wallet_accounts')) {
      bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      if (refuse) return Promise.reject(new TypeError('offline'));
    }
    return fetch(input, init);
  });
  kits.push(kit);
  return { kit, bodies };
}

async function ready(el: LatchWallet): Promise<void> {
  await waitUntil(() => find(el, '[part~="accounts"], [part~="empty"]') && !find(el, '[part~="loading"]'), 'the accounts load', { timeout: 10_000 });
}

const addresses = (el: LatchWallet): string[] => parts(el, 'address').map((node) => text(node));

/** Chooses a format, presses "Add account" and waits for the account event. */
async function add(el: LatchWallet, format?: string): Promise<LatchAddAccountEvent> {
  if (format) {
    const select = part<HTMLSelectElement>(el, 'add-format');
    select.value = format;
    select.dispatchEvent(new Event('change'));
    await el.updateComplete;
  }
  const added = oneEvent(el, 'latch-add-account') as Promise<LatchAddAccountEvent>;
  part(el, 'add-submit').click();
  const event = await added;
  await waitUntil(() => part(el, 'add-submit').getAttribute('aria-disabled') === 'false', 'the add ends', { timeout: 10_000 });
  await ready(el);
  return event;
}

async function settledBadge(el: LatchWallet): Promise<LatchProofBadge> {
  await el.updateComplete;
  const badge = part<LatchProofBadge>(el, 'proof-badge');
  await waitUntil(() => badge.state !== 'verifying', 'the badge settles', { timeout: 15_000 });
  await badge.updateComplete;
  return badge;
}

describe('<latch-wallet> add account', () => {
  let root: string;

  before(async () => {
    root = (await emulatorKeys()).proofRootSha256;
  });

  describe('nextAccount', () => {
    const account = (addressFormat: string, path: string) => ({ addressFormat, path }) as Pick<WalletAccount, 'addressFormat' | 'path'>;

    it('follows the highest Ethereum address index, ignoring other formats and paths of another shape', () => {
      const accounts = [
        account('ADDRESS_FORMAT_ETHEREUM', "m/44'/60'/0'/0/0"),
        account('ADDRESS_FORMAT_ETHEREUM', "m/44'/60'/0'/0/7"),
        account('ADDRESS_FORMAT_ETHEREUM', "m/44'/60'/0'/0/3"),
        account('ADDRESS_FORMAT_ETHEREUM', "m/44'/60'/5'/0/40"),
        account('ADDRESS_FORMAT_SOLANA', "m/44'/60'/0'/0/90"),
      ];
      expect(nextAccount('ADDRESS_FORMAT_ETHEREUM', accounts)).to.deep.equal({
        curve: 'CURVE_SECP256K1',
        pathFormat: 'PATH_FORMAT_BIP32',
        path: "m/44'/60'/0'/0/8",
        addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
      });
    });

    it('counts Solana accounts by their (hardened) account index and starts at 0 when there is none', () => {
      const eth = [account('ADDRESS_FORMAT_ETHEREUM', "m/44'/60'/0'/0/4")];
      expect(nextAccount('ADDRESS_FORMAT_SOLANA', eth)).to.deep.equal({
        curve: 'CURVE_ED25519',
        pathFormat: 'PATH_FORMAT_BIP32',
        path: "m/44'/501'/0'/0'",
        addressFormat: 'ADDRESS_FORMAT_SOLANA',
      });
      const sol = [account('ADDRESS_FORMAT_SOLANA', "m/44'/501'/2'/0'"), account('ADDRESS_FORMAT_SOLANA', "m/44'/501'/9'/0")];
      expect(nextAccount('ADDRESS_FORMAT_SOLANA', sol).path).to.equal("m/44'/501'/3'/0'");
      expect(nextAccount('ADDRESS_FORMAT_ETHEREUM', []).path).to.equal("m/44'/60'/0'/0/0");
    });
  });

  describe('with generate-app-proofs', () => {
    it('adds the next account with generateAppProofs, lists it, and the badge verifies its address when the emulator root is trusted', async () => {
      const { kit, bodies } = await recordingKit();
      const user: LoggedIn = await logIn(kit);
      const el = await fixture<LatchWallet>(html`<latch-wallet tools-open generate-app-proofs trusted-root-sha256=${root} .kit=${kit}></latch-wallet>`);
      await ready(el);
      const before = addresses(el);
      expect(before).to.have.length(1);
      expect(text(part(el, 'add-format').querySelector('option:checked'))).to.equal('Ethereum');
      expect(find(el, '[part~="proof-badge"]')).to.equal(null);

      const { detail } = await add(el);
      expect(detail.walletId).to.equal(user.walletId);
      expect(detail.account).to.deep.equal({ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/1", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' });
      expect(detail.addresses).to.have.length(1);
      expect(detail.addresses[0]).to.match(/^0x[0-9a-fA-F]{40}$/);
      expect(bodies).to.have.length(1);
      expect(bodies[0]!.generateAppProofs).to.equal(true);
      expect(bodies[0]!.parameters).to.deep.equal({ walletId: user.walletId, accounts: [detail.account] });

      expect(addresses(el)).to.deep.equal([...before, detail.addresses[0]]);
      expect(text(parts(el, 'account-meta')[1])).to.equal("Main · m/44'/60'/0'/0/1");
      expect(text(part(el, 'add-result'))).to.include(detail.addresses[0]!);
      expect(announced(el)).to.equal('Account added.');
      expect(text(part(el, 'error'))).to.equal('');

      const badge = await settledBadge(el);
      expect(badge.state).to.equal('verified');
      expect(badge.expectedAddresses).to.deep.equal(detail.addresses);
      expect(badge.organizationId).to.equal(kit.session?.summary?.organizationId);
      expect(badge.getAttribute('trusted-root-sha256')).to.equal(root);
      expect(badge.result?.addresses.outcome).to.equal('passed');
      expect(text(find(badge, '[part~="label"]'))).to.equal('Verified by App Proofs');
      await expect(el).to.be.accessible();
    });

    it('adds a Solana account as the first of its chain, then the next one', async () => {
      const { kit } = await recordingKit();
      await logIn(kit);
      const el = await fixture<LatchWallet>(html`<latch-wallet tools-open generate-app-proofs trusted-root-sha256=${root} .kit=${kit}></latch-wallet>`);
      await ready(el);
      const first = await add(el, 'ADDRESS_FORMAT_SOLANA');
      expect(first.detail.account.path).to.equal("m/44'/501'/0'/0'");
      expect(first.detail.addresses[0]).to.match(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
      expect((await settledBadge(el)).state).to.equal('verified');
      const second = await add(el);
      expect(second.detail.account.path).to.equal("m/44'/501'/1'/0'");
      expect(addresses(el)).to.include(second.detail.addresses[0]!);
      const badge = await settledBadge(el);
      expect(badge.state).to.equal('verified');
      expect(badge.expectedAddresses).to.deep.equal(second.detail.addresses);
    });

    it('with the production trust settings (no trusted-root-sha256) the badge shows failed at the root certificate', async () => {
      const { kit } = await recordingKit();
      await logIn(kit);
      const el = await fixture<LatchWallet>(html`<latch-wallet tools-open generate-app-proofs .kit=${kit}></latch-wallet>`);
      await ready(el);
      const { detail } = await add(el);
      expect(addresses(el)).to.include(detail.addresses[0]!);
      const badge = await settledBadge(el);
      expect(badge.state).to.equal('failed');
      expect(badge.failedCheck).to.equal('root-certificate');
      expect(badge.error?.code).to.equal('ERR_PROOF_ROOT');
      expect(badge.hasAttribute('trusted-root-sha256')).to.equal(false);
    });
  });

  describe('without generate-app-proofs', () => {
    it('adds the account without asking for proofs and shows no badge', async () => {
      const { kit, bodies } = await recordingKit();
      await logIn(kit);
      const el = await fixture<LatchWallet>(html`<latch-wallet tools-open trusted-root-sha256=${root} .kit=${kit}></latch-wallet>`);
      await ready(el);
      const { detail } = await add(el);
      expect(detail.account.path).to.equal("m/44'/60'/0'/0/1");
      expect(bodies).to.have.length(1);
      expect('generateAppProofs' in bodies[0]!).to.equal(false);
      expect(addresses(el)).to.include(detail.addresses[0]!);
      expect(text(part(el, 'add-result'))).to.include(detail.addresses[0]!);
      expect(find(el, '[part~="proof-badge"]')).to.equal(null);
      expect(find(el, 'latch-proof-badge')).to.equal(null);
    });

    it('no-add hides the section', async () => {
      const { kit } = await recordingKit();
      await logIn(kit);
      const el = await fixture<LatchWallet>(html`<latch-wallet tools-open no-add .kit=${kit}></latch-wallet>`);
      await ready(el);
      expect(find(el, '[part~="add"]')).to.equal(null);
    });
  });

  describe('labels and errors', () => {
    it('labels its controls, in Spanish too', async () => {
      const { kit } = await recordingKit();
      await logIn(kit);
      const el = await fixture<LatchWallet>(html`<latch-wallet tools-open locale="es" .kit=${kit}></latch-wallet>`);
      await ready(el);
      const select = part<HTMLSelectElement>(el, 'add-format');
      expect(text(find(el, `label[for="${select.id}"]`))).to.equal('Formato de dirección');
      expect(text(part(el, 'add-submit'))).to.equal('Añadir cuenta');
      expect(Array.from(select.options, (o) => text(o))).to.deep.equal(['Ethereum', 'Solana']);
    });

    it('a failed add shows the error in the assertive region and fires latch-error; nothing is listed as added', async () => {
      const { kit, bodies } = await recordingKit(true);
      await logIn(kit);
      const el = await fixture<LatchWallet>(html`<latch-wallet tools-open generate-app-proofs .kit=${kit}></latch-wallet>`);
      await ready(el);
      const failed = oneEvent(el, 'latch-error') as Promise<LatchErrorEvent>;
      part(el, 'add-submit').click();
      expect((await failed).detail.error.code).to.equal('ERR_NETWORK_FAILED');
      await el.updateComplete;
      // An unreachable service gets the same stamped bytes twice more (SECURITY.md C6), then the error.
      expect(bodies).to.have.length(3);
      expect(new Set(bodies.map((b) => JSON.stringify(b))).size).to.equal(1);
      expect(text(part(el, 'error'))).to.equal('Cannot reach the server. Check your connection and try again.');
      expect(part(el, 'error').getAttribute('aria-live')).to.equal('assertive');
      expect(find(el, '[part~="add-result"]')).to.equal(null);
      expect(part(el, 'add-submit').getAttribute('aria-disabled')).to.equal('false');
      expect(addresses(el)).to.have.length(1);
    });
  });
});
