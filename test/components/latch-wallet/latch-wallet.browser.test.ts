// <latch-wallet> in Chromium against the emulator the test runner started: a user signed up by
// email OTP with a wallet, more than ten accounts paged, copy, a message signed after its preview
// (the signature recovers to the account), the recovery phrase revealed in the page (it
// re-derives the shown address) and hidden again, a private key imported, errors and locales.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { mnemonicToSeedSync } from '@scure/bip39';
import { HDKey } from '@scure/bip32';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { afterEach, before, describe, it } from '../../support/harness.ts';
import { holdsWordRun } from '../../support/secret-probes.ts';
import { LatchWallet } from '../../../components/latch-wallet/latch-wallet.ts';
import type { LatchCopyEvent, LatchExportEvent, LatchImportEvent, LatchSignEvent } from '../../../components/latch-wallet/wallet-events.ts';
import type { LatchErrorEvent } from '../../../components/internal/events.ts';
import { toHex } from '../../../src/encoding/hex.ts';
import { utf8Encode } from '../../../src/encoding/utf8.ts';
import { LatchKit } from '../../../src/kit/latch-kit.ts';
import { resetConfig } from '../support/helpers.ts';
import { addAccounts, announced, emulatorKit, emulatorKitOptions, ethAddress, logIn, recoverEthAddress, text, type LoggedIn } from '../support/kit-login.ts';
// <latch-wallet> is made of section elements: its parts are found through their shadow roots too.
import { deepActive, deepPart as part, deepParts as parts, find, findAll } from '../support/shadow.ts';

LatchWallet.define();

const kits: LatchKit[] = [];
afterEach(() => {
  resetConfig();
  for (const kit of kits.splice(0)) kit.dispose();
});

async function wallet(kit: LatchKit | undefined, attributes = html``): Promise<LatchWallet> {
  if (kit) kits.push(kit);
  const el = await fixture<LatchWallet>(html`<latch-wallet tools-open .kit=${kit}>${attributes}</latch-wallet>`);
  return el;
}

async function ready(el: LatchWallet): Promise<void> {
  await waitUntil(() => find(el, '[part~="accounts"], [part~="empty"]') && !find(el, '[part~="loading"]'), 'the accounts load', { timeout: 10_000 });
}

const addresses = (el: LatchWallet): string[] => parts(el, 'address').map((node) => text(node));

/** Every attribute value in the element's shadow tree (its sections' too) and on the host. */
function allAttributeValues(el: Element): string[] {
  const nodes = [el, ...findAll<Element>(el, '*')];
  return nodes.flatMap((node) => Array.from(node.attributes, (a) => a.value));
}

/** Stubs `navigator.clipboard` for one test; returns what was written. */
function stubClipboard(refuse = false): { written: string[]; restore: () => void } {
  const written: string[] = [];
  const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard')!;
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: async (value: string) => (refuse ? Promise.reject(new DOMException('no', 'NotAllowedError')) : void written.push(value)) },
  });
  return { written, restore: () => Object.defineProperty(navigator, 'clipboard', original) };
}

