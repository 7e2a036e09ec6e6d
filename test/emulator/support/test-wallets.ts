/**
 * Browser wallets as the hosted @turnkey/wallet-stamper sees them, with real keys: what its
 * WalletStamper signs with in the wallet-stamp and wallet-key-vote tests.
 */
import { BaseEthereumWallet, WalletType, type SolanaWalletInterface } from '@turnkey/wallet-stamper';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { ed25519 } from '@noble/curves/ed25519.js';
import { utf8Encode } from '../../../src/encoding/utf8.ts';
import { toHex } from '../../../src/encoding/hex.ts';

/** An Ethereum wallet: personal_sign of the text (viem's signMessage), by a fresh key. */
export class TestEthereumWallet extends BaseEthereumWallet {
  readonly account = privateKeyToAccount(generatePrivateKey());
  signMessage(message: string): Promise<`0x${string}`> {
    return this.account.signMessage({ message });
  }
}

/** A Solana wallet as the hosted stamper's own tests model one: Ed25519, hex signature and key. */
export function testSolanaWallet(): SolanaWalletInterface {
  const secret = ed25519.utils.randomSecretKey();
  return {
    type: WalletType.Solana,
    signMessage: async (message: string) => toHex(ed25519.sign(utf8Encode(message), secret)),
    getPublicKey: async () => toHex(ed25519.getPublicKey(secret)),
  };
}
