/**
 * Client of the Activity API: builds the activity body, serializes it once, stamps exactly
 * those bytes, posts them, and waits for the activity to settle. On the logged-in signing
 * path, so it imports only data, types and the small HTTP helper.
 */
import { LatchError, type LatchErrorCode } from '../errors/latch-error.ts';
import type { Stamper } from '../stamp/stamper.ts';
import {
  ACTIVITY_OPERATIONS,
  ActivityStatus,
  QUERY_OPERATIONS,
  QUERY_PATH,
  SUBMIT_PATH,
  resultKey,
  type ActivityOperation,
  type QueryOperation,
} from './activity-operations.ts';
import { checkQuery, checkSubmit } from './activity-rules.ts';
import { ActivityError } from './activity-error.ts';
import { isObject, malformed, requireString, sleep, type JsonObject, type PostJsonOptions } from './http.ts';
import { postJsonRetrying, type RetryOptions } from './post-json-retrying.ts';
import type {
  Activity,
  ActivityParameters,
  ActivityResult,
  AppProof,
  BootProof,
  QueryRequest,
  QueryResponse,
  SessionResult,
  WhoamiResult,
} from './activity-types.ts';

export interface ActivityClientOptions {
  /** Default `https://api.turnkey.com`. */
  apiBaseUrl?: string;
  stamper: Stamper;
  fetch?: typeof fetch;
  /** Per HTTP request. Default 30 s. */
  timeoutMs?: number;
  /**
   * Resends of the same stamped bytes after no answer, a timeout or a 500/502/503/504 (the
   * service answers an identical body with the same activity). Default 2; 0 turns them off.
   */
  retries?: number;
  /** Pause between get_activity polls. Default 1 s. */
  pollIntervalMs?: number;
  /** How long to wait for a pending activity to settle. Default 60 s. */
  pollTimeoutMs?: number;
  /** Clock for `timestampMs` and the poll deadline (ms since epoch). */
  now?: () => number;
}

export interface SubmitRequest<Op extends ActivityOperation> {
  organizationId: string;
  parameters: ActivityParameters<Op>;
  /** Ask the service for App Proofs of this activity. */
  generateAppProofs?: boolean;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

export interface StampLoginRequest {
  /** Compressed P-256 hex of the new session key. */
  publicKey: string;
  expirationSeconds?: string | number;
  invalidateExisting?: boolean;
}

const ENDED: Record<string, [LatchErrorCode, string]> = {
  [ActivityStatus.FAILED]: ['ERR_ACTIVITY_FAILED', 'The activity failed.'],
  [ActivityStatus.REJECTED]: ['ERR_ACTIVITY_REJECTED', 'The activity was rejected.'],
  [ActivityStatus.CONSENSUS_NEEDED]: ['ERR_ACTIVITY_CONSENSUS_NEEDED', 'The activity needs approval by other users.'],
};

function checkActivity(value: unknown): Activity {
  const ok = isObject(value) && ['id', 'organizationId', 'status'].every((key) => typeof value[key] === 'string');
  if (!ok) throw malformed();
  return value as unknown as Activity;
}

/** The result object of a completed activity, under the key its operation's catalogue entry names. */
export function activityResult<Op extends ActivityOperation>(activity: Activity<Op>): ActivityResult<Op> {
  const operation = (Object.keys(ACTIVITY_OPERATIONS) as ActivityOperation[]).find((op) => ACTIVITY_OPERATIONS[op].type === activity.type);
  const key = operation && resultKey(operation);
  const result: JsonObject = isObject(activity.result) ? activity.result : {};
  // approve_activity carries the approved activity's own result, whatever its key.
  const value = key ? result[key] : Object.values(result)[0];
  if (!isObject(value)) throw malformed();
  return value as ActivityResult<Op>;
}

export class ActivityClient {
  private readonly base: string;
  private readonly stamper: Stamper;
  private readonly http: PostJsonOptions & RetryOptions;
  private readonly interval: number;
  private readonly pollTimeout: number;
  private readonly clock: () => number;
  private readonly fetch: typeof fetch;
  /**
   * The service's clock minus this device's, in ms, learned from the `Date` of its answers
   * (SECURITY.md C8); 0 while within 30 s (the header's 1 s steps are noise, not skew). It
   * dates every `timestampMs`, so a device clock minutes off still makes live requests.
   */
  skewMs = 0;

  constructor(options: ActivityClientOptions) {
    if (!options?.stamper || typeof options.stamper.stamp !== 'function') {
      throw new LatchError('ERR_CONFIG_INVALID', 'ActivityClient needs a stamper.');
    }
    this.base = (options.apiBaseUrl ?? 'https://api.turnkey.com').replace(/\/+$/, '');
    this.stamper = options.stamper;
    this.fetch = options.fetch ?? ((...a) => fetch(...a));
    this.http = { timeoutMs: options.timeoutMs, retries: options.retries };
    this.interval = options.pollIntervalMs ?? 1000;
    this.pollTimeout = options.pollTimeoutMs ?? 60_000;
    this.clock = options.now ?? Date.now;
  }

  /** The service's time as best known here. */
  now(): number {
    return this.clock() + this.skewMs;
  }

