/**
 * delete_fiat_on_ramp_credential, and the queries get_onramp_transaction_status and
 * list_fiat_on_ramp_credentials (the hosted service's paths; bodies `{organizationId,
 * transactionId, refresh?}` → `{transactionStatus}` and `{organizationId}` →
 * `{fiatOnRampCredentials}`).
 */
import { notFound } from '../http/service-error.ts';
import { optionalBoolean, requireString } from '../http/fields.ts';
import { timestamp } from '../api/envelope.ts';
import type { ActivityHandler, QueryHandler } from '../api/handler-types.ts';
import type { JsonObject } from '../http/fields.ts';
import type { FiatOnRampCredentialRecord } from './onramp-records.ts';

export const deleteFiatOnRampCredential: ActivityHandler = {
  async run({ tx, organization, parameters }) {
    const id = requireString(parameters, 'fiatOnrampCredentialId', 'parameters');
    const credential = tx.fiatOnRampCredentials.get(id);
    if (!credential || credential.organizationId !== organization.id) {
      throw notFound('FIAT_ON_RAMP_CREDENTIAL_NOT_FOUND', 'No fiat on-ramp credential with this id in the organization.');
    }
    tx.fiatOnRampCredentials.delete(id);
    return { fiatOnRampCredentialId: id };
  },
};

export const getOnRampTransactionStatus: QueryHandler = {
  run({ view, organization, body }) {
    const id = requireString(body, 'transactionId');
    optionalBoolean(body, 'refresh'); // the sandbox's status is always current: nothing to refresh
    const transaction = view.onRampTransactions.get(id);
    if (!transaction || transaction.organizationId !== organization.id) {
      throw notFound('NOT_FOUND', 'No on-ramp transaction with this transactionId in the organization.');
    }
    return { transactionStatus: transaction.status };
  },
};

function wireCredential(credential: FiatOnRampCredentialRecord): JsonObject {
  return {
    fiatOnrampCredentialId: credential.id,
    organizationId: credential.organizationId,
    onrampProvider: credential.onrampProvider,
    publishableApiKey: credential.publishableApiKey,
    sandboxMode: true,
    createdAt: timestamp(credential.createdAt),
    updatedAt: timestamp(credential.updatedAt),
  };
}

export const listFiatOnRampCredentials: QueryHandler = {
  run({ view, organization }) {
    const credentials = view.fiatOnRampCredentials
      .findBy('organizationId', organization.id)
      .sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
    return { fiatOnRampCredentials: credentials.map(wireCredential) };
  },
};
