/**
 * The policy engine, as the hosted service describes its own:
 * - an activity of a root user is allowed once the root quorum holds: approvals by root users
 *   of the initiator's organization reach its rootQuorumThreshold (1 unless set); until then,
 *   unless a policy allows it, it waits for the other root users (CONSENSUS_NEEDED);
 * - a policy applies when its condition (if any) and its consensus (if any) both hold;
 * - an applying DENY wins over everything; otherwise an applying ALLOW allows;
 * - an ALLOW whose condition holds but whose consensus does not yet is CONSENSUS_NEEDED;
 * - nothing applying is an implicit deny.
 * An expression that fails to evaluate (a missing field, a type mismatch) does not apply.
 *
 * (ours) An activity of several parts (each call of a V2 Ethereum batch, each signer of a V2
 * Solana send: policy-scope.ts) is judged part by part, each as if it were sent alone: any part
 * denied denies it; any part that no policy allows leaves it unallowed; it is allowed only when
 * every part is, and waits for consensus while some part does. So a DENY cannot be slipped past
 * inside a batch, nor an ALLOW for one call stretched over another.
 *
 * Two emulator choices (ours): the auth proxy's own key is exempt (the hosted proxy acts with
 * a fixed, narrow scope that no organization policy governs), and approve_activity is exempt
 * (its handler checks the vote itself).
 */
import { forbidden } from '../http/service-error.ts';
import { evaluateBoolean } from './expression-eval.ts';
import { parseExpression } from './expression-parser.ts';
import { conditionScopes, consensusScope } from './policy-scope.ts';
import { VOTE_APPROVED, approvalVote } from './votes.ts';
import type { EmulatorHooks, PendingActivity, PolicyDecision } from '../api/hooks.ts';
import type { Expr } from './expression-parser.ts';
import type { Scope } from './expression-eval.ts';
import type { PolicyRecord } from '../state/records.ts';
import type { StateView } from '../state/store.ts';
import type { PolicySubject } from './policy-scope.ts';
import type { Vote } from './votes.ts';

export const EFFECT_ALLOW = 'EFFECT_ALLOW';
export const EFFECT_DENY = 'EFFECT_DENY';

export type Outcome = 'ALLOW' | 'DENY' | 'CONSENSUS_NEEDED' | 'NO_POLICY';

export interface Evaluation {
  outcome: Outcome;
  /** The policies behind the outcome (the denying ones, the allowing ones, or those waiting). */
  policyIds: string[];
}

/** Parsed expressions by text: policies are checked when stored, so parsing here cannot fail. */
const parsed = new Map<string, Expr>();
function expression(source: string): Expr {
  let expr = parsed.get(source);
  if (!expr) {
    expr = parseExpression(source);
    if (parsed.size > 1000) parsed.clear();
    parsed.set(source, expr);
  }
  return expr;
}

function holds(source: string | undefined, scope: () => Scope): boolean {
  if (source === undefined || source.trim() === '') return true;
  try {
    return evaluateBoolean(expression(source), scope());
  } catch {
    return false;
  }
}

export function policiesOf(view: StateView, organizationId: string): PolicyRecord[] {
  return view.policies.findBy('organizationId', organizationId).sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
}

/** The policies' verdict on one part of the subject (its condition scope). */
function evaluatePart(policies: readonly PolicyRecord[], condition: Scope, consensusScopeOnce: () => Scope): Evaluation {
  const denied: string[] = [];
  const allowed: string[] = [];
  const waiting: string[] = [];
  for (const policy of policies) {
    if (!holds(policy.condition, () => condition)) continue;
    const agreed = holds(policy.consensus, consensusScopeOnce);
    if (policy.effect === EFFECT_DENY) {
      if (agreed) denied.push(policy.id);
    } else if (agreed) {
      allowed.push(policy.id);
    } else {
      waiting.push(policy.id);
    }
  }
  if (denied.length > 0) return { outcome: 'DENY', policyIds: denied };
  if (allowed.length > 0) return { outcome: 'ALLOW', policyIds: allowed };
  if (waiting.length > 0) return { outcome: 'CONSENSUS_NEEDED', policyIds: waiting };
  return { outcome: 'NO_POLICY', policyIds: [] };
}

