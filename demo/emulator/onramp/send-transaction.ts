/**
 * The send operations that produce a sendTransactionStatusId (hosted names), each route taking
 * two versions of its body:
 * - eth_send_transaction, ACTIVITY_TYPE_ETH_SEND_TRANSACTION: `from`, `to`, `caip2`
 *   eip155:<chain>, optional `value`, `data`, `nonce`, `gasLimit`, `maxFeePerGas`,
 *   `maxPriorityFeePerGas`, `sponsor`, `deadline`, `gasStationNonce`;
 *   ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2: the same without `to`/`value`/`data`, and `calls`
 *   instead: 1 to 50 `{to, value?, data?}`, sent as one transaction (one call: an ordinary
 *   one; several: one EIP-7702 batch, all or nothing, as the hosted types describe it);
 * - sol_send_transaction, ACTIVITY_TYPE_SOL_SEND_TRANSACTION: `unsignedTransaction` hex,
 *   `signWith`, `caip2`, optional `sponsor`, `recentBlockhash`;
 *   ACTIVITY_TYPE_SOL_SEND_TRANSACTION_V2: `signWiths` (1 to 16 distinct signers, fee payer
 *   first) instead of `signWith`. `caip2` is solana:<genesis hash> or one of the aliases the
 *   hosted service normalizes, solana:mainnet and solana:devnet (both versions).
 * Every sender or signer must be an address of the organization (a wallet account or a private
 * key). And the get_send_transaction_status query: `{txStatus, eth: {txHash} | solana:
 * {signature}, txError?, error?}`, the same for both versions. The sandbox chain
 * (send-sandbox.ts) settles each send at once.
 */
import { notFound, invalidRequest } from '../http/service-error.ts';
import { isObject, optionalBoolean, optionalString, requireArray, requireString } from '../http/fields.ts';
import { settleEthBatch, settleSolSend } from './send-sandbox.ts';
import { EvmTxStatus, refreshQueuedSend, sendOnLocalEvm } from '../chains/evm/evm-send-intent.ts';
import { settleSolOnChain } from '../chains/solana/settle-sol-on-chain.ts';
import { SEND_TRANSACTION_V2 } from './onramp-operations.ts';
import type { ActivityHandler, ActivityInput, QueryHandler } from '../api/handler-types.ts';
import type { JsonObject } from '../http/fields.ts';
import type { SendTransactionRecord } from '../state/records.ts';
import type { StateView, Tx } from '../state/store.ts';
import type { EthCall } from './send-sandbox.ts';

const W = 'parameters';
const ETH_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const DECIMAL = /^\d{1,78}$/;
const HEX_BYTES = /^0x(?:[0-9a-fA-F]{2})*$/;
const ETH_V2 = SEND_TRANSACTION_V2.eth_send_transaction[0].type;
const SOL_V2 = SEND_TRANSACTION_V2.sol_send_transaction[0].type;
/** The hosted limits: "between 1 and 50" calls; "between 1 and 16 signers" (legacy/V0). */
const MAX_ETH_CALLS = 50;
const MAX_SOL_SIGNERS = 16;

/** The aliases the hosted service normalizes (its types' caip2 comment), to CAIP-2's 32-character references. */
const SOLANA_ALIASES: Readonly<Record<string, string>> = {
  'solana:mainnet': 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'solana:devnet': 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
};

function optionalDecimal(parameters: JsonObject, key: string, where = W): string | undefined {
  const value = optionalString(parameters, key, where, { max: 78 });
  if (value !== undefined && !DECIMAL.test(value)) throw invalidRequest(`${where}.${key} must be a decimal integer as a string.`);
  return value;
}

function requirePattern(parameters: JsonObject, key: string, pattern: RegExp, what: string, where = W): string {
  const value = requireString(parameters, key, where, { max: 200 });
  if (!pattern.test(value)) throw invalidRequest(`${where}.${key} must be ${what}.`);
  return value;
}

