// A small in-page test wallet standing in for a browser extension (issue 12 part 3): an EIP-6963
// announcer whose EIP-1193 provider holds a real secp256k1 key, and signs with viem (an
// implementation this project did not write), so a stamp the kit makes from its signature is
// checked against an independent signer. It answers what a login asks of a wallet:
// eth_requestAccounts / eth_accounts, eth_chainId, wallet_switchEthereumChain, personal_sign;
// anything else is 4200. `rejecting` makes the next requests fail as a person saying no (4001).
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { announceEip1193Provider } from '../../src/providers/announce-eip1193-provider.ts';

export interface TestWalletOptions {
  name?: string;
  rdns?: string;
  /** A data: URI (default: a small SVG), or any string to test what the kit does with it. */
  icon?: string;
  privateKey?: `0x${string}`;
  /** The chain the wallet is on (EIP-155 id). Default 1. */
  chainId?: number;
  /** Chains it may switch to. Default: only its own. */
  chains?: number[];
  target?: EventTarget;
}

export interface TestWallet {
  readonly address: `0x${string}`;
  readonly privateKey: `0x${string}`;
  readonly provider: { request(args: { method: string; params?: unknown }): Promise<unknown> };
  readonly uuid: string;
  /** Every method asked, in order. */
  readonly calls: string[];
  /** While true, connecting and signing fail with 4001 (the user rejected the request). */
  rejecting: boolean;
  chainId: number;
  /** Stops answering `eip6963:requestProvider`. */
  stop(): void;
}

export const TEST_WALLET_ICON = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#3b5bdb"/><path d="M8 11h16v10H8z" fill="#fff"/></svg>')}`;

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export function installTestWallet(options: TestWalletOptions = {}): TestWallet {
  const privateKey = options.privateKey ?? generatePrivateKey();
  const account = privateKeyToAccount(privateKey);
  const uuid = crypto.randomUUID();
  const calls: string[] = [];
  const wallet: TestWallet = {
    address: account.address,
    privateKey,
    uuid,
    calls,
    rejecting: false,
    chainId: options.chainId ?? 1,
    provider: {
      async request({ method, params }) {
        calls.push(method);
        const args = Array.isArray(params) ? params : [];
        switch (method) {
          case 'eth_requestAccounts':
            if (wallet.rejecting) throw new RpcError(4001, 'User rejected the request.');
            return [account.address];
          case 'eth_accounts':
            return [account.address];
          case 'eth_chainId':
            return `0x${wallet.chainId.toString(16)}`;
          case 'wallet_switchEthereumChain': {
            const wanted = Number.parseInt(String((args[0] as { chainId?: string } | undefined)?.chainId), 16);
            if (!(options.chains ?? [wallet.chainId]).includes(wanted)) throw new RpcError(4902, 'Unrecognized chain.');
            wallet.chainId = wanted;
            return null;
          }
          case 'personal_sign': {
            if (wallet.rejecting) throw new RpcError(4001, 'User rejected the request.');
            const [message, address] = args as [string, string];
            if (String(address).toLowerCase() !== account.address.toLowerCase()) throw new RpcError(4100, 'Unauthorized account.');
            // 0x-hex is the message's bytes (EIP-1193 wallets' convention); other text is UTF-8.
            return account.signMessage({ message: /^0x([0-9a-fA-F]{2})*$/.test(message) ? { raw: message as `0x${string}` } : message });
          }
          default:
            throw new RpcError(4200, `Unsupported method ${method}.`);
        }
      },
    },
    stop: () => undefined,
  };
  wallet.stop = announceEip1193Provider({
    info: { uuid, name: options.name ?? 'Test Wallet', icon: options.icon ?? TEST_WALLET_ICON, rdns: options.rdns ?? 'com.example.testwallet' },
    provider: wallet.provider,
    ...(options.target ? { target: options.target } : {}),
  });
  return wallet;
}
