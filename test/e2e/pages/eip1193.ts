// A dapp as a developer writes one: viem's wallet client over `latchkey/eip1193`'s provider
// (custom transport), with no `approve` hook, so every request goes to the kit's confirmation
// sheet. The person logs in with <latch-auth>; the page then takes the session's first Ethereum
// account. The test drives `window.__dapp`; each call resolves with the result or the error's
// EIP-1193 code, so a rejection is read as data rather than a failed evaluate.
import './shared/violations.ts';
import { createWalletClient, custom, defineChain, encodeFunctionData, erc20Abi, maxUint256, type WalletClient } from 'viem';
import { createEip1193Provider, type LatchEip1193Provider } from 'latchkey/eip1193';
import type { LatchKit } from 'latchkey';
import { logLatchEvents } from './shared/event-log.ts';
import { start } from './shared/boot.ts';
import { MAIL } from '../../support/eip712-mail.ts';

export type DappOutcome = { result: string } | { code: number | undefined; name: string };

export interface Dapp {
  address: `0x${string}`;
  signMessage(message: string): Promise<DappOutcome>;
  signTypedData(): Promise<DappOutcome>;
  signTransaction(): Promise<DappOutcome>;
  approveUnlimited(token: `0x${string}`, spender: `0x${string}`): Promise<DappOutcome>;
}

declare global {
  interface Window {
    __dapp?: Dapp;
  }
}

const chain = defineChain({ id: 1, name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:9'] } } });
export const TX = { to: '0x1111111111111111111111111111111111111111', value: 1_230_000_000_000_000n, nonce: 0, gas: 21_000n, maxFeePerGas: 30_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n } as const;

/** The EIP-1193 code of a viem error (viem wraps the provider's ProviderRpcError). */
function outcome(promise: Promise<string>): Promise<DappOutcome> {
  return promise.then(
    (result) => ({ result }),
    (error: { code?: number; name?: string; cause?: unknown }) => {
      let e: { code?: number; name?: string; cause?: unknown } | undefined = error;
      while (e && typeof e.code !== 'number') e = e.cause as typeof e;
      return { code: e?.code, name: String(error?.name) };
    },
  );
}

async function connect(kit: LatchKit): Promise<void> {
  const session = kit.session;
  if (!session || window.__dapp) return;
  const account = (await session.listWalletAccounts()).find((a) => a.addressFormat === 'ADDRESS_FORMAT_ETHEREUM');
  if (!account) throw new Error('no Ethereum account');
  const address = account.address as `0x${string}`;
  const provider: LatchEip1193Provider = createEip1193Provider({ session, address, chainId: 1 });
  const client: WalletClient = createWalletClient({ account: address, chain, transport: custom(provider) });
  window.__dapp = {
    address,
    signMessage: (message) => outcome(client.signMessage({ account: address, message })),
    signTypedData: () => outcome(client.signTypedData({ account: address, ...MAIL })),
    signTransaction: () => outcome(client.signTransaction({ account: address, chain, ...TX })),
    approveUnlimited: (token, spender) =>
      outcome(client.sendTransaction({ account: address, chain, to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, maxUint256] }), gas: 60_000n, maxFeePerGas: TX.maxFeePerGas, maxPriorityFeePerGas: TX.maxPriorityFeePerGas, nonce: 0 })),
  };
  document.getElementById('status')!.textContent = `Connected ${address}`;
}

logLatchEvents(document);

start(async ({ kit }) => {
  await kit.restoreSession();
  const { LatchAuth } = await import('latchkey/components');
  LatchAuth.define();
  kit.addEventListener('login', () => void connect(kit).catch((error: unknown) => console.error('connect failed', error)));
  await connect(kit);
});
