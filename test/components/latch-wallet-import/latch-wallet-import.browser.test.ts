// <latch-wallet-import> alone on a page, against the emulator: both modes. A recovery phrase whose
// checksum fails is refused in the page (nothing submitted), a good one imports and its Ethereum
// address is viem's mnemonicToAccount's; the phrase is in no event, attribute, storage or log,
// and its field is empty. A private key in hex, WIF (the Bitcoin wiki's key, its Ethereum address
// by viem) and Solana base58, each recognised as typed; tampered ones are refused at the field
// with nothing submitted. es / ar and axe.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { entropyToMnemonic, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { afterEach, before, describe, it } from '../../support/harness.ts';
import { LatchWalletImport } from '../../../components/latch-wallet-import/latch-wallet-import.ts';
import type { LatchImportEvent, LatchImportWalletEvent } from '../../../components/latch-wallet/wallet-events.ts';
import { toHex } from '../../../src/encoding/hex.ts';
import { resetConfig } from '../support/helpers.ts';
import { announced, emulatorKit, logIn, part, text, type LoggedIn } from '../support/kit-login.ts';

LatchWalletImport.define();

afterEach(() => resetConfig());

/** The Bitcoin wiki's WIF example key, compressed form (KwdMAj…) of 0c28fca3…. */
const WIF_KEY = '0c28fca386c7a227600b2fe50b7cae11ec86d3bf1fbe471be89827e19d72aa1d';
const WIF_COMPRESSED = 'KwdMAjGmerYanjeui5SHS7JkmpZvVipYvB2LJGU1ZxJwYvP98617';
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

let submits = 0;
const counting: typeof fetch = (input, init) => {
  if (String(input instanceof Request ? input.url : input).includes('/public/v1/submit/')) submits++;
  return fetch(input, init);
};

function type(input: HTMLInputElement, value: string): void {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}

/**
 * Tokens: runs of letters and digits, in lower case (a phrase may be typed in capitals). An address
 * or an id stays one token, so it can never equal a word.
 */
const tokensOf = (text: string): Set<string> => new Set(text.toLowerCase().split(/[^a-z0-9]+/));

/**
 * A phrase none of whose words can be a token of the page by chance: none made of hex letters
 * only (an id's group could be one), none in `avoid` (words the page or the element's sources
 * already hold: "result", "title", "success", "copy" are BIP-39 words).
 */
function phraseAvoiding(avoid: ReadonlySet<string>): string {
  for (let tries = 0; tries < 10_000; tries++) {
    const phrase = entropyToMnemonic(crypto.getRandomValues(new Uint8Array(16)), wordlist);
    if (phrase.split(' ').every((w) => !avoid.has(w) && !/^[a-f]+$/.test(w))) return phrase;
  }
  throw new Error('no phrase avoids the page\'s words');
}

/** Every attribute value in the element's tree (host and shadow root). */
function attributeValues(el: Element): string[] {
  const all = [el, ...el.shadowRoot!.querySelectorAll('*')];
  return all.flatMap((node) => Array.from(node.attributes, (a) => a.value));
}

