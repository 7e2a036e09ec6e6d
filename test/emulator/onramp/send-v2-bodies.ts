/**
 * The V2 send bodies the tests submit, written field by field from the hosted service's
 * published types (`v1EthSendTransactionRequest`, `v1SolSendTransactionRequest` of
 * `@turnkey/sdk-types`), not from the emulator's table: `f.body()` builds the V1 type of a
 * route. The shapes here are our own reading; test/conformance/types/send-transaction-v2.ts
 * checks that what these builders return is assignable to the hosted request types.
 */

import { resultOf, type Fixture } from '../support/emulator-fixture.ts';

export const ETH_SEND_V2 = 'ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2';
export const SOL_SEND_V2 = 'ACTIVITY_TYPE_SOL_SEND_TRANSACTION_V2';

/** The chains these tests use (each one of the hosted `caip2` values). */
export type EvmChain = 'eip155:1' | 'eip155:8453' | 'eip155:11155111';
export type SolanaChain = 'solana:mainnet' | 'solana:devnet' | 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' | 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d';

export interface EthCallV2 {
  to: string;
  value?: string;
  data?: string;
}

export interface EthSendV2Parameters {
  from: string;
  caip2: EvmChain;
  sponsor?: boolean;
  nonce?: string;
  gasLimit?: string;
  maxFeePerGas?: string;
  maxPriorityFeePerGas?: string;
  deadline?: string;
  gasStationNonce?: string;
  calls: EthCallV2[];
}

export interface SolSendV2Parameters {
  unsignedTransaction: string;
  signWiths: string[];
  sponsor?: boolean;
  caip2: SolanaChain;
  recentBlockhash?: string;
}

export interface EthSendV2Body {
  type: typeof ETH_SEND_V2;
  timestampMs: string;
  organizationId: string;
  parameters: EthSendV2Parameters;
  generateAppProofs?: boolean;
}

export interface SolSendV2Body {
  type: typeof SOL_SEND_V2;
  timestampMs: string;
  organizationId: string;
  parameters: SolSendV2Parameters;
  generateAppProofs?: boolean;
}

export function ethSendV2Body(organizationId: string, timestampMs: number, parameters: EthSendV2Parameters): EthSendV2Body {
  return { type: ETH_SEND_V2, timestampMs: String(timestampMs), organizationId, parameters };
}

export function solSendV2Body(organizationId: string, timestampMs: number, parameters: SolSendV2Parameters): SolSendV2Body {
  return { type: SOL_SEND_V2, timestampMs: String(timestampMs), organizationId, parameters };
}

/** A wallet in the demo organization with the accounts the V2 tests send from: [eth, sol, sol2]. */
export async function senderWallet(f: Fixture, walletName: string): Promise<[string, string, string]> {
  const wallet = resultOf(
    await f.submit('create_wallet', f.demoOrgId, {
      walletName,
      accounts: [
        { curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' },
        { curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/501'/0'/0'", addressFormat: 'ADDRESS_FORMAT_SOLANA' },
        { curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/501'/1'/0'", addressFormat: 'ADDRESS_FORMAT_SOLANA' },
      ],
    }),
  ) as { addresses: string[] };
  return wallet.addresses as [string, string, string];
}
