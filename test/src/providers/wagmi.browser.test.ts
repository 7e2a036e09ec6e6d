// A wagmi app uses the Latchkey wallet with no connector of ours: @wagmi/core's createConfig
// (multiInjectedProviderDiscovery, its default) finds the provider that
// announceEip1193Provider announces over EIP-6963 and makes wagmi's own `injected` connector for
// it (id = the announced rdns). Through that connector, against the emulator the test runner
// started, wagmi connects, signs a message and typed data (viem verifies both against the
// account), sends a transaction (the emulator's eth_send_transaction), switches chain (and the
// next send goes out on the new chain), and sees the disconnect when the kit logs out. The
// provider gets an explicit `approve` hook (headless mode): it answers yes and records what it
// was asked. None of wagmi's code is changed or wrapped.
import { describe, it, before, after, expect } from '../../support/harness.ts';
import { ETH_ACCOUNT, signUpWithKit, testKit, uniqueEmail } from '../../components/support/emulator-kit.ts';
import { defineChain, getAddress, http, verifyMessage, verifyTypedData } from 'viem';
import {
  connect, createConfig, getChainId, getConnection, getConnectors, sendTransaction, signMessage, signTypedData, switchChain, watchConnection,
  type Config, type Connector,
} from '@wagmi/core';
import type { LatchKit } from '../../../src/kit/latch-kit.ts';
import { announceEip1193Provider, createEip1193Provider, type Eip1193RequestArguments, type LatchEip1193Provider } from '../../../src/providers/eip1193.ts';

declare global {
  interface Window {
    __LATCHKEY_EMULATOR__: { apiUrl: string; proxyUrl: string; oauthUrl: string } | null;
  }
}

const TO = '0x1111111111111111111111111111111111111111';
const RDNS = 'dev.latchkey.wagmi-test';
const ICON = 'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E';
const rpc = { default: { http: ['http://127.0.0.1:9'] } };
const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 };
const base = defineChain({ id: 8453, name: 'Base', nativeCurrency: ether, rpcUrls: rpc });
const sepolia = defineChain({ id: 11155111, name: 'Sepolia', nativeCurrency: ether, rpcUrls: rpc });

interface AnsweredActivity {
  type: string;
  intent: Record<string, Record<string, unknown>>;
}

