// An in-page Solana test wallet for the Wallet Standard: registers itself as a wallet does
// (`wallet-standard:register-wallet`, and again on `wallet-standard:app-ready`), with
// `standard:connect` and `solana:signMessage` over a real Ed25519 key (noble's ed25519, the
// signature checked by the emulator and, in Node, compared with the hosted wallet stamper's).
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import type { StandardWallet, StandardWalletAccount } from '../../src/providers/wallet-standard.ts';

export interface TestSolanaWallet {
  readonly wallet: StandardWallet;
  readonly secretKey: Uint8Array;
  readonly account: StandardWalletAccount;
  readonly calls: string[];
  /** While true, connect and signMessage fail as a person saying no (4001). */
  rejecting: boolean;
  stop(): void;
}

export const TEST_SOLANA_ICON = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#9945ff"/><path d="M8 10h16l-3 4H8zm0 8h13l3 4H8z" fill="#fff"/></svg>')}`;

export function installTestSolanaWallet(options: { name?: string; secretKey?: Uint8Array; target?: EventTarget } = {}): TestSolanaWallet {
  const target = options.target ?? window;
  const secretKey = options.secretKey ?? ed25519.utils.randomSecretKey();
  const publicKey = ed25519.getPublicKey(secretKey);
  const account: StandardWalletAccount = { address: base58.encode(publicKey), publicKey, chains: ['solana:mainnet'] };
  const calls: string[] = [];
  const rejected = () => Object.assign(new Error('User rejected the request.'), { code: 4001 });
  const test: TestSolanaWallet = {
    secretKey,
    account,
    calls,
    rejecting: false,
    stop: () => undefined,
    wallet: {
      name: options.name ?? 'Test Solana Wallet',
      icon: TEST_SOLANA_ICON,
      chains: ['solana:mainnet', 'solana:devnet'],
      accounts: [],
      features: {
        'standard:connect': {
          version: '1.0.0',
          connect: async () => {
            calls.push('standard:connect');
            if (test.rejecting) throw rejected();
            return { accounts: [account] };
          },
        },
        'solana:signMessage': {
          version: '1.0.0',
          signMessage: async (...inputs: { account: StandardWalletAccount; message: Uint8Array }[]) => {
            calls.push('solana:signMessage');
            if (test.rejecting) throw rejected();
            return inputs.map(({ message }) => ({ signedMessage: message, signature: ed25519.sign(message, secretKey) }));
          },
        },
      },
    },
  };
  const register = (api: { register(...wallets: StandardWallet[]): unknown }) => api.register(test.wallet);
  const onReady = (event: Event) => register((event as CustomEvent).detail);
  target.addEventListener('wallet-standard:app-ready', onReady);
  target.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: register }));
  test.stop = () => target.removeEventListener('wallet-standard:app-ready', onReady);
  return test;
}
