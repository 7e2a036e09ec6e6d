/**
 * The operations the emulator serves: the kit's shared table (so both sides agree on every
 * `type`, intent key and result key) plus the operations the hosted auth proxy calls upstream
 * and those only the hosted client sends (hosted-client-operations.ts), which the kit itself
 * never sends. Their names are the hosted service's.
 */
import { ACTIVITY_OPERATIONS, QUERY_OPERATIONS, intentKey, resultKey, type ActivityOperation } from '../../../src/clients/activity-operations.ts';
import { ONRAMP_QUERIES, SEND_TRANSACTION_V2 } from '../onramp/onramp-operations.ts';
import { HOSTED_CLIENT_OPERATIONS, HOSTED_CLIENT_QUERIES } from './hosted-client-operations.ts';
import { CHAIN_QUERIES } from '../chains/chain-queries.ts';
import { CHAIN_OPERATIONS } from '../chains/chain-activities.ts';
import { USER_CREATION_VERSIONS } from '../activities/user-creation-versions.ts';

/** One activity type a route takes, with the keys its intent and result go under. */
export interface OperationVersion {
  readonly type: string;
  readonly intent: string;
  /** null: the result is another activity's (approve_activity). */
  readonly result: string | null;
}

/**
 * A route: the type the kit (and `f.body`, the proxy upstream) sends, and any other types the
 * hosted service also takes there (later versions), each with its own intent and result keys.
 */
export interface OperationSpec extends OperationVersion {
  readonly versions?: readonly OperationVersion[];
}

export interface QuerySpec {
  readonly required: readonly string[];
  readonly response: string;
}

/** Called by the auth proxy only (hosted names; not in the kit's table). */
export const PROXY_UPSTREAM_OPERATIONS = {
  init_otp: { type: 'ACTIVITY_TYPE_INIT_OTP_V3', intent: 'initOtpIntentV3', result: 'initOtpResultV2' },
  verify_otp: { type: 'ACTIVITY_TYPE_VERIFY_OTP', intent: 'verifyOtpIntent', result: 'verifyOtpResult' },
  otp_login: { type: 'ACTIVITY_TYPE_OTP_LOGIN', intent: 'otpLoginIntent', result: 'otpLoginResult' },
  oauth_login: { type: 'ACTIVITY_TYPE_OAUTH_LOGIN', intent: 'oauthLoginIntent', result: 'oauthLoginResult' },
  oauth2_authenticate: { type: 'ACTIVITY_TYPE_OAUTH2_AUTHENTICATE', intent: 'oauth2AuthenticateIntent', result: 'oauth2AuthenticateResult' },
} as const satisfies Record<string, OperationSpec>;

export const PROXY_UPSTREAM_QUERIES = {
  get_sub_org_ids: { required: ['organizationId', 'filterType', 'filterValue'], response: 'organizationIds' },
} as const satisfies Record<string, QuerySpec>;

// The kit's table carries no intent keys and few result keys (each follows a rule, and the
// logged-in bundle is budgeted); the emulator derives them once here.
const KIT_OPERATIONS = Object.fromEntries(
  Object.entries(ACTIVITY_OPERATIONS).map(([path, op]) => [path, { type: op.type, intent: intentKey(path, op.type), result: resultKey(path as ActivityOperation) }]),
) as Record<string, OperationSpec>;

/** Routes that also take other versions of their activity type (hosted names). */
const LATER_VERSIONS: Readonly<Record<string, readonly OperationVersion[]>> = { ...SEND_TRANSACTION_V2, ...USER_CREATION_VERSIONS };

export const SUBMIT_OPERATIONS: Readonly<Record<string, OperationSpec>> = Object.fromEntries(
  Object.entries({ ...KIT_OPERATIONS, ...PROXY_UPSTREAM_OPERATIONS, ...HOSTED_CLIENT_OPERATIONS, ...CHAIN_OPERATIONS } as Record<string, OperationSpec>).map(([path, spec]) => [
    path,
    Object.hasOwn(LATER_VERSIONS, path) ? { ...spec, versions: LATER_VERSIONS[path] } : spec,
  ]),
);
export const QUERY_SPECS: Readonly<Record<string, QuerySpec>> = { ...QUERY_OPERATIONS, ...PROXY_UPSTREAM_QUERIES, ...ONRAMP_QUERIES, ...HOSTED_CLIENT_QUERIES, ...CHAIN_QUERIES };

export const submitSpec = (operation: string): OperationSpec | undefined =>
  Object.hasOwn(SUBMIT_OPERATIONS, operation) ? SUBMIT_OPERATIONS[operation] : undefined;

/** Every type `spec`'s route takes, the kit's first. */
export const typesOf = (spec: OperationSpec): string[] => [spec.type, ...(spec.versions ?? []).map((version) => version.type)];

/** The version of `spec` a body of `type` asks for; undefined when the route does not take `type`. */
export const versionOf = (spec: OperationSpec, type: string): OperationVersion | undefined =>
  type === spec.type ? spec : spec.versions?.find((version) => version.type === type);

/** The route (operation path) an activity type is submitted to, and that type's version. */
export function operationOfType(type: string): { operation: string; version: OperationVersion } | undefined {
  for (const [operation, spec] of Object.entries(SUBMIT_OPERATIONS)) {
    const version = versionOf(spec, type);
    if (version) return { operation, version };
  }
  return undefined;
}

export const querySpec = (operation: string): QuerySpec | undefined =>
  Object.hasOwn(QUERY_SPECS, operation) ? QUERY_SPECS[operation] : undefined;