describe('<latch-wallet-import>', () => {
  let user: LoggedIn;

  before(async () => {
    user = await logIn(await emulatorKit(counting));
  });

  it('passes axe signed out and signed in, in both modes (Spanish, Arabic right to left)', async () => {
    const out = await fixture<LatchWalletImport>(html`<latch-wallet-import></latch-wallet-import>`);
    expect(text(part(out, 'signed-out'))).to.equal('Log in to see your wallet.');
    await expect(out).to.be.accessible();
    const es = await fixture<LatchWalletImport>(html`<latch-wallet-import locale="es" mode="phrase" .kit=${user.kit}></latch-wallet-import>`);
    expect(text(part(es, 'import-submit'))).to.equal('Importar');
    expect(part(es, 'import-phrase').getAttribute('type')).to.equal('password');
    await expect(es).to.be.accessible();
    const ar = await fixture<LatchWalletImport>(html`<latch-wallet-import locale="ar" .kit=${user.kit}></latch-wallet-import>`);
    expect(ar.getAttribute('dir')).to.equal('rtl');
    expect(part(ar, 'import-key').getAttribute('dir')).to.equal('ltr');
    await expect(ar).to.be.accessible();
  });

  it('a phrase with a wrong checksum is refused in the page, nothing sent; a good one imports, its Ethereum address viem\u2019s, and the phrase is nowhere', async () => {
    const logged: string[] = [];
    const methods = ['log', 'info', 'warn', 'error', 'debug'] as const;
    const originals = methods.map((m) => console[m]);
    methods.forEach((m) => (console[m] = (...args: unknown[]) => logged.push(args.map(String).join(' '))));
    try {
      const el = await fixture<LatchWalletImport>(html`<latch-wallet-import .kit=${user.kit}></latch-wallet-import>`);
      const events: Event[] = [];
      for (const type of ['latch-import', 'latch-import-wallet', 'latch-error']) el.addEventListener(type, (e) => events.push(e));
      part<HTMLInputElement>(el, 'import-mode').querySelector<HTMLInputElement>('input[value="phrase"]')!.click();
      await el.updateComplete;
      const files = ['latch-wallet-import/latch-wallet-import.ts', 'latch-wallet-import/import-fields.ts', 'latch-wallet/key-io-messages.ts', 'latch-wallet/wallet-messages.ts', 'latch-wallet/address-labels.ts'];
      const sources = await Promise.all(files.map(async (f) => (await fetch(`/components/${f}`)).text()));
      const kept = () => [...attributeValues(el), JSON.stringify({ ...localStorage }), JSON.stringify({ ...sessionStorage }), ...logged].join(' ');
      const avoid = tokensOf([kept(), el.shadowRoot!.textContent ?? '', ...sources].join(' '));
      const mnemonic = phraseAvoiding(avoid);
      const words = mnemonic.split(' ');
      let wrong = '';
      for (let step = 1; !wrong; step++) {
        const candidate = [...words.slice(0, -1), wordlist[(wordlist.indexOf(words.at(-1)!) + step) % 2048]].join(' ');
        const last = candidate.split(' ').at(-1)!;
        if (!validateMnemonic(candidate, wordlist) && !avoid.has(last) && !/^[a-f]+$/.test(last)) wrong = candidate;
      }
      const before = submits;
      const field = part<HTMLInputElement>(el, 'import-phrase');
      field.value = wrong;
      part(el, 'import-submit').click();
      await waitFor(() => text(el.shadowRoot!.getElementById('import-phrase-error')) !== '');
      expect(text(el.shadowRoot!.getElementById('import-phrase-error'))).to.equal('This recovery phrase is not right. Check each word and their order.');
      expect(field.value).to.equal('');
      expect(el.shadowRoot?.activeElement).to.equal(field);
      expect(submits).to.equal(before);
      expect(events).to.deep.equal([]);

      field.value = `  ${mnemonic.toUpperCase()} `;
      const imported = oneEvent(el, 'latch-import-wallet') as Promise<LatchImportWalletEvent>;
      part(el, 'import-submit').click();
      const { detail } = await imported;
      expect(field.value).to.equal('');
      expect(detail.addresses).to.have.length(2);
      expect(detail.addresses[0]).to.equal(mnemonicToAccount(mnemonic).address);
      await el.updateComplete;
      expect(text(part(el, 'import-result'))).to.include(detail.addresses[1]!);
      expect(announced(el)).to.equal('Wallet imported. Its addresses:');

      // The event holds the wallet and its addresses, nothing else; no word of the phrase is a
      // token of the attributes, storage, logs or the rendered text (of either phrase typed).
      expect(Object.keys(detail).sort()).to.deep.equal(['addresses', 'walletId']);
      const tokens = tokensOf(`${kept()} ${el.shadowRoot!.textContent ?? ''}`);
      expect([...new Set([...words, ...wrong.split(' ')])].filter((w) => tokens.has(w))).to.deep.equal([]);
      expect(events.map((e) => e.type)).to.deep.equal(['latch-import-wallet']);
    } finally {
      methods.forEach((m, i) => (console[m] = originals[i]!));
    }
  });

  it('recognises a WIF as typed (curve fixed, Bitcoin formats suggested); a tampered one is refused, nothing sent; the key imports', async () => {
    const el = await fixture<LatchWalletImport>(html`<latch-wallet-import .kit=${user.kit}></latch-wallet-import>`);
    const key = part<HTMLInputElement>(el, 'import-key');
    type(key, WIF_COMPRESSED);
    await el.updateComplete;
    expect(text(part(el, 'import-detected'))).to.equal('A Bitcoin WIF key (secp256k1): Bitcoin addresses are suggested.');
    expect(el.shadowRoot!.querySelector('[part~="import-curve"]')).to.equal(null);
    const boxes = Array.from(part(el, 'import-formats').querySelectorAll<HTMLInputElement>('input'));
    expect(boxes.filter((b) => b.checked).map((b) => b.value)).to.deep.equal(['ADDRESS_FORMAT_BITCOIN_MAINNET_P2WPKH']);

    const at = 20;
    const tampered = WIF_COMPRESSED.slice(0, at) + BASE58[(BASE58.indexOf(WIF_COMPRESSED[at]!) + 1) % 58] + WIF_COMPRESSED.slice(at + 1);
    const before = submits;
    key.value = tampered;
    part(el, 'import-submit').click();
    await waitFor(() => text(el.shadowRoot!.getElementById('import-key-error')) !== '');
    expect(text(el.shadowRoot!.getElementById('import-key-error'))).to.equal('This key has a mistake: its checksum does not match. Copy it again.');
    expect(key.value).to.equal('');
    expect(submits).to.equal(before);

    type(key, WIF_COMPRESSED);
    await el.updateComplete;
    boxes.find((b) => b.value === 'ADDRESS_FORMAT_ETHEREUM')!.click();
    await el.updateComplete;
    const imported = oneEvent(el, 'latch-import') as Promise<LatchImportEvent>;
    part(el, 'import-submit').click();
    const { detail } = await imported;
    expect(detail.addresses.map((a) => a.format)).to.deep.equal(['ADDRESS_FORMAT_BITCOIN_MAINNET_P2WPKH', 'ADDRESS_FORMAT_ETHEREUM']);
    expect(detail.addresses[1]!.address).to.equal(privateKeyToAccount(`0x${WIF_KEY}`).address);
    expect(detail.addresses[0]!.address).to.match(/^bc1q[02-9ac-hj-np-z]{38}$/);
  });

  it('recognises a Solana secret key; one whose public half is another key\u2019s is refused; it imports to its own address', async () => {
    const el = await fixture<LatchWalletImport>(html`<latch-wallet-import .kit=${user.kit}></latch-wallet-import>`);
    const seed = ed25519.utils.randomSecretKey();
    const pub = ed25519.getPublicKey(seed);
    const key = part<HTMLInputElement>(el, 'import-key');
    const other = ed25519.getPublicKey(ed25519.utils.randomSecretKey());
    const before = submits;
    key.value = base58.encode(Uint8Array.from([...seed, ...other]));
    part(el, 'import-submit').click();
    await waitFor(() => text(el.shadowRoot!.getElementById('import-key-error')) !== '');
    expect(text(el.shadowRoot!.getElementById('import-key-error'))).to.equal('This Solana secret key is damaged: its two halves do not belong together.');
    expect(submits).to.equal(before);

    type(key, base58.encode(Uint8Array.from([...seed, ...pub])));
    await el.updateComplete;
    expect(text(part(el, 'import-detected'))).to.equal('A Solana secret key (Ed25519).');
    const imported = oneEvent(el, 'latch-import') as Promise<LatchImportEvent>;
    part(el, 'import-submit').click();
    const { detail } = await imported;
    expect(detail.addresses).to.deep.equal([{ format: 'ADDRESS_FORMAT_SOLANA', address: base58.encode(pub) }]);
  });

  it('a hex key: not a key is refused at the field; a secp256k1 key imports to viem\u2019s address', async () => {
    const el = await fixture<LatchWalletImport>(html`<latch-wallet-import .kit=${user.kit}></latch-wallet-import>`);
    const events: Event[] = [];
    el.addEventListener('latch-import', (e) => events.push(e));
    const key = part<HTMLInputElement>(el, 'import-key');
    key.value = 'not a key';
    part(el, 'import-submit').click();
    await waitFor(() => text(el.shadowRoot!.getElementById('import-key-error')) !== '');
    expect(text(el.shadowRoot!.getElementById('import-key-error'))).to.equal('This is not a private key in hexadecimal, Bitcoin WIF or Solana base58.');
    expect(el.shadowRoot?.activeElement).to.equal(key);
    expect(events).to.deep.equal([]);

    const secret = crypto.getRandomValues(new Uint8Array(32));
    secret[0] = 1; // below the curve order
    key.value = toHex(secret);
    const imported = oneEvent(el, 'latch-import') as Promise<LatchImportEvent>;
    part(el, 'import-submit').click();
    const { detail } = await imported;
    expect(key.value).to.equal('');
    expect(detail.addresses[0]!.address).to.equal(privateKeyToAccount(`0x${toHex(secret)}`).address);
    await el.updateComplete;
    expect(text(part(el, 'import-result'))).to.include(detail.addresses[0]!.address);
    expect(announced(el)).to.equal('Key imported. Its addresses:');
  });
});

function waitFor(condition: () => boolean): Promise<void> {
  return waitUntil(condition, 'the element answers', { timeout: 10_000 });
}