const MAIL = {
  domain: { name: 'Ether Mail', version: '1', chainId: 8453, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
  types: {
    Person: [{ name: 'name', type: 'string' }, { name: 'wallet', type: 'address' }],
    Mail: [{ name: 'from', type: 'Person' }, { name: 'to', type: 'Person' }, { name: 'contents', type: 'string' }],
  },
  primaryType: 'Mail',
  message: {
    from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
    to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
    contents: 'Hello from wagmi',
  },
} as const;

describe('wagmi (@wagmi/core) finds and uses the Latchkey provider through EIP-6963 (emulator)', () => {
  const urls = window.__LATCHKEY_EMULATOR__!;
  const asked: Eip1193RequestArguments[] = [];
  const answered: AnsweredActivity[] = [];
  let kit: LatchKit;
  let provider: LatchEip1193Provider;
  let address: `0x${string}`;
  let stopAnnouncing: () => void = () => undefined;

  const newConfig = (multiInjectedProviderDiscovery: boolean) =>
    createConfig({ chains: [base, sepolia], transports: { [base.id]: http(), [sepolia.id]: http() }, multiInjectedProviderDiscovery, storage: null });
  const latchkeyConnector = (connectors: readonly Connector[]) => connectors.find((connector) => connector.id === RDNS);

  before(async () => {
    expect(urls, 'the test runner started an emulator').to.not.equal(null);
    // A kit of its own against the emulator, and an email sign-up with one Ethereum account.
    kit = await testKit();
    const login = await signUpWithKit(kit, { email: uniqueEmail('wagmi.browser'), wallet: { walletName: 'Main', accounts: [ETH_ACCOUNT] } });
    address = getAddress(login.signup!.wallet!.addresses[0]!);
    // The real session, seen on its way out: each activity the emulator answered, as it recorded it.
    const session = new Proxy(login.session, {
      get(target, key) {
        if (key === 'submit') {
          return async (...args: Parameters<typeof target.submit>) => {
            const activity = await target.submit(...args);
            answered.push(activity as unknown as AnsweredActivity);
            return activity;
          };
        }
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    provider = createEip1193Provider({
      session,
      address,
      chainId: base.id,
      chains: [{ chainId: sepolia.id }],
      sendStatusPolling: { initialDelayMs: 10 },
      // Headless mode: the page answers each request itself (here: yes, and remember it).
      approve: (request) => {
        asked.push(request);
        return true;
      },
    });
    stopAnnouncing = announceEip1193Provider({ info: { uuid: crypto.randomUUID(), name: 'Latchkey', icon: ICON, rdns: RDNS }, provider });
  });

  after(() => {
    stopAnnouncing();
    provider?.dispose();
    kit?.dispose();
  });

  it('EIP-6963 discovery gives wagmi an injected connector for it (and only discovery does)', () => {
    const connector = latchkeyConnector(getConnectors(newConfig(true)));
    expect(connector, 'a connector for the announced rdns').to.not.equal(undefined);
    expect(connector!.type).to.equal('injected');
    expect(connector!.name).to.equal('Latchkey');
    expect(connector!.icon).to.equal(ICON);
    expect(latchkeyConnector(getConnectors(newConfig(false))), 'without discovery wagmi does not see it').to.equal(undefined);
  });

  it('connects, signs a message and typed data (viem verifies), sends, switches chain, and sees the logout as a disconnect', async () => {
    const config = newConfig(true);
    const connected = await connect(config, { connector: latchkeyConnector(getConnectors(config))! });
    expect(connected.accounts).to.deep.equal([address]);
    expect(connected.chainId).to.equal(base.id);
    expect(getConnection(config)).to.include({ status: 'connected', address, chainId: base.id });

    const message = await signMessage(config, { message: 'hello from wagmi' });
    expect(await verifyMessage({ address, message: 'hello from wagmi', signature: message })).to.equal(true);
    const typed = await signTypedData(config, MAIL);
    expect(await verifyTypedData({ address, ...MAIL, signature: typed })).to.equal(true);
    expect(await sendTransaction(config, { to: TO, value: 1n })).to.match(/^0x[0-9a-f]{64}$/);

    const switched = await switchChain(config, { chainId: sepolia.id });
    expect(switched.id).to.equal(sepolia.id);
    expect(getChainId(config)).to.equal(sepolia.id);
    expect(getConnection(config).chainId).to.equal(sepolia.id);
    expect(await provider.request({ method: 'eth_chainId' })).to.equal('0xaa36a7');
    expect(await sendTransaction(config, { to: TO, value: 2n, chainId: sepolia.id })).to.match(/^0x[0-9a-f]{64}$/);

    // Each signature and send was put to the page's approve hook, and reached the emulator: the
    // second send on the chain wagmi switched to.
    expect(asked.map((request) => request.method).filter((method) => method !== 'wallet_switchEthereumChain')).to.deep.equal([
      'personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'eth_sendTransaction',
    ]);
    expect(answered.map((activity) => activity.type)).to.deep.equal([
      'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', 'ACTIVITY_TYPE_ETH_SEND_TRANSACTION', 'ACTIVITY_TYPE_ETH_SEND_TRANSACTION',
    ]);
    const sends = answered.slice(2).map((activity) => Object.values(activity.intent)[0]!);
    expect(sends.map((intent) => intent.caip2)).to.deep.equal(['eip155:8453', 'eip155:11155111']);
    expect(sends.map((intent) => intent.value)).to.deep.equal(['1', '2']);

    const disconnected = new Promise<void>((resolve) => {
      const unwatch = watchConnection(config, {
        onChange(connection) {
          if (connection.status !== 'disconnected') return;
          unwatch();
          resolve();
        },
      });
    });
    await kit.logout();
    // Bounded: a provider that never says it disconnected fails here, by name, not at the runner's limit.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('wagmi saw no disconnect within 5 s of the logout')), 5_000);
    });
    await Promise.race([disconnected, late]).finally(() => clearTimeout(timer));
    expect(getConnection(config)).to.include({ status: 'disconnected', address: undefined });
  });
});

/** Resolves when wagmi's connection matches `wanted`; rejects, by name, after 5 s (a provider that never says so fails here). */
function connectionWhere(config: Config, wanted: (connection: ReturnType<typeof getConnection>) => boolean, what: string): Promise<void> {
  if (wanted(getConnection(config))) return Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let unwatch: () => void = () => undefined;
  const seen = new Promise<void>((resolve) => {
    unwatch = watchConnection(config, { onChange: (connection) => void (wanted(connection) && resolve()) });
  });
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`wagmi saw no ${what} within 5 s`)), 5_000);
  });
  return Promise.race([seen, late]).finally(() => (clearTimeout(timer), unwatch()));
}

