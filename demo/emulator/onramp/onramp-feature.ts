/** The on-ramp and transaction feature's pieces, for the registries and routes (activities/registry.ts, queries/registry.ts, emulator.ts). */
import { initFiatOnRamp } from './init-fiat-on-ramp.ts';
import { deleteFiatOnRampCredential, getOnRampTransactionStatus, listFiatOnRampCredentials } from './onramp-handlers.ts';
import { ethSendTransaction, getSendTransactionStatus, solSendTransaction } from './send-transaction.ts';
import type { ActivityHandler, QueryHandler } from '../api/handler-types.ts';

export { onRampRoutes } from './sandbox-page.ts';

export const onRampActivities: [string, ActivityHandler][] = [
  ['init_fiat_on_ramp', initFiatOnRamp],
  ['delete_fiat_on_ramp_credential', deleteFiatOnRampCredential],
  ['eth_send_transaction', ethSendTransaction],
  ['sol_send_transaction', solSendTransaction],
];

export const onRampQueries: [string, QueryHandler][] = [
  ['get_onramp_transaction_status', getOnRampTransactionStatus],
  ['list_fiat_on_ramp_credentials', listFiatOnRampCredentials],
  ['get_send_transaction_status', getSendTransactionStatus],
];
