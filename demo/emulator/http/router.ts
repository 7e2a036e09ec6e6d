/** A small exact-path router: unknown path → 404, known path with another method → 405. */
import { serviceError, Grpc, notFound } from './service-error.ts';
import type { EmuRequest, EmuResponse } from './exchange.ts';

export type RouteHandler = (request: EmuRequest, params: Record<string, string>) => Promise<EmuResponse>;

interface Route {
  method: string;
  segments: string[];
  handler: RouteHandler;
}

export class Router {
  private readonly routes: Route[] = [];

  /** `pattern` segments starting with `:` capture one path segment. */
  add(method: string, pattern: string, handler: RouteHandler): this {
    this.routes.push({ method, segments: pattern.split('/'), handler });
    return this;
  }

  async dispatch(request: EmuRequest): Promise<EmuResponse> {
    const segments = request.path.split('/');
    let pathMatched = false;
    for (const route of this.routes) {
      const params = match(route.segments, segments);
      if (!params) continue;
      pathMatched = true;
      if (route.method === request.method) return route.handler(request, params);
    }
    if (pathMatched) {
      throw serviceError(Grpc.UNIMPLEMENTED, 'METHOD_NOT_ALLOWED', `The method ${request.method} is not allowed here.`, { httpStatus: 405 });
    }
    throw notFound('NOT_FOUND', 'No such endpoint.');
  }
}

function match(pattern: string[], path: string[]): Record<string, string> | null {
  if (pattern.length !== path.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const want = pattern[i]!;
    const got = path[i]!;
    if (want.startsWith(':')) {
      if (got === '') return null;
      try {
        params[want.slice(1)] = decodeURIComponent(got);
      } catch {
        return null;
      }
    } else if (want !== got) return null;
  }
  return params;
}
