// Issue 23 "Done means", Ethereum: a viem dapp (createWalletClient with custom(provider) over
// latchkey/eip1193, no approve hook) under the strict CSP, logged in against the emulator. Each
// request opens the kit's confirmation sheet and the test reads its words as a person would:
// a message, typed data and a transaction, approved, give signatures viem verifies in Node; an
// unlimited ERC-20 approval shows its warning, and Reject gives 4001 with nothing reaching the
// emulator (its activity list is the same before and after).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { recoverTransactionAddress, verifyMessage, verifyTypedData, type TransactionSerialized } from 'viem';
import type { Page, PageProblems } from './support/browser.ts';
import type { E2eSite } from './support/e2e-site.ts';
import { assertClean, click } from './support/page-helpers.ts';
import { askDapp, openLoggedInDapp, readSheet as readSheetOf, SHEET, type LoggedInDapp } from './support/dapp-sheet.ts';
import { MAIL } from '../support/eip712-mail.ts';
import type { DappOutcome } from './pages/eip1193.ts';

const TOKEN = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const SPENDER = '0x3333333333333333333333333333333333333333';

describe('a viem dapp on latchkey/eip1193: the confirmation sheet', { timeout: 240_000 }, () => {
  let dapp: LoggedInDapp;
  let site: E2eSite;
  let page: Page;
  let problems: PageProblems;
  let address: `0x${string}`;

  before(async () => {
    dapp = await openLoggedInDapp('eip1193.html', '__dapp', 'dapp');
    ({ site, page, problems } = dapp);
    address = await page.evaluate(() => window.__dapp!.address);
  }, { timeout: 120_000 });

  after(() => site?.close());

  const activities = () => dapp.activities();
  const readSheet = () => readSheetOf(page);

  /** Starts a dapp call in the page; the answer comes when the person has answered the sheet. */
  const ask = (call: string, ...args: string[]): Promise<DappOutcome> => askDapp<DappOutcome>(page, '__dapp', call, ...args);

  it('a message: the sheet says who asks, the account, the chain and the text; approved, viem verifies the signature', async () => {
    const before = activities();
    const answer = ask('signMessage', 'Sign in to the dapp\nNonce: 8');
    const sheet = await readSheet();
    assert.equal(sheet.title, 'Sign this message?');
    assert.equal(sheet.origin, new URL(site.url('')).origin);
    assert.equal(sheet.account.toLowerCase(), address.toLowerCase());
    assert.equal(sheet.chain, 'Ethereum (eip155:1)');
    assert.equal(sheet.message, 'Sign in to the dapp\nNonce: 8');
    assert.deepEqual(sheet.warnings, []);
    await click(page, `${SHEET} >>> [part~="approve"]`);
    const out = await answer;
    assert.ok('result' in out, JSON.stringify(out));
    assert.equal(await verifyMessage({ address, message: 'Sign in to the dapp\nNonce: 8', signature: out.result as `0x${string}` }), true);
    assert.equal(activities(), before + 1);
  });

  it('typed data: the domain, primary type and fields; approved, viem verifies it', async () => {
    const answer = ask('signTypedData');
    const sheet = await readSheet();
    assert.equal(sheet.title, 'Sign this data?');
    assert.equal(sheet.rows['Application'], 'Ether Mail');
    assert.equal(sheet.rows['Contract']!.toLowerCase(), MAIL.domain.verifyingContract.toLowerCase());
    assert.equal(sheet.rows['Network'], 'Ethereum (1)');
    assert.deepEqual(sheet.headings, ['Mail']);
    assert.equal(sheet.rows['contents'], 'Hello, Bob!');
    assert.equal(sheet.rows['from.name'], 'Cow');
    await click(page, `${SHEET} >>> [part~="approve"]`);
    const out = await answer;
    assert.ok('result' in out, JSON.stringify(out));
    assert.equal(await verifyTypedData({ address, ...MAIL, signature: out.result as `0x${string}` }), true);
  });

  it('a transaction: to, value in ETH and wei, fees; approved, the signed transaction is the account\'s (viem recovers it)', async () => {
    const answer = ask('signTransaction');
    const sheet = await readSheet();
    assert.equal(sheet.title, 'Sign this transaction?');
    assert.equal(sheet.rows['To']!.toLowerCase(), '0x1111111111111111111111111111111111111111');
    assert.equal(sheet.rows['Value'], '0.00123 ETH');
    assert.equal(sheet.rows['Value in wei'], '1230000000000000');
    assert.equal(sheet.rows['Gas limit'], '21000');
    assert.equal(sheet.rows['Max fee per gas'], '30 gwei');
    await click(page, `${SHEET} >>> [part~="approve"]`);
    const out = await answer;
    assert.ok('result' in out, JSON.stringify(out));
    assert.equal((await recoverTransactionAddress({ serializedTransaction: out.result as TransactionSerialized })).toLowerCase(), address.toLowerCase());
  });

  it('an unlimited ERC-20 approval: the warning shows; Reject is 4001 and nothing reaches the emulator', async () => {
    const before = activities();
    const answer = ask('approveUnlimited', TOKEN, SPENDER);
    const sheet = await readSheet();
    assert.equal(sheet.title, 'Send this transaction?');
    assert.deepEqual(sheet.warnings, [
      'Unlimited amount: this lets the spender take all of this token you hold, now and later.',
      'This lets someone else spend or move your assets. Check who (the spender) and how much.',
      // The page gives no rpcUrl: the send is not simulated, and the sheet says so.
      'The wallet could not simulate this transaction, so what it changes for you is not shown. The details below are what the request says.',
    ]);
    assert.deepEqual(sheet.headings, ['approve(address,uint256)']);
    assert.equal(sheet.rows['Spender'], SPENDER);
    assert.equal(sheet.rows['Value'], '0 ETH');
    assert.equal(sheet.rows['Amount'], (2n ** 256n - 1n).toString());
    await click(page, `${SHEET} >>> [part~="reject"]`);
    const out = await answer;
    assert.ok('code' in out, JSON.stringify(out));
    assert.equal(out.code, 4001);
    assert.equal(activities(), before);
    assert.equal(await page.$(SHEET), null, 'the sheet is gone');
  });

  it('Escape is a rejection too (4001), and the page stayed clean under the CSP', async () => {
    const before = activities();
    const answer = ask('signMessage', 'never');
    await readSheet();
    await page.keyboard.press('Escape');
    const out = await answer;
    assert.ok('code' in out && out.code === 4001, JSON.stringify(out));
    assert.equal(activities(), before);
    await assertClean(page, problems);
  });
});
