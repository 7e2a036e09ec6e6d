/**
 * postJson of an already stamped body, for calls the service treats as idempotent (an activity, whose identical stamped
 * body yields the same activity, and queries): after no answer, a timeout, or a 500/502/503/
 * 504 it sends the very same bytes with the very same stamp again, so a request that reached
 * the service before its answer was lost creates nothing twice (SECURITY.md C6, C7). 4xx
 * answers (429 included) are never retried. Kept apart from http.ts so the login page, whose
 * proxy calls are not idempotent and are retried by the person, does not carry it.
 */
import type { LatchError } from '../errors/latch-error.ts';
import { postJson, sleep, type JsonObject, type PostJsonOptions } from './http.ts';

export interface RetryOptions {
  /** How many times to send the bytes again. Default 2. */
  retries?: number;
}

const PASSING: unknown[] = ['ERR_NETWORK_FAILED', 'ERR_NETWORK_TIMEOUT', 500, 502, 503, 504];

export async function postJsonRetrying(url: string, text: string, options: PostJsonOptions & RetryOptions): Promise<JsonObject> {
  const doFetch = options.fetch ?? globalThis.fetch;
  let last: Response | undefined;
  for (let attempt = 0; ; attempt++) {
    last = undefined;
    try {
      return await postJson(url, text, { ...options, fetch: async (...a) => (last = await doFetch(...a)) });
    } catch (error) {
      const e = error as LatchError;
      // The service's Retry-After in seconds when it is readable (an HTTP date falls back to
      // the backoff); else jittered exponential backoff. A wait over 10 s is left to the caller.
      const after = parseInt((last as Response | undefined)?.headers.get('Retry-After') as string) * 1e3;
      const delay = after >= 0 ? after : 150 * (1 + Math.random()) * 2 ** attempt;
      if (!PASSING.includes(e.status ?? e.code) || attempt >= (options.retries ?? 2) || delay > 1e4) throw e;
      await sleep(delay, options.signal);
    }
  }
}
