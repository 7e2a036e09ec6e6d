// The account functions of issue 24 through a real kit session against the emulator (127.0.0.1):
// renameUser, removeEmail / removePhone, importWallet and deleteAccount. Each page-side refusal
// (ERR_INPUT_INVALID, ERR_ACCOUNT_LAST_CREDENTIAL, ERR_MNEMONIC_INVALID, ERR_ACCOUNT_NOT_EXPORTED)
// sends nothing: the emulator's whole state is unchanged. The imported wallet's addresses are
// checked by viem's mnemonicToAccount and by @ton/crypto's SLIP-10 derivation with
// @solana/web3.js; a stale session meets the service's step-up as ERR_STEP_UP_REQUIRED.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { generateMnemonic, mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { mnemonicToAccount } from 'viem/accounts';
import { deriveEd25519Path } from '@ton/crypto';
import { Keypair } from '@solana/web3.js';
import { createEmulator, type Emulator } from '../../../demo/emulator/emulator.ts';
import { LatchKit } from '../../../src/kit/latch-kit.ts';
import { loadAccount } from '../../../src/account/user-account.ts';
import { renameUser } from '../../../src/account/rename-user.ts';
import { removeEmail, removePhone } from '../../../src/account/remove-contact.ts';
import { importWallet } from '../../../src/account/import-wallet.ts';
import { deleteAccount } from '../../../src/account/delete-account.ts';
import { isLatchError, type LatchErrorCode } from '../../../src/errors/latch-error.ts';
import { setSession } from '../../../src/state/session-state.ts';
import { endFlow } from '../../../src/state/flow-state.ts';
import type { SigningSession } from '../../../src/session/signing-session.ts';
import { ETH_WALLET, emulatorKitOptions, otpLogin, type TestEmulator } from '../kit/kit-emulator-support.ts';

