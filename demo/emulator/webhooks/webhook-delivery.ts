/**
 * Webhook delivery: the `onActivity` hook. For each stored activity, every distinct webhook
 * URL registered by the activity's organization or one of its ancestors (FEATURE_NAME_WEBHOOK)
 * gets one event, POSTed as JSON (the payload is the activity object) with signed headers
 * (webhook-signature.ts). `X-Turnkey-Organization-Id` names the organization that registered
 * the URL; the activity inside names its own.
 *
 * - 2xx: delivered. 3xx (redirects are not followed), 4xx and 429: final, no retry.
 * - Network errors, timeouts and 5xx: retried on a schedule (SECURITY.md F2), each attempt with
 *   a fresh timestamp and signature but the same event id. The default schedule is Svix's
 *   published one (DEFAULT_RETRY_SCHEDULE_MS: 8 attempts over about 28 hours), divided by
 *   `timeScale` so tests and demos can live through it, with ±`jitter` (default 10 %, 0 turns it
 *   off). `baseDelayMs` / `maxDelayMs` give plain exponential backoff instead. When the last
 *   attempt fails the event is FAILED with the reason; `replay(eventId)` (POST
 *   /__webhooks/replay) sends a finished event again: same event id and body, a new round of
 *   attempts (Standard Webhooks' manual retry).
 * - onActivity only queues: the activity's answer never waits for a receiver.
 * - approve_activity also sends the approved activity's new state (votes, or its completion).
 * Every event and attempt is kept in an in-memory log (the newest logLimit events), served at
 * `GET /__webhooks`. Deliveries are not persisted: a restart drops pending retries.
 */
import { wireActivity } from '../api/envelope.ts';
import { utf8Encode } from '../../../src/encoding/utf8.ts';
import { EVENT_TYPE_ACTIVITY_UPDATES, webhookHeaders } from './webhook-signature.ts';
import { FEATURE_NAME_WEBHOOK } from './set-organization-feature.ts';
import type { EmulatorContext } from '../context.ts';
import type { ActivityRecord } from '../state/records.ts';

/** Svix's retry schedule: the waits before retries 1 to 7 (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h). */
export const DEFAULT_RETRY_SCHEDULE_MS: readonly number[] = [5e3, 3e5, 18e5, 72e5, 18e6, 36e6, 36e6];

export interface WebhookOptions {
  /** Attempts per event (per round, with replays), the first included. Default: the schedule's length + 1. */
  maxAttempts?: number;
  /** Waits before retries 1, 2, …; the last repeats if maxAttempts asks for more. Default DEFAULT_RETRY_SCHEDULE_MS. */
  retrySchedule?: readonly number[];
  /** Every wait is divided by this (the table at time-scale k). Default 1. */
  timeScale?: number;
  /** Each wait is multiplied by a factor drawn from [1 − jitter, 1 + jitter]. Default 0.1; 0 is exact. */
  jitter?: number;
  /** Where the jitter and the faults draw from (tests make it deterministic). Default Math.random. */
  random?: () => number;
  /** Exponential backoff instead of the schedule: this wait before the first retry, doubling. */
  baseDelayMs?: number;
  /** With baseDelayMs: the longest wait. Default 60 s. */
  maxDelayMs?: number;
  /** One attempt's time limit. Default 10 s. */
  timeoutMs?: number;
  /** Attempts in flight at once, over all receivers. Default 8. */
  concurrency?: number;
  /** Events kept in the log. Default 500. */
  logLimit?: number;
  fetch?: typeof fetch;
  /**
   * Faults a real delivery system has, off by default (SECURITY.md F3): `duplicateRate` (0 to 1)
   * sends a delivered event once more (same event id, fresh timestamp and signature);
   * `reorderMs` delays each first attempt by up to that much, so events can arrive out of order.
   */
  faults?: { duplicateRate?: number; reorderMs?: number };
}

export const DeliveryState = { PENDING: 'PENDING', DELIVERED: 'DELIVERED', FAILED: 'FAILED' } as const;
export type DeliveryState = (typeof DeliveryState)[keyof typeof DeliveryState];

export interface DeliveryAttempt {
  attempt: number;
  /** Which replay this attempt belongs to (absent in the first round). */
  replay?: number;
  /** After a retryable failure: the wait chosen before the next attempt, ms. */
  retryInMs?: number;
  /** When the attempt started, ms since epoch and ISO. */
  at: number;
  atIso: string;
  timestampMs: string;
  status?: number;
  error?: string;
}

