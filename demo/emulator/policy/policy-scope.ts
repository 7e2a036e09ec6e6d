/**
 * What a policy sees. A condition sees `activity` {type, resource, action, params} and, where
 * the operation names them, `eth.tx` (eth_send_transaction, and sign_transaction of an Ethereum
 * transaction: its unsigned fields decoded, so a DENY on `eth.tx` cannot be passed by signing
 * the transaction and broadcasting it elsewhere) and `wallet_account` (the signing address). A consensus sees `approvers` (users who approved: id, tags, email, alias) and
 * `credentials` (what they approved with: id, user_id, type, public_key, credential_id).
 *
 * (ours) A V2 send is several parts, and a condition sees each on its own: each call of an
 * Ethereum batch as an `eth.tx` of its own (`to`, `value`, `data` from the call, the rest from
 * the send), each signer of a Solana send as `wallet_account`. policy-engine.ts combines them.
 */
import { isObject } from '../http/fields.ts';
import { parseUnsignedEthereumTransaction, type RlpItem } from '../wallet/index.ts';
import { SEND_TRANSACTION_V2 } from '../onramp/onramp-operations.ts';
import { resourceActionOf } from './activity-resource.ts';
import { toValue } from './expression-eval.ts';
import type { JsonObject } from '../http/fields.ts';
import type { StateView } from '../state/store.ts';
import type { Scope, Value } from './expression-eval.ts';
import { PASSKEY_SCHEME, credentialOfVote } from './votes.ts';
import { API_KEY_CREDENTIAL_TYPES, curveOfStampScheme } from '../identity/api-keys.ts';
import type { Vote } from './votes.ts';

export interface PolicySubject {
  operation: string;
  type: string;
  parameters: JsonObject;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** A decimal string (or number) as an integer, else absent: `eth.tx.value` compares as wei. */
function integer(value: unknown): bigint | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^\d{1,78}$/.test(value)) return BigInt(value);
  return undefined;
}

/** The transaction a policy sees: `call` holds `to`, `value` and `data` (V1: the parameters themselves). */
function ethTx(parameters: JsonObject, call: JsonObject): Value {
  const caip2 = text(parameters.caip2);
  const chain = caip2?.startsWith('eip155:') ? integer(caip2.slice('eip155:'.length)) : undefined;
  const fields: Record<string, unknown> = {
    from: text(parameters.from)?.toLowerCase(),
    to: text(call.to)?.toLowerCase(),
    data: text(call.data)?.toLowerCase() ?? '0x',
    value: integer(call.value) ?? 0n,
    chain_id: chain,
    nonce: integer(parameters.nonce),
    gas: integer(parameters.gasLimit),
    max_fee_per_gas: integer(parameters.maxFeePerGas),
    max_priority_fee_per_gas: integer(parameters.maxPriorityFeePerGas),
  };
  const out: Record<string, Value> = Object.create(null) as Record<string, Value>;
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) out[key] = typeof value === 'bigint' ? value : toValue(value);
  }
  return out;
}

const rlpInt = (item: RlpItem | undefined): bigint | undefined =>
  item instanceof Uint8Array ? item.reduce((n, byte) => (n << 8n) | BigInt(byte), 0n) : undefined;
const rlpHex = (item: RlpItem | undefined): string | undefined =>
  item instanceof Uint8Array ? `0x${Array.from(item, (b) => b.toString(16).padStart(2, '0')).join('')}` : undefined;

/**
 * The `eth.tx` of sign_transaction: the unsigned transaction's own fields (`from` is the signer).
 * A transaction that does not parse gives no `eth.tx` (the handler refuses it after the policies).
 */
