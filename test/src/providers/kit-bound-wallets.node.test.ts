// One wallet for the life of the page (issue 37): the EIP-1193 provider and the Solana Wallet
// Standard wallet made with `kit`, against a real emulator over HTTP, with two users. Each is made
// once, before anyone logs in, and follows the kit: a login (`connect`, `accountsChanged`), a
// logout (`accountsChanged` [], `disconnect` 4900), another user's login, the account switch
// (kit.accounts()), a restore after a reload (made before restoreSession()). Nothing is asked of
// the person while nobody is logged in; a request whose user changed while its approval was open
// is refused and its sheet told to close; nothing approved for one user is handed to the service
// with the other's session. Signatures are checked with libraries this project did not write
// (viem's recoverMessageAddress, tweetnacl).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import nacl from 'tweetnacl';
import { getAddress, recoverMessageAddress, toHex } from 'viem';
import { LatchKit } from '../../../src/kit/latch-kit.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { MemorySessionStore } from '../../../src/session/session-store.ts';
import { noSessionChannel } from '../../../src/session/session-channel.ts';
import type { SigningSession } from '../../../src/session/signing-session.ts';
import { createEip1193Provider, type LatchEip1193Provider } from '../../../src/providers/eip1193-provider.ts';
import { ProviderRpcError } from '../../../src/providers/provider-rpc-error.ts';
import { registerSolanaWallet, type RegisteredSolanaWallet, type SolanaWalletAccount } from '../../../src/providers/solana.ts';
import { emulatorKitOptions, otpLogin, startEmulator, type TestEmulator } from '../kit/kit-emulator-support.ts';

// @wallet-standard/app registers on `window`: Node has none, so an EventTarget stands in for it.
(globalThis as { window?: EventTarget }).window ??= new EventTarget();
const { getWallets } = await import('@wallet-standard/app');
const { StandardWalletAdapter } = await import('@solana/wallet-standard-wallet-adapter-base');

const ETH = { curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' } as const;
const SOL = { curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/501'/0'/0'", addressFormat: 'ADDRESS_FORMAT_SOLANA' } as const;

interface User {
  contact: string;
  userId: string;
  eth: `0x${string}`;
  sol: string;
}

type SolanaFeatures = {
  'standard:connect': { connect(input?: { silent?: boolean }): Promise<{ accounts: readonly SolanaWalletAccount[] }> };
  'standard:events': { on(event: 'change', listener: (change: { accounts?: readonly SolanaWalletAccount[] }) => void): () => void };
  'solana:signMessage': { signMessage(...inputs: { account: SolanaWalletAccount; message: Uint8Array }[]): Promise<readonly { signature: Uint8Array }[]> };
};

/** Rejects with a ProviderRpcError of `code` (and `latchCode` in its data, when given). */
async function rpcRejects(promise: Promise<unknown>, code: number, latchCode?: string): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof ProviderRpcError, `a ProviderRpcError (got ${String(error)})`);
    assert.equal(error.code, code, `code ${code} (got ${error.code}: ${error.message})`);
    if (latchCode) assert.equal((error.data as { latchCode?: string } | undefined)?.latchCode, latchCode);
    return true;
  });
}

async function rejectsWithCode(promise: Promise<unknown>, code: string): Promise<void> {
  await assert.rejects(promise, (error: { code?: string }) => (assert.equal(error.code, code, `expected ${code}, got ${String(error)}`), true));
}

/** The next time `provider` fires `event`, its first argument. */
const next = (provider: LatchEip1193Provider, event: string): Promise<unknown> =>
  new Promise((resolve) => {
    const listener = (value: unknown) => {
      provider.removeListener(event, listener);
      resolve(value);
    };
    provider.on(event, listener);
  });

