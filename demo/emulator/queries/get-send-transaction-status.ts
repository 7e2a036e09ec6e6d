/** get_send_transaction_status: a send transaction's status, with the seed's eth / solana error shapes. */
import { notFound } from '../http/service-error.ts';
import type { QueryHandler } from '../api/handler-types.ts';

export const getSendTransactionStatus: QueryHandler = {
  run({ view, organization, body }) {
    const record = view.sendTransactions.get(body.sendTransactionStatusId as string);
    if (!record || record.organizationId !== organization.id) throw notFound('NOT_FOUND', 'No send transaction with this id in the organization.');
    return {
      txStatus: record.txStatus,
      ...(record.txHash ? { eth: { txHash: record.txHash } } : {}),
      ...(record.signature ? { solana: { signature: record.signature } } : {}),
      ...(record.txError ? { txError: record.txError } : {}),
      ...(record.error ? { error: record.error } : {}),
    };
  },
};
