/**
 * The emulator's own request/response values. The node:http adapter turns sockets into these,
 * and the auth proxy calls the Activity API's handler with them in-process: the same code path
 * (stamp verification included) that a client's HTTP request takes.
 */
export interface EmuRequest {
  method: string;
  /** Path without the query string, e.g. `/public/v1/submit/oauth`. */
  path: string;
  query: URLSearchParams;
  /** Lowercase header names. */
  headers: Record<string, string>;
  /** The raw body bytes as received: stamps are checked over exactly these. */
  body: Uint8Array;
}

export interface EmuResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type EmuHandler = (request: EmuRequest) => Promise<EmuResponse>;

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): EmuResponse {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

export function htmlResponse(status: number, html: string, headers: Record<string, string> = {}): EmuResponse {
  return {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      // The emulator's pages carry no script: forbid any, and never let another site frame them.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; form-action *; frame-ancestors 'none'",
      ...headers,
    },
    body: html,
  };
}

export function redirectResponse(location: string): EmuResponse {
  return { status: 302, headers: { location, 'cache-control': 'no-store' }, body: '' };
}
