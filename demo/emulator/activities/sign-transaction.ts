/**
 * sign_transaction (ACTIVITY_TYPE_SIGN_TRANSACTION_V2, intent signTransactionIntentV2, result
 * signTransactionResult): `signWith` (a wallet account or private key of the organization),
 * `unsignedTransaction` (hex) and `type`, signed for real and returned as lowercase hex without
 * 0x (as the service answers):
 * - TRANSACTION_TYPE_ETHEREUM: legacy (with or without EIP-155), EIP-2930, EIP-1559 and EIP-7702
 *   transactions, by the account's secp256k1 key (wallet/ethereum-transaction.ts);
 * - TRANSACTION_TYPE_SOLANA: a wire transaction (legacy or v0 message) whose required signers
 *   include the account's Ed25519 key; its signature slot is filled (wallet/solana-transaction.ts).
 * The other hosted transaction types (Tron, Bitcoin, Tempo) are refused with 400. Changes
 * nothing but the activity log.
 */
import { signEthereumTransaction, signSolanaTransaction } from '../wallet/index.ts';
import { invalidRequest } from '../http/service-error.ts';
import { requireEnum, requireString } from '../http/fields.ts';
import { resolveSigningKey } from '../custody/signing-key.ts';
import { walletCall } from '../custody/wallet-errors.ts';
import type { ActivityHandler } from '../api/handler-types.ts';

/** The hosted v1TransactionType values. */
const TRANSACTION_TYPES = ['TRANSACTION_TYPE_ETHEREUM', 'TRANSACTION_TYPE_SOLANA', 'TRANSACTION_TYPE_TRON', 'TRANSACTION_TYPE_BITCOIN', 'TRANSACTION_TYPE_TEMPO'] as const;

export const signTransaction: ActivityHandler = {
  async run({ tx, organization, parameters: p }) {
    const signWith = requireString(p, 'signWith', 'parameters', { max: 256 });
    const unsignedTransaction = requireString(p, 'unsignedTransaction', 'parameters', { max: 262_144 });
    const type = requireEnum(p, 'type', TRANSACTION_TYPES, 'parameters');
    if (type !== 'TRANSACTION_TYPE_ETHEREUM' && type !== 'TRANSACTION_TYPE_SOLANA') {
      throw invalidRequest(`parameters.type ${type} is not signed by this emulator: it signs TRANSACTION_TYPE_ETHEREUM and TRANSACTION_TYPE_SOLANA.`);
    }
    const key = resolveSigningKey(tx, organization.id, signWith);
    try {
      if (type === 'TRANSACTION_TYPE_SOLANA') {
        if (key.curve !== 'CURVE_ED25519') throw invalidRequest('parameters.signWith must name an Ed25519 key to sign a Solana transaction.');
        return { signedTransaction: walletCall(() => signSolanaTransaction({ privateKey: key.privateKey, unsignedTransaction })) };
      }
      if (key.curve !== 'CURVE_SECP256K1') throw invalidRequest('parameters.signWith must name a secp256k1 key to sign an Ethereum transaction.');
      return { signedTransaction: walletCall(() => signEthereumTransaction({ privateKey: key.privateKey, unsignedTransaction })) };
    } finally {
      key.privateKey.fill(0);
    }
  },
};
