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
  /** What the handler's `prepare` made for this request before the transaction, if it made anything. */
  prepared?: unknown;
}

/** What `prepare` sees: the committed state, not the transaction's (it runs before the lock). */
export interface PrepareInput {
  view: StateView;
  /** The organization the activity will run in. */
  organizationId: string;
  parameters: JsonObject;
}

export interface ActivityHandler {
  /**
   * Validates `parameters` completely before staging anything, then stages the changes and
   * returns the value stored under the operation's result key (or, for an operation whose
   * result key is null, the whole `result` object). Throw a service error to refuse.
   */
  run(input: ActivityInput): Promise<JsonObject>;
  /**
   * Optional pure work that may be done ahead, before the activity's transaction and off the
   * main thread (a signature on the crypto worker), handed to `run` as `prepared`. It decides
   * nothing: `run` still makes every check against the transaction's state, and uses `prepared`
   * only when it is exactly what it would compute itself. May resolve to undefined; must not
   * change anything; a throw or rejection only means nothing was prepared.
   */
  prepare?(input: PrepareInput): Promise<unknown> | undefined;
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