// Issue 37: ONE provider, bound to the kit and announced once, for the life of the page. wagmi
// connects to it, signs; the user logs out (wagmi sees the disconnect); ANOTHER user logs in, and
// wagmi reconnects by itself (the provider's `connect` and `accountsChanged`, as MetaMask sends
// them) and signs as that user, with the same config, the same connector, nothing rebuilt.
describe('wagmi keeps the one kit-bound provider across a logout and another user\u2019s login (emulator)', () => {
  const RDNS_KIT = 'dev.latchkey.wagmi-kit-test';
  let kit: LatchKit;
  let provider: LatchEip1193Provider;
  let stopAnnouncing: () => void = () => undefined;
  const asked: string[] = [];

  before(async () => {
    kit = await testKit();
    // Made and announced before anyone logs in, once.
    provider = createEip1193Provider({ kit, chainId: base.id, sendStatusPolling: { initialDelayMs: 10 }, approve: (request) => (asked.push(request.method), true) });
    stopAnnouncing = announceEip1193Provider({ info: { uuid: crypto.randomUUID(), name: 'Latchkey', icon: ICON, rdns: RDNS_KIT }, provider });
  });

  after(() => {
    stopAnnouncing();
    provider?.dispose();
    kit?.dispose();
  });

  it('connects, signs as A; logout disconnects; B logs in and wagmi follows by itself; signs as B, with the same config', async () => {
    const config = createConfig({ chains: [base, sepolia], transports: { [base.id]: http(), [sepolia.id]: http() }, storage: null });
    const connector = getConnectors(config).find((c) => c.id === RDNS_KIT)!;
    expect(connector, 'wagmi found the announced provider').to.not.equal(undefined);

    const a = await signUpWithKit(kit, { email: uniqueEmail('wagmi.a'), wallet: { walletName: 'Main', accounts: [ETH_ACCOUNT] } });
    const addressA = getAddress(a.signup!.wallet!.addresses[0]!);
    const connected = await connect(config, { connector });
    expect(connected.accounts).to.deep.equal([addressA]);
    const signedA = await signMessage(config, { message: 'from a' });
    expect(await verifyMessage({ address: addressA, message: 'from a', signature: signedA })).to.equal(true);

    await kit.logout();
    await connectionWhere(config, (c) => c.status === 'disconnected', 'disconnect after the logout');

    const b = await signUpWithKit(kit, { email: uniqueEmail('wagmi.b'), wallet: { walletName: 'Main', accounts: [ETH_ACCOUNT] } });
    const addressB = getAddress(b.signup!.wallet!.addresses[0]!);
    expect(addressB).to.not.equal(addressA);
    await connectionWhere(config, (c) => c.status === 'connected' && c.address === addressB, 'reconnection as the next user');
    const signedB = await signMessage(config, { message: 'from b' });
    expect(await verifyMessage({ address: addressB, message: 'from b', signature: signedB })).to.equal(true);
    expect(getConnectors(config).filter((c) => c.id === RDNS_KIT).length, 'one connector for the one announcement').to.equal(1);
    expect(asked).to.deep.equal(['personal_sign', 'personal_sign']);
  });
});
