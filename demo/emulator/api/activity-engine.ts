/**
 * Submitting an activity: route → stamp over the raw bytes → body envelope → organization →
 * principal → idempotency → policy hook → handler → one atomic commit → answer. Every check
 * runs before anything is staged, and staged changes are applied only when all succeed, so a
 * refused request changes nothing.
 */
import { ActivityStatus } from '../../../src/clients/activity-operations.ts';
import { createHash } from 'node:crypto';
import { invalidRequest, notFound, unauthenticated } from '../http/service-error.ts';
import { jsonResponse } from '../http/exchange.ts';
import { parseJsonObject } from '../http/parse-json.ts';
import { optionalBoolean, requireObject, requireString } from '../http/fields.ts';
import { checkStamp } from './stamp-check.ts';
import { LOGIN_ADDRESSABLE, resolvePrincipal } from './principal.ts';
import { governs, requireOrganization } from './organizations.ts';
import { checkTimestamp } from './timestamp-window.ts';
import { requireFreshProof } from '../policy/step-up.ts';
import { submitSpec, typesOf, versionOf } from './operations.ts';
import { wireActivity } from './envelope.ts';
import type { EmulatorContext } from '../context.ts';
import type { EmuRequest, EmuResponse } from '../http/exchange.ts';
import type { ActivityRecord } from '../state/records.ts';
import type { Tx } from '../state/store.ts';
import type { ActivityHandler, PrepareInput } from './handler-types.ts';
import type { Principal } from './principal.ts';

export type ActivityRegistry = ReadonlyMap<string, ActivityHandler>;

/** Node's hash, synchronous: this runs on every submit (the emulator is Node-only). */
export function fingerprintOf(body: Uint8Array): string {
  return `sha256:${createHash('sha256').update(body).digest('hex')}`;
}

/** What an X-Stamp-Attested stamp may do: turn the attested key into a session. */
const ATTESTED_OPERATIONS = new Set(['stamp_login']);

/** A credential (or, for an attested stamp, the user) may vanish while the request waits for the lock: check it again inside. */
function recheckPrincipal(tx: Tx, principal: Principal): void {
  const gone =
    principal.kind === 'ATTESTED'
      ? !tx.users.get(principal.userId)
      : principal.apiKeyId
        ? !tx.apiKeys.get(principal.apiKeyId)
        : !tx.authenticators.get(principal.authenticatorId ?? '');
  if (gone) throw unauthenticated('PUBLIC_KEY_NOT_FOUND', 'The credential that stamped this request no longer exists.');
}

/** The handler's work done ahead (ActivityHandler.prepare), or undefined: it never refuses a request. */
async function prepareAhead(handler: ActivityHandler, input: PrepareInput): Promise<unknown> {
  if (!handler.prepare) return undefined;
  try {
    return await handler.prepare(input);
  } catch {
    return undefined;
  }
}

export async function submitActivity(ctx: EmulatorContext, registry: ActivityRegistry, operation: string, request: EmuRequest): Promise<EmuResponse> {
  const found = submitSpec(operation);
  const foundHandler = registry.get(operation);
  if (!found || !foundHandler) throw notFound('NOT_FOUND', 'Unknown activity operation.');
  const spec = found;
  const handler = foundHandler;

  const check = await checkStamp(request);
  if (check.kind === 'ATTESTED' && !ATTESTED_OPERATIONS.has(operation)) {
    throw unauthenticated('SIGNATURE_INVALID', 'X-Stamp-Attested is accepted only by stamp_login.');
  }
  const body = parseJsonObject(request.body);
  const type = requireString(body, 'type');
  const version = versionOf(spec, type);
  if (!version) throw invalidRequest(`The body type does not match the route: this route takes ${typesOf(spec).join(' or ')}.`);
  const timestampMs = checkTimestamp(body.timestampMs, ctx.now(), ctx.timestampWindow);
  const addressedOrgId = requireString(body, 'organizationId');
  const parameters = requireObject(body, 'parameters');
  const generateAppProofs = optionalBoolean(body, 'generateAppProofs') ?? false;

  requireOrganization(ctx.store.read, addressedOrgId);
  const principal = await resolvePrincipal(ctx, ctx.store.read, check, addressedOrgId, request.body, {
    fromAncestor: LOGIN_ADDRESSABLE.has(operation),
  });
  requireFreshProof(ctx, ctx.store.read, operation, principal, ctx.now());
  // A passkey login addressed to the parent runs in the user's own sub-organization.
  const organizationId = governs(ctx.store.read, principal.organizationId, addressedOrgId) ? addressedOrgId : principal.organizationId;
  const fingerprint = fingerprintOf(request.body);
  const prepared = await prepareAhead(handler, { view: ctx.store.read, organizationId, parameters });

  let keepChanges = false;
  let replayed = false;
  const execute = async (tx: Tx): Promise<ActivityRecord> => {
    // Identical bodies are one activity; checked under the lock so concurrent twins agree.
    const existing = tx.activities.findBy('fingerprint', fingerprint)[0];
    if (existing) {
      replayed = true;
      return existing;
    }
    const organization = requireOrganization(tx, organizationId);
    recheckPrincipal(tx, principal);
    const now = ctx.now();
    const activityId = crypto.randomUUID();
    const decision = await ctx.hooks.policy({ operation, type, activityId, fingerprint, organization, principal, parameters }, tx);
    let status: string = ActivityStatus.CONSENSUS_NEEDED;
    let result: Record<string, unknown> = {};
    if (decision.outcome === 'ALLOW') {
      const keepChangesOnRefusal = () => {
        keepChanges = true;
      };
      const value = await handler.run({ ctx, tx, operation, type, organization, principal, parameters, activityId, now, keepChangesOnRefusal, prepared });
      result = version.result === null ? value : { [version.result]: value };
      status = ActivityStatus.COMPLETED;
    }
    if (principal.authenticatorId && principal.newCounter !== undefined) {
      const authenticator = tx.authenticators.get(principal.authenticatorId);
      if (authenticator && principal.newCounter > authenticator.counter) {
        tx.authenticators.put({ ...authenticator, counter: principal.newCounter, updatedAt: now });
      }
    }
    let activity: ActivityRecord = {
      id: activityId,
      organizationId,
      type,
      status,
      timestampMs,
      fingerprint,
      intent: { [version.intent]: parameters },
      result,
      votes: decision.outcome === 'CONSENSUS_NEEDED' ? (decision.votes ?? []) : [],
      userId: principal.userId,
      createdAt: now,
      updatedAt: now,
    };
    if (generateAppProofs && status === ActivityStatus.COMPLETED) {
      activity = { ...activity, appProofs: await ctx.hooks.appProofs(activity) };
    }
    return tx.activities.put(activity);
  };

  const outcome = await ctx.store.transact(async (tx): Promise<{ record: ActivityRecord } | { refusal: unknown }> => {
    try {
      return { record: await execute(tx) };
    } catch (refusal) {
      if (keepChanges) return { refusal };
      throw refusal;
    }
  });
  if ('refusal' in outcome) throw outcome.refusal;
  const record = outcome.record;

  try {
    // Once per activity: an identical body answered again is not a new event.
    if (!replayed) ctx.hooks.onActivity(record);
  } catch (error) {
    ctx.log(`onActivity hook failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return jsonResponse(200, { activity: wireActivity(record, principal.userId) });
}
