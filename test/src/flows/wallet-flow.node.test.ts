// The external-wallet login (issue 12 part 3) in Node against a real emulator over HTTP: the
// kit's EthereumWalletStamper makes the very stamp the hosted wallet stamper
// (@turnkey/wallet-stamper, the oracle) makes for the same wallet and body; logInWithWallet signs
// up, then logs in to the same user, with one personal_sign each, and the session signs; each
// failure is its typed LatchError (no wallet account, 4001, wrong chain, another account's
// signature, a stamp the service refuses), with the new session key deleted.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BaseEthereumWallet, WalletStamper, WalletType } from '@turnkey/wallet-stamper';
import { ed25519 } from '@noble/curves/ed25519.js';
import { privateKeyToAccount } from 'viem/accounts';
import { createEmulator, type Emulator, type EmulatorUrls } from '../../../demo/emulator/emulator.ts';
import { ProxyClient } from '../../../src/clients/proxy-client.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { MemorySessionStore } from '../../../src/session/session-store.ts';
import { SigningSession } from '../../../src/session/signing-session.ts';
import { noSessionChannel } from '../../../src/session/session-channel.ts';
import { connectWallet, logInWithWallet, type WalletDeps } from '../../../src/flows/wallet-flow.ts';
import { EthereumWalletStamper, walletError } from '../../../src/stamp/wallet-stamper.ts';
import { isLatchError, type LatchErrorCode } from '../../../src/errors/latch-error.ts';
import { fromBase64Url } from '../../../src/encoding/base64url.ts';
import { utf8Decode } from '../../../src/encoding/utf8.ts';
import { fromHex } from '../../../src/encoding/hex.ts';
import { walletDerToRaw } from '../../../demo/emulator/api/wallet-stamp.ts';
import { installTestWallet, type TestWallet } from '../../support/test-wallet.ts';
import { installTestSolanaWallet } from '../../support/test-solana-wallet.ts';
import { SolanaWalletStamper, connectSolanaWallet, watchSolanaWallets } from '../../../src/providers/wallet-standard.ts';
import { toHex } from '../../../src/encoding/hex.ts';
import { utf8Encode } from '../../../src/encoding/utf8.ts';

let emulator: Emulator;
let urls: EmulatorUrls;
let keys: { notarizerPublicKey: string; enclavePublicKey: string };
let proxy: ProxyClient;
let parent: string;

const decode = (header: string) => JSON.parse(utf8Decode(fromBase64Url(header))) as { publicKey: string; scheme: string; signature: string };

/** A test wallet that announces to an EventTarget of its own (Node has no window). */
const newWallet = (options: Parameters<typeof installTestWallet>[0] = {}): TestWallet => installTestWallet({ target: new EventTarget(), ...options });

function deps(keyStore: MemoryKeyStore, extra: Partial<WalletDeps> = {}): WalletDeps {
  return { proxy, keyStore, apiBaseUrl: urls.apiUrl, organizationId: parent, ...extra };
}

async function refused(run: Promise<unknown>, code: LatchErrorCode): Promise<void> {
  await assert.rejects(run, (error: unknown) => {
    assert.ok(isLatchError(error), `a LatchError, got ${String(error)}`);
    assert.equal(error.code, code, error.message);
    return true;
  });
}

