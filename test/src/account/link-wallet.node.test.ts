// linkWallet / unlinkWallet / linkedWallets (issue 24) through a real kit session against the
// emulator (127.0.0.1). The outside wallets: an EIP-1193 provider whose key viem holds (it signs
// personal_sign; the key the kit recovers must be the one noble derives from viem's account) and
// a Wallet Standard account whose address @solana/web3.js derives from the same secret. The
// linked key is then a way to log in: wallet login with that provider finds this user. Each
// page-side refusal (ERR_ACCOUNT_WALLET_LINKED, ERR_ACCOUNT_CONTACT_TAKEN, ERR_INPUT_INVALID,
// ERR_ACCOUNT_LAST_CREDENTIAL) submits nothing and leaves the emulator's state as it was.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ed25519 } from '@noble/curves/ed25519.js';
import { Keypair } from '@solana/web3.js';
import { createEmulator, type Emulator } from '../../../demo/emulator/emulator.ts';
import { LatchKit } from '../../../src/kit/latch-kit.ts';
import { loadAccount } from '../../../src/account/user-account.ts';
import { linkWallet, linkedWallets, unlinkWallet } from '../../../src/account/link-wallet.ts';
import { isLatchError, type LatchErrorCode } from '../../../src/errors/latch-error.ts';
import { setSession } from '../../../src/state/session-state.ts';
import { endFlow } from '../../../src/state/flow-state.ts';
import type { SigningSession } from '../../../src/session/signing-session.ts';
import type { StandardWallet } from '../../../src/providers/wallet-standard.ts';
import { emulatorKitOptions, otpLogin, type TestEmulator } from '../kit/kit-emulator-support.ts';

let t: TestEmulator;
let emulator: Emulator;
let sent = 0;
const countingFetch: typeof fetch = (input, init) => {
  if (String(input instanceof Request ? input.url : input).startsWith(`${t.urls.apiUrl}/public/v1/submit/`)) sent++;
  return fetch(input, init);
};

/** An EIP-1193 wallet backed by viem's local account: eth_requestAccounts and personal_sign. */
function viemWallet(privateKey = generatePrivateKey()) {
  const account = privateKeyToAccount(privateKey);
  const provider = {
    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [account.address];
      if (method === 'personal_sign') return account.signMessage({ message: { raw: (params as [`0x${string}`])[0] } });
      throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 });
    },
  };
  return { account, provider, publicKey: secp256k1.Point.fromHex(account.publicKey.slice(2)).toHex(true) };
}

/** A Wallet Standard Solana wallet that connects (linking asks nothing more of it). */
function solanaWallet(): { wallet: StandardWallet; secret: Uint8Array } {
  const secret = ed25519.utils.randomSecretKey();
  const publicKey = ed25519.getPublicKey(secret);
  const account = { address: '', publicKey, chains: ['solana:mainnet'] };
  const wallet = {
    name: 'Node Solana',
    icon: '',
    chains: ['solana:mainnet'],
    accounts: [],
    features: {
      'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [account] }) },
      'solana:signMessage': { version: '1.0.0', signMessage: async () => [{ signedMessage: new Uint8Array(), signature: new Uint8Array(64) }] },
    },
  } as unknown as StandardWallet;
  return { wallet, secret };
}

async function refusedUnchanged(call: () => Promise<unknown>, code: LatchErrorCode): Promise<void> {
  const before = emulator.state.snapshot();
  const requests = sent;
  await assert.rejects(call(), (error) => isLatchError(error, code));
  assert.equal(sent, requests, 'no activity was submitted');
  assert.equal(emulator.state.snapshot(), before, 'nothing changed');
}