export interface DeliveryLogEntry {
  eventId: string;
  eventType: string;
  url: string;
  organizationId: string;
  activityId: string;
  activityOrganizationId: string;
  activityStatus: string;
  attempts: DeliveryAttempt[];
  state: DeliveryState;
  /** Extra sends of a delivered event (the duplicate fault). */
  duplicatesSent?: number;
  /** Why a FAILED event stopped. */
  reason?: string;
  /** When the next attempt is due (ms since epoch), while one is scheduled. */
  nextAttemptAt?: number;
  /** Times the event was replayed. */
  replays?: number;
}

/** Why replay() refused: no such event (in the log), or one still being delivered. */
export type ReplayRefusal = 'unknown' | 'pending';

type Context = Pick<EmulatorContext, 'store' | 'keys' | 'now' | 'log'>;

/** A vote's activity type → its intent key: each vote also changes the activity it names. */
const VOTE_INTENTS: Readonly<Record<string, string>> = {
  ACTIVITY_TYPE_APPROVE_ACTIVITY: 'approveActivityIntent',
  ACTIVITY_TYPE_REJECT_ACTIVITY: 'rejectActivityIntent',
};

/** Deep enough for any real hierarchy, and a guard against a cycle in a hand-edited data file. */
const MAX_DEPTH = 16;

export class WebhookDelivery {
  private readonly entries: DeliveryLogEntry[] = [];
  private readonly waiting: (() => Promise<void>)[] = [];
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private readonly controller = new AbortController();
  private readonly idleWaiters: (() => void)[] = [];
  private active = 0;
  private pending = 0;
  private readonly options: Required<Pick<WebhookOptions, 'maxAttempts' | 'timeoutMs' | 'concurrency' | 'logLimit' | 'fetch'>>;
  /** Waits before retries 1, 2, … (unscaled, without jitter). */
  private readonly schedule: readonly number[];
  private readonly timeScale: number;
  private readonly jitterRatio: number;
  private readonly faults: { duplicateRate: number; reorderMs: number; random: () => number };
  /** Each event's body, kept as long as its log entry (replays send the same bytes). */
  private readonly bodies = new WeakMap<DeliveryLogEntry, Uint8Array>();
  /** Index in `attempts` where the current round (the first, or the latest replay) started. */
  private readonly roundStart = new WeakMap<DeliveryLogEntry, number>();

  constructor(
    private readonly ctx: Context,
    options: WebhookOptions = {},
  ) {
    const exponential = options.retrySchedule === undefined && (options.baseDelayMs !== undefined || options.maxDelayMs !== undefined);
    const maxAttempts = Math.max(1, Math.floor(options.maxAttempts ?? (exponential ? 6 : (options.retrySchedule ?? DEFAULT_RETRY_SCHEDULE_MS).length + 1)));
    const base = options.baseDelayMs ?? 1000;
    this.schedule = exponential
      ? Array.from({ length: Math.max(1, maxAttempts - 1) }, (_, n) => Math.min(options.maxDelayMs ?? 60_000, base * 2 ** n))
      : options.retrySchedule?.length
        ? options.retrySchedule.map((ms) => Math.max(0, ms))
        : DEFAULT_RETRY_SCHEDULE_MS;
    this.timeScale = options.timeScale !== undefined && options.timeScale > 0 ? options.timeScale : 1;
    this.jitterRatio = Math.min(1, Math.max(0, options.jitter ?? 0.1));
    this.options = {
      maxAttempts,
      timeoutMs: options.timeoutMs ?? 10_000,
      concurrency: Math.max(1, options.concurrency ?? 8),
      logLimit: Math.max(1, options.logLimit ?? 500),
      fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    };
    this.faults = {
      duplicateRate: Math.min(1, Math.max(0, options.faults?.duplicateRate ?? 0)),
      reorderMs: Math.max(0, options.faults?.reorderMs ?? 0),
      random: options.random ?? Math.random,
    };
  }

  /** A first attempt's delay: none, or up to `reorderMs` with the reorder fault. */
  private jitter(): number {
    return this.faults.reorderMs > 0 ? Math.floor(this.faults.random() * this.faults.reorderMs) : 0;
  }

