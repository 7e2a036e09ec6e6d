// SigningSession.exportWalletAccount (export_wallet_account) through a real kit session against
// the emulator (127.0.0.1): the key it decrypts in the page is checked by libraries this project
// did not write. An Ethereum account's key gives its address through viem's privateKeyToAccount;
// a Solana account's seed gives its address through @solana/web3.js Keypair.fromSeed, and the
// base58 64-byte secret key the element shows opens with Keypair.fromSecretKey to the same
// address. An address outside the organization is the service's NOT_FOUND, nothing changed.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { privateKeyToAccount } from 'viem/accounts';
import { Keypair } from '@solana/web3.js';
import bs58 from 'bs58';
import { createEmulator, type Emulator } from '../../../demo/emulator/emulator.ts';
import { LatchKit } from '../../../src/kit/latch-kit.ts';
import { encodeSolanaSecretKey } from '../../../src/account/private-key-formats.ts';
import { activityResult } from '../../../src/clients/activity-client.ts';
import { toHex } from '../../../src/encoding/hex.ts';
import { isLatchError } from '../../../src/errors/latch-error.ts';
import { setSession } from '../../../src/state/session-state.ts';
import { endFlow } from '../../../src/state/flow-state.ts';
import type { SigningSession } from '../../../src/session/signing-session.ts';
import { ETH_WALLET, emulatorKitOptions, latestCode, type TestEmulator } from '../kit/kit-emulator-support.ts';

describe('SigningSession.exportWalletAccount against the emulator', { timeout: 60_000 }, () => {
  let t: TestEmulator;
  let emulator: Emulator;
  let kit: LatchKit;
  let session: SigningSession;

  before(async () => {
    emulator = createEmulator({ host: '127.0.0.1', port: 0, proxyPort: 0, quiet: true });
    const urls = await emulator.start();
    const keys = (await (await fetch(`${urls.apiUrl}/__keys`)).json()) as TestEmulator['keys'];
    t = { emulator, urls, keys };
    kit = new LatchKit(emulatorKitOptions(t));
    const email = `export.${Date.now()}@example.com`;
    const { otpId } = await kit.startOtp('OTP_TYPE_EMAIL', email);
    const otpCode = await latestCode(t.urls, email);
    ({ session } = await kit.completeOtp({ otpType: 'OTP_TYPE_EMAIL', contact: email, otpId, otpCode, signup: { wallet: { ...ETH_WALLET, accounts: [...ETH_WALLET.accounts] } } }));
  });
  after(async () => {
    kit?.dispose();
    setSession(null);
    endFlow();
    await emulator?.stop();
  });

  it("an Ethereum account's key derives its address (viem privateKeyToAccount)", async () => {
    const [account] = await session.listWalletAccounts();
    assert.equal(account!.addressFormat, 'ADDRESS_FORMAT_ETHEREUM');
    const key = await session.exportWalletAccount(account!.address);
    assert.equal(key.length, 32);
    assert.equal(privateKeyToAccount(`0x${toHex(key)}`).address, account!.address);
  });

  it("a Solana account's seed, and the base58 secret key made of it, give its address (Keypair)", async () => {
    const [first] = await session.listWalletAccounts();
    const { addresses } = activityResult(
      await session.submit('create_wallet_accounts', {
        walletId: first!.walletId,
        accounts: [{ curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/501'/0'/0'", addressFormat: 'ADDRESS_FORMAT_SOLANA' }],
      }),
    );
    const seed = await session.exportWalletAccount(addresses[0]!);
    assert.equal(Keypair.fromSeed(seed).publicKey.toBase58(), addresses[0]);
    assert.equal(Keypair.fromSecretKey(bs58.decode(encodeSolanaSecretKey(seed))).publicKey.toBase58(), addresses[0]);
  });

  it("another organization's address is the service's NOT_FOUND, nothing changed", async () => {
    const before = emulator.state.snapshot();
    await assert.rejects(session.exportWalletAccount('0x000000000000000000000000000000000000dEaD'), (e) => isLatchError(e, 'ERR_SERVICE_NOT_FOUND'));
    assert.equal(emulator.state.snapshot(), before);
  });
});
