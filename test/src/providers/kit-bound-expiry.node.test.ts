// A kit-bound EIP-1193 provider follows a session that ends by time (issue 37), against a real
// emulator over HTTP. The session is a short one (stamp_login with a 3-second lifetime, saved
// where the kit looks, as after a reload), so its own expiry timer ends it: no test clock, no
// sleep; the test waits for the provider's events. Made before kit.restoreSession(), the provider
// connects when the session is restored, says `accountsChanged` [] and `disconnect` (4900) when
// it expires, asks nobody afterwards, and connects again at the next login. Signatures are checked
// with viem's recoverMessageAddress.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { getAddress, recoverMessageAddress, toHex } from 'viem';
import { LatchKit } from '../../../src/kit/latch-kit.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { MemorySessionStore } from '../../../src/session/session-store.ts';
import { noSessionChannel } from '../../../src/session/session-channel.ts';
import { SigningSession } from '../../../src/session/signing-session.ts';
import { activityResult } from '../../../src/clients/activity-client.ts';
import { createEip1193Provider, type LatchEip1193Provider } from '../../../src/providers/eip1193-provider.ts';
import { ProviderRpcError } from '../../../src/providers/provider-rpc-error.ts';
import { emulatorKitOptions, otpLogin, startEmulator, type TestEmulator } from '../kit/kit-emulator-support.ts';

const ETH = { curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' } as const;
/** The short session's lifetime: long enough to be restored on a busy machine, short enough to wait for. */
const LIFETIME_S = 3;

/** The next time `provider` fires `event`, its first argument. */
const next = (provider: LatchEip1193Provider, event: string): Promise<unknown> =>
  new Promise((resolve) => {
    const listener = (value: unknown) => {
      provider.removeListener(event, listener);
      resolve(value);
    };
    provider.on(event, listener);
  });

/** `promise`, or a failure naming `what` if it has not settled in `ms` (a guard, not a wait). */
const within = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: nothing after ${ms} ms`)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
};

describe('A kit-bound EIP-1193 provider when the session ends by time (emulator)', () => {
  let t: TestEmulator;
  const kits: LatchKit[] = [];
  let provider: LatchEip1193Provider | undefined;

  before(async () => {
    t = await startEmulator();
  });
  after(async () => {
    provider?.dispose();
    for (const kit of kits) kit.dispose();
    await t?.emulator.stop();
  });

  it('restored, it connects; at expiry accountsChanged [] and disconnect 4900, nobody asked after; the next login connects it again', async () => {
    const keyStore = new MemoryKeyStore();
    const sessionStore = new MemorySessionStore();
    const options = emulatorKitOptions(t, { keyStore, sessionStore, sessionChannel: noSessionChannel });
    // A user, and a short session for a key of the same store, saved where a reloaded page looks.
    const setup = new LatchKit(options);
    kits.push(setup);
    const contact = `kit-bound-expiry.${Date.now()}@example.com`;
    const signup = await otpLogin(t, setup, contact, { userName: 'Expiring', wallet: { walletName: 'Main', accounts: [ETH] } });
    const address = getAddress(signup.signup!.wallet!.addresses[0]!);
    const key = await keyStore.create({ purpose: 'session' });
    const { session: jwt } = activityResult(await signup.session.submit('stamp_login', { publicKey: key.id, expirationSeconds: String(LIFETIME_S), invalidateExisting: false }));
    setup.dispose();
    (await SigningSession.fromJwt(jwt, { keyStore, sessionStore, channel: noSessionChannel, notarizerPublicKey: t.keys.notarizerPublicKey, apiBaseUrl: t.urls.apiUrl })).dispose();

    // The page after a reload: the provider first, then the restore.
    const kit = new LatchKit(options);
    kits.push(kit);
    const asked: string[] = [];
    const events: string[] = [];
    provider = createEip1193Provider({ kit, chainId: 1, approve: (request) => (asked.push(request.method), true) });
    provider.on('connect', () => events.push('connect'));
    provider.on('accountsChanged', (accounts) => events.push(`accounts ${(accounts as string[]).join()}`));
    provider.on('disconnect', (error) => events.push(`disconnect ${(error as ProviderRpcError).code}`));

    let connected = next(provider, 'accountsChanged');
    const restored = await kit.restoreSession();
    assert.equal(restored?.publicKey, key.id, 'the short session is the one restored');
    await within(connected, 20_000, 'connect');
    assert.deepEqual(events, ['connect', `accounts ${address}`]);
    const signed = await provider.request({ method: 'personal_sign', params: [toHex('before expiry'), address] });
    assert.equal(await recoverMessageAddress({ message: 'before expiry', signature: signed }), address);

    // The session's own timer ends it.
    const ended = new Promise<CustomEvent>((resolve) => kit.addEventListener('logout', (event) => resolve(event as CustomEvent), { once: true }));
    await within(next(provider, 'disconnect'), (LIFETIME_S + 10) * 1000, 'disconnect at expiry');
    assert.equal((await ended).detail.reason, 'expired');
    assert.deepEqual(events.slice(2), ['accounts ', 'disconnect 4900']);
    assert.equal(provider.isConnected(), false);
    assert.deepEqual(await provider.request({ method: 'eth_accounts' }), []);
    await assert.rejects(provider.request({ method: 'personal_sign', params: [toHex('after expiry'), address] }), (error: unknown) => error instanceof ProviderRpcError && error.code === 4900);
    assert.deepEqual(asked, ['personal_sign'], 'nobody was asked after the expiry');

    connected = next(provider, 'accountsChanged');
    await otpLogin(t, kit, contact);
    await within(connected, 20_000, 'connect');
    assert.deepEqual(events.slice(4), ['connect', `accounts ${address}`]);
    const again = await provider.request({ method: 'personal_sign', params: [toHex('after login'), address] });
    assert.equal(await recoverMessageAddress({ message: 'after login', signature: again }), address);
  });
});
