/**
 * Operations the on-ramp and transaction features serve beyond the kit's shared table, with
 * the hosted service's names (its public SDKs): the credential listing, and the V2 types the two
 * send routes also take (both sends' V1 are in the kit's table). api/operations.ts merges them
 * into the emulator's tables.
 */
import type { OperationVersion, QuerySpec } from '../api/operations.ts';

/**
 * The V2 sends (`v1EthSendTransactionRequest` / `v1SolSendTransactionRequest` of the hosted
 * types, what `@turnkey/core` sends for `calls` / `signWiths`), taken beside V1 on the same
 * routes. test/conformance/types checks these names against the hosted types.
 */
export const SEND_TRANSACTION_V2 = {
  eth_send_transaction: [{ type: 'ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2', intent: 'ethSendTransactionIntentV2', result: 'ethSendTransactionResultV2' }],
  sol_send_transaction: [{ type: 'ACTIVITY_TYPE_SOL_SEND_TRANSACTION_V2', intent: 'solSendTransactionIntentV2', result: 'solSendTransactionResultV2' }],
} as const satisfies Record<string, readonly OperationVersion[]>;

export const ONRAMP_QUERIES = {
  list_fiat_on_ramp_credentials: { required: ['organizationId'], response: 'fiatOnRampCredentials' },
} as const satisfies Record<string, QuerySpec>;
