// The EIP-1193 provider in a real browser against the emulator the test runner started: an
// email OTP sign-up with an Ethereum wallet, whose session key is a non-extractable WebCrypto
// key of this browser, then viem's createWalletClient({ transport: custom(provider) }) signs a
// message, typed data and a transaction that viem verifies and sends one, EIP-6963 announces the
// provider on window, and a logout disconnects it (4900). (ethers runs in the Node test only: its
// package maps Node modules away through the "browser" field, which this test server does not
// read.)
import { describe, it, before, after, expect } from '../../support/harness.ts';
import { ETH_ACCOUNT, signUpWithKit, testKit, uniqueEmail } from '../../components/support/emulator-kit.ts';
import { createWalletClient, custom, defineChain, getAddress, recoverTransactionAddress, verifyMessage, verifyTypedData } from 'viem';
import type { LatchKit } from '../../../src/kit/latch-kit.ts';
import { announceEip1193Provider, createEip1193Provider, ProviderRpcError, type LatchEip1193Provider } from '../../../src/providers/eip1193.ts';
import { eip2612Permit } from '../../support/permit-typed-data.ts';

declare global {
  interface Window {
    __LATCHKEY_EMULATOR__: { apiUrl: string; proxyUrl: string; oauthUrl: string } | null;
  }
}

const TO = '0x1111111111111111111111111111111111111111';
/** EIP-2612's permit on Base (test/support/permit-typed-data.ts). */
const PERMIT = eip2612Permit(10n ** 6n, 8453);

describe('EIP-1193 provider in the browser (emulator)', () => {
  const urls = window.__LATCHKEY_EMULATOR__!;
  let kit: LatchKit;
  let provider: LatchEip1193Provider;
  let address: `0x${string}`;

  before(async () => {
    expect(urls, 'the test runner started an emulator').to.not.equal(null);
    // A kit of its own against the emulator, and an email sign-up with one Ethereum account.
    kit = await testKit();
    const login = await signUpWithKit(kit, { email: uniqueEmail('eip1193.browser'), wallet: { walletName: 'Main', accounts: [ETH_ACCOUNT] } });
    address = getAddress(login.signup!.wallet!.addresses[0]!);
    provider = createEip1193Provider({ session: login.session, address, chainId: 8453, sendStatusPolling: { initialDelayMs: 10 }, approve: () => true });
  });

  after(() => {
    provider?.dispose();
    kit?.dispose();
  });

  it('viem signs a message, typed data and a transaction through it, and viem verifies each', async () => {
    const chain = defineChain({ id: 8453, name: 'Base', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:9'] } } });
    const client = createWalletClient({ account: address, chain, transport: custom(provider) });
    const message = await client.signMessage({ message: 'hello from the browser' });
    expect(await verifyMessage({ address, message: 'hello from the browser', signature: message })).to.equal(true);
    const typed = await client.signTypedData(PERMIT);
    expect(await verifyTypedData({ address, ...PERMIT, signature: typed })).to.equal(true);
    const signed = await client.signTransaction({ to: TO, value: 1n, nonce: 0, gas: 21_000n, maxFeePerGas: 2n, maxPriorityFeePerGas: 1n });
    expect(await recoverTransactionAddress({ serializedTransaction: signed })).to.equal(address);
    expect(await client.sendTransaction({ to: TO, value: 1n })).to.match(/^0x[0-9a-f]{64}$/);
  });

  it('EIP-6963 announces it on window; a logout disconnects it (4900)', async () => {
    const seen: unknown[] = [];
    const listener = (event: Event) => seen.push((event as CustomEvent<{ provider: unknown }>).detail.provider);
    window.addEventListener('eip6963:announceProvider', listener);
    const stop = announceEip1193Provider({ info: { uuid: crypto.randomUUID(), name: 'Latchkey', icon: 'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E', rdns: 'dev.latchkey' }, provider });
    window.dispatchEvent(new Event('eip6963:requestProvider'));
    stop();
    window.removeEventListener('eip6963:announceProvider', listener);
    expect(seen).to.deep.equal([provider, provider]);

    const codes: number[] = [];
    provider.on('disconnect', (error) => codes.push((error as ProviderRpcError).code));
    await kit.logout();
    expect(codes).to.deep.equal([4900]);
    let refused: unknown;
    await provider.request({ method: 'personal_sign', params: ['0x00', address] }).catch((error: unknown) => (refused = error));
    expect(refused).to.be.instanceOf(ProviderRpcError);
    expect((refused as ProviderRpcError).code).to.equal(4900);
  });
});
