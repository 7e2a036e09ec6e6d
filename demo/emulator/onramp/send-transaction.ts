/**
 * The send operations that produce a sendTransactionStatusId (hosted names):
 * eth_send_transaction (`from`, `to`, `caip2` eip155:<chain>, optional `value`, `data`,
 * `nonce`, `gasLimit`, `maxFeePerGas`, `maxPriorityFeePerGas`, `sponsor`, `gasStationNonce`)
 * and sol_send_transaction (`unsignedTransaction` hex, `signWith`, `caip2` solana:<genesis>,
 * optional `sponsor`, `recentBlockhash`); the sender must be an address of the organization
 * (a wallet account or a private key). And the get_send_transaction_status query:
 * `{txStatus, eth: {txHash} | solana: {signature}, txError?, error?}`. The sandbox chain
 * (send-sandbox.ts) settles each send at once.
 */
import { notFound, invalidRequest } from '../http/service-error.ts';
import { optionalBoolean, optionalString, requireString } from '../http/fields.ts';
import { settleEthSend, settleSolSend } from './send-sandbox.ts';
import type { ActivityHandler, QueryHandler } from '../api/handler-types.ts';
import type { JsonObject } from '../http/fields.ts';
import type { SendTransactionRecord } from '../state/records.ts';
import type { StateView, Tx } from '../state/store.ts';

const W = 'parameters';
const ETH_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const DECIMAL = /^\d{1,78}$/;

function optionalDecimal(parameters: JsonObject, key: string): string | undefined {
  const value = optionalString(parameters, key, W, { max: 78 });
  if (value !== undefined && !DECIMAL.test(value)) throw invalidRequest(`${W}.${key} must be a decimal integer as a string.`);
  return value;
}

function requirePattern(parameters: JsonObject, key: string, pattern: RegExp, what: string): string {
  const value = requireString(parameters, key, W, { max: 200 });
  if (!pattern.test(value)) throw invalidRequest(`${W}.${key} must be ${what}.`);
  return value;
}

/** True when `address` is one of the organization's wallet accounts or private keys. */
function ownsAddress(view: StateView, organizationId: string, address: string, caseInsensitive: boolean): boolean {
  const same = (other: string) => (caseInsensitive ? other.toLowerCase() === address.toLowerCase() : other === address);
  return (
    view.walletAccounts.findBy('organizationId', organizationId).some((account) => same(account.address)) ||
    view.privateKeys.findBy('organizationId', organizationId).some((key) => key.addresses.some((a) => same(a.address)))
  );
}

function store(tx: Tx, organizationId: string, now: number, id: string, settled: Omit<SendTransactionRecord, 'id' | 'organizationId' | 'createdAt' | 'updatedAt'>): string {
  const record: Record<string, unknown> = { id, organizationId, createdAt: now, updatedAt: now };
  for (const [key, value] of Object.entries(settled)) if (value !== undefined) record[key] = value;
  tx.sendTransactions.put(record as unknown as SendTransactionRecord);
  return id;
}

export const ethSendTransaction: ActivityHandler = {
  async run({ tx, organization, parameters, now }) {
    const from = requirePattern(parameters, 'from', ETH_ADDRESS, 'an Ethereum address (0x and 40 hex digits)');
    const to = requirePattern(parameters, 'to', ETH_ADDRESS, 'an Ethereum address (0x and 40 hex digits)');
    const caip2 = requirePattern(parameters, 'caip2', /^eip155:[1-9]\d{0,15}$/, 'a CAIP-2 EVM chain id, e.g. "eip155:1"');
    const value = optionalDecimal(parameters, 'value') ?? '0';
    const data = optionalString(parameters, 'data', W, { max: 200_000 }) ?? '0x';
    if (!/^0x(?:[0-9a-fA-F]{2})*$/.test(data)) throw invalidRequest(`${W}.data must be 0x-prefixed hex bytes.`);
    const nonce = optionalDecimal(parameters, 'nonce');
    for (const key of ['gasLimit', 'maxFeePerGas', 'maxPriorityFeePerGas', 'gasStationNonce']) optionalDecimal(parameters, key);
    optionalBoolean(parameters, 'sponsor', W);
    if (!ownsAddress(tx, organization.id, from, true)) {
      throw notFound('ADDRESS_NOT_FOUND', `${W}.from is not an address of this organization.`);
    }
    const id = crypto.randomUUID();
    const settled = settleEthSend(id, { from, to, value, data, caip2, ...(nonce !== undefined ? { nonce } : {}) });
    return { sendTransactionStatusId: store(tx, organization.id, now, id, settled) };
  },
};

export const solSendTransaction: ActivityHandler = {
  async run({ tx, organization, parameters, now }) {
    const unsignedTransaction = requireString(parameters, 'unsignedTransaction', W, { max: 200_000 });
    if (!/^(?:[0-9a-fA-F]{2})+$/.test(unsignedTransaction)) throw invalidRequest(`${W}.unsignedTransaction must be the transaction's bytes in hex.`);
    const signWith = requirePattern(parameters, 'signWith', SOLANA_ADDRESS, 'a Solana address');
    const caip2 = requirePattern(parameters, 'caip2', /^solana:[1-9A-HJ-NP-Za-km-z]{32}$/, 'a CAIP-2 Solana chain id, e.g. "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"');
    const recentBlockhash = optionalString(parameters, 'recentBlockhash', W, { max: 64 });
    if (recentBlockhash !== undefined && !SOLANA_ADDRESS.test(recentBlockhash)) throw invalidRequest(`${W}.recentBlockhash must be base58.`);
    optionalBoolean(parameters, 'sponsor', W);
    if (!ownsAddress(tx, organization.id, signWith, false)) {
      throw notFound('ADDRESS_NOT_FOUND', `${W}.signWith is not an address of this organization.`);
    }
    const id = crypto.randomUUID();
    const settled = settleSolSend(id, { signWith, unsignedTransaction, caip2, ...(recentBlockhash !== undefined ? { recentBlockhash } : {}) });
    return { sendTransactionStatusId: store(tx, organization.id, now, id, settled) };
  },
};

export const getSendTransactionStatus: QueryHandler = {
  run({ view, organization, body }) {
    const id = requireString(body, 'sendTransactionStatusId');
    const record = view.sendTransactions.get(id);
    if (!record || record.organizationId !== organization.id) {
      throw notFound('NOT_FOUND', 'No send transaction with this sendTransactionStatusId in the organization.');
    }
    const out: JsonObject = { txStatus: record.txStatus };
    if (record.chain === 'eth' && record.txHash) out.eth = { txHash: record.txHash };
    if (record.chain === 'solana' && record.signature) out.solana = { signature: record.signature };
    if (record.txError) out.txError = record.txError;
    if (record.error) out.error = record.error;
    return out;
  },
};
