/**
 * Webhook delivery: the `onActivity` hook. For each stored activity, every distinct webhook
 * URL registered by the activity's organization or one of its ancestors (FEATURE_NAME_WEBHOOK)
 * gets one event, POSTed as JSON (the payload is the activity object) with signed headers
 * (webhook-signature.ts). `X-Turnkey-Organization-Id` names the organization that registered
 * the URL; the activity inside names its own.
 *
 * - 2xx: delivered. 3xx (redirects are not followed), 4xx and 429: final, no retry.
 * - Network errors, timeouts and 5xx: retried with exponential backoff (baseDelayMs × 2^n,
 *   capped at maxDelayMs, at most maxAttempts attempts), each attempt with a fresh timestamp
 *   and signature but the same event id.
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

export interface WebhookOptions {
  /** Attempts per event, the first included. Default 6. */
  maxAttempts?: number;
  /** Wait before the first retry; doubles each time. Default 1000 ms. */
  baseDelayMs?: number;
  /** Longest wait between attempts. Default 60 s. */
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
  faults?: { duplicateRate?: number; reorderMs?: number; random?: () => number };
}

export const DeliveryState = { PENDING: 'PENDING', DELIVERED: 'DELIVERED', FAILED: 'FAILED' } as const;
export type DeliveryState = (typeof DeliveryState)[keyof typeof DeliveryState];

export interface DeliveryAttempt {
  attempt: number;
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
}

type Context = Pick<EmulatorContext, 'store' | 'keys' | 'now' | 'log'>;

const APPROVE_ACTIVITY_TYPE = 'ACTIVITY_TYPE_APPROVE_ACTIVITY';

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
  private readonly options: Required<Omit<WebhookOptions, 'fetch' | 'faults'>> & { fetch: typeof fetch };
  private readonly faults: { duplicateRate: number; reorderMs: number; random: () => number };

  constructor(
    private readonly ctx: Context,
    options: WebhookOptions = {},
  ) {
    this.options = {
      maxAttempts: Math.max(1, options.maxAttempts ?? 6),
      baseDelayMs: options.baseDelayMs ?? 1000,
      maxDelayMs: options.maxDelayMs ?? 60_000,
      timeoutMs: options.timeoutMs ?? 10_000,
      concurrency: Math.max(1, options.concurrency ?? 8),
      logLimit: Math.max(1, options.logLimit ?? 500),
      fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    };
    this.faults = {
      duplicateRate: Math.min(1, Math.max(0, options.faults?.duplicateRate ?? 0)),
      reorderMs: Math.max(0, options.faults?.reorderMs ?? 0),
      random: options.faults?.random ?? Math.random,
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
      const organization = this.ctx.store.read.organizations.get(current);
      if (!organization) break;
      const url = organization.features[FEATURE_NAME_WEBHOOK];
      if (url && !out.some((t) => t.url === url)) out.push({ url, organizationId: organization.id });
      current = organization.parentId;
    }
    return out;
  }

  /**
   * The hook: queues one event per receiver and returns at once. An approval also updates the
   * activity it approved (a vote added, or completion), so that activity's new state is sent too.
   */
  onActivity(activity: ActivityRecord): void {
    if (this.controller.signal.aborted) return;
    this.queue(activity);
    const approved = this.approvedBy(activity);
    if (approved) this.queue(approved);
  }

  private approvedBy(activity: ActivityRecord): ActivityRecord | undefined {
    if (activity.type !== APPROVE_ACTIVITY_TYPE) return undefined;
    const intent = activity.intent.approveActivityIntent as { fingerprint?: unknown } | undefined;
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
      this.pending += 1;
      this.schedule(() => this.attempt(entry, body), this.jitter());
    }
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

  private schedule(task: () => Promise<void>, delayMs: number): void {
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

  private async attempt(entry: DeliveryLogEntry, body: Uint8Array): Promise<void> {
    if (this.controller.signal.aborted) return;
    const at = this.ctx.now();
    const timestampMs = String(at);
    const record: DeliveryAttempt = { attempt: entry.attempts.length + 1, at, atIso: new Date(at).toISOString(), timestampMs };
    entry.attempts.push(record);
    let retryable: string;
    try {
      const status = await this.send(entry, body, timestampMs);
      record.status = status;
      if (status >= 200 && status < 300) {
        this.finish(entry, DeliveryState.DELIVERED);
        if (this.faults.duplicateRate > 0 && this.faults.random() < this.faults.duplicateRate) this.duplicate(entry, body);
        return;
      }
      if (status < 500) return this.finish(entry, DeliveryState.FAILED, `HTTP ${status}: not retried`);
      retryable = `HTTP ${status}`;
    } catch (error) {
      if (this.controller.signal.aborted) return;
      record.error = describe(error);
      retryable = record.error;
    }
    if (entry.attempts.length >= this.options.maxAttempts) {
      this.finish(entry, DeliveryState.FAILED, `${retryable}: gave up after ${entry.attempts.length} attempts`);
      this.ctx.log(`webhook ${entry.eventId} to ${entry.url} failed after ${entry.attempts.length} attempts`);
      return;
    }
    const delay = Math.min(this.options.maxDelayMs, this.options.baseDelayMs * 2 ** (entry.attempts.length - 1));
    this.schedule(() => this.attempt(entry, body), delay);
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
  private duplicate(entry: DeliveryLogEntry, body: Uint8Array): void {
    this.pending += 1;
    this.schedule(async () => {
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
