/**
 * Compile-time conformance of the V2 sends with the hosted service's generated types
 * (`@turnkey/sdk-types`), checked by `npm test`'s type-check like activity-wire-types.ts:
 * - the V2 bodies the emulator tests send (test/emulator/onramp/send-v2-bodies.ts, written by
 *   hand) are assignable to the hosted `v1EthSendTransactionRequest` /
 *   `v1SolSendTransactionRequest`;
 * - the emulator's table (SEND_TRANSACTION_V2, and V1 beside it) names each route's types with
 *   the hosted type, intent key and result key: the intent key holds exactly the request's
 *   parameters type, and the result key is a hosted result key named after that intent key.
 * The `@ts-expect-error` lines prove the checks can fail.
 */
import type * as Hosted from '@turnkey/sdk-types';
import type { EthSendV2Body, SolSendV2Body, ethSendV2Body, solSendV2Body } from '../../emulator/onramp/send-v2-bodies.ts';
import type { SEND_TRANSACTION_V2 } from '../../../demo/emulator/onramp/onramp-operations.ts';
import type { ACTIVITY_OPERATIONS, ResultKey } from '../../../src/clients/activity-operations.ts';
import type { IntentKeyOf } from '../../../src/clients/activity-types.ts';

/** Compiles only when `A` is assignable to `B`. */
type Assignable<A extends B, B> = [A, B];
/** Compiles only when `T` is exactly `true`. */
type Is<T extends true> = T;
type Equal<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** The hosted naming of a result key: its intent key with `Intent` → `Result` (version suffix kept). */
type ResultKeyOf<K extends string> = K extends `${infer Path}Intent${infer Version}` ? `${Path}Result${Version}` : never;

type EthV2 = (typeof SEND_TRANSACTION_V2)['eth_send_transaction'][0];
type SolV2 = (typeof SEND_TRANSACTION_V2)['sol_send_transaction'][0];
type SolV1 = { type: (typeof ACTIVITY_OPERATIONS)['sol_send_transaction']['type']; intent: IntentKeyOf<'sol_send_transaction'>; result: ResultKey<'sol_send_transaction'> };

// The bodies the tests submit are hosted V2 requests (the builders' return types as well).
export type Bodies = [
  Assignable<EthSendV2Body, Hosted.v1EthSendTransactionRequest>,
  Assignable<SolSendV2Body, Hosted.v1SolSendTransactionRequest>,
  Assignable<ReturnType<typeof ethSendV2Body>, Hosted.v1EthSendTransactionRequest>,
  Assignable<ReturnType<typeof solSendV2Body>, Hosted.v1SolSendTransactionRequest>,
  // The generated client's V2 inputs take the same parameters.
  Assignable<EthSendV2Body['parameters'], Omit<Hosted.TEthSendTransactionV2Body, 'organizationId' | 'timestampMs'>>,
  Assignable<SolSendV2Body['parameters'], Omit<Hosted.TSolSendTransactionV2Body, 'organizationId' | 'timestampMs'>>,
];

// The emulator's table: hosted type, intent key → the request's parameters, result key → the V2 result.
export type Table = [
  Is<Equal<EthV2['type'], Hosted.v1EthSendTransactionRequest['type']>>,
  Is<Equal<SolV2['type'], Hosted.v1SolSendTransactionRequest['type']>>,
  Is<Equal<NonNullable<Hosted.v1Intent[EthV2['intent']]>, Hosted.v1EthSendTransactionRequest['parameters']>>,
  Is<Equal<NonNullable<Hosted.v1Intent[SolV2['intent']]>, Hosted.v1SolSendTransactionRequest['parameters']>>,
  // V1 and V2 results have the same shape, so the key is pinned by name as well as by type.
  Is<Equal<EthV2['result'], ResultKeyOf<EthV2['intent']>>>,
  Is<Equal<SolV2['result'], ResultKeyOf<SolV2['intent']>>>,
  Is<Equal<NonNullable<Hosted.v1Result[EthV2['result']]>, Hosted.v1EthSendTransactionResultV2>>,
  Is<Equal<NonNullable<Hosted.v1Result[SolV2['result']]>, Hosted.v1SolSendTransactionResultV2>>,
  // V1 beside it on the Solana route: the kit's table, keys derived by its rules.
  Assignable<SolV1['type'], Hosted.v1ActivityType>,
  Is<Equal<NonNullable<Hosted.v1Intent[SolV1['intent']]>, Hosted.v1SolSendTransactionIntent>>,
  Is<Equal<SolV1['result'], ResultKeyOf<SolV1['intent']>>>,
  Is<Equal<NonNullable<Hosted.v1Result[SolV1['result']]>, Hosted.v1SolSendTransactionResult>>,
];

// The checks can fail.
export type CanFail = [
  // @ts-expect-error a V1 body (one signWith, no signWiths) is not a V2 request
  Assignable<{ type: 'ACTIVITY_TYPE_SOL_SEND_TRANSACTION_V2'; timestampMs: string; organizationId: string; parameters: { unsignedTransaction: string; signWith: string; caip2: 'solana:mainnet' } }, Hosted.v1SolSendTransactionRequest>,
  // @ts-expect-error nor is a V2 Ethereum body with `to` instead of `calls`
  Assignable<{ type: 'ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2'; timestampMs: string; organizationId: string; parameters: { from: string; caip2: 'eip155:1'; to: string } }, Hosted.v1EthSendTransactionRequest>,
  // @ts-expect-error a chain the hosted type does not list
  Assignable<{ from: string; caip2: 'eip155:999999'; calls: [] }, Hosted.v1EthSendTransactionIntentV2>,
  // @ts-expect-error the V1 intent key does not hold the V2 parameters: keys are per version
  Is<Equal<NonNullable<Hosted.v1Intent['ethSendTransactionIntent']>, Hosted.v1EthSendTransactionRequest['parameters']>>,
];
