// latchkey/solana against a real emulator over HTTP, with a user signed up by email OTP with two
// Solana accounts and an Ethereum one. @wallet-standard/app's getWallets() (on a window stand-in)
// finds the wallet; what it signs is checked by code this project did not write: @solana/web3.js
// (Transaction.from(...).verifySignatures() for legacy, VersionedTransaction's message and
// signature slots with tweetnacl for v0) and tweetnacl for messages. A send is followed to the
// emulator's status. The approval hook sees each review, and a "no" is the wallets' rejection
// with nothing reaching the emulator (its newest activity unchanged). The session ending (logout,
// expiry, another user's login) empties the accounts with one `change`.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import nacl from 'tweetnacl';
import { Keypair, PublicKey, SystemProgram, Transaction, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import { getBase58Encoder } from '@solana/kit';
import { LatchKit } from '../../../src/kit/latch-kit.ts';
import type { SigningSession } from '../../../src/session/signing-session.ts';
import { LatchSolanaWallet, registerSolanaWallet, SolanaSendError, type RegisteredSolanaWallet, type SolanaWalletOptions, type SolanaWalletSession } from '../../../src/providers/solana.ts';
import type { RequestReview } from '../../../src/review/request-review.ts';
import { startSolanaChain } from '../../../demo/emulator/chains/solana/start-solana-chain.ts';
import type { Wallet } from '@wallet-standard/base';
import type { StandardConnectFeature, StandardDisconnectFeature, StandardEventsFeature } from '@wallet-standard/features';
import type { SolanaSignAndSendTransactionFeature, SolanaSignMessageFeature, SolanaSignTransactionFeature } from '@solana/wallet-standard-features';
import { emulatorKitOptions, latestCode, startEmulator, type TestEmulator } from '../kit/kit-emulator-support.ts';

// @wallet-standard/app registers on `window`: Node has none, so an EventTarget stands in for it
// before the first getWallets() call.
(globalThis as { window?: EventTarget }).window ??= new EventTarget();
const { getWallets } = await import('@wallet-standard/app');

const SOL = (n: number) => ({ curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: `m/44'/501'/${n}'/0'`, addressFormat: 'ADDRESS_FORMAT_SOLANA' }) as const;
const ETH = { curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' } as const;

type Features = {
  'standard:connect': { connect(input?: { silent?: boolean }): Promise<{ accounts: readonly { address: string; publicKey: Uint8Array }[] }> };
  'standard:disconnect': { disconnect(): Promise<void> };
  'standard:events': { on(event: 'change', listener: (change: { accounts?: readonly unknown[] }) => void): () => void };
  'solana:signMessage': { signMessage(...inputs: { account: unknown; message: Uint8Array }[]): Promise<readonly { signedMessage: Uint8Array; signature: Uint8Array }[]> };
  'solana:signTransaction': { signTransaction(...inputs: { account: unknown; transaction: Uint8Array; chain?: string }[]): Promise<readonly { signedTransaction: Uint8Array }[]> };
  'solana:signAndSendTransaction': { signAndSendTransaction(...inputs: { account: unknown; transaction: Uint8Array; chain: string }[]): Promise<readonly { signature: Uint8Array }[]> };
};
const featuresOf = (wallet: { features: unknown }) => wallet.features as Features;

// Compile-time: the wallet is a Wallet Standard Wallet, and its features are the standard's types
// (type-checked by tsc; the package itself carries none of these types at run time).
type StandardFeatures = StandardConnectFeature & StandardDisconnectFeature & StandardEventsFeature & SolanaSignMessageFeature & SolanaSignTransactionFeature & SolanaSignAndSendTransactionFeature;
export const conforms = (wallet: LatchSolanaWallet): [Wallet, StandardFeatures] => [wallet, wallet.features];

/** Rejects with a LatchError of this code. */
async function rejectsWith(promise: Promise<unknown>, code: string): Promise<Error & { code: string }> {
  try {
    await promise;
  } catch (error) {
    assert.equal((error as { code?: string }).code, code, `expected ${code}, got ${String(error)}`);
    return error as Error & { code: string };
  }
  assert.fail(`resolved, expected ${code}`);
}

const blockhash = () => Keypair.generate().publicKey.toBase58();

function legacyTransfer(from: string, lamports = 1_000n): Uint8Array {
  const payer = new PublicKey(from);
  return new Transaction({ feePayer: payer, recentBlockhash: blockhash() })
    .add(SystemProgram.transfer({ fromPubkey: payer, toPubkey: Keypair.generate().publicKey, lamports }))
    .serialize({ requireAllSignatures: false, verifySignatures: false });
}

function v0Transfer(from: string, lamports = 1_000n): Uint8Array {
  const payer = new PublicKey(from);
  const message = new TransactionMessage({ payerKey: payer, recentBlockhash: blockhash(), instructions: [SystemProgram.transfer({ fromPubkey: payer, toPubkey: Keypair.generate().publicKey, lamports })] }).compileToV0Message();
  return new VersionedTransaction(message).serialize();
}

describe('latchkey/solana over a signing session (emulator)', () => {
  let t: TestEmulator;
  let kit: LatchKit;
  let session: SigningSession;
  let accounts: string[];
  const reviews: RequestReview[] = [];
  let answer = true;
  const registered: RegisteredSolanaWallet[] = [];
  const register = (options: Partial<SolanaWalletOptions> = {}) => {
    const r = registerSolanaWallet({ session, approve: (review) => (reviews.push(review), answer), origin: 'https://dapp.example', sendStatusPolling: { initialDelayMs: 10 }, ...options });
    registered.push(r);
    return r;
  };
  const newest = async () => (await session.query('list_activities', { paginationOptions: { limit: '1' } })).activities[0]?.id;

  before(async () => {
    t = await startEmulator();
    kit = new LatchKit(emulatorKitOptions(t));
    const contact = `solana.${Date.now()}@example.com`;
    const { otpId } = await kit.startOtp('OTP_TYPE_EMAIL', contact);
    const login = await kit.completeOtp({
      otpType: 'OTP_TYPE_EMAIL',
      contact,
      otpId,
      otpCode: await latestCode(t.urls, contact),
      signup: { userName: 'Solana User', wallet: { walletName: 'Main', accounts: [SOL(0), ETH, SOL(1)] } },
    });
    session = login.session;
    accounts = login.signup!.wallet!.addresses.filter((a) => !a.startsWith('0x'));
    assert.equal(accounts.length, 2);
  });

  after(async () => {
    for (const r of registered) r.unregister();
    kit?.dispose();
    await t?.emulator.stop();
  });

  it('getWallets() finds it; connect gives the two Solana accounts (keys = their addresses), once, with a change event', async () => {
    const { wallet } = register();
    const found = getWallets().get().filter((w) => w === (wallet as unknown));
    assert.equal(found.length, 1);
    assert.equal(wallet.name, 'Latchkey');
    assert.match(wallet.icon, /^data:image\/svg\+xml;base64,/);
    assert.deepEqual(wallet.chains, ['solana:mainnet', 'solana:devnet']);
    assert.deepEqual(Object.keys(wallet.features).sort(), ['solana:signAndSendTransaction', 'solana:signMessage', 'solana:signTransaction', 'standard:connect', 'standard:disconnect', 'standard:events']);
    assert.equal(wallet.accounts.length, 0);
    const changes: unknown[] = [];
    featuresOf(wallet)['standard:events'].on('change', (change) => changes.push(change.accounts?.map((a) => (a as { address: string }).address)));
    const [a, b] = await Promise.all([featuresOf(wallet)['standard:connect'].connect(), featuresOf(wallet)['standard:connect'].connect({ silent: true })]);
    assert.deepEqual(a.accounts.map((x) => x.address).sort(), [...accounts].sort());
    assert.equal(a.accounts, b.accounts);
    for (const account of a.accounts) assert.deepEqual(new PublicKey(account.publicKey).toBase58(), account.address);
    assert.deepEqual(changes, [a.accounts.map((x) => x.address)]);
    // A read gives a copy: changing it changes nothing.
    a.accounts[0]!.publicKey.fill(0);
    assert.equal(new PublicKey(wallet.accounts[0]!.publicKey).toBase58(), wallet.accounts[0]!.address);
  });

  it('signMessage: approved with the message review, an Ed25519 signature tweetnacl verifies', async () => {
    const { wallet } = register();
    const { accounts: [account] } = await featuresOf(wallet)['standard:connect'].connect();
    reviews.length = 0;
    const message = new TextEncoder().encode('Sign in to dapp.example: nonce 8c1f');
    const [out] = await featuresOf(wallet)['solana:signMessage'].signMessage({ account, message });
    assert.deepEqual(out!.signedMessage, message);
    assert.equal(nacl.sign.detached.verify(message, out!.signature, new PublicKey(account!.address).toBytes()), true);
    assert.equal(reviews.length, 1);
    assert.equal(reviews[0]!.action, 'sign-message');
    assert.equal(reviews[0]!.origin, 'https://dapp.example');
    assert.equal(reviews[0]!.account, account!.address);
    assert.deepEqual(reviews[0]!.message, { text: 'Sign in to dapp.example: nonce 8c1f', hex: `0x${Buffer.from(message).toString('hex')}` });
  });

  it('signTransaction, legacy and v0: web3.js verifies the fee payer\u2019s signature; the review decoded the transfer', async () => {
    const { wallet } = register();
    const { accounts: [, account] } = await featuresOf(wallet)['standard:connect'].connect();
    reviews.length = 0;
    const [legacyOut, v0Out] = await featuresOf(wallet)['solana:signTransaction'].signTransaction(
      { account, transaction: legacyTransfer(account!.address, 2_500_000_000n) },
      { account, transaction: v0Transfer(account!.address), chain: 'solana:devnet' },
    );
    const signed = Transaction.from(legacyOut!.signedTransaction);
    assert.equal(signed.verifySignatures(), true);
    assert.equal(signed.feePayer!.toBase58(), account!.address);
    const versioned = VersionedTransaction.deserialize(v0Out!.signedTransaction);
    assert.equal(versioned.version, 0);
    assert.equal(versioned.message.staticAccountKeys[0]!.toBase58(), account!.address);
    assert.equal(nacl.sign.detached.verify(versioned.message.serialize(), versioned.signatures[0]!, new PublicKey(account!.address).toBytes()), true);
    assert.deepEqual(reviews.map((r) => [r.action, r.chain.id, r.sections[1]?.heading]), [
      ['sign-transaction', 'solana:mainnet', 'System Program: transfer'],
      ['sign-transaction', 'solana:devnet', 'System Program: transfer'],
    ]);
    assert.equal(reviews[0]!.sections[1]!.rows.find((r) => r.label === 'sol')!.value, '2.5');
    // No rpcUrls: the review says it was not simulated (the decoding stands).
    assert.deepEqual(reviews.map((r) => [r.warnings.at(-1), r.simulation]), [['not-simulated', undefined], ['not-simulated', undefined]]);
  });

  it('with the chain\u2019s rpcUrl, the review the person answers carries what the transaction changes, simulated on the cluster (LiteSVM); other chains say not simulated', async () => {
    const cluster = await startSolanaChain();
    try {
      const { wallet } = register({ rpcUrls: { 'solana:devnet': cluster.info.rpcUrl } });
      const { accounts: [account] } = await featuresOf(wallet)['standard:connect'].connect();
      await cluster.fund(account!.address, 'SOL', 1_000_000_000n);
      reviews.length = 0;
      await featuresOf(wallet)['solana:signTransaction'].signTransaction(
        { account, transaction: legacyTransfer(account!.address, 100_000_000n), chain: 'solana:devnet' },
        { account, transaction: legacyTransfer(account!.address, 100_000_000n), chain: 'solana:mainnet' },
      );
      assert.deepEqual(reviews[0]!.simulation, { changes: [{ kind: 'transfer', standard: 'native', asset: 'native', direction: 'out', amount: '-100005000', symbol: 'SOL', decimals: 9 }] });
      assert.equal(reviews[0]!.warnings.includes('not-simulated'), false, reviews[0]!.warnings.join());
      assert.deepEqual([reviews[1]!.simulation, reviews[1]!.warnings.at(-1)], [undefined, 'not-simulated']);
      // Only simulated: the cluster's balance is what was funded.
      assert.equal(cluster.balance(account!.address, 'SOL'), 1_000_000_000n);
    } finally {
      await cluster.close();
    }
  });

  it('signAndSendTransaction: sol_send_transaction, followed to the emulator\u2019s status; a failed send is SolanaSendError with the status', async () => {
    const { wallet } = register();
    const { accounts: [account] } = await featuresOf(wallet)['standard:connect'].connect();
    const [out] = await featuresOf(wallet)['solana:signAndSendTransaction'].signAndSendTransaction({ account, transaction: v0Transfer(account!.address), chain: 'solana:devnet' });
    const activity = (await session.query('list_activities', { paginationOptions: { limit: '1' } })).activities[0]!;
    assert.equal(activity.type, 'ACTIVITY_TYPE_SOL_SEND_TRANSACTION');
    const id = (activity.result.solSendTransactionResult as { sendTransactionStatusId: string }).sendTransactionStatusId;
    const status = await session.query('get_send_transaction_status', { sendTransactionStatusId: id });
    assert.equal(status.txStatus, 'INCLUDED');
    assert.equal(out!.signature.length, 64);
    assert.equal(Buffer.from(out!.signature).toString('hex'), Buffer.from(getBase58Encoder().encode(status.solana!.signature)).toString('hex'));
    // The sandbox fails a transaction whose bytes contain deadbeef (a System transfer of that many lamports does).
    const error = await rejectsWith(featuresOf(wallet)['solana:signAndSendTransaction'].signAndSendTransaction({ account, transaction: legacyTransfer(account!.address, 0xefbeadden), chain: 'solana:mainnet' }), 'ERR_ACTIVITY_FAILED');
    assert.ok(error instanceof SolanaSendError);
    assert.equal(error.sendStatus.txStatus, 'FAILED');
    assert.match(error.sendStatus.error!.solana!.rpcMessage, /custom program error: 0x1/);
  });

  it('a "no" from the hook is the wallets\u2019 rejection (ERR_WALLET_REJECTED, "User rejected the request.") and nothing reaches the emulator', async () => {
    const { wallet } = register();
    const { accounts: [account] } = await featuresOf(wallet)['standard:connect'].connect();
    const before = await newest();
    answer = false;
    try {
      for (const call of [
        () => featuresOf(wallet)['solana:signMessage'].signMessage({ account, message: new TextEncoder().encode('no') }),
        () => featuresOf(wallet)['solana:signTransaction'].signTransaction({ account, transaction: legacyTransfer(account!.address) }),
        () => featuresOf(wallet)['solana:signAndSendTransaction'].signAndSendTransaction({ account, transaction: v0Transfer(account!.address), chain: 'solana:devnet' }),
      ]) {
        const error = await rejectsWith(call(), 'ERR_WALLET_REJECTED');
        assert.equal(error.message, 'User rejected the request.');
      }
    } finally {
      answer = true;
    }
    // Two inputs, the second refused: the first is not signed either.
    let asked = 0;
    const { wallet: second } = register({ approve: () => ++asked === 1 });
    await featuresOf(second)['standard:connect'].connect();
    await rejectsWith(featuresOf(second)['solana:signMessage'].signMessage({ account, message: new TextEncoder().encode('1') }, { account, message: new TextEncoder().encode('2') }), 'ERR_WALLET_REJECTED');
    assert.equal(asked, 2);
    // A hook that throws refuses too, with its own code.
    const { wallet: third } = register({ approve: () => Promise.reject(new Error('sheet failed to load')) });
    await featuresOf(third)['standard:connect'].connect();
    await rejectsWith(featuresOf(third)['solana:signMessage'].signMessage({ account, message: new TextEncoder().encode('1') }), 'ERR_WALLET_FAILED');
    assert.equal(await newest(), before);
  });

  it('refuses bad input before asking: an account not connected, a chain not its own, bytes that are not a transaction, a transaction it does not sign', async () => {
    const { wallet } = register();
    const { accounts: [account] } = await featuresOf(wallet)['standard:connect'].connect();
    const before = await newest();
    reviews.length = 0;
    const stranger = { address: Keypair.generate().publicKey.toBase58() };
    const f = featuresOf(wallet);
    await rejectsWith(f['solana:signMessage'].signMessage({ account: stranger, message: Uint8Array.of(1) }), 'ERR_INPUT_INVALID');
    await rejectsWith(f['solana:signMessage'].signMessage({ account, message: new Uint8Array() }), 'ERR_INPUT_INVALID');
    await rejectsWith(f['solana:signAndSendTransaction'].signAndSendTransaction({ account, transaction: v0Transfer(account!.address), chain: 'solana:testnet' }), 'ERR_INPUT_INVALID');
    await rejectsWith(f['solana:signTransaction'].signTransaction({ account, transaction: Uint8Array.of(1, 2, 3) }), 'ERR_INPUT_INVALID');
    await rejectsWith(f['solana:signTransaction'].signTransaction({ account, transaction: legacyTransfer(stranger.address) }), 'ERR_INPUT_INVALID');
    assert.equal(reviews.length, 0);
    assert.equal(await newest(), before);
  });

  it('refuses to be made without a session or without approve / confirm (ERR_CONFIG_INVALID)', () => {
    for (const options of [{ session: undefined }, { approve: undefined }, { chains: ['solana:testnet'] }, { chains: [] }]) {
      assert.throws(() => new LatchSolanaWallet({ session, approve: () => true, ...options } as SolanaWalletOptions), (e: { code?: string }) => e.code === 'ERR_CONFIG_INVALID');
    }
    assert.doesNotThrow(() => new LatchSolanaWallet({ session, confirm: async () => true }).dispose());
  });

  it('logout: the accounts become none, with one change; signing then refuses (ERR_SESSION_MISSING); unregister removes it from getWallets()', async () => {
    const r = register();
    const { wallet } = r;
    const { accounts: [account] } = await featuresOf(wallet)['standard:connect'].connect();
    const changes: number[] = [];
    featuresOf(wallet)['standard:events'].on('change', (change) => changes.push(change.accounts!.length));
    await kit.logout();
    assert.deepEqual(changes, [0]);
    assert.deepEqual(wallet.accounts, []);
    await rejectsWith(featuresOf(wallet)['solana:signMessage'].signMessage({ account, message: Uint8Array.of(1) }), 'ERR_SESSION_MISSING');
    await rejectsWith(featuresOf(wallet)['standard:connect'].connect(), 'ERR_SESSION_MISSING');
    r.unregister();
    assert.equal(getWallets().get().includes(wallet as never), false);
  });
});

describe('latchkey/solana: the session ending by itself', () => {
  /** A session stand-in whose events the test fires (expiry, another tab's login). */
  function fakeSession(submit: (operation: string, parameters: Record<string, string>) => Promise<unknown> = async () => Promise.reject(new Error('not used'))) {
    const target = new EventTarget();
    const state = { active: true, userId: 'user-1' };
    const address = Keypair.generate().publicKey.toBase58();
    const submitted: string[] = [];
    const session = Object.defineProperties(target, {
      active: { get: () => state.active },
      summary: { get: () => (state.active ? { organizationId: 'org', userId: state.userId, publicKey: 'k', sessionType: 'SESSION_TYPE_READ_WRITE', expiresAt: 0 } : null) },
      submit: { value: (operation: string, parameters: Record<string, string>) => (submitted.push(operation), submit(operation, parameters)) },
      query: { value: async () => Promise.reject(new Error('not used')) },
      listWalletAccounts: { value: async () => [{ address, addressFormat: 'ADDRESS_FORMAT_SOLANA', curve: 'CURVE_ED25519' }] },
    });
    return { session: session as unknown as SolanaWalletSession, state, target, address, submitted };
  }

  for (const [name, end] of [
    ['expired', (f: ReturnType<typeof fakeSession>) => f.target.dispatchEvent(new Event('expired'))],
    ['another user adopted (another tab logged in)', (f: ReturnType<typeof fakeSession>) => {
      f.state.userId = 'user-2';
      f.target.dispatchEvent(Object.assign(new Event('change'), { reason: 'adopt' }));
    }],
  ] as const) {
    it(`${name}: the accounts become none, with one change`, async () => {
      const f = fakeSession();
      const wallet = new LatchSolanaWallet({ session: f.session, approve: () => true });
      const changes: number[] = [];
      featuresOf(wallet)['standard:events'].on('change', (change) => changes.push(change.accounts!.length));
      await featuresOf(wallet)['standard:connect'].connect();
      // A refresh of the same user's session changes nothing.
      f.target.dispatchEvent(Object.assign(new Event('change'), { reason: 'refresh' }));
      end(f);
      end(f);
      assert.deepEqual(changes, [1, 0]);
      assert.deepEqual(wallet.accounts, []);
      wallet.dispose();
    });
  }

  it('a session that ends while the person decides: nothing is submitted (ERR_SESSION_MISSING)', async () => {
    const f = fakeSession();
    const wallet = new LatchSolanaWallet({
      session: f.session,
      approve: () => {
        f.state.active = false;
        f.target.dispatchEvent(Object.assign(new Event('change'), { reason: 'logout' }));
        return true;
      },
    });
    const { accounts: [account] } = await featuresOf(wallet)['standard:connect'].connect();
    await rejectsWith(featuresOf(wallet)['solana:signMessage'].signMessage({ account, message: new TextEncoder().encode('1') }), 'ERR_SESSION_MISSING');
    assert.deepEqual(f.submitted, []);
  });

  it('a signed transaction whose message is not the one approved is refused (ERR_RESPONSE_MALFORMED)', async () => {
    const f = fakeSession(async (_operation, parameters) => {
      // The service's answer: another transaction (another amount), signed slot and all.
      const other = Buffer.from(legacyTransfer(parameters.signWith!, 999n));
      return { result: { signTransactionResult: { signedTransaction: other.toString('hex') } } };
    });
    const wallet = new LatchSolanaWallet({ session: f.session, approve: () => true });
    const { accounts: [account] } = await featuresOf(wallet)['standard:connect'].connect();
    await rejectsWith(featuresOf(wallet)['solana:signTransaction'].signTransaction({ account, transaction: legacyTransfer(f.address) }), 'ERR_RESPONSE_MALFORMED');
    assert.deepEqual(f.submitted, ['sign_transaction']);
  });

  it('disconnect empties the accounts (one change); an off() listener hears nothing more; a disposed wallet connects no more', async () => {
    const f = fakeSession();
    const wallet = new LatchSolanaWallet({ session: f.session, approve: () => true });
    const heard: number[] = [];
    const off = featuresOf(wallet)['standard:events'].on('change', (change) => heard.push(change.accounts!.length));
    await featuresOf(wallet)['standard:connect'].connect();
    await featuresOf(wallet)['standard:disconnect'].disconnect();
    off();
    await featuresOf(wallet)['standard:connect'].connect();
    assert.deepEqual(heard, [1, 0]);
    assert.equal(wallet.accounts.length, 1);
    // Disposed (what unregister does): no more connecting or signing.
    const [account] = wallet.accounts;
    wallet.dispose();
    assert.equal(wallet.accounts.length, 0);
    await rejectsWith(featuresOf(wallet)['standard:connect'].connect(), 'ERR_SESSION_MISSING');
    await rejectsWith(featuresOf(wallet)['solana:signMessage'].signMessage({ account, message: Uint8Array.of(1) }), 'ERR_SESSION_MISSING');
    assert.deepEqual(f.submitted, []);
  });
});