/** A key of the other version must not be silently ignored: the sender meant something by it. */
function refuseOtherVersion(parameters: JsonObject, keys: readonly string[], type: string, instead: string): void {
  for (const key of keys) {
    if (parameters[key] !== undefined) throw invalidRequest(`${W}.${key} is not a field of ${type}: it takes ${W}.${instead}.`);
  }
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

/** `to`, `value` and `data` of one call (V1: the parameters themselves; V2: an entry of `calls`). */
function ethCall(o: JsonObject, where: string): EthCall {
  const to = requirePattern(o, 'to', ETH_ADDRESS, 'an Ethereum address (0x and 40 hex digits)', where);
  const value = optionalDecimal(o, 'value', where) ?? '0';
  const data = optionalString(o, 'data', where, { max: 200_000 }) ?? '0x';
  if (!HEX_BYTES.test(data)) throw invalidRequest(`${where}.data must be 0x-prefixed hex bytes.`);
  return { to, value, data };
}

function ethCalls(parameters: JsonObject, type: string): EthCall[] {
  if (type !== ETH_V2) return [ethCall(parameters, W)];
  refuseOtherVersion(parameters, ['to', 'value', 'data'], type, 'calls');
  const entries = requireArray(parameters, 'calls', W, MAX_ETH_CALLS);
  if (entries.length === 0) throw invalidRequest(`${W}.calls must have at least one entry (1 to ${MAX_ETH_CALLS}).`);
  return entries.map((entry, i) => {
    if (!isObject(entry)) throw invalidRequest(`${W}.calls[${i}] must be an object.`);
    return ethCall(entry, `${W}.calls[${i}]`);
  });
}

async function sendEth({ ctx, tx, organization, parameters, now, type }: ActivityInput): Promise<JsonObject> {
  const from = requirePattern(parameters, 'from', ETH_ADDRESS, 'an Ethereum address (0x and 40 hex digits)');
  const calls = ethCalls(parameters, type);
  const caip2 = requirePattern(parameters, 'caip2', /^eip155:[1-9]\d{0,15}$/, 'a CAIP-2 EVM chain id, e.g. "eip155:1"');
  const nonce = optionalDecimal(parameters, 'nonce');
  const fees: Record<string, string> = {};
  for (const key of ['gasLimit', 'maxFeePerGas', 'maxPriorityFeePerGas', 'deadline', 'gasStationNonce']) {
    const value = optionalDecimal(parameters, key);
    if (value !== undefined) fees[key] = value;
  }
  optionalBoolean(parameters, 'sponsor', W);
  if (!ownsAddress(tx, organization.id, from, true)) {
    throw notFound('ADDRESS_NOT_FOUND', `${W}.from is not an address of this organization.`);
  }
  const id = crypto.randomUUID();
  if (ctx.chains?.evmRequested) {
    // The EVM chains run: the send is broadcast for real, never settled by the sandbox.
    const { gasLimit, maxFeePerGas, maxPriorityFeePerGas } = fees;
    const settled = await sendOnLocalEvm(ctx.chains, tx, organization.id, {
      from,
      caip2,
      calls,
      ...(nonce !== undefined ? { nonce } : {}),
      ...(gasLimit !== undefined ? { gasLimit } : {}),
      ...(maxFeePerGas !== undefined ? { maxFeePerGas } : {}),
      ...(maxPriorityFeePerGas !== undefined ? { maxPriorityFeePerGas } : {}),
    });
    return { sendTransactionStatusId: store(tx, organization.id, now, id, settled) };
  }
  const settled = settleEthBatch(id, { from, caip2, calls, ...(nonce !== undefined ? { nonce } : {}) });
  return { sendTransactionStatusId: store(tx, organization.id, now, id, settled) };
}

/** The chain, normalized: an alias or a full-length genesis hash becomes the 32-character CAIP-2 reference. */
function solanaChain(parameters: JsonObject): string {
  const caip2 = requireString(parameters, 'caip2', W, { max: 100 });
  const alias = Object.hasOwn(SOLANA_ALIASES, caip2) ? SOLANA_ALIASES[caip2] : undefined;
  if (alias) return alias;
  if (!/^solana:[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(caip2)) {
    throw invalidRequest(`${W}.caip2 must be a CAIP-2 Solana chain id, e.g. "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp" or "solana:mainnet".`);
  }
  return caip2.slice(0, 'solana:'.length + 32);
}

/** The signers, checked for form only (ownership is checked after every other field). */
function solSigners(parameters: JsonObject, type: string): { signers: string[]; field: (i: number) => string } {
  if (type !== SOL_V2) return { signers: [requirePattern(parameters, 'signWith', SOLANA_ADDRESS, 'a Solana address')], field: () => `${W}.signWith` };
  refuseOtherVersion(parameters, ['signWith'], type, 'signWiths');
  const entries = requireArray(parameters, 'signWiths', W, MAX_SOL_SIGNERS);
  if (entries.length === 0) throw invalidRequest(`${W}.signWiths must have at least one signer (1 to ${MAX_SOL_SIGNERS}).`);
  const signers = entries.map((entry, i) => {
    if (typeof entry !== 'string' || !SOLANA_ADDRESS.test(entry)) throw invalidRequest(`${W}.signWiths[${i}] must be a Solana address.`);
    return entry;
  });
  const twice = signers.findIndex((signer, i) => signers.indexOf(signer) !== i);
  if (twice >= 0) throw invalidRequest(`${W}.signWiths[${twice}] repeats an earlier signer: each signer signs once.`);
  return { signers, field: (i) => `${W}.signWiths[${i}]` };
}

async function sendSol({ ctx, tx, organization, parameters, now, type }: ActivityInput): Promise<JsonObject> {
  const unsignedTransaction = requireString(parameters, 'unsignedTransaction', W, { max: 200_000 });
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(unsignedTransaction)) throw invalidRequest(`${W}.unsignedTransaction must be the transaction's bytes in hex.`);
  const { signers, field } = solSigners(parameters, type);
  const caip2 = solanaChain(parameters);
  const recentBlockhash = optionalString(parameters, 'recentBlockhash', W, { max: 64 });
  if (recentBlockhash !== undefined && !SOLANA_ADDRESS.test(recentBlockhash)) throw invalidRequest(`${W}.recentBlockhash must be base58.`);
  const sponsor = optionalBoolean(parameters, 'sponsor', W);
  signers.forEach((signer, i) => {
    if (!ownsAddress(tx, organization.id, signer, false)) throw notFound('ADDRESS_NOT_FOUND', `${field(i)} is not an address of this organization.`);
  });
  const id = crypto.randomUUID();
  if (ctx.chains?.solanaRequested) {
    // The Solana cluster runs: the send is signed and broadcast for real, never settled by the sandbox.
    const settled = await settleSolOnChain(ctx.chains, tx, organization.id, {
      signers,
      unsignedTransaction,
      caip2,
      ...(recentBlockhash !== undefined ? { recentBlockhash } : {}),
      ...(sponsor !== undefined ? { sponsor } : {}),
    });
    return { sendTransactionStatusId: store(tx, organization.id, now, id, settled) };
  }
  // The fee payer (the first signer) signs first: its signature is the transaction's id.
  const settled = settleSolSend(id, { signWith: signers[0]!, unsignedTransaction, caip2, ...(recentBlockhash !== undefined ? { recentBlockhash } : {}) });
  return { sendTransactionStatusId: store(tx, organization.id, now, id, settled) };
}

export const ethSendTransaction: ActivityHandler = { run: sendEth };
export const solSendTransaction: ActivityHandler = { run: sendSol };

export const getSendTransactionStatus: QueryHandler = {
  async run({ ctx, view, organization, body }) {
    const id = requireString(body, 'sendTransactionStatusId');
    const stored = view.sendTransactions.get(id);
    if (!stored || stored.organizationId !== organization.id) {
      throw notFound('NOT_FOUND', 'No send transaction with this sendTransactionStatusId in the organization.');
    }
    // A queued send (a nonce gap) is looked up on its chain: the receipt decides.
    const queued = stored.txStatus === EvmTxStatus.BROADCASTED && stored.caip2 && stored.txHash ? await refreshQueuedSend(ctx.chains, stored.caip2, stored.txHash) : undefined;
    const record = queued ? { ...stored, ...queued } : stored;
    const out: JsonObject = { txStatus: record.txStatus };
    // blockNumber: the emulator's addition (the hosted status has the hash only).
    if (record.chain === 'eth' && record.txHash) out.eth = { txHash: record.txHash, ...(record.blockNumber ? { blockNumber: record.blockNumber } : {}) };
    // slot: the emulator's addition, as blockNumber for eth.
    if (record.chain === 'solana' && record.signature) out.solana = { signature: record.signature, ...(record.blockNumber ? { slot: record.blockNumber } : {}) };
    if (record.txError) out.txError = record.txError;
    if (record.error) out.error = record.error;
    return out;
  },
};
