// The kit's login lists the wallets a page has; the kit's own wallets (latchkey/solana's Wallet
// Standard wallet, latchkey/eip1193's provider) are the session itself and must not be offered.
// Each check fails when the mark or its test in discovery is removed.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { registerSolanaWallet, type SolanaWalletSession } from '../../../src/providers/solana.ts';
import { watchSolanaWallets } from '../../../src/providers/wallet-standard.ts';
import { watchInjectedWallets } from '../../../src/providers/discover-wallets.ts';
import { OWN_WALLET, isOwnWallet } from '../../../src/providers/own-wallet.ts';
import { LatchEip1193Provider, type Eip1193Session } from '../../../src/providers/eip1193-provider.ts';
import { installTestSolanaWallet } from '../../support/test-solana-wallet.ts';
import { installTestWallet } from '../../support/test-wallet.ts';

/** Enough of a session for the wallet to be made; nothing here signs. */
function idleSession(): SolanaWalletSession {
  const target = new EventTarget();
  return Object.defineProperties(target, {
    active: { get: () => true },
    summary: { get: () => ({ organizationId: 'org', userId: 'user', publicKey: 'k', sessionType: 'SESSION_TYPE_READ_WRITE', expiresAt: 0 }) },
    submit: { value: async () => Promise.reject(new Error('not used')) },
    query: { value: async () => Promise.reject(new Error('not used')) },
    listWalletAccounts: { value: async () => [] },
  }) as unknown as SolanaWalletSession;
}

describe('the kit never offers its own wallet as a way to log in', () => {
  it('Wallet Standard: latchkey/solana registered beside another wallet; login discovery lists only the other', () => {
    const target = new EventTarget();
    installTestSolanaWallet({ target });
    const ours = registerSolanaWallet({ session: idleSession(), approve: () => false, target });
    try {
      assert.equal(isOwnWallet(ours.wallet), true);
      let names: string[] = [];
      const stop = watchSolanaWallets((wallets) => (names = wallets.map((w) => w.name)), { target });
      stop();
      assert.deepEqual(names, ['Test Solana Wallet']);
    } finally {
      ours.unregister();
    }
  });

  it('EIP-6963: a provider carrying the mark is not listed; the same provider without it is', () => {
    const target = new EventTarget();
    const other = installTestWallet({ target });
    const marked = { request: other.provider.request, [OWN_WALLET]: true };
    const announce = (provider: unknown, uuid: string) =>
      target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: { uuid, name: `wallet ${uuid.slice(0, 4)}`, icon: '', rdns: 'com.example' }, provider } }));
    let uuids: string[] = [];
    const stop = watchInjectedWallets((wallets) => (uuids = wallets.map((w) => w.info.uuid)), { target });
    const ownUuid = crypto.randomUUID();
    announce(marked, ownUuid);
    // The kit's provider itself carries the mark.
    const provider = new LatchEip1193Provider({ session: idleSession() as unknown as Eip1193Session, address: other.address, chainId: 1, approve: () => false });
    const providerUuid = crypto.randomUUID();
    announce(provider, providerUuid);
    stop();
    assert.ok(!uuids.includes(ownUuid), 'the marked provider was listed');
    assert.ok(!uuids.includes(providerUuid), 'the kit\'s own LatchEip1193Provider was listed');
    assert.ok(uuids.includes(other.uuid), 'the test wallet was not listed');
  });
});
