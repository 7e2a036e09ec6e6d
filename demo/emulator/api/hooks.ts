/**
 * Extension points for features built on top of the engine. Each has a harmless default here;
 * the policy engine, webhook delivery and App Proofs replace them (see emulator.ts).
 */
import type { JsonObject } from '../http/fields.ts';
import type { ActivityRecord, OrganizationRecord } from '../state/records.ts';
import type { StateView } from '../state/store.ts';
import type { Principal } from './principal.ts';

/** An activity about to run: what a policy sees. */
export interface PendingActivity {
  operation: string;
  type: string;
  activityId: string;
  fingerprint: string;
  organization: OrganizationRecord;
  principal: Principal;
  parameters: JsonObject;
}

export type PolicyDecision =
  | { outcome: 'ALLOW' }
  /** The activity is stored as ACTIVITY_STATUS_CONSENSUS_NEEDED and its handler does not run yet. */
  | { outcome: 'CONSENSUS_NEEDED'; votes?: unknown[] };

export interface EmulatorHooks {
  /**
   * Runs before an operation's handler, inside its transaction. Throwing a service error
   * refuses the request (nothing is stored); CONSENSUS_NEEDED holds it for approve_activity.
   */
  policy(pending: PendingActivity, view: StateView): PolicyDecision | Promise<PolicyDecision>;
  /** Called once an activity is stored and durable. Must not block: webhook delivery goes here. */
  onActivity(activity: ActivityRecord): void;
  /** App Proofs for a completed activity whose body set `generateAppProofs` (issue 5). */
  appProofs(activity: ActivityRecord): Promise<unknown[]>;
  /** The Boot Proof for an ephemeral key (get_boot_proof), or undefined when there is none (issue 5). */
  bootProof(organizationId: string, ephemeralKey: string): Promise<Record<string, unknown> | undefined>;
}

export function defaultHooks(): EmulatorHooks {
  return {
    policy: () => ({ outcome: 'ALLOW' }),
    onActivity: () => undefined,
    appProofs: async () => [],
    bootProof: async () => undefined,
  };
}
