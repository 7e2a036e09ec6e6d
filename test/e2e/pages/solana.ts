// A Solana dapp as a developer writes one: the page registers `latchkey/solana`'s wallet with no
// `approve` hook (so every request goes to the kit's confirmation sheet), then finds it as any
// dapp finds a wallet, through @wallet-standard/app's getWallets(), and connects. The person logs
// in with <latch-auth>. The test drives `window.__solanaDapp`; transactions arrive as base64 wire
// bytes (built by the test with @solana/web3.js) and signatures leave the same way. Each call
// resolves with the result or the error's code and message, so a rejection is read as data.
import './shared/violations.ts';
import { getWallets } from '@wallet-standard/app';
import { registerSolanaWallet } from 'latchkey/solana';
import type { LatchKit } from 'latchkey';
import { logLatchEvents } from './shared/event-log.ts';
import { start } from './shared/boot.ts';

export type SolanaDappOutcome = { result: string } | { code: string | undefined; message: string };

export interface SolanaDapp {
  /** The connected account (base58). */
  address: string;
  /** The name getWallets() gave the wallet that was used. */
  walletName: string;
  /** solana:signMessage of the text; the signature in base64. */
  signMessage(text: string): Promise<SolanaDappOutcome>;
  /** solana:signMessage of the base64 bytes, as a drainer sends a transaction's message. */
  signMessageBytes(bytes: string): Promise<SolanaDappOutcome>;
  /** solana:signTransaction of the base64 wire bytes on `chain`; the signed transaction in base64. */
  signTransaction(transaction: string, chain: string): Promise<SolanaDappOutcome>;
}

declare global {
  interface Window {
    __solanaDapp?: SolanaDapp;
  }
}

type Account = { address: string; publicKey: Uint8Array };
type Features = {
  'standard:connect': { connect(): Promise<{ accounts: readonly Account[] }> };
  'solana:signMessage': { signMessage(...inputs: { account: Account; message: Uint8Array }[]): Promise<readonly { signature: Uint8Array }[]> };
  'solana:signTransaction': { signTransaction(...inputs: { account: Account; transaction: Uint8Array; chain?: string }[]): Promise<readonly { signedTransaction: Uint8Array }[]> };
};

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

function outcome(promise: Promise<Uint8Array>): Promise<SolanaDappOutcome> {
  return promise.then(
    (bytes) => ({ result: toBase64(bytes) }),
    (error: { code?: string; message?: string }) => ({ code: error?.code, message: String(error?.message) }),
  );
}

async function connect(kit: LatchKit): Promise<void> {
  const session = kit.session;
  if (!session || window.__solanaDapp) return;
  registerSolanaWallet({ session });
  // The dapp's side: whatever wallets the page has, the one with Solana signing and our name.
  const wallet = getWallets().get().find((w) => w.name === 'Latchkey' && 'solana:signTransaction' in w.features);
  if (!wallet) throw new Error('getWallets() did not find the wallet');
  const features = wallet.features as unknown as Features;
  const { accounts: [account] } = await features['standard:connect'].connect();
  if (!account) throw new Error('no Solana account');
  window.__solanaDapp = {
    address: account.address,
    walletName: wallet.name,
    signMessage: (text) => outcome(features['solana:signMessage'].signMessage({ account, message: new TextEncoder().encode(text) }).then(([out]) => out!.signature)),
    signMessageBytes: (bytes) => outcome(features['solana:signMessage'].signMessage({ account, message: fromBase64(bytes) }).then(([out]) => out!.signature)),
    signTransaction: (transaction, chain) =>
      outcome(features['solana:signTransaction'].signTransaction({ account, transaction: fromBase64(transaction), chain }).then(([out]) => out!.signedTransaction)),
  };
  document.getElementById('status')!.textContent = `Connected ${account.address}`;
}

logLatchEvents(document);

start(async ({ kit }) => {
  await kit.restoreSession();
  const { LatchAuth } = await import('latchkey/components');
  LatchAuth.define();
  kit.addEventListener('login', () => void connect(kit).catch((error: unknown) => console.error('connect failed', error)));
  await connect(kit);
});