describe('external wallet login (EIP-1193, EIP-191 stamps)', () => {
  before(async () => {
    emulator = createEmulator({ host: '127.0.0.1', port: 0, proxyPort: 0, quiet: true, proxyConfigs: [{ id: 'no-wallet', enabledProviders: ['email'] }] });
    urls = await emulator.start();
    keys = (await (await fetch(`${urls.apiUrl}/__keys`)).json()) as typeof keys;
    proxy = new ProxyClient({ authProxyUrl: urls.proxyUrl, configId: 'demo' });
    parent = (await proxy.walletKitConfig()).organizationId;
  });
  after(() => emulator.stop());

  it('the kit\'s stamp is the hosted wallet stamper\'s, byte for byte (same key, scheme; same r and s)', async () => {
    const wallet = newWallet();
    const account = privateKeyToAccount(wallet.privateKey);
    class Hosted extends BaseEthereumWallet {
      signMessage(message: string): Promise<`0x${string}`> {
        return account.signMessage({ message });
      }
    }
    const hosted = new WalletStamper(new Hosted());
    const ours = new EthereumWalletStamper(wallet.provider, wallet.address);
    for (let i = 0; i < 20; i++) {
      const body = JSON.stringify({ type: 'ACTIVITY_TYPE_STAMP_LOGIN', timestampMs: String(Date.now() + i), organizationId: parent, parameters: { publicKey: `02${'ab'.repeat(32)}`, text: 'ünïcødé ✓' } });
      const a = decode((await ours.stamp(body)).stampHeaderValue);
      const b = decode((await hosted.stamp(body)).stampHeaderValue);
      assert.equal(a.publicKey, b.publicKey);
      assert.equal(a.scheme, b.scheme);
      assert.equal(a.scheme, 'SIGNATURE_SCHEME_TK_API_SECP256K1_EIP191');
      // The same r and s; the same DER too, except when r or s begins with a zero byte: the hosted
      // stamper keeps it (DER that is not minimal), ours is minimal DER.
      assert.deepEqual(walletDerToRaw(fromHex(a.signature)), walletDerToRaw(fromHex(b.signature)));
      if (a.signature.length === b.signature.length) assert.equal(a.signature, b.signature);
      else assert.ok(b.signature.length > a.signature.length, 'only the hosted DER is longer (a kept zero byte)');
      assert.equal(ours.publicKey, a.publicKey);
    }
  });

  it('signs up with the wallet\'s key, then logs in to the same user; one personal_sign each; the session signs', async () => {
    const wallet = newWallet();
    const keyStore = new MemoryKeyStore();
    const signup = await logInWithWallet(deps(keyStore), { provider: wallet.provider, signup: { userName: 'Wallet Person' } });
    assert.equal(signup.created, true);
    assert.equal(signup.organizationId, signup.signup?.organizationId);
    assert.notEqual(signup.organizationId, parent);
    assert.deepEqual(
      wallet.calls.filter((c) => c === 'personal_sign'),
      ['personal_sign'],
    );
    const session = await SigningSession.fromJwt(signup.sessionJwt, {
      keyStore,
      sessionStore: new MemorySessionStore(),
      channel: noSessionChannel,
      notarizerPublicKey: keys.notarizerPublicKey,
      enclavePublicKey: keys.enclavePublicKey,
      apiBaseUrl: urls.apiUrl,
      key: signup.key,
    });
    const who = await session.whoami();
    assert.equal(who.username, 'Wallet Person');
    assert.equal(who.organizationId, signup.organizationId);

    wallet.calls.length = 0;
    const login = await logInWithWallet(deps(keyStore), { provider: wallet.provider });
    assert.equal(login.created, false);
    assert.equal(login.organizationId, signup.organizationId);
    assert.equal(login.signup, undefined);
    assert.deepEqual(wallet.calls, ['eth_requestAccounts', 'personal_sign']);
  });

  it('a sign-up can create an embedded wallet with the account (signup.wallet), as the other flows do', async () => {
    const wallet = newWallet();
    const result = await logInWithWallet(deps(new MemoryKeyStore()), {
      provider: wallet.provider,
      signup: {
        wallet: { walletName: 'Default Wallet', accounts: [{ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }] },
      },
    });
    assert.equal(result.created, true);
    assert.equal(result.signup?.wallet?.addresses.length, 1);
    assert.match(result.signup!.wallet!.addresses[0]!, /^0x[0-9a-fA-F]{40}$/);
  });

  it('a sign-up without a name is named after the wallet\'s address', async () => {
    const wallet = newWallet();
    const keyStore = new MemoryKeyStore();
    const result = await logInWithWallet(deps(keyStore), { provider: wallet.provider });
    const session = await SigningSession.fromJwt(result.sessionJwt, {
      keyStore,
      sessionStore: new MemorySessionStore(),
      channel: noSessionChannel,
      notarizerPublicKey: keys.notarizerPublicKey,
      enclavePublicKey: keys.enclavePublicKey,
      apiBaseUrl: urls.apiUrl,
      key: result.key,
    });
    assert.equal((await session.whoami()).username, wallet.address);
  });

  it('typed failures, each leaving no session key behind', async () => {
    // The user says no (4001), at the connection and at the signature.
    const shy = newWallet();
    shy.rejecting = true;
    const keyStore = new MemoryKeyStore();
    await refused(logInWithWallet(deps(keyStore), { provider: shy.provider }), 'ERR_WALLET_REJECTED');
    let asked = 0;
    const signRefused = {
      request: async (args: { method: string; params?: unknown }) => {
        if (args.method === 'personal_sign') {
          asked++;
          throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
        }
        return shy.provider.request({ ...args, method: args.method === 'eth_requestAccounts' ? 'eth_accounts' : args.method });
      },
    };
    await refused(logInWithWallet(deps(keyStore), { provider: signRefused }), 'ERR_WALLET_REJECTED');
    assert.equal(asked, 1);

    // No account to connect; no provider.
    await refused(connectWallet({ request: async () => [] }), 'ERR_WALLET_NOT_FOUND');
    await refused(connectWallet(undefined as never), 'ERR_WALLET_NOT_FOUND');

    // A chain the wallet will not switch to.
    const mainnetOnly = newWallet({ chainId: 1 });
    await refused(logInWithWallet(deps(keyStore), { provider: mainnetOnly.provider, chainId: 8453 }), 'ERR_WALLET_WRONG_CHAIN');
    // One it will: switched, then logged in.
    const switching = newWallet({ chainId: 1, chains: [1, 8453] });
    assert.equal((await logInWithWallet(deps(keyStore), { provider: switching.provider, chainId: 8453 })).created, true);
    assert.equal(switching.chainId, 8453);
    await keyStore.delete((await keyStore.list())[0]!.id);

    // A signature by another key than the connected account's: refused before anything is sent.
    const other = newWallet();
    const impostor = {
      request: (args: { method: string; params?: unknown }) =>
        args.method === 'personal_sign' ? other.provider.request({ method: 'personal_sign', params: [(args.params as string[])[0], other.address] }) : shy.provider.request({ ...args, method: 'eth_accounts' }),
    };
    await refused(logInWithWallet(deps(keyStore), { provider: impostor }), 'ERR_WALLET_STAMP_REFUSED');

    // The service refuses the stamp (the body changed on its way): ERR_WALLET_STAMP_REFUSED, its answer the cause.
    const honest = newWallet();
    const tampering: typeof fetch = (input, init) =>
      fetch(input, String(input).includes('/submit/stamp_login') ? { ...init, body: String(init?.body).replace('"invalidateExisting":false', '"invalidateExisting":true') } : init);
    await assert.rejects(logInWithWallet(deps(keyStore, { fetch: tampering }), { provider: honest.provider }), (error: unknown) => {
      assert.ok(isLatchError(error, 'ERR_WALLET_STAMP_REFUSED'), String(error));
      assert.equal(error.status, 401);
      assert.equal(error.serviceErrorCode, 'SIGNATURE_INVALID');
      return true;
    });
    // A sign-up the proxy refuses (this configuration has no wallet method) is the proxy's answer, not a refused stamp.
    const noWallet = new ProxyClient({ authProxyUrl: urls.proxyUrl, configId: 'no-wallet' });
    await refused(logInWithWallet(deps(keyStore, { proxy: noWallet }), { provider: newWallet().provider }), 'ERR_SERVICE_FORBIDDEN');
    assert.deepEqual(await keyStore.list(), []);
  });

  it('Solana (Wallet Standard): the kit\'s Ed25519 stamp is the hosted stamper\'s; sign-up then login to the same user', async () => {
    const target = new EventTarget();
    const solana = installTestSolanaWallet({ target });
    // Discovered as a page would: registered on app-ready.
    const found: string[] = [];
    const stop = watchSolanaWallets((wallets) => found.splice(0, found.length, ...wallets.map((w) => w.name)), { target });
    stop();
    assert.deepEqual(found, ['Test Solana Wallet']);

    const account = await connectSolanaWallet(solana.wallet);
    const ours = new SolanaWalletStamper(solana.wallet, account);
    const hosted = new WalletStamper({
      type: WalletType.Solana,
      signMessage: async (message: string) => toHex(ed25519.sign(utf8Encode(message), solana.secretKey)),
      getPublicKey: async () => toHex(account.publicKey),
    });
    const body = JSON.stringify({ type: 'ACTIVITY_TYPE_STAMP_LOGIN', timestampMs: String(Date.now()), organizationId: parent, parameters: { publicKey: `03${'cd'.repeat(32)}` } });
    assert.equal((await ours.stamp(body)).stampHeaderValue, (await hosted.stamp(body)).stampHeaderValue);

    const keyStore = new MemoryKeyStore();
    const signup = await logInWithWallet(deps(keyStore), { solana: solana.wallet });
    assert.equal(signup.created, true);
    const login = await logInWithWallet(deps(keyStore), { solana: solana.wallet });
    assert.equal(login.created, false);
    assert.equal(login.organizationId, signup.organizationId);
    // The comparison above signed once; then one connect and one signature per login.
    assert.deepEqual(solana.calls, ['standard:connect', 'solana:signMessage', 'standard:connect', 'solana:signMessage', 'standard:connect', 'solana:signMessage']);

    solana.rejecting = true;
    await refused(logInWithWallet(deps(keyStore), { solana: solana.wallet }), 'ERR_WALLET_REJECTED');
    await refused(logInWithWallet(deps(keyStore), { solana: { name: 'x', icon: '', chains: ['solana:mainnet'], features: {} } }), 'ERR_WALLET_NOT_FOUND');
  });

  it('walletError maps EIP-1193 codes', () => {
    assert.equal(walletError({ code: 4001 }).code, 'ERR_WALLET_REJECTED');
    assert.equal(walletError({ code: 4902 }).code, 'ERR_WALLET_WRONG_CHAIN');
    assert.equal(walletError({ code: 4901 }).code, 'ERR_WALLET_WRONG_CHAIN');
    assert.equal(walletError({ code: -32002 }).code, 'ERR_WALLET_FAILED');
    assert.equal(walletError(new Error('x')).code, 'ERR_WALLET_FAILED');
  });
});
