/**
 * Operations the on-ramp and transaction features serve beyond the kit's shared table, with
 * the hosted service's names (its public SDKs): the Solana send, the on-ramp status query and
 * the credential listing. api/operations.ts merges them into the emulator's tables.
 */
import type { OperationSpec, QuerySpec } from '../api/operations.ts';

export const ONRAMP_SUBMIT_OPERATIONS = {
  sol_send_transaction: { type: 'ACTIVITY_TYPE_SOL_SEND_TRANSACTION', intent: 'solSendTransactionIntent', result: 'solSendTransactionResult' },
} as const satisfies Record<string, OperationSpec>;

export const ONRAMP_QUERIES = {
  list_fiat_on_ramp_credentials: { required: ['organizationId'], response: 'fiatOnRampCredentials' },
} as const satisfies Record<string, QuerySpec>;
