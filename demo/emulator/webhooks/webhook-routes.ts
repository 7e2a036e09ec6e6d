/**
 * The emulator's webhook pages (not part of the service):
 *   GET /__webhooks        the delivery log, newest first: `{deliveries: [{eventId, eventType,
 *                          url, organizationId, activityId, attempts: [{attempt, at, atIso,
 *                          timestampMs, status?, error?}], state, reason?}]}`; filter with
 *                          `?activityId=`, `?eventId=` or `?state=PENDING|DELIVERED|FAILED`.
 *   GET /__webhooks/jwks   the webhook signing keys as a JWKS, current first, then up to three
 *                          rotated out (the same as /__keys webhookJwks).
 *   POST /__webhooks/rotate-key  signs from now on with a new key (new kid): `{kid, jwks}`.
 *   POST /__webhooks/replay `{eventId}`  sends a DELIVERED or FAILED event again (same event id
 *                          and body, a new round of attempts): 202 `{delivery}`; 404 for an
 *                          event not in the log, 409 while it is still being delivered.
 * The log carries payloads: only the emulator's own pages, dev origins and tools may read it
 * (http/dev-access.ts); the JWKS is public.
 */
import { jsonResponse } from '../http/exchange.ts';
import { devAccessHeaders } from '../http/dev-access.ts';
import { parseJsonObject } from '../http/parse-json.ts';
import { Grpc, invalidRequest, notFound, serviceError } from '../http/service-error.ts';
import { rotateWebhookKey, webhookJwks } from '../keys/emulator-keys.ts';
import type { EmulatorContext } from '../context.ts';
import type { Router } from '../http/router.ts';
import type { DeliveryLogEntry, WebhookDelivery } from './webhook-delivery.ts';

const FILTERS = ['activityId', 'eventId', 'state'] as const satisfies readonly (keyof DeliveryLogEntry)[];

export function webhookRoutes(ctx: EmulatorContext, delivery: WebhookDelivery) {
  return (router: Router): void => {
    router.add('GET', '/__webhooks', async (request) => {
      const access = devAccessHeaders({ urls: ctx.urls, devOrigins: ctx.devOrigins }, request);
      const deliveries = delivery.log().filter((entry) => FILTERS.every((key) => {
        const wanted = request.query.get(key);
        return wanted === null || entry[key] === wanted;
      }));
      return jsonResponse(200, { deliveries }, { 'cache-control': 'no-store', ...access });
    });
    router.add('GET', '/__webhooks/jwks', async () => jsonResponse(200, webhookJwks(ctx.keys), { 'cache-control': 'no-store' }));
    // Key rotation mid-stream (SECURITY.md F4): tools and the emulator's own pages only.
    router.add('POST', '/__webhooks/rotate-key', async (request) => {
      const access = devAccessHeaders({ urls: ctx.urls, devOrigins: ctx.devOrigins }, request);
      const kid = await rotateWebhookKey(ctx.store, ctx.keys, ctx.now());
      return jsonResponse(200, { kid, jwks: webhookJwks(ctx.keys) }, { 'cache-control': 'no-store', ...access });
    });
    // Manual redelivery (SECURITY.md F2; Standard Webhooks): tools and the emulator's pages only.
    router.add('POST', '/__webhooks/replay', async (request) => {
      const access = devAccessHeaders({ urls: ctx.urls, devOrigins: ctx.devOrigins }, request);
      const { eventId } = parseJsonObject(request.body);
      if (typeof eventId !== 'string' || eventId === '') throw invalidRequest('"eventId" must be a non-empty string.');
      const outcome = delivery.replay(eventId);
      if (outcome === 'unknown') throw notFound('WEBHOOK_EVENT_NOT_FOUND', 'No such webhook event in the delivery log.');
      if (outcome === 'pending') {
        throw serviceError(Grpc.INVALID_ARGUMENT, 'WEBHOOK_EVENT_PENDING', 'The event is still being delivered.', { httpStatus: 409 });
      }
      return jsonResponse(202, { delivery: outcome }, { 'cache-control': 'no-store', ...access });
    });
  };
}