const ETH = (i: number) => ({ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: `m/44'/60'/0'/0/${i}`, addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }) as const;
const SOL = { curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/501'/0'/0'", addressFormat: 'ADDRESS_FORMAT_SOLANA' } as const;

let t: TestEmulator;
let emulator: Emulator;
let offset = 0;
/** Activities the kit submitted (the page-side refusals submit none; deleteAccount's check only queries). */
let sent = 0;
const countingFetch: typeof fetch = (input, init) => {
  if (String(input instanceof Request ? input.url : input).startsWith(`${t.urls.apiUrl}/public/v1/submit/`)) sent++;
  return fetch(input, init);
};

/** Asserts `call` fails with `code`, sends nothing to the Activity API, and leaves the emulator's state as it was. */
async function refusedUnchanged(call: () => Promise<unknown>, code: LatchErrorCode): Promise<void> {
  const before = emulator.state.snapshot();
  const requests = sent;
  await assert.rejects(call(), (error) => isLatchError(error, code));
  assert.equal(sent, requests, 'no activity was submitted');
  assert.equal(emulator.state.snapshot(), before, 'nothing changed');
}

describe('account functions (issue 24) against the emulator', { timeout: 60_000 }, () => {
  let kit: LatchKit;
  let session: SigningSession;

  before(async () => {
    emulator = createEmulator({ host: '127.0.0.1', port: 0, proxyPort: 0, quiet: true, now: () => Date.now() + offset });
    const urls = await emulator.start();
    const keys = (await (await fetch(`${urls.apiUrl}/__keys`)).json()) as TestEmulator['keys'];
    t = { emulator, urls, keys };
    kit = new LatchKit(emulatorKitOptions(t, { fetch: countingFetch }));
    ({ session } = await otpLogin(t, kit, `account.${Date.now()}@example.com`, { wallet: { ...ETH_WALLET, accounts: [...ETH_WALLET.accounts] } }));
  });
  after(async () => {
    kit?.dispose();
    setSession(null);
    endFlow();
    await emulator?.stop();
  });

  it('renameUser sets the name; an empty one is ERR_INPUT_INVALID with nothing sent', async () => {
    const before = sent;
    await renameUser(session, '  Grace Hopper ');
    assert.equal(sent, before + 1, 'the counter sees the kit\'s submits');
    assert.equal((await loadAccount(kit, session)).user.userName, 'Grace Hopper');
    await refusedUnchanged(() => renameUser(session, '   '), 'ERR_INPUT_INVALID');
  });

  it('removeEmail / removePhone: the last way to log in is ERR_ACCOUNT_LAST_CREDENTIAL with nothing sent', async () => {
    // Email is this user's only way in (an OTP signup): it stays.
    const first = await loadAccount(kit, session);
    await refusedUnchanged(() => removeEmail(session, first), 'ERR_ACCOUNT_LAST_CREDENTIAL');
    // With a phone number too, the email may go; then the phone is the last.
    await session.submit('update_user_phone_number', { userId: first.user.userId, userPhoneNumber: '+15555550142' });
    await removeEmail(session, await loadAccount(kit, session));
    const after = await loadAccount(kit, session);
    assert.equal(after.user.userEmail ?? '', '');
    assert.equal(after.user.userPhoneNumber, '+15555550142');
    await refusedUnchanged(() => removePhone(session, after), 'ERR_ACCOUNT_LAST_CREDENTIAL');
    await refusedUnchanged(() => removeEmail(session, after), 'ERR_INPUT_INVALID');
  });

  it('importWallet: a wrong checksum is ERR_MNEMONIC_INVALID with nothing sent; a phrase imports with independently derived addresses', async () => {
    const mnemonic = generateMnemonic(wordlist);
    const words = mnemonic.split(' ');
    let wrong = '';
    for (let step = 1; !wrong; step++) {
      const candidate = [...words.slice(0, -1), wordlist[(wordlist.indexOf(words.at(-1)!) + step) % 2048]].join(' ');
      if (!validateMnemonic(candidate, wordlist)) wrong = candidate;
    }
    await refusedUnchanged(() => importWallet(session, wrong, [ETH(0)], { walletName: 'x', enclavePublicKey: t.keys.enclavePublicKey }), 'ERR_MNEMONIC_INVALID');
    await refusedUnchanged(() => importWallet(session, mnemonic, [], { walletName: 'x', enclavePublicKey: t.keys.enclavePublicKey }), 'ERR_INPUT_INVALID');
    const { walletId, addresses } = await importWallet(session, mnemonic.toUpperCase(), [ETH(0), ETH(3), SOL], { walletName: 'Imported', enclavePublicKey: t.keys.enclavePublicKey });
    const solana = Keypair.fromSeed(await deriveEd25519Path(Buffer.from(mnemonicToSeedSync(mnemonic)), [44, 501, 0, 0])).publicKey.toBase58();
    assert.deepEqual(addresses, [mnemonicToAccount(mnemonic, { addressIndex: 0 }).address, mnemonicToAccount(mnemonic, { addressIndex: 3 }).address, solana]);
    // The wallet holds exactly the phrase given (exported back through the kit).
    assert.equal(await session.exportWallet(walletId), mnemonic);
  });

  it('a session whose login is 11 minutes old meets step-up on import and delete (ERR_STEP_UP_REQUIRED)', async () => {
    offset += 11 * 60_000;
    try {
      const options = { walletName: 'late', enclavePublicKey: t.keys.enclavePublicKey };
      await assert.rejects(importWallet(session, generateMnemonic(wordlist), [ETH(0)], options), (e) => isLatchError(e, 'ERR_STEP_UP_REQUIRED'));
      await assert.rejects(deleteAccount(session, { deleteWithoutExport: true }), (e) => isLatchError(e, 'ERR_STEP_UP_REQUIRED'));
    } finally {
      offset -= 11 * 60_000;
    }
  });

  it('deleteAccount: ERR_ACCOUNT_NOT_EXPORTED with nothing sent while the signup wallet was never exported; then deleted, and the session no longer answers', async () => {
    const organizationId = session.summary!.organizationId;
    await refusedUnchanged(() => deleteAccount(session), 'ERR_ACCOUNT_NOT_EXPORTED');
    assert.equal(await deleteAccount(session, { deleteWithoutExport: true }), organizationId);
    assert.equal(emulator.state.read.organizations.get(organizationId), undefined);
    await assert.rejects(session.whoami(), (e: { status?: number }) => isLatchError(e) && e.status !== undefined && e.status >= 400);
  });
});
