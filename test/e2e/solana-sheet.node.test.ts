// Issue 23 "Done means", Solana: a dapp page registers latchkey/solana's wallet with no approve
// hook and finds it through @wallet-standard/app's getWallets(), under the strict CSP, logged in
// against the emulator. Each request opens the kit's confirmation sheet and the test reads its
// words as a person would: a message, a legacy System transfer and a v0 one, approved, give
// signatures @solana/web3.js 1.98.4 (and tweetnacl) verify here in Node against the account's
// public key; an SPL Token approve of u64::MAX shows the unlimited-amount and delegation
// warnings, and Reject or Escape is the Wallet Standard rejection with nothing reaching the
// emulator (its activity list is the same before and after). Issue 36's critical case: a
// signMessage whose bytes are a 1,000 SOL transfer (web3.js) opens no sheet at all and is
// ERR_WALLET_REQUEST_UNSAFE, nothing reaching the emulator.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import nacl from 'tweetnacl';
import { Keypair, PublicKey, SystemProgram, Transaction, TransactionInstruction, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import type { Page, PageProblems } from './support/browser.ts';
import type { E2eSite } from './support/e2e-site.ts';
import { assertClean, click } from './support/page-helpers.ts';
import { askDapp, openLoggedInDapp, readSheet as readSheetOf, SHEET, type LoggedInDapp } from './support/dapp-sheet.ts';
import type { SolanaDappOutcome } from './pages/solana.ts';

const TOKEN_PROGRAM = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');
const U64_MAX = 2n ** 64n - 1n;
const REJECTED = { code: 'ERR_WALLET_REJECTED', message: 'User rejected the request.' };

const blockhash = () => Keypair.generate().publicKey.toBase58();
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/** An SPL Token `approve` (discriminator 4, the amount as u64 little-endian) built by hand: web3.js has no Token client. */
function tokenApprove(source: PublicKey, delegate: PublicKey, owner: PublicKey, amount: bigint): TransactionInstruction {
  const data = Buffer.alloc(9);
  data.writeUInt8(4, 0);
  data.writeBigUInt64LE(amount, 1);
  return new TransactionInstruction({
    programId: TOKEN_PROGRAM,
    keys: [
      { pubkey: source, isSigner: false, isWritable: true },
      { pubkey: delegate, isSigner: false, isWritable: false },
      { pubkey: owner, isSigner: true, isWritable: false },
    ],
    data,
  });
}

describe('a Solana dapp on latchkey/solana: the confirmation sheet', { timeout: 240_000 }, () => {
  let dapp: LoggedInDapp;
  let site: E2eSite;
  let page: Page;
  let problems: PageProblems;
  let account: PublicKey;

  before(async () => {
    dapp = await openLoggedInDapp('solana.html', '__solanaDapp', 'soldapp');
    ({ site, page, problems } = dapp);
    account = new PublicKey(await page.evaluate(() => window.__solanaDapp!.address));
    assert.equal(await page.evaluate(() => window.__solanaDapp!.walletName), 'Latchkey');
  }, { timeout: 120_000 });

  after(() => site?.close());

  const activities = () => dapp.activities();
  const readSheet = () => readSheetOf(page);

  /** Starts a dapp call in the page; the answer comes when the person has answered the sheet. */
  const ask = (call: 'signMessage' | 'signMessageBytes' | 'signTransaction', ...args: string[]): Promise<SolanaDappOutcome> => askDapp<SolanaDappOutcome>(page, '__solanaDapp', call, ...args);

  it('a message: who asks, the account, the chain and the text; approved, tweetnacl verifies the signature with the account\u2019s key', async () => {
    const before = activities();
    const text = 'Sign in to the Solana dapp\nNonce: 5f2a';
    const answer = ask('signMessage', text);
    const sheet = await readSheet();
    assert.equal(sheet.title, 'Sign this message?');
    assert.equal(sheet.origin, new URL(site.url('')).origin);
    assert.equal(sheet.account, account.toBase58());
    assert.equal(sheet.chain, 'Solana (solana:mainnet)');
    assert.equal(sheet.message, text);
    assert.deepEqual(sheet.warnings, []);
    await click(page, `${SHEET} >>> [part~="approve"]`);
    const out = await answer;
    assert.ok('result' in out, JSON.stringify(out));
    assert.equal(nacl.sign.detached.verify(new TextEncoder().encode(text), Buffer.from(out.result, 'base64'), account.toBytes()), true);
    assert.equal(activities(), before + 1);
  });

  it('a legacy System transfer: the amount in SOL and lamports, the recipient; approved, Transaction.verifySignatures() holds', async () => {
    const to = Keypair.generate().publicKey;
    const tx = new Transaction({ feePayer: account, recentBlockhash: blockhash() }).add(SystemProgram.transfer({ fromPubkey: account, toPubkey: to, lamports: 2_500_000_000n }));
    const answer = ask('signTransaction', base64(tx.serialize({ requireAllSignatures: false, verifySignatures: false })), 'solana:mainnet');
    const sheet = await readSheet();
    assert.equal(sheet.title, 'Sign this transaction?');
    assert.equal(sheet.chain, 'Solana (solana:mainnet)');
    assert.deepEqual(sheet.headings, ['System Program: transfer']);
    assert.equal(sheet.rows['Version'], 'legacy');
    assert.equal(sheet.rows['Fee payer'], account.toBase58());
    assert.equal(sheet.rows['Recent blockhash'], tx.recentBlockhash);
    assert.equal(sheet.rows['Program'], SystemProgram.programId.toBase58());
    assert.equal(sheet.rows['From'], account.toBase58());
    assert.equal(sheet.rows['To'], to.toBase58());
    assert.equal(sheet.rows['Amount in SOL'], '2.5');
    assert.equal(sheet.rows['Lamports'], '2500000000');
    // The page gave the wallet no rpcUrl: said, never blank.
    assert.deepEqual(sheet.warnings, ['The wallet could not simulate this transaction, so what it changes for you is not shown. The details below are what the request says.']);
    await click(page, `${SHEET} >>> [part~="approve"]`);
    const out = await answer;
    assert.ok('result' in out, JSON.stringify(out));
    const signed = Transaction.from(Buffer.from(out.result, 'base64'));
    assert.equal(signed.feePayer!.toBase58(), account.toBase58());
    assert.equal(signed.verifySignatures(), true);
    assert.equal(signed.instructions[0]!.keys[1]!.pubkey.toBase58(), to.toBase58(), 'the signed transfer is the one shown');
  });

  it('a v0 System transfer on devnet: approved, nacl verifies VersionedTransaction\u2019s message against the fee payer\u2019s slot', async () => {
    const to = Keypair.generate().publicKey;
    const message = new TransactionMessage({ payerKey: account, recentBlockhash: blockhash(), instructions: [SystemProgram.transfer({ fromPubkey: account, toPubkey: to, lamports: 1_000n })] }).compileToV0Message();
    const answer = ask('signTransaction', base64(new VersionedTransaction(message).serialize()), 'solana:devnet');
    const sheet = await readSheet();
    assert.equal(sheet.chain, 'Solana Devnet (solana:devnet)');
    assert.equal(sheet.rows['Version'], '0');
    assert.equal(sheet.rows['To'], to.toBase58());
    assert.equal(sheet.rows['Amount in SOL'], '0.000001');
    await click(page, `${SHEET} >>> [part~="approve"]`);
    const out = await answer;
    assert.ok('result' in out, JSON.stringify(out));
    const signed = VersionedTransaction.deserialize(Buffer.from(out.result, 'base64'));
    assert.equal(signed.version, 0);
    assert.equal(signed.message.staticAccountKeys[0]!.toBase58(), account.toBase58());
    assert.equal(nacl.sign.detached.verify(signed.message.serialize(), signed.signatures[0]!, account.toBytes()), true);
  });

  it('an SPL Token approve of u64::MAX: the unlimited-amount warning; Reject is the Wallet Standard rejection and nothing reaches the emulator', async () => {
    const before = activities();
    const source = Keypair.generate().publicKey;
    const delegate = Keypair.generate().publicKey;
    const message = new TransactionMessage({ payerKey: account, recentBlockhash: blockhash(), instructions: [tokenApprove(source, delegate, account, U64_MAX)] }).compileToV0Message();
    const answer = ask('signTransaction', base64(new VersionedTransaction(message).serialize()), 'solana:mainnet');
    const sheet = await readSheet();
    assert.equal(sheet.title, 'Sign this transaction?');
    assert.deepEqual(sheet.warnings, [
      'Unlimited amount: this lets the spender take all of this token you hold, now and later.',
      'This lets someone else spend or move your assets. Check who (the spender) and how much.',
      'The wallet could not simulate this transaction, so what it changes for you is not shown. The details below are what the request says.',
    ]);
    assert.deepEqual(sheet.headings, ['Token Program: approve']);
    assert.equal(sheet.rows['Program'], TOKEN_PROGRAM.toBase58());
    assert.equal(sheet.rows['Source'], source.toBase58());
    assert.equal(sheet.rows['Delegate'], delegate.toBase58());
    assert.equal(sheet.rows['Owner'], account.toBase58());
    assert.equal(sheet.rows['Amount'], U64_MAX.toString());
    await click(page, `${SHEET} >>> [part~="reject"]`);
    assert.deepEqual(await answer, REJECTED);
    assert.equal(activities(), before);
    assert.equal(await page.$(SHEET), null, 'the sheet is gone');
  });

  it('a message whose bytes are a 1,000 SOL transfer: refused before any sheet opens (ERR_WALLET_REQUEST_UNSAFE), nothing reaches the emulator', async () => {
    const before = activities();
    const to = Keypair.generate().publicKey;
    const drain = new Transaction({ feePayer: account, recentBlockhash: blockhash() }).add(SystemProgram.transfer({ fromPubkey: account, toPubkey: to, lamports: 1_000_000_000_000n }));
    const out = await ask('signMessageBytes', base64(drain.serializeMessage()));
    assert.equal((out as { code?: string }).code, 'ERR_WALLET_REQUEST_UNSAFE', JSON.stringify(out));
    assert.equal(await page.$(SHEET), null, 'no sheet was opened');
    assert.equal(activities(), before);
    // The page goes on: an ordinary message still opens the sheet (and is rejected here).
    const answer = ask('signMessage', 'still here');
    assert.equal((await readSheet()).message, 'still here');
    await click(page, `${SHEET} >>> [part~="reject"]`);
    assert.deepEqual(await answer, REJECTED);
  });

  it('Escape is the rejection too, nothing reaches the emulator, and the page stayed clean under the CSP', async () => {
    const before = activities();
    const answer = ask('signMessage', 'never');
    assert.equal((await readSheet()).message, 'never');
    await page.keyboard.press('Escape');
    assert.deepEqual(await answer, REJECTED);
    assert.equal(activities(), before);
    await assertClean(page, problems);
  });
});
