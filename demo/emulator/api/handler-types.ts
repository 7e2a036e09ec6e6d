/** The contract of one operation's module (demo/emulator/activities/*, demo/emulator/queries/*). */
import type { EmulatorContext } from '../context.ts';
import type { JsonObject } from '../http/fields.ts';
import type { OrganizationRecord } from '../state/records.ts';
import type { StateView, Tx } from '../state/store.ts';
import type { Principal } from './principal.ts';

export interface ActivityInput {
  ctx: EmulatorContext;
  /** Stage every change here; it is applied only if the whole activity succeeds. */
  tx: Tx;
  operation: string;
  /** The body's activity type: one of the route's (some routes take several versions). */
  type: string;
  organization: OrganizationRecord;
  principal: Principal;
  parameters: JsonObject;
  activityId: string;
  /** The request's clock reading: use it for every timestamp of this activity. */
  now: number;
  /**
   * Call before throwing a refusal whose staged changes must still apply (a wrong OTP code
   * counts as an attempt). The activity itself is not stored. Use for nothing else.
   */
  keepChangesOnRefusal(): void;
}

export interface ActivityHandler {
  /**
   * Validates `parameters` completely before staging anything, then stages the changes and
   * returns the value stored under the operation's result key (or, for an operation whose
   * result key is null, the whole `result` object). Throw a service error to refuse.
   */
  run(input: ActivityInput): Promise<JsonObject>;
}

export interface QueryInput {
  ctx: EmulatorContext;
  view: StateView;
  organization: OrganizationRecord;
  principal: Principal;
  body: JsonObject;
}

export interface QueryHandler {
  /** Returns the whole response body. */
  run(input: QueryInput): Promise<JsonObject> | JsonObject;
}
