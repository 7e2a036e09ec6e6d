// Issue 24, in a built page against the emulator: a person imports a recovery phrase through
// <latch-wallet>'s import section (typed into the masked field), and the wallet's addresses are
// checked in Node by derivations this project did not write: viem's mnemonicToAccount (Ethereum)
// and @ton/crypto's SLIP-10 with @solana/web3.js Keypair.fromSeed (Solana). Then one account's
// key is exported through the export section, and the key the page shows gives that address
// (viem's privateKeyToAccount; Keypair.fromSecretKey for the base58 secret key Phantom takes).
// The phrase's words are in no logged event, no storage, no console line and no attribute, each
// as a whole token: tokens are runs of letters and digits, in lower case, so an address or id is
// one token; and the phrase is drawn so that none of its words can be a token there by chance (no
// word made of hex letters only, as an id's group could be; none of the words the page already
// shows or the elements' sources hold, such as "wallet" or "copy").
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { entropyToMnemonic, mnemonicToSeedSync } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { deriveEd25519Path } from '@ton/crypto';
import { Keypair } from '@solana/web3.js';
import bs58 from 'bs58';
import { openPage, type Page, type PageProblems } from './support/browser.ts';
import { startSite, type E2eSite } from './support/e2e-site.ts';
import { otpLogin } from './support/auth-flows.ts';
import { assertClean, click, typeInto, uniqueEmail, waitForBoot, waitForEvent } from './support/page-helpers.ts';

const WALLET = 'latch-wallet';
const SOURCES = ['components/latch-wallet-import/latch-wallet-import.ts', 'components/latch-wallet-import/import-fields.ts', 'components/latch-wallet-export/latch-wallet-export.ts', 'components/latch-wallet-export/key-export-view.ts', 'components/latch-wallet/latch-wallet.ts', 'components/latch-wallet/wallet-parts.ts', 'components/latch-wallet-accounts/latch-wallet-accounts.ts'];

const tokensOf = (text: string): Set<string> => new Set(text.toLowerCase().split(/[^a-z0-9]+/));

/** A 24-word phrase none of whose words is in `avoid` or made of hex letters only. */
function phraseAvoiding(avoid: ReadonlySet<string>): string {
  for (let tries = 0; tries < 10_000; tries++) {
    const phrase = entropyToMnemonic(crypto.getRandomValues(new Uint8Array(32)), wordlist);
    if (phrase.split(' ').every((w) => !avoid.has(w) && !/^[a-f]+$/.test(w))) return phrase;
  }
  throw new Error('no phrase avoids the page\'s words');
}

/** What the page keeps: logged events, storage, attributes anywhere (shadow roots included). */
function pageKeeps(page: Page): Promise<string> {
  return page.evaluate(() => {
    const values: string[] = [JSON.stringify([window.__events, { ...localStorage }, { ...sessionStorage }])];
    const walk = (root: Document | ShadowRoot) =>
      root.querySelectorAll('*').forEach((el) => {
        for (const a of Array.from(el.attributes)) values.push(a.value);
        if (el.shadowRoot) walk(el.shadowRoot);
      });
    walk(document);
    return values.join(' ');
  });
}

describe('<latch-wallet>: import a recovery phrase, export one account', { timeout: 240_000 }, () => {
  let site: E2eSite;
  let page: Page;
  let problems: PageProblems;
  const consoleLines: string[] = [];
  let imported: string[] = [];
  let MNEMONIC = '';

  before(async () => {
    site = await startSite({ pages: ['plain.html'] });
    ({ page, problems } = await openPage(site.browser));
    page.on('console', (message) => consoleLines.push(message.text()));
    await page.goto(site.url('plain.html'));
    await waitForBoot(page);
    await otpLogin(page, site.emu, { contact: uniqueEmail('import') });
  }, { timeout: 120_000 });

  after(() => site?.close());

  it('imports a 24-word phrase typed into the masked field; its addresses are viem\u2019s and SLIP-10\u2019s', async () => {
    await click(page, `${WALLET} >>> [part~="import-mode"] input[value="phrase"]`);
    const seen = tokensOf([await pageKeeps(page), consoleLines.join(' '), ...SOURCES.map((f) => readFileSync(f, 'utf8'))].join(' '));
    MNEMONIC = phraseAvoiding(seen);
    const field = `${WALLET} >>> [part~="import-phrase"]`;
    assert.equal(await page.$eval(field, (el) => (el as HTMLInputElement).type), 'password');
    await typeInto(page, field, MNEMONIC);
    await click(page, `${WALLET} >>> [part~="import-submit"]`);
    const event = await waitForEvent(page, 'latch-import-wallet', { timeout: 60_000 });
    imported = (event.detail as { addresses: string[] }).addresses;
    const solana = Keypair.fromSeed(await deriveEd25519Path(Buffer.from(mnemonicToSeedSync(MNEMONIC)), [44, 501, 0, 0])).publicKey.toBase58();
    assert.deepEqual(imported, [mnemonicToAccount(MNEMONIC).address, solana]);
    assert.equal(await page.$eval(field, (el) => (el as HTMLInputElement).value), '');

    const tokens = tokensOf(`${await pageKeeps(page)} ${consoleLines.join(' ')}`);
    assert.deepEqual(MNEMONIC.split(' ').filter((w) => tokens.has(w)), [], 'no word of the phrase in events, storage, attributes or console');
  });

  async function exportAccount(address: string): Promise<string> {
    const what = await page.waitForSelector(`${WALLET} >>> [part~="export-what"]`, { visible: true });
    await what!.select('account');
    const account = await page.waitForSelector(`${WALLET} >>> [part~="export-account"]`, { visible: true });
    await page.waitForFunction((el, value) => Array.from((el as HTMLSelectElement).options).some((o) => o.value === value), {}, account, address);
    await account!.select(address);
    await click(page, `${WALLET} >>> [part~="export-start"]`);
    await click(page, `${WALLET} >>> [part~="export-confirm"]`);
    await page.waitForSelector(`${WALLET} >>> [part~="reveal"][aria-disabled="false"]`, { visible: true });
    const before = (await page.evaluate(() => window.__events)).filter((e) => e.type === 'latch-export-key').length;
    await click(page, `${WALLET} >>> [part~="reveal"]`);
    const exported = await waitForEvent(page, 'latch-export-key', { skip: before, timeout: 60_000 });
    assert.deepEqual(exported.detail, { address });
    assert.match(await page.$eval(`${WALLET} >>> [part~="exported-key"]`, (el) => el.textContent!.trim()), /^•+$/);
    await click(page, `${WALLET} >>> [part~="key-reveal"]`);
    const key = await page.$eval(`${WALLET} >>> [part~="exported-key"]`, (el) => el.textContent!.trim());
    await click(page, `${WALLET} >>> [part~="hide"]`);
    return key;
  }

  it('exports the imported Solana account: the base58 secret key opens (Keypair.fromSecretKey) to its address', async () => {
    assert.equal(imported.length, 2, 'needs the import first');
    const key = await exportAccount(imported[1]!);
    assert.equal(Keypair.fromSecretKey(bs58.decode(key)).publicKey.toBase58(), imported[1]);
  });

  it('exports the imported Ethereum account: the hex key gives its address (viem privateKeyToAccount)', async () => {
    const key = await exportAccount(imported[0]!);
    assert.equal(privateKeyToAccount(`0x${key}`).address, imported[0]);
    await assertClean(page, problems);
  });
});