describe('linking outside wallets (issue 24) against the emulator', { timeout: 60_000 }, () => {
  let kit: LatchKit;
  let session: SigningSession;
  const kits: LatchKit[] = [];

  before(async () => {
    emulator = createEmulator({ host: '127.0.0.1', port: 0, proxyPort: 0, quiet: true });
    const urls = await emulator.start();
    const keys = (await (await fetch(`${urls.apiUrl}/__keys`)).json()) as TestEmulator['keys'];
    t = { emulator, urls, keys };
    kit = new LatchKit(emulatorKitOptions(t, { fetch: countingFetch }));
    ({ session } = await otpLogin(t, kit, `link.${Date.now()}@example.com`));
  });
  after(async () => {
    for (const k of [kit, ...kits]) k?.dispose();
    setSession(null);
    endFlow();
    await emulator?.stop();
  });

  const freshKit = (): LatchKit => {
    const k = new LatchKit(emulatorKitOptions(t));
    kits.push(k);
    return k;
  };

  it('links an Ethereum wallet: its key (as noble derives it from viem\'s) is the user\'s secp256k1 API key, and logs in to this user', async () => {
    const w = viemWallet();
    const linked = await linkWallet(kit, session, await loadAccount(kit, session), { provider: w.provider });
    assert.equal(linked.publicKey, w.publicKey);
    assert.equal(linked.address, w.account.address.toLowerCase());
    assert.equal(linked.chain, 'ethereum');
    const view = await loadAccount(kit, session);
    const key = view.user.apiKeys.find((k) => k.apiKeyId === linked.apiKeyId)!;
    assert.equal(key.credential.publicKey, w.publicKey);
    assert.equal(key.credential.type, 'CREDENTIAL_TYPE_API_KEY_SECP256K1');
    assert.equal(key.apiKeyName, `wallet-auth:${w.publicKey}`);
    assert.deepEqual(await linkedWallets(view), [linked]);
    const login = await freshKit().logInWithWallet({ provider: w.provider });
    assert.equal(login.created, false);
    assert.equal(login.session.summary!.userId, session.summary!.userId);
    // Again: refused before anything is sent.
    await refusedUnchanged(() => linkWallet(kit, session, view, { provider: w.provider }), 'ERR_ACCOUNT_WALLET_LINKED');
    // Unlinked, it is gone from the user.
    await unlinkWallet(session, view, linked.apiKeyId);
    assert.equal((await loadAccount(kit, session)).user.apiKeys.some((k) => k.apiKeyId === linked.apiKeyId), false);
  });

  it('links a Solana wallet: an Ed25519 API key whose base58 address @solana/web3.js derives too', async () => {
    const { wallet, secret } = solanaWallet();
    const linked = await linkWallet(kit, session, await loadAccount(kit, session), { solana: wallet });
    const expected = Keypair.fromSeed(secret).publicKey;
    assert.equal(linked.address, expected.toBase58());
    assert.equal(linked.publicKey, Buffer.from(expected.toBytes()).toString('hex'));
    const key = (await loadAccount(kit, session)).user.apiKeys.find((k) => k.apiKeyId === linked.apiKeyId)!;
    assert.equal(key.credential.type, 'CREDENTIAL_TYPE_API_KEY_ED25519');
  });

  it('a wallet of another account is ERR_ACCOUNT_CONTACT_TAKEN; a key that is not a wallet\'s is ERR_INPUT_INVALID; both with nothing sent', async () => {
    const w = viemWallet();
    await freshKit().logInWithWallet({ provider: w.provider });
    const view = await loadAccount(kit, session);
    await refusedUnchanged(() => linkWallet(kit, session, view, { provider: w.provider }), 'ERR_ACCOUNT_CONTACT_TAKEN');
    await refusedUnchanged(() => unlinkWallet(session, view, view.currentApiKeyId!), 'ERR_INPUT_INVALID');
  });

  it('the wallet that is the last way to log in is kept: ERR_ACCOUNT_LAST_CREDENTIAL with nothing sent', async () => {
    const w = viemWallet();
    const own = new LatchKit(emulatorKitOptions(t, { fetch: countingFetch }));
    kits.push(own);
    const { session: walletSession } = await own.logInWithWallet({ provider: w.provider });
    const view = await loadAccount(own, walletSession);
    const [only] = await linkedWallets(view);
    assert.ok(only);
    await refusedUnchanged(() => unlinkWallet(walletSession, view, only.apiKeyId), 'ERR_ACCOUNT_LAST_CREDENTIAL');
  });
});
