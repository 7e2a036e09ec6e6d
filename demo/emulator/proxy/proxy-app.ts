/**
 * The auth proxy origin: `POST /v1/<endpoint>` with `X-Auth-Proxy-Config-Id` (any case). Order
 * of checks: endpoint → method → configuration exists → enabled → origin (exact, `*` = all)
 * → body → captcha token (a configuration's captcha mode, captcha-gate.ts). CORS answers echo only allowed origins; a preflight (which carries no configuration
 * header) is allowed when some enabled configuration allows the origin.
 */
import { corsHeaders, isOriginAllowed, isPreflight, PROXY_ALLOWED_HEADERS } from '../http/cors.ts';
import { forbidden, invalidRequest, notFound, serviceError, Grpc } from '../http/service-error.ts';
import { jsonResponse } from '../http/exchange.ts';
import { keysDocument } from '../api/dev-routes.ts';
import { parseJsonObject, parseJsonObjectOrEmpty } from '../http/parse-json.ts';
import { respondError } from '../http/respond-error.ts';
import { camelizeKeys } from './normalize-input.ts';
import { Upstream } from './upstream.ts';
import { needsCaptcha, requireCaptcha } from './captcha-gate.ts';
import type { EmulatorContext } from '../context.ts';
import type { EmuApp } from '../http/node-adapter.ts';
import type { EmuRequest, EmuResponse } from '../http/exchange.ts';
import type { JsonObject } from '../http/fields.ts';
import type { ProxyEndpoint } from './endpoint-types.ts';
import type { LatchError } from '../../../src/errors/latch-error.ts';

export type ProxyEndpoints = ReadonlyMap<string, ProxyEndpoint>;

export function createProxyApp(ctx: EmulatorContext, api: EmuApp, endpoints: ProxyEndpoints): EmuApp {
  const allowedByAnyConfig = (origin: string | undefined): boolean =>
    [...ctx.configs.values()].some((c) => c.enabled && isOriginAllowed(origin, c.allowedOrigins));

  // Headers that let a browser read the answer: only for origins some configuration allows.
  const cors = (request: EmuRequest): Record<string, string> =>
    allowedByAnyConfig(request.headers.origin) ? corsHeaders(request.headers.origin, PROXY_ALLOWED_HEADERS) : {};

  async function route(request: EmuRequest): Promise<EmuResponse> {
    // The emulator's keys here too: a kit whose proxy is this origin is told to read them here.
    if (request.path === '/__keys' && request.method === 'GET') {
      return jsonResponse(200, keysDocument(ctx), { 'cache-control': 'no-store', 'access-control-allow-origin': '*' });
    }
    const match = /^\/v1\/([a-z0-9_]+)$/.exec(request.path);
    const endpoint = match ? endpoints.get(match[1]!) : undefined;
    if (!endpoint) throw notFound('NOT_FOUND', 'No such auth proxy endpoint.');
    if (request.method !== 'POST') {
      throw serviceError(Grpc.UNIMPLEMENTED, 'METHOD_NOT_ALLOWED', 'Auth proxy endpoints take POST.', { httpStatus: 405 });
    }
    const configId = request.headers['x-auth-proxy-config-id'];
    if (!configId) throw invalidRequest('The X-Auth-Proxy-Config-Id header is missing.');
    const config = ctx.configs.get(configId);
    if (!config) throw notFound('AUTH_PROXY_CONFIG_NOT_FOUND', 'No auth proxy configuration with this id.');
    if (!config.enabled) throw forbidden('The auth proxy is disabled for this organization.');
    if (!isOriginAllowed(request.headers.origin, config.allowedOrigins)) {
      throw forbidden('The request origin is not allowed by this auth proxy configuration.');
    }
    const binding = ctx.store.read.proxyBindings.get(config.id);
    if (!binding) throw serviceError(Grpc.INTERNAL, 'INTERNAL', 'The auth proxy configuration has no proxy user.');
    const raw = endpoint.allowEmptyBody ? parseJsonObjectOrEmpty(request.body) : parseJsonObject(request.body);
    const body = camelizeKeys(raw) as JsonObject;
    // Before the endpoint runs, so a refusal changes nothing.
    if (config.captcha && needsCaptcha(match![1]!, body)) requireCaptcha(config.captcha, request.headers['x-captcha-token']);
    const upstream = new Upstream(ctx, api, binding);
    return jsonResponse(200, await endpoint.run({ ctx, config, organizationId: binding.organizationId, body, upstream }));
  }

  return {
    async handle(request) {
      if (isPreflight(request)) {
        if (!allowedByAnyConfig(request.headers.origin)) {
          return respondError(forbidden('The request origin is not allowed by any auth proxy configuration.'), ctx.log);
        }
        return { status: 204, headers: cors(request), body: '' };
      }
      try {
        const response = await route(request);
        return { ...response, headers: { ...cors(request), ...response.headers } };
      } catch (error) {
        return respondError(error, ctx.log, cors(request));
      }
    },
    reject(request, error: LatchError) {
      return respondError(error, ctx.log, cors(request));
    },
  };
}
