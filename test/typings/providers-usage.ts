// Type-checked in `npm test` (tsc -p test/typings/tsconfig.providers.json) against the pinned viem
// and @wagmi/core: the kit's EIP-1193 provider is what they take, with no cast (and, marked as
// expected errors, what must not type-check).
import type { EIP1193Provider } from 'viem';
import { createWalletClient, custom } from 'viem';
import { mainnet } from 'viem/chains';
import { createConfig, http, injected } from '@wagmi/core';
import { announceEip1193Provider, createEip1193Provider, type LatchEip1193Provider } from 'latchkey/eip1193';
import { registerSolanaWallet } from 'latchkey/solana';
import type { Wallet } from '@wallet-standard/base';
import type { LatchKit } from 'latchkey';

export function page(kit: LatchKit) {
  // The README's snippet: one provider for the page, bound to the kit (before restoreSession() is fine).
  const provider = createEip1193Provider({ kit, chainId: mainnet.id });
  const stop: () => void = announceEip1193Provider({
    info: { uuid: crypto.randomUUID(), name: 'Latchkey', icon: 'data:image/svg+xml,<svg/>', rdns: 'com.example.wallet' },
    provider,
  });

  // viem's provider type, and its transport.
  const asViem: EIP1193Provider = provider;
  const client = createWalletClient({ chain: mainnet, transport: custom(provider) });

  // wagmi's injected connector with the provider as its target.
  const config = createConfig({
    chains: [mainnet],
    transports: { [mainnet.id]: http() },
    connectors: [injected({ target: { id: 'latchkey', name: 'Latchkey', provider } })],
  });
  const asTarget = injected({ target: () => ({ id: 'latchkey', name: 'Latchkey', provider }) });

  // The Solana wallet: a Wallet Standard Wallet, bound to the kit, the sheet by default (no approve needed).
  const { wallet, unregister } = registerSolanaWallet({ kit });
  const standard: Wallet = wallet;

  // @ts-expect-error a request names its method.
  const nothing = provider.request({ params: [] });
  // @ts-expect-error the provider is not viem's wallet client.
  const notClient: LatchEip1193Provider = client;

  return { stop, asViem, client, config, asTarget, standard, unregister, nothing, notClient };
}