describe('<latch-wallet>', () => {
  let user: LoggedIn;

  before(async () => {
    // One user with a wallet of twelve accounts, shared by the read-only tests.
    user = await logIn();
    await addAccounts(user.session, user.walletId, 11);
  });

  describe('accessibility', () => {
    it('passes axe signed out', async () => {
      const el = await wallet(undefined);
      await expect(el).to.be.accessible();
    });

    it('passes axe with accounts, signing, export and import shown', async () => {
      const el = await wallet(user.kit);
      await ready(el);
      await expect(el).to.be.accessible();
    });

    it('passes axe in Arabic, with the export warning open', async () => {
      const el = await fixture<LatchWallet>(html`<latch-wallet tools-open locale="ar" .kit=${user.kit}></latch-wallet>`);
      await ready(el);
      part(el, 'export-start').click();
      await el.updateComplete;
      await expect(el).to.be.accessible();
    });
  });

  describe('defaults', () => {
    it('asks to log in when there is no kit or no session; every part of the card is there', async () => {
      const el = await wallet(undefined);
      expect(text(part(el, 'signed-out'))).to.equal('Log in to see your wallet.');
      expect(text(part(el, 'title'))).to.equal('Wallet');
      expect(part(el, 'error').getAttribute('aria-live')).to.equal('assertive');
      expect(text(part(el, 'error'))).to.equal('');
      for (const name of ['base', 'header', 'footer', 'announcer']) expect(part(el, name), name).to.be.instanceOf(HTMLElement);
      expect(find(el, '[part~="accounts"]')).to.equal(null);
      expect(el.getAttribute('dir')).to.equal('ltr');

      const signedOutKit = await emulatorKit();
      const other = await wallet(signedOutKit);
      await waitUntil(() => find(other, '[part~="signed-out"]'), 'the restore finds nobody');
      expect(text(part(other, 'signed-out'))).to.equal('Log in to see your wallet.');
    });

    it('shows ten accounts per page with their format, wallet name and path, then pages past ten with Next and Previous', async () => {
      const el = await wallet(user.kit);
      await ready(el);
      const first = addresses(el);
      expect(first).to.have.length(10);
      expect(new Set(first).size).to.equal(10);
      expect(text(parts(el, 'account-format')[0])).to.equal('Ethereum');
      expect(text(parts(el, 'account-meta')[0])).to.equal("Main · m/44'/60'/0'/0/0");
      expect(text(parts(el, 'account-meta')[9])).to.equal("Main · m/44'/60'/0'/0/9");
      expect(text(part(el, 'page'))).to.equal('Page 1');
      expect(part(el, 'previous').getAttribute('aria-disabled')).to.equal('true');
      expect(part(el, 'next').getAttribute('aria-disabled')).to.equal('false');

      part(el, 'next').click();
      await waitUntil(() => text(part(el, 'page')) === 'Page 2' && addresses(el).length === 2);
      await ready(el);
      expect(text(parts(el, 'account-meta')[1])).to.equal("Main · m/44'/60'/0'/0/11");
      expect(addresses(el).some((a) => first.includes(a))).to.equal(false);
      expect(announced(el)).to.equal('Page 2: 2 accounts.');
      expect(part(el, 'next').getAttribute('aria-disabled')).to.equal('true');
      expect(part(el, 'previous').getAttribute('aria-disabled')).to.equal('false');

      // Next on the last page does nothing.
      part(el, 'next').click();
      await el.updateComplete;
      expect(text(part(el, 'page'))).to.equal('Page 2');

      part(el, 'previous').click();
      await waitUntil(() => text(part(el, 'page')) === 'Page 1');
      await ready(el);
      expect(addresses(el)).to.deep.equal(first);
      expect(announced(el)).to.equal('Page 1: 10 accounts.');
    });
  });

  describe('attributes', () => {
    it('page-size sets the page length; wallet-id limits the listing to one wallet', async () => {
      const el = await fixture<LatchWallet>(html`<latch-wallet tools-open page-size="5" .kit=${user.kit}></latch-wallet>`);
      await ready(el);
      expect(addresses(el)).to.have.length(5);
      part(el, 'next').click();
      await waitUntil(() => text(part(el, 'page')) === 'Page 2');
      await ready(el);
      expect(text(parts(el, 'account-meta')[0])).to.equal("Main · m/44'/60'/0'/0/5");

      el.setAttribute('wallet-id', 'no-such-wallet');
      await waitUntil(() => text(part(el, 'error')) !== '');
      expect(text(part(el, 'error'))).to.not.equal('');
      el.setAttribute('wallet-id', user.walletId);
      // The reload starts from the first page; until it answers, the old page may still show.
      await waitUntil(() => text(part(el, 'error')) === '' && text(part(el, 'page')) === 'Page 1' && addresses(el).length === 5);
      await ready(el);
      expect(text(parts(el, 'account-meta')[0])).to.equal("Main · m/44'/60'/0'/0/0");
    });

    it('no-sign, no-export and no-import hide their sections', async () => {
      const el = await fixture<LatchWallet>(html`<latch-wallet tools-open no-sign no-export no-import .kit=${user.kit}></latch-wallet>`);
      await ready(el);
      for (const name of ['sign', 'export', 'import']) expect(find(el, `[part~="${name}"]`), name).to.equal(null);
    });

    it('follows the language: Spanish, and Arabic right to left', async () => {
      const es = await fixture<LatchWallet>(html`<latch-wallet tools-open locale="es" .kit=${user.kit}></latch-wallet>`);
      await ready(es);
      expect(text(part(es, 'title'))).to.equal('Billetera');
      expect(text(part(es, 'next'))).to.equal('Siguiente');
      const ar = await fixture<LatchWallet>(html`<latch-wallet tools-open locale="ar"></latch-wallet>`);
      expect(ar.getAttribute('dir')).to.equal('rtl');
      expect(text(part(ar, 'signed-out'))).to.equal('سجّل الدخول لعرض محفظتك.');
    });
  });

  describe('copy', () => {
    it('copies an address, says so politely and fires latch-copy', async () => {
      const clipboard = stubClipboard();
      try {
        const el = await wallet(user.kit);
        await ready(el);
        const address = addresses(el)[3]!;
        const copied = oneEvent(el, 'latch-copy') as Promise<LatchCopyEvent>;
        parts(el, 'copy-button')[3]!.click();
        expect((await copied).detail).to.deep.equal({ address });
        expect(clipboard.written).to.deep.equal([address]);
        await el.updateComplete;
        expect(announced(el)).to.equal('Address copied.');
        expect(part(el, 'announcer').getAttribute('aria-live')).to.equal('polite');
        expect(parts(el, 'copy-button')[3]!.getAttribute('aria-describedby')).to.equal(parts(el, 'address')[3]!.id);
      } finally {
        clipboard.restore();
      }
    });

    it('says so when the clipboard refuses', async () => {
      const clipboard = stubClipboard(true);
      try {
        const el = await wallet(user.kit);
        await ready(el);
        parts(el, 'copy-button')[0]!.click();
        await waitUntil(() => text(part(el, 'error')) !== '');
        expect(text(part(el, 'error'))).to.equal('The address could not be copied. Select it and copy it yourself.');
      } finally {
        clipboard.restore();
      }
    });
  });

  describe('signing a message', () => {
    it('previews the text, its bytes, the EIP-191 digest and the signed value, then signs after the explicit Sign; the personal_sign signature recovers to the account', async () => {
      const el = await wallet(user.kit);
      await ready(el);
      const address = addresses(el)[0]!;
      expect((part<HTMLSelectElement>(el, 'sign-account')).value).to.equal(address);

      const textarea = part<HTMLTextAreaElement>(el, 'sign-message');
      textarea.value = 'Hello, Latchkey ✓';
      textarea.dispatchEvent(new Event('input'));
      part(el, 'sign-review').click();
      await waitUntil(() => find(el, '[part~="sign-preview"]'));
      // EIP-191 personal_sign, written out here (the Node test checks the core against viem).
      const message = utf8Encode('Hello, Latchkey ✓');
      const digest = keccak_256(new Uint8Array([...utf8Encode(`\x19Ethereum Signed Message:\n${message.length}`), ...message]));
      const preview = text(part(el, 'sign-preview'));
      expect(preview).to.include('Hello, Latchkey ✓');
      expect(preview).to.include('UTF-8 text, sent as hexadecimal');
      expect(preview).to.include(`0x${toHex(utf8Encode('Hello, Latchkey ✓'))}`);
      expect(preview).to.include('EIP-191 personal message');
      expect(text(find(el, '[data-value="payload"]'))).to.equal(`0x${toHex(digest)}`);
      expect(find(el, '[part~="signature"]'), 'nothing signed before Sign').to.equal(null);
      expect(deepActive(el)).to.equal(part(el, 'sign-button'));

      const signed = oneEvent(el, 'latch-sign') as Promise<LatchSignEvent>;
      part(el, 'sign-button').click();
      // The wait shows on the button and is announced (then the result replaces it).
      await el.updateComplete;
      expect(announced(el)).to.equal('Signing…');
      expect(text(part(el, 'sign-button'))).to.equal('Signing…');
      const { detail } = await signed;
      expect(detail.address).to.equal(address);
      expect(detail.message).to.equal('Hello, Latchkey ✓');
      expect(detail.parameters).to.deep.equal({ signWith: address, payload: toHex(digest), encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NO_OP' });
      await el.updateComplete;
      const shown = { r: text(find(el, '[data-value="r"]')), s: text(find(el, '[data-value="s"]')), v: text(find(el, '[data-value="v"]')) };
      expect(shown).to.deep.equal(detail.signature);
      expect(recoverEthAddress(digest, shown)).to.equal(address.toLowerCase());
      expect(announced(el)).to.equal('Message signed.');
    });

    it('refuses an empty message before anything is signed, and Edit goes back to the text', async () => {
      const el = await wallet(user.kit);
      await ready(el);
      part(el, 'sign-review').click();
      await el.updateComplete;
      const textarea = part<HTMLTextAreaElement>(el, 'sign-message');
      expect(textarea.getAttribute('aria-invalid')).to.equal('true');
      expect(text(find(el, '#sign-message-error'))).to.equal('Write a message to sign.');
      expect(deepActive(el)).to.equal(textarea);
      expect(find(el, '[part~="sign-preview"]')).to.equal(null);

      textarea.value = 'second thoughts';
      textarea.dispatchEvent(new Event('input'));
      part(el, 'sign-review').click();
      await waitUntil(() => find(el, '[part~="sign-edit"]'));
      part(el, 'sign-edit').click();
      await el.updateComplete;
      expect(part<HTMLTextAreaElement>(el, 'sign-message').value).to.equal('second thoughts');
    });
  });

  describe('export', () => {
    it('reveals the recovery phrase only after the warning and the confirmation; it re-derives the shown address, stays out of attributes and events, and Hide removes it', async () => {
      const el = await wallet(user.kit);
      await ready(el);
      const firstAddress = addresses(el)[0]!;
      expect(find(el, '[part~="export-warning"]')).to.equal(null);

      part(el, 'export-start').click();
      await el.updateComplete;
      expect(text(part(el, 'export-warning'))).to.include('Anyone who sees your recovery phrase');
      expect(deepActive(el)).to.equal(part(el, 'export-confirm'));
      // Reveal without the confirmation: a message, nothing decrypted.
      part(el, 'reveal').click();
      await el.updateComplete;
      expect(text(find(el, '#export-confirm-error'))).to.equal('Tick the box first.');
      expect(find(el, '[part~="mnemonic"]')).to.equal(null);

      part(el, 'export-confirm').click();
      await el.updateComplete;
      expect(part(el, 'reveal').getAttribute('aria-disabled')).to.equal('false');
      const exported = oneEvent(el, 'latch-export') as Promise<LatchExportEvent>;
      part(el, 'reveal').click();
      const event = await exported;
      expect(event.detail).to.deep.equal({ walletId: user.walletId });
      await el.updateComplete;
      const words = Array.from(part(el, 'mnemonic').querySelectorAll('li'), (li) => text(li));
      expect(words.length).to.be.oneOf([12, 15, 18, 21, 24]);
      const phrase = words.join(' ');
      const key = HDKey.fromMasterSeed(mnemonicToSeedSync(phrase)).derive("m/44'/60'/0'/0/0");
      expect(ethAddress(key.publicKey!)).to.equal(firstAddress.toLowerCase());
      // Absent means no run of the phrase's words: one word as a substring is no evidence
      // ("all", "wall" and "wallet" are BIP-39 words, and "walletId" contains all three).
      expect(allAttributeValues(el).some((value) => holdsWordRun(value, words))).to.equal(false);
      expect(holdsWordRun(JSON.stringify(event.detail), words)).to.equal(false);
      expect(announced(el)).to.equal('The recovery phrase is shown.');

      part(el, 'hide').click();
      await el.updateComplete;
      expect(find(el, '[part~="mnemonic"]')).to.equal(null);
      expect(findAll(el, '*').some((node) => holdsWordRun(text(node), words))).to.equal(false);
      expect(announced(el)).to.equal('The recovery phrase is hidden.');
      expect(deepActive(el)).to.equal(part(el, 'export-start'));
    });

    it('hides the phrase when the element leaves the page, and with Escape', async () => {
      const el = await wallet(user.kit);
      await ready(el);
      const reveal = async (): Promise<void> => {
        part(el, 'export-start').click();
        await el.updateComplete;
        part(el, 'export-confirm').click();
        await el.updateComplete;
        part(el, 'reveal').click();
        await waitUntil(() => find(el, '[part~="mnemonic"]'), 'the phrase shows', { timeout: 10_000 });
      };
      await reveal();
      const parent = el.parentElement!;
      el.remove();
      parent.append(el);
      await el.updateComplete;
      expect(find(el, '[part~="mnemonic"]')).to.equal(null);
      expect(find(el, '[part~="export-start"]')).to.be.instanceOf(HTMLElement);

      await reveal();
      part(el, 'hide').focus();
      await sendKeys({ press: 'Escape' });
      await el.updateComplete;
      expect(find(el, '[part~="mnemonic"]')).to.equal(null);
    });
  });

  describe('import', () => {
    it('imports a masked hex key with the chosen curve and formats and shows its addresses; the field is emptied', async () => {
      const el = await wallet(user.kit);
      await ready(el);
      const secret = secp256k1.utils.randomSecretKey();
      const expected = ethAddress(secp256k1.getPublicKey(secret));
      const keyInput = part<HTMLInputElement>(el, 'import-key');
      expect(keyInput.type).to.equal('password');
      expect(keyInput.autocomplete).to.equal('off');
      keyInput.value = `0x${toHex(secret)}`;
      const formats = part(el, 'import-formats').querySelectorAll<HTMLInputElement>('input[type="checkbox"]');
      expect(Array.from(formats, (box) => box.checked)[0]).to.equal(true);
      formats[formats.length - 2]!.click(); // also the compressed public key
      await el.updateComplete;
      const imported = oneEvent(el, 'latch-import') as Promise<LatchImportEvent>;
      part(el, 'import-submit').click();
      const { detail } = await imported;
      expect(detail.privateKeyId).to.be.a('string').and.not.equal('');
      expect(detail.addresses.map((a) => a.format)).to.deep.equal(['ADDRESS_FORMAT_ETHEREUM', 'ADDRESS_FORMAT_COMPRESSED']);
      expect(detail.addresses[0]!.address.toLowerCase()).to.equal(expected);
      expect(keyInput.value).to.equal('');
      await el.updateComplete;
      const result = text(part(el, 'import-result'));
      expect(result).to.include('Key imported.');
      expect(result).to.include(detail.addresses[0]!.address);
      expect(result).to.include('Public key (compressed)');
    });

    it('checks the key, the name and the formats before anything is sent', async () => {
      const el = await wallet(user.kit);
      await ready(el);
      const events: Event[] = [];
      el.addEventListener('latch-import', (e) => events.push(e));
      part<HTMLInputElement>(el, 'import-key').value = 'not hex';
      part<HTMLInputElement>(el, 'import-name').value = ' ';
      part<HTMLSelectElement>(el, 'import-curve').value = 'CURVE_ED25519';
      part(el, 'import-curve').dispatchEvent(new Event('change'));
      await el.updateComplete;
      const box = part(el, 'import-formats').querySelector<HTMLInputElement>('input[type="checkbox"]')!;
      expect(box.value).to.equal('ADDRESS_FORMAT_SOLANA');
      box.click();
      part(el, 'import-submit').click();
      await el.updateComplete;
      expect(text(find(el, '#import-name-error'))).to.equal('Enter a name for the key.');
      expect(text(find(el, '#import-key-error'))).to.equal('This is not a private key in hexadecimal, Bitcoin WIF or Solana base58.');
      expect(text(find(el, '#import-formats-error'))).to.equal('Choose at least one address format.');
      expect(part(el, 'import-key').getAttribute('aria-invalid')).to.equal('true');
      expect(deepActive(el)).to.equal(part(el, 'import-name'));
      expect(part(el, 'import-submit').textContent?.trim()).to.equal('Import');
      expect(events).to.deep.equal([]);
    });
  });

  describe('keyboard', () => {
    it('Next and Previous work from the keyboard', async () => {
      const el = await wallet(user.kit);
      await ready(el);
      part(el, 'next').focus();
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => text(part(el, 'page')) === 'Page 2');
      await ready(el);
      // Focus stays on the (now inert) Next button rather than falling to the page.
      expect(deepActive(el)).to.equal(part(el, 'next'));
      part(el, 'previous').focus();
      await sendKeys({ press: ' ' });
      await waitUntil(() => text(part(el, 'page')) === 'Page 1');
    });
  });

  describe('errors and sessions', () => {
    it('shows a translated error in the assertive region with a retry; a failed retry fires latch-error', async () => {
      let failing = true;
      const kit = await emulatorKit((input, init) =>
        failing && String(input).includes('list_wallet_accounts') ? Promise.reject(new TypeError('offline')) : fetch(input, init),
      );
      await logIn(kit);
      const el = await fixture<LatchWallet>(html`<latch-wallet tools-open locale="es" .kit=${kit}></latch-wallet>`);
      kits.push(kit);
      await waitUntil(() => find(el, '[part~="retry"]'), 'the error shows', { timeout: 10_000 });
      expect(text(part(el, 'error'))).to.equal('No se puede conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.');
      const failed = oneEvent(el, 'latch-error') as Promise<LatchErrorEvent>;
      part(el, 'retry').click();
      expect((await failed).detail.error.code).to.equal('ERR_NETWORK_FAILED');

      failing = false;
      part(el, 'retry').click();
      await ready(el);
      expect(text(part(el, 'error'))).to.equal('');
      expect(addresses(el)).to.have.length(1);
    });

    it('shows loading, then the empty state, for a session without accounts', async () => {
      let answer: (accounts: never[]) => void = () => undefined;
      const session = { active: true, listWalletAccounts: () => new Promise<never[]>((resolve) => (answer = resolve)) };
      const kit = { session, restoreSession: async () => session, options: {} } as unknown as LatchKit;
      const el = await fixture<LatchWallet>(html`<latch-wallet tools-open .kit=${kit}></latch-wallet>`);
      expect(text(part(el, 'loading'))).to.equal('Loading your accounts…');
      expect(find(el, '[aria-busy="true"]')).to.be.instanceOf(HTMLElement);
      answer([]);
      await waitUntil(() => find(el, '[part~="empty"]'), 'the empty state shows');
      expect(text(part(el, 'empty'))).to.equal('This wallet has no accounts yet.');
      expect(find(el, '[part~="loading"]')).to.equal(null);
      expect(find(el, '[part~="sign"]'), 'nothing to sign with').to.equal(null);
      expect(find(el, '[part~="export"]'), 'nothing to export').to.equal(null);
      expect(find(el, '[part~="import"]'), 'a key can still be imported').to.be.instanceOf(HTMLElement);
      await expect(el).to.be.accessible();
    });

    it('picks up the session an earlier page load left, also for a kit set after the element is on the page', async () => {
      const options = await emulatorKitOptions();
      const first = new LatchKit(options);
      const loggedIn = await logIn(first);
      first.dispose(); // the "reload": a new kit over the same stores, nothing in memory
      const reloaded = new LatchKit(options);
      kits.push(reloaded);
      const el = await fixture<LatchWallet>(html`<latch-wallet tools-open></latch-wallet>`);
      expect(reloaded.session).to.equal(null);
      el.kit = reloaded;
      await ready(el);
      expect(reloaded.session?.summary?.userId).to.equal(loggedIn.session.summary?.userId);
      expect(addresses(el)).to.have.length(1);
    });

    it('follows a logout and a new login', async () => {
      const loggedIn = await logIn();
      const el = await wallet(loggedIn.kit);
      await ready(el);
      await loggedIn.kit.logout();
      await waitUntil(() => find(el, '[part~="signed-out"]'), 'the prompt shows after logout');
      expect(find(el, '[part~="accounts"]')).to.equal(null);
      await logIn(loggedIn.kit);
      await ready(el);
      expect(addresses(el)).to.have.length(1);
    });
  });
});
