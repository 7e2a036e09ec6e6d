/**
 * The Activity API origin: `/public/v1/submit/*`, `/public/v1/query/*`, and the emulator's own
 * pages and JSON (`/__keys`, `/__outbox`, the OAuth provider, and what later features add).
 * Stamps, not cookies, authenticate here, so every origin may call it (CORS `*`).
 */
import { Router } from '../http/router.ts';
import { API_ALLOWED_HEADERS, corsHeaders, isPreflight, preflightResponse } from '../http/cors.ts';
import { respondError } from '../http/respond-error.ts';
import { submitActivity } from './activity-engine.ts';
import { runQuery } from './query-engine.ts';
import type { EmulatorContext } from '../context.ts';
import type { EmuApp } from '../http/node-adapter.ts';
import type { EmuRequest, EmuResponse } from '../http/exchange.ts';
import type { LatchError } from '../../../src/errors/latch-error.ts';
import type { ActivityRegistry } from './activity-engine.ts';
import type { QueryRegistry } from './query-engine.ts';

export interface ApiAppParts {
  activities: ActivityRegistry;
  queries: QueryRegistry;
  /** Adds the emulator's own routes (keys, outbox, OAuth provider, on-ramp sandbox…). */
  routes: ((router: Router) => void)[];
}

export function createApiApp(ctx: EmulatorContext, parts: ApiAppParts): EmuApp {
  const router = new Router()
    .add('POST', '/public/v1/submit/:operation', (request, params) => submitActivity(ctx, parts.activities, params.operation!, request))
    .add('POST', '/public/v1/query/:operation', (request, params) => runQuery(ctx, parts.queries, params.operation!, request));
  for (const add of parts.routes) add(router);

  // Every answer carries the emulator's clock (which tests may move) as Date, readable by pages
  // too: a client whose clock is off dates its requests by it (SECURITY.md C8).
  const cors = (request: EmuRequest) => ({
    ...corsHeaders(request.headers.origin ? '*' : undefined, API_ALLOWED_HEADERS),
    date: new Date(ctx.now()).toUTCString(),
    'access-control-expose-headers': 'Date',
  });
  const withCors = (request: EmuRequest, response: EmuResponse): EmuResponse => ({
    ...response,
    headers: { ...cors(request), ...response.headers },
  });

  return {
    async handle(request) {
      if (isPreflight(request)) return preflightResponse('*', API_ALLOWED_HEADERS);
      try {
        return withCors(request, await router.dispatch(request));
      } catch (error) {
        return respondError(error, ctx.log, cors(request));
      }
    },
    reject(request, error: LatchError) {
      return respondError(error, ctx.log, cors(request));
    },
  };
}
