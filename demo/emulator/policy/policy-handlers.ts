/**
 * create_policies, update_policy (V2: policyEffect / policyCondition / policyConsensus /
 * policyNotes), delete_policy and the list_policies query. Every parameter and every
 * expression is checked before anything is staged, so a refused request stores nothing.
 */
import { invalidRequest, notFound } from '../http/service-error.ts';
import { optionalEnum, optionalString, requireEnum, requireObjectArray, requireString } from '../http/fields.ts';
import { timestamp } from '../api/envelope.ts';
import { compileExpression } from './policy-expression.ts';
import { EFFECT_ALLOW, EFFECT_DENY, policiesOf } from './policy-engine.ts';
import type { ActivityHandler, QueryHandler } from '../api/handler-types.ts';
import type { JsonObject } from '../http/fields.ts';
import type { PolicyRecord } from '../state/records.ts';
import type { StateView, Tx } from '../state/store.ts';

const EFFECTS = [EFFECT_ALLOW, EFFECT_DENY] as const;
export const MAX_POLICIES_PER_REQUEST = 100;
const NAME_MAX = 256;
const NOTES_MAX = 2048;

/**
 * An optional text field that may also be cleared: absent or null → undefined (unchanged),
 * "" → "" (cleared), any other string → itself; anything else is a 400.
 */
function optionalClearable(o: JsonObject, key: string, where: string, max: number): string | undefined {
  const value = o[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalidRequest(`${where}.${key} must be a string.`);
  if (value.length > max) throw invalidRequest(`${where}.${key} is too long.`);
  return value;
}

function checkedExpression(source: string | undefined, kind: 'condition' | 'consensus', field: string): string | undefined {
  if (source === undefined || source.trim() === '') return source === undefined ? undefined : '';
  compileExpression(source, kind, field);
  return source;
}

export function requirePolicy(tx: Tx | StateView, organizationId: string, policyId: string): PolicyRecord {
  const policy = tx.policies.get(policyId);
  if (!policy || policy.organizationId !== organizationId) throw notFound('POLICY_NOT_FOUND', 'No policy with this policyId in the organization.');
  return policy;
}

/** Drops cleared ("") optional fields so a record never stores an empty expression. */
function withOptional(record: PolicyRecord, fields: Partial<Record<'condition' | 'consensus' | 'notes', string>>): PolicyRecord {
  const out: Record<string, unknown> = { ...record };
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (value === '') delete out[key];
    else out[key] = value;
  }
  return out as unknown as PolicyRecord;
}

export const createPolicies: ActivityHandler = {
  async run({ tx, organization, parameters, now }) {
    const entries = requireObjectArray(parameters, 'policies', 'parameters', MAX_POLICIES_PER_REQUEST);
    if (entries.length === 0) throw invalidRequest('parameters.policies must hold at least one policy.');
    const checked = entries.map((entry, i) => {
      const where = `parameters.policies[${i}]`;
      return {
        policyName: requireString(entry, 'policyName', where, { max: NAME_MAX }),
        effect: requireEnum(entry, 'effect', EFFECTS, where),
        condition: checkedExpression(optionalString(entry, 'condition', where, { max: 4096 }), 'condition', `${where}.condition`),
        consensus: checkedExpression(optionalString(entry, 'consensus', where, { max: 4096 }), 'consensus', `${where}.consensus`),
        notes: optionalString(entry, 'notes', where, { max: NOTES_MAX }),
      };
    });
    const policyIds = checked.map((policy) => {
      const base: PolicyRecord = {
        id: crypto.randomUUID(),
        organizationId: organization.id,
        policyName: policy.policyName,
        effect: policy.effect,
        createdAt: now,
        updatedAt: now,
      };
      tx.policies.put(withOptional(base, { condition: policy.condition, consensus: policy.consensus, notes: policy.notes }));
      return base.id;
    });
    return { policyIds };
  },
};

export const updatePolicy: ActivityHandler = {
  async run({ tx, organization, parameters, now }) {
    const where = 'parameters';
    const policyId = requireString(parameters, 'policyId', where);
    const policyName = optionalString(parameters, 'policyName', where, { max: NAME_MAX });
    const effect = optionalEnum(parameters, 'policyEffect', EFFECTS, where);
    const condition = checkedExpression(optionalClearable(parameters, 'policyCondition', where, 4096), 'condition', `${where}.policyCondition`);
    const consensus = checkedExpression(optionalClearable(parameters, 'policyConsensus', where, 4096), 'consensus', `${where}.policyConsensus`);
    const notes = optionalClearable(parameters, 'policyNotes', where, NOTES_MAX);
    const policy = requirePolicy(tx, organization.id, policyId);
    const updated: PolicyRecord = {
      ...policy,
      ...(policyName !== undefined ? { policyName } : {}),
      ...(effect !== undefined ? { effect } : {}),
      updatedAt: now,
    };
    tx.policies.put(withOptional(updated, { condition, consensus, notes }));
    return { policyId };
  },
};

export const deletePolicy: ActivityHandler = {
  async run({ tx, organization, parameters }) {
    const policyId = requireString(parameters, 'policyId', 'parameters');
    requirePolicy(tx, organization.id, policyId);
    tx.policies.delete(policyId);
    return { policyId };
  },
};

export function wirePolicy(policy: PolicyRecord): JsonObject {
  return {
    policyId: policy.id,
    policyName: policy.policyName,
    effect: policy.effect,
    ...(policy.condition !== undefined ? { condition: policy.condition } : {}),
    ...(policy.consensus !== undefined ? { consensus: policy.consensus } : {}),
    notes: policy.notes ?? '',
    createdAt: timestamp(policy.createdAt),
    updatedAt: timestamp(policy.updatedAt),
  };
}

export const listPolicies: QueryHandler = {
  run({ view, organization }) {
    return { policies: policiesOf(view, organization.id).map(wirePolicy) };
  },
};