  // The body is serialized and stamped once: a retry resends these bytes with this stamp. Only
  // a refusal that moved the known skew gets a new body: its timestampMs was off by that much,
  // so it is dated again and stamped again, once.
  private async post(path: string, body: JsonObject, signal?: AbortSignal, again = 'timestampMs' in body): Promise<JsonObject> {
    const text = JSON.stringify(body);
    const stamp = await this.stamper.stamp(text);
    let moved = false;
    const fetch: typeof globalThis.fetch = async (...a) => {
      const response = await this.fetch(...a);
      // The skew from the answer's Date; moved when that changed it by more than 30 s.
      const skew = Date.parse(response.headers.get('Date') as string) + 500 - this.clock();
      if (!Number.isNaN(skew)) {
        const next = Math.abs(skew) < 3e4 ? 0 : skew;
        moved ||= Math.abs(next - this.skewMs) > 3e4;
        this.skewMs = next;
      }
      return response;
    };
    try {
      return await postJsonRetrying(this.base + path, text, { ...this.http, fetch, signal, headers: { [stamp.stampHeaderName]: stamp.stampHeaderValue } });
    } catch (error) {
      if (!again || !moved || ((error as LatchError).status ?? 500) >= 500) throw error;
      return this.post(path, { ...body, timestampMs: String(Math.floor(this.now())) }, signal, false);
    }
  }

  /** Submits an activity and returns it as the service answered, settled or not. */
  async submitRaw<Op extends ActivityOperation>(
    operation: Op,
    request: SubmitRequest<Op>,
    options: RequestOptions = {},
  ): Promise<Activity<Op>> {
    const parameters = await checkSubmit(operation, request?.parameters);
    const body: JsonObject = {
      type: ACTIVITY_OPERATIONS[operation].type,
      timestampMs: String(Math.floor(this.now())),
      organizationId: requireString(request.organizationId, 'organizationId'),
      parameters,
    };
    if (request.generateAppProofs !== undefined) body.generateAppProofs = request.generateAppProofs;
    const answer = await this.post(SUBMIT_PATH + operation, body, options.signal);
    return checkActivity(answer.activity) as Activity<Op>;
  }

  /**
   * Submits an activity and waits until it completes. FAILED, REJECTED and CONSENSUS_NEEDED
   * throw an ActivityError carrying the activity; so does a poll that outlives pollTimeoutMs.
   */
  async submit<Op extends ActivityOperation>(
    operation: Op,
    request: SubmitRequest<Op>,
    options: RequestOptions = {},
  ): Promise<Activity<Op>> {
    return this.settle(await this.submitRaw(operation, request, options), options);
  }

  /** Polls get_activity until `activity` leaves CREATED/PENDING; returns it once COMPLETED. */
  async settle<Op extends ActivityOperation>(activity: Activity<Op>, options: RequestOptions = {}): Promise<Activity<Op>> {
    const deadline = this.now() + this.pollTimeout;
    while (activity.status === ActivityStatus.CREATED || activity.status === ActivityStatus.PENDING) {
      if (this.now() >= deadline) {
        throw new ActivityError('ERR_ACTIVITY_TIMEOUT', 'The activity did not finish in time.', activity);
      }
      await sleep(this.interval, options.signal);
      activity = (await this.getActivity(activity.organizationId, activity.id, options)) as Activity<Op>;
    }
    const ended = ENDED[activity.status];
    if (ended) {
      const failure = activity.failure;
      throw new ActivityError(ended[0], failure?.message || ended[1], activity, { serviceCode: failure?.code });
    }
    if (activity.status !== ActivityStatus.COMPLETED) throw malformed();
    return activity;
  }

  /** A stamped query; answers are checked for the key the catalogue names. */
  async query<Op extends QueryOperation>(
    operation: Op,
    body: QueryRequest<Op>,
    options: RequestOptions = {},
  ): Promise<QueryResponse<Op>> {
    const checked = checkQuery(operation, body);
    const answer = await this.post(QUERY_PATH + operation, checked, options.signal);
    if (answer[QUERY_OPERATIONS[operation].response] === undefined) throw malformed();
    return answer as unknown as QueryResponse<Op>;
  }

  async getActivity(organizationId: string, activityId: string, options: RequestOptions = {}): Promise<Activity> {
    const answer = await this.query('get_activity', { organizationId, activityId }, options);
    return checkActivity(answer.activity);
  }

  /** The result of a completed activity, typed by its operation. */
  result<Op extends ActivityOperation>(activity: Activity<Op>): ActivityResult<Op> {
    return activityResult(activity);
  }

  /** A session for `publicKey`, stamped by this client's stamper (an API key or a passkey). */
  async stampLogin(organizationId: string, request: StampLoginRequest, options: RequestOptions = {}): Promise<SessionResult> {
    const parameters: ActivityParameters<'stamp_login'> = { publicKey: requireString(request?.publicKey, 'publicKey') };
    if (request.expirationSeconds !== undefined) parameters.expirationSeconds = String(request.expirationSeconds);
    if (request.invalidateExisting !== undefined) parameters.invalidateExisting = request.invalidateExisting;
    const activity = await this.submit('stamp_login', { organizationId, parameters }, options);
    const result = activityResult(activity);
    if (typeof result.session !== 'string') throw malformed();
    return { session: result.session };
  }

  whoami(organizationId: string, options: RequestOptions = {}): Promise<WhoamiResult> {
    return this.query('whoami', { organizationId }, options);
  }

  async getBootProof(organizationId: string, ephemeralKey: string, options: RequestOptions = {}): Promise<BootProof> {
    const { bootProof } = await this.query('get_boot_proof', { organizationId, ephemeralKey }, options);
    if (!isObject(bootProof)) throw malformed();
    return bootProof;
  }

  async listAppProofs(organizationId: string, activityId: string, options: RequestOptions = {}): Promise<AppProof[]> {
    const { appProofs } = await this.query('list_app_proofs', { organizationId, activityId }, options);
    if (!Array.isArray(appProofs)) throw malformed();
    return appProofs;
  }
}