  /** The receivers of an activity: each distinct URL up the organization chain, nearest first. */
  targets(organizationId: string): { url: string; organizationId: string }[] {
    const out: { url: string; organizationId: string }[] = [];
    let current: string | undefined = organizationId;
    for (let depth = 0; current !== undefined && depth < MAX_DEPTH; depth++) {
      // A deleted sub-organization's own deletion event still reaches its chain's receivers.
      const organization: { id: string; parentId?: string; features: Readonly<Record<string, string>> } | undefined =
        this.ctx.store.read.organizations.get(current) ?? this.ctx.store.read.deletedOrganizations.get(current);
      if (!organization) break;
      const url = organization.features[FEATURE_NAME_WEBHOOK];
      if (url && !out.some((t) => t.url === url)) out.push({ url, organizationId: organization.id });
      current = organization.parentId;
    }
    return out;
  }

  /**
   * The hook: queues one event per receiver and returns at once. An approval or a rejection
   * also updates the activity it names (a vote added, completion, rejection), so that
   * activity's new state is sent too.
   */
  onActivity(activity: ActivityRecord): void {
    if (this.controller.signal.aborted) return;
    this.queue(activity);
    const voted = this.votedOn(activity);
    if (voted) this.queue(voted);
  }

  private votedOn(activity: ActivityRecord): ActivityRecord | undefined {
    const key = Object.hasOwn(VOTE_INTENTS, activity.type) ? VOTE_INTENTS[activity.type] : undefined;
    if (!key) return undefined;
    const intent = activity.intent[key] as { fingerprint?: unknown } | undefined;
    if (typeof intent?.fingerprint !== 'string') return undefined;
    return this.ctx.store.read.activities.findBy('fingerprint', intent.fingerprint).find((a) => a.organizationId === activity.organizationId);
  }

  private queue(activity: ActivityRecord): void {
    const targets = this.targets(activity.organizationId);
    if (targets.length === 0) return;
    const body = utf8Encode(JSON.stringify(wireActivity(activity)));
    for (const target of targets) {
      const entry: DeliveryLogEntry = {
        eventId: crypto.randomUUID(),
        eventType: EVENT_TYPE_ACTIVITY_UPDATES,
        url: target.url,
        organizationId: target.organizationId,
        activityId: activity.id,
        activityOrganizationId: activity.organizationId,
        activityStatus: activity.status,
        attempts: [],
        state: DeliveryState.PENDING,
      };
      this.entries.push(entry);
      if (this.entries.length > this.options.logLimit) this.entries.splice(0, this.entries.length - this.options.logLimit);
      this.bodies.set(entry, body);
      this.roundStart.set(entry, 0);
      this.pending += 1;
      this.later(() => this.attempt(entry), this.jitter());
    }
  }

  /** The wait after the `retry`-th failure of a round (1-based): scheduled, scaled, jittered. */
  private retryDelay(retry: number): number {
    const planned = this.schedule[Math.min(retry, this.schedule.length) - 1]! / this.timeScale;
    const factor = this.jitterRatio === 0 ? 1 : 1 + this.jitterRatio * (2 * this.faults.random() - 1);
    return Math.round(planned * factor);
  }

  /**
   * Sends a finished (DELIVERED or FAILED) event again: the same event id and body, signed
   * afresh, with a full new round of attempts. The log entry records the replay.
   */
  replay(eventId: string): DeliveryLogEntry | ReplayRefusal {
    const entry = this.controller.signal.aborted ? undefined : this.entries.find((e) => e.eventId === eventId);
    if (!entry) return 'unknown';
    if (entry.state === DeliveryState.PENDING) return 'pending';
    entry.state = DeliveryState.PENDING;
    delete entry.reason;
    entry.replays = (entry.replays ?? 0) + 1;
    this.roundStart.set(entry, entry.attempts.length);
    this.pending += 1;
    this.later(() => this.attempt(entry), 0);
    return structuredClone(entry);
  }

  /** The log, newest first; copies, so callers cannot change it. */
  log(): DeliveryLogEntry[] {
    return structuredClone(this.entries).reverse();
  }