function unsignedEthTx(parameters: JsonObject): Value | undefined {
  if (parameters.type !== 'TRANSACTION_TYPE_ETHEREUM' || typeof parameters.unsignedTransaction !== 'string') return undefined;
  let tx: ReturnType<typeof parseUnsignedEthereumTransaction>;
  try {
    tx = parseUnsignedEthereumTransaction(parameters.unsignedTransaction);
  } catch {
    return undefined;
  }
  const f = tx.fields;
  // Field positions per type (wallet/ethereum-transaction.ts): legacy has no chain id in front.
  const at: Readonly<Record<string, number>> =
    tx.type === 0
      ? { nonce: 0, gasPrice: 1, gas: 2, to: 3, value: 4, data: 5 }
      : tx.type === 1
        ? { nonce: 1, gasPrice: 2, gas: 3, to: 4, value: 5, data: 6 }
        : { nonce: 1, maxPriorityFeePerGas: 2, maxFeePerGas: 3, gas: 4, to: 5, value: 6, data: 7 };
  const field = (name: string): RlpItem | undefined => (at[name] === undefined ? undefined : f[at[name]!]);
  const to = field('to');
  const fields: Record<string, unknown> = {
    from: text(parameters.signWith)?.toLowerCase(),
    to: to instanceof Uint8Array && to.length === 20 ? rlpHex(to) : undefined,
    data: rlpHex(field('data')) ?? '0x',
    value: rlpInt(field('value')) ?? 0n,
    chain_id: tx.chainId,
    nonce: rlpInt(field('nonce')),
    gas: rlpInt(field('gas')),
    gas_price: rlpInt(field('gasPrice')),
    max_fee_per_gas: rlpInt(field('maxFeePerGas')),
    max_priority_fee_per_gas: rlpInt(field('maxPriorityFeePerGas')),
  };
  const out: Record<string, Value> = Object.create(null) as Record<string, Value>;
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) out[key] = typeof value === 'bigint' ? value : toValue(value);
  }
  return out;
}

const ETH_V2 = SEND_TRANSACTION_V2.eth_send_transaction[0].type;
const SOL_V2 = SEND_TRANSACTION_V2.sol_send_transaction[0].type;

interface Part {
  call?: JsonObject;
  /** A whole `eth.tx` (sign_transaction), instead of one built from `call`. */
  tx?: Value;
  address?: string;
}

/**
 * The parts of the subject a condition judges one at a time: one for most activities; each
 * call of a V2 Ethereum send, each signer of a V2 Solana send. Policies run before the handler
 * checks the parameters, so a malformed list still gives one part (which sees no call or signer).
 */
function partsOf(subject: PolicySubject): Part[] {
  const p = subject.parameters;
  if (subject.operation === 'eth_send_transaction') {
    const calls = subject.type === ETH_V2 ? (Array.isArray(p.calls) ? p.calls : []) : [p];
    const parts = calls.map((call) => ({ call: isObject(call) ? call : {}, address: text(p.from) }));
    return parts.length > 0 ? parts : [{ call: {}, address: text(p.from) }];
  }
  if (subject.operation === 'sol_send_transaction' && subject.type === SOL_V2) {
    const signers = Array.isArray(p.signWiths) ? p.signWiths : [];
    return signers.length > 0 ? signers.map((signer) => ({ address: text(signer) })) : [{}];
  }
  if (subject.operation === 'sign_transaction') {
    const tx = unsignedEthTx(p);
    return [{ address: text(p.signWith), ...(tx ? { tx } : {}) }];
  }
  return [{ address: text(p.signWith) ?? (subject.operation.endsWith('_send_transaction') ? text(p.from) : undefined) }];
}

/** One condition scope per part of the subject (see partsOf), never none. */
export function conditionScopes(subject: PolicySubject): Scope[] {
  const { resource, action } = resourceActionOf(subject.operation);
  const activity = toValue({ type: subject.type, resource, action, params: subject.parameters });
  return partsOf(subject).map((part) => {
    const scope = new Map<string, Value>([['activity', activity]]);
    if (part.call) scope.set('eth', { tx: ethTx(subject.parameters, part.call) });
    if (part.tx) scope.set('eth', { tx: part.tx });
    if (part.address) scope.set('wallet_account', toValue({ address: part.address }));
    return scope;
  });
}

export function consensusScope(view: StateView, votes: readonly Vote[]): Scope {
  const approved = votes.filter((v) => v.selection === 'VOTE_SELECTION_APPROVED');
  const approvers: Value[] = [];
  const credentials: Value[] = [];
  for (const vote of approved) {
    const user = view.users.get(vote.userId);
    if (!user) continue; // a deleted user's vote no longer counts
    approvers.push(toValue({ id: user.id, tags: [...user.userTags], email: user.userEmail ?? '', alias: user.userName }));
    const passkey = vote.scheme === PASSKEY_SCHEME;
    credentials.push(
      toValue({
        id: credentialOfVote(view, vote)?.id ?? '',
        user_id: user.id,
        type: passkey ? 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR' : API_KEY_CREDENTIAL_TYPES[curveOfStampScheme(vote.scheme) ?? 'API_KEY_CURVE_P256'],
        public_key: vote.publicKey,
        ...(passkey ? { credential_id: vote.publicKey } : {}),
      }),
    );
  }
  return new Map<string, Value>([
    ['approvers', approvers],
    ['credentials', credentials],
  ]);
}