/** Evaluates the organization's policies for `subject` with the approvals in `votes`. */
export function evaluatePolicies(view: StateView, organizationId: string, subject: PolicySubject, votes: readonly Vote[]): Evaluation {
  let consensus: Scope | undefined;
  const consensusScopeOnce = () => (consensus ??= consensusScope(view, votes));
  const policies = policiesOf(view, organizationId);
  const parts = conditionScopes(subject).map((scope) => evaluatePart(policies, scope, consensusScopeOnce));
  if (parts.length === 1) return parts[0]!;
  // Several parts: the first of these outcomes any part has decides, in this order.
  for (const outcome of ['DENY', 'NO_POLICY', 'CONSENSUS_NEEDED', 'ALLOW'] as const) {
    const deciding = parts.filter((part) => part.outcome === outcome);
    if (deciding.length > 0) return { outcome, policyIds: [...new Set(deciding.flatMap((part) => part.policyIds))] };
  }
  return { outcome: 'NO_POLICY', policyIds: [] };
}

export function refusal(outcome: 'DENY' | 'NO_POLICY') {
  return forbidden(outcome === 'DENY' ? 'A policy denies this activity.' : 'No policy allows this activity for this user.');
}

export interface Initiator {
  userId: string;
  /** The initiator's own organization: the target or an ancestor of it. */
  organizationId: string;
}

/** The whole decision: the root quorum first, then the target organization's policies. */
export function decide(view: StateView, organizationId: string, subject: PolicySubject, votes: readonly Vote[], initiator: Initiator): Evaluation {
  const home = view.organizations.get(initiator.organizationId);
  const isRoot = home?.rootUserIds.includes(initiator.userId) ?? false;
  if (home && isRoot) {
    const roots = new Set(home.rootUserIds);
    const approvals = new Set(votes.filter((v) => v.selection === VOTE_APPROVED && roots.has(v.userId)).map((v) => v.userId)).size;
    if (approvals >= (home.rootQuorumThreshold ?? 1)) return { outcome: 'ALLOW', policyIds: [] };
  }
  const evaluation = evaluatePolicies(view, organizationId, subject, votes);
  if (isRoot && evaluation.outcome === 'NO_POLICY') return { outcome: 'CONSENSUS_NEEDED', policyIds: [] };
  return evaluation;
}

function isExempt(view: StateView, pending: PendingActivity): boolean {
  if (pending.operation === 'approve_activity' || pending.operation === 'reject_activity') return true;
  const key = pending.principal.apiKeyId ? view.apiKeys.get(pending.principal.apiKeyId) : undefined;
  return key?.origin === 'PROXY';
}

/** Root users with a quorum of one (the common case) skip building a vote. */
function isSoleRoot(view: StateView, pending: PendingActivity): boolean {
  const home = view.organizations.get(pending.principal.organizationId);
  return (home?.rootQuorumThreshold ?? 1) <= 1 && (home?.rootUserIds.includes(pending.principal.userId) ?? false);
}

export interface PolicyHookOptions {
  now: () => number;
}

/** The `policy` hook of EmulatorHooks: ALLOW, CONSENSUS_NEEDED with the initiator's vote, or a 403. */
export function createPolicyHook(options: PolicyHookOptions): EmulatorHooks['policy'] {
  return (pending: PendingActivity, view: StateView): PolicyDecision => {
    if (isExempt(view, pending) || isSoleRoot(view, pending)) return { outcome: 'ALLOW' };
    const vote = approvalVote(pending.principal, view.users.get(pending.principal.userId), pending.activityId, pending.fingerprint, options.now());
    const evaluation = decide(view, pending.organization.id, pending, [vote], pending.principal);
    switch (evaluation.outcome) {
      case 'ALLOW':
        return { outcome: 'ALLOW' };
      case 'CONSENSUS_NEEDED':
        return { outcome: 'CONSENSUS_NEEDED', votes: [vote] };
      default:
        throw refusal(evaluation.outcome);
    }
  };
}