  /** Resolves once no event is pending (tests; a graceful stop). */
  idle(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Stops everything: in-flight attempts are aborted, queued retries dropped. */
  close(): void {
    this.controller.abort();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.waiting.length = 0;
    this.pending = 0;
    this.settleIdle();
  }

  private settleIdle(): void {
    if (this.pending !== 0) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private later(task: () => Promise<void>, delayMs: number): void {
    // Even the first attempt starts on a later turn: the activity's answer goes out first.
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.waiting.push(task);
      this.pump();
    }, delayMs);
    timer.unref?.();
    this.timers.add(timer);
  }

  private pump(): void {
    while (this.active < this.options.concurrency && this.waiting.length > 0) {
      const task = this.waiting.shift()!;
      this.active += 1;
      void task().finally(() => {
        this.active -= 1;
        this.pump();
      });
    }
  }

  private finish(entry: DeliveryLogEntry, state: DeliveryState, reason?: string): void {
    entry.state = state;
    if (reason) entry.reason = reason;
    this.pending = Math.max(0, this.pending - 1);
    this.settleIdle();
  }

  private async attempt(entry: DeliveryLogEntry): Promise<void> {
    if (this.controller.signal.aborted) return;
    const body = this.bodies.get(entry)!;
    const at = this.ctx.now();
    const timestampMs = String(at);
    const record: DeliveryAttempt = { attempt: entry.attempts.length + 1, ...(entry.replays ? { replay: entry.replays } : {}), at, atIso: new Date(at).toISOString(), timestampMs };
    delete entry.nextAttemptAt;
    entry.attempts.push(record);
    let retryable: string;
    try {
      const status = await this.send(entry, body, timestampMs);
      record.status = status;
      if (status >= 200 && status < 300) {
        this.finish(entry, DeliveryState.DELIVERED);
        if (this.faults.duplicateRate > 0 && this.faults.random() < this.faults.duplicateRate) this.duplicate(entry);
        return;
      }
      if (status < 500) return this.finish(entry, DeliveryState.FAILED, `HTTP ${status}: not retried`);
      retryable = `HTTP ${status}`;
    } catch (error) {
      if (this.controller.signal.aborted) return;
      record.error = describe(error);
      retryable = record.error;
    }
    const inRound = entry.attempts.length - (this.roundStart.get(entry) ?? 0);
    if (inRound >= this.options.maxAttempts) {
      this.finish(entry, DeliveryState.FAILED, `${retryable}: gave up after ${inRound} attempts`);
      this.ctx.log(`webhook ${entry.eventId} to ${entry.url} failed after ${inRound} attempts`);
      return;
    }
    const delay = this.retryDelay(inRound);
    record.retryInMs = delay;
    entry.nextAttemptAt = at + delay;
    this.later(() => this.attempt(entry), delay);
  }

  /** One signed POST of the event; resolves to the HTTP status (redirects are not followed). */
  private async send(entry: DeliveryLogEntry, body: Uint8Array, timestampMs: string): Promise<number> {
    const headers = webhookHeaders(this.ctx.keys.webhook, { organizationId: entry.organizationId, eventType: entry.eventType, eventId: entry.eventId, timestampMs }, body);
    const response = await this.options.fetch(entry.url, {
      method: 'POST',
      headers,
      body: new Blob([body.slice()]),
      redirect: 'manual',
      signal: AbortSignal.any([this.controller.signal, AbortSignal.timeout(this.options.timeoutMs)]),
    });
    await response.body?.cancel().catch(() => undefined);
    return response.status;
  }

  /** The duplicate fault: the same event once more, signed afresh; its outcome changes nothing. */
  private duplicate(entry: DeliveryLogEntry): void {
    const body = this.bodies.get(entry)!;
    this.pending += 1;
    this.later(async () => {
      try {
        if (this.controller.signal.aborted) return;
        entry.duplicatesSent = (entry.duplicatesSent ?? 0) + 1;
        await this.send(entry, body, String(this.ctx.now()));
      } catch {
        // A duplicate that fails is simply not delivered twice.
      } finally {
        this.pending = Math.max(0, this.pending - 1);
        this.settleIdle();
      }
    }, this.jitter());
  }
}

/** A short, stable description of a failed attempt for the log (a code, not a stack). */
function describe(error: unknown): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') return 'timeout';
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  if (cause && typeof cause.code === 'string') return `network error: ${cause.code}`;
  return 'network error';
}