describe('Wallets bound to the kit: one for the life of the page, across logins, logouts, users and reloads (emulator)', () => {
  let t: TestEmulator;
  const keyStore = new MemoryKeyStore();
  const sessionStore = new MemorySessionStore();
  let kit: LatchKit;
  /** What reached the service, as `userId:operation`, through any session of the kit. */
  const submitted: string[] = [];
  /** Runs after each submit is answered (a test's switch "between" two inputs). */
  let afterSubmit: (() => Promise<void>) | undefined;
  const users: Record<'a' | 'b', User> = {} as Record<'a' | 'b', User>;
  const made: { dispose(): void }[] = [];

  /** The kit as the wallets see it, each session's submit recorded (the same wrapper per session). */
  const spied = new WeakMap<SigningSession, SigningSession>();
  const spy = (k: LatchKit) => ({
    get session(): SigningSession | null {
      const session = k.session;
      if (!session) return null;
      let wrapped = spied.get(session);
      if (!wrapped) {
        wrapped = new Proxy(session, {
          get(target, key) {
            if (key === 'submit') {
              return async (...args: Parameters<SigningSession['submit']>) => {
                submitted.push(`${target.summary?.userId}:${args[0]}`);
                const answer = await target.submit(...args);
                await afterSubmit?.();
                return answer;
              };
            }
            const value: unknown = Reflect.get(target, key, target);
            return typeof value === 'function' ? value.bind(target) : value;
          },
        });
        spied.set(session, wrapped);
      }
      return wrapped;
    },
    addEventListener: (type: string, listener: () => void) => k.addEventListener(type, listener),
    removeEventListener: (type: string, listener: () => void) => k.removeEventListener(type, listener),
  });

  const login = async (who: 'a' | 'b', another = false) => {
    if (another) (await kit.accounts()).useAnotherAccount();
    const user = users[who];
    if (user) return otpLogin(t, kit, user.contact);
    const contact = `kit-bound.${who}.${Date.now()}@example.com`;
    const outcome = await otpLogin(t, kit, contact, { userName: `User ${who}`, wallet: { walletName: 'Main', accounts: [ETH, SOL] } });
    const [eth, sol] = outcome.signup!.wallet!.addresses;
    users[who] = { contact, userId: outcome.session.summary!.userId, eth: getAddress(eth!), sol: sol! };
    return outcome;
  };
  /** The session key of `who`'s saved account. */
  const keyOf = async (who: 'a' | 'b') => {
    const all = await (await kit.accounts()).getAllSessions();
    return Object.values(all).find((s) => s.userId === users[who].userId)!.sessionKey;
  };
  const switchTo = async (who: 'a' | 'b') => (await kit.accounts()).setActiveSession(await keyOf(who));

  before(async () => {
    t = await startEmulator();
    kit = new LatchKit(emulatorKitOptions(t, { keyStore, sessionStore, sessionChannel: noSessionChannel }));
  });

  after(async () => {
    for (const m of made) m.dispose();
    kit?.dispose();
    await t?.emulator.stop();
  });

  describe('EIP-1193', () => {
    const asked: string[] = [];
    let provider: LatchEip1193Provider;
    const events: string[] = [];

    before(() => {
      provider = createEip1193Provider({ kit: spy(kit), chainId: 1, approve: (request) => (asked.push(request.method), true) });
      made.push(provider);
      provider.on('connect', (info) => events.push(`connect ${(info as { chainId: string }).chainId}`));
      provider.on('accountsChanged', (accounts) => events.push(`accounts ${(accounts as string[]).join()}`));
      provider.on('disconnect', (error) => events.push(`disconnect ${(error as ProviderRpcError).code}`));
    });

    it('made before anyone logs in: nothing is asked while nobody is (4900); a login connects it; a logout disconnects it; another user\u2019s login connects it again, and it signs as them', async () => {
      assert.deepEqual(await provider.request({ method: 'eth_accounts' }), []);
      assert.equal(provider.isConnected(), false);
      await rpcRejects(provider.request({ method: 'personal_sign', params: [toHex('hi'), '0x1111111111111111111111111111111111111111'] }), 4900, 'ERR_SESSION_MISSING');
      // No login hook was given: eth_requestAccounts cannot open one.
      await rpcRejects(provider.request({ method: 'eth_requestAccounts' }), 4900, 'ERR_SESSION_MISSING');
      assert.deepEqual(asked, []);

      let connected = next(provider, 'accountsChanged');
      await login('a');
      await connected;
      const a = users.a;
      assert.deepEqual(events, ['connect 0x1', `accounts ${a.eth}`]);
      assert.deepEqual(await provider.request({ method: 'eth_requestAccounts' }), [a.eth]);
      const signedA = await provider.request({ method: 'personal_sign', params: [toHex('from a'), a.eth] });
      assert.equal(await recoverMessageAddress({ message: 'from a', signature: signedA }), a.eth);

      const disconnected = next(provider, 'disconnect');
      await kit.logout();
      await disconnected;
      assert.deepEqual(events.slice(2), ['accounts ', 'disconnect 4900']);
      assert.deepEqual(await provider.request({ method: 'eth_accounts' }), []);
      const before = asked.length;
      await rpcRejects(provider.request({ method: 'personal_sign', params: [toHex('late'), a.eth] }), 4900, 'ERR_SESSION_MISSING');
      assert.equal(asked.length, before, 'nobody was asked after the logout');

      connected = next(provider, 'accountsChanged');
      await login('b');
      await connected;
      const b = users.b;
      assert.deepEqual(events.slice(4), ['connect 0x1', `accounts ${b.eth}`]);
      // A's account is not B's: refused before anyone is asked.
      await rpcRejects(provider.request({ method: 'personal_sign', params: [toHex('x'), a.eth] }), 4100);
      const signedB = await provider.request({ method: 'personal_sign', params: [toHex('from b'), b.eth] });
      assert.equal(await recoverMessageAddress({ message: 'from b', signature: signedB }), b.eth);
      assert.deepEqual(submitted, [`${a.userId}:sign_raw_payload`, `${b.userId}:sign_raw_payload`]);
    });

    it('the account switch (kit.accounts()): accountsChanged with the other user\u2019s accounts, no disconnect', async () => {
      const mark = events.length;
      let changed = next(provider, 'accountsChanged');
      await login('a', true); // B stays saved; A is active
      await changed;
      changed = next(provider, 'accountsChanged');
      await switchTo('b');
      await changed;
      assert.deepEqual(events.slice(mark), [`accounts ${users.a.eth}`, `accounts ${users.b.eth}`]);
      assert.equal(provider.isConnected(), true);
    });

    it('a signature started as B, the user switched to A before approval: refused (4001, ERR_SESSION_USER_CHANGED), the sheet told to close, nothing sent; then A signs', async () => {
      let signal: AbortSignal | undefined;
      const sheet = createEip1193Provider({
        kit: spy(kit),
        chainId: 1,
        approve: async (_request, options) => {
          signal = options.signal;
          // The person is still reading when the page switches to A; then they press Approve.
          await switchTo('a');
          return true;
        },
      });
      made.push(sheet);
      const count = submitted.length;
      assert.deepEqual(await sheet.request({ method: 'eth_accounts' }), [users.b.eth]);
      await rpcRejects(sheet.request({ method: 'personal_sign', params: [toHex('for b only'), users.b.eth] }), 4001, 'ERR_SESSION_USER_CHANGED');
      assert.equal(signal?.aborted, true, 'the sheet was told to close');
      assert.equal(submitted.length, count, 'nothing reached the service, as B or as A');
      // The same words for A now: A's own request, A's own approval.
      const yes = createEip1193Provider({ kit: spy(kit), chainId: 1, approve: () => true });
      made.push(yes);
      const signed = await yes.request({ method: 'personal_sign', params: [toHex('for a'), users.a.eth] });
      assert.equal(await recoverMessageAddress({ message: 'for a', signature: signed }), users.a.eth);
      assert.deepEqual(submitted.slice(count), [`${users.a.userId}:sign_raw_payload`]);
    });

    it('eth_requestAccounts while nobody is logged in opens the page\u2019s login (`login`), then answers the new user\u2019s accounts', async () => {
      await (await kit.accounts()).logoutAll();
      let opened = 0;
      const withLogin = createEip1193Provider({ kit: spy(kit), chainId: 1, approve: () => true, login: async () => (opened++, login('b')) });
      made.push(withLogin);
      assert.deepEqual(await withLogin.request({ method: 'eth_requestAccounts' }), [users.b.eth]);
      assert.equal(opened, 1);
      // Someone is logged in: no login is opened again.
      assert.deepEqual(await withLogin.request({ method: 'eth_requestAccounts' }), [users.b.eth]);
      assert.equal(opened, 1);
      const closed = createEip1193Provider({ kit: spy(kit), chainId: 1, approve: () => true, login: () => Promise.reject(new Error('closed')) });
      made.push(closed);
      await kit.logout();
      await rpcRejects(closed.request({ method: 'eth_requestAccounts' }), 4001);
    });

    it('after a reload: a provider made before restoreSession() follows the restored session', async () => {
      await login('a');
      // The next page load: a new kit over the same stores.
      const reloaded = new LatchKit(emulatorKitOptions(t, { keyStore, sessionStore, sessionChannel: noSessionChannel }));
      made.push(reloaded);
      const early = createEip1193Provider({ kit: reloaded, chainId: 1, approve: () => true });
      made.push(early);
      assert.deepEqual(await early.request({ method: 'eth_accounts' }), []);
      const connected = next(early, 'connect');
      await reloaded.restoreSession();
      await connected;
      assert.deepEqual(await early.request({ method: 'eth_accounts' }), [users.a.eth]);
      const signed = await early.request({ method: 'personal_sign', params: [toHex('after reload'), users.a.eth] });
      assert.equal(await recoverMessageAddress({ message: 'after reload', signature: signed }), users.a.eth);
      reloaded.dispose();
    });
  });

  describe('Solana (Wallet Standard)', () => {
    let registered: RegisteredSolanaWallet;
    let features: SolanaFeatures;
    let opened = 0;
    let approve: (signal: AbortSignal) => Promise<boolean> = async () => true;

    before(async () => {
      await (await kit.accounts()).logoutAll();
      registered = registerSolanaWallet({ kit: spy(kit), login: async () => (opened++, login('a')), approve: (_review, { signal }) => approve(signal) });
      made.push({ dispose: () => registered.unregister() });
      const found = getWallets().get().find((w) => w === (registered.wallet as unknown));
      assert.ok(found, 'getWallets() lists it, registered once');
      features = registered.wallet.features as unknown as SolanaFeatures;
    });

    const verify = (message: string, signature: Uint8Array, address: string, account: SolanaWalletAccount) => {
      assert.equal(account.address, address);
      assert.ok(nacl.sign.detached.verify(new TextEncoder().encode(message), signature, account.publicKey));
    };
    const nextChange = () =>
      new Promise<readonly SolanaWalletAccount[]>((resolve) => {
        const off = features['standard:events'].on('change', (change) => {
          off();
          resolve(change.accounts ?? []);
        });
      });

    it('connect while nobody is logged in opens the login; signs; logout empties the accounts; another user\u2019s login brings theirs (change), and it signs as them', async () => {
      const { accounts } = await features['standard:connect'].connect();
      assert.equal(opened, 1);
      assert.deepEqual(accounts.map((a) => a.address), [users.a.sol]);
      const [signedA] = await features['solana:signMessage'].signMessage({ account: accounts[0]!, message: new TextEncoder().encode('from a') });
      verify('from a', signedA!.signature, users.a.sol, accounts[0]!);

      let change = nextChange();
      await kit.logout();
      assert.deepEqual(await change, []);
      await rejectsWithCode(features['solana:signMessage'].signMessage({ account: accounts[0]!, message: new TextEncoder().encode('late') }), 'ERR_SESSION_MISSING');
      // Silent: no login opens.
      await rejectsWithCode(features['standard:connect'].connect({ silent: true }), 'ERR_SESSION_MISSING');
      assert.equal(opened, 1);

      change = nextChange();
      await login('b');
      const bs = await change;
      assert.deepEqual(bs.map((a) => a.address), [users.b.sol]);
      assert.deepEqual((await features['standard:connect'].connect()).accounts.map((a) => a.address), [users.b.sol]);
      const [signedB] = await features['solana:signMessage'].signMessage({ account: bs[0]!, message: new TextEncoder().encode('from b') });
      verify('from b', signedB!.signature, users.b.sol, bs[0]!);
    });

    it('a message started as B, switched to A before approval: refused (ERR_SESSION_USER_CHANGED), the sheet told to close, nothing sent', async () => {
      await login('a', true); // A active, B saved
      await switchTo('b');
      const { accounts } = await features['standard:connect'].connect();
      assert.deepEqual(accounts.map((a) => a.address), [users.b.sol]);
      let signal: AbortSignal | undefined;
      approve = async (s) => {
        signal = s;
        await switchTo('a');
        return true;
      };
      const count = submitted.length;
      await rejectsWithCode(features['solana:signMessage'].signMessage({ account: accounts[0]!, message: new TextEncoder().encode('for b') }), 'ERR_SESSION_USER_CHANGED');
      assert.equal(signal?.aborted, true);
      assert.equal(submitted.length, count);
      approve = async () => true;
    });

    it('two messages approved as A, the user switched to B after the first was sent: the second is never sent with B\u2019s session', async () => {
      const { accounts } = await features['standard:connect'].connect();
      assert.deepEqual(accounts.map((a) => a.address), [users.a.sol]);
      const count = submitted.length;
      let first = true;
      afterSubmit = async () => {
        if (!first) return;
        first = false;
        // Between A's two submits (the first answered): the page switches to B.
        await switchTo('b');
      };
      try {
        const messages = ['one', 'two'].map((m) => ({ account: accounts[0]!, message: new TextEncoder().encode(m) }));
        await rejectsWithCode(features['solana:signMessage'].signMessage(...messages), 'ERR_SESSION_USER_CHANGED');
      } finally {
        afterSubmit = undefined;
      }
      // The first went with A's session (it was A's when handed over); the second never went.
      assert.deepEqual(submitted.slice(count), [`${users.a.userId}:sign_raw_payload`]);
    });

    it('wallet-adapter\u2019s StandardWalletAdapter: connects and signs as one user; the logout disconnects it; with another user logged in (the saved account the logout made active) it connects again and signs as them', async () => {
      // The adapter says Unsupported where there is no document (server rendering): a stand-in while it is made.
      const hadDocument = 'document' in globalThis;
      (globalThis as { document?: unknown }).document ??= {};
      const adapter = new StandardWalletAdapter({ wallet: registered.wallet as never });
      if (!hadDocument) delete (globalThis as { document?: unknown }).document;
      const errors: string[] = [];
      adapter.on('error', (error) => errors.push(error.name));
      await adapter.connect();
      assert.equal(adapter.publicKey?.toBase58(), users.b.sol);
      const signedAsB = await adapter.signMessage!(new TextEncoder().encode('adapter b'));
      assert.ok(nacl.sign.detached.verify(new TextEncoder().encode('adapter b'), signedAsB, adapter.publicKey!.toBytes()));

      const disconnected = new Promise<void>((resolve) => adapter.once('disconnect', () => resolve()));
      await kit.logout();
      await disconnected;
      assert.equal(adapter.connected, false);
      assert.deepEqual(errors, ['WalletDisconnectedError']);

      // The logout made the saved account (A) the active one (kit-accounts.ts afterLogout).
      await adapter.connect();
      assert.equal(adapter.publicKey?.toBase58(), users.a.sol);
      const signedAsA = await adapter.signMessage!(new TextEncoder().encode('adapter a'));
      assert.ok(nacl.sign.detached.verify(new TextEncoder().encode('adapter a'), signedAsA, adapter.publicKey!.toBytes()));
      await adapter.disconnect();
    });
  });
});
