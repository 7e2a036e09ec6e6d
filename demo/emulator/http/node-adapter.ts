/**
 * node:http ↔ EmuRequest/EmuResponse, with the safety limits every listener shares: a body size
 * limit (413 in the service's error shape), header and request timeouts, and no framework.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { serviceError, Grpc } from './service-error.ts';
import type { EmuRequest, EmuResponse } from './exchange.ts';
import type { LatchError } from '../../../src/errors/latch-error.ts';

export interface EmuApp {
  handle(request: EmuRequest): Promise<EmuResponse>;
  /** Answers a request refused before its body was read (too large, aborted). */
  reject(request: EmuRequest, error: LatchError): EmuResponse;
}

export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** Past this many bytes an oversized upload is cut instead of drained. */
const DRAIN_LIMIT = 16 * 1024 * 1024;

export const bodyTooLarge = (limit: number): LatchError =>
  serviceError(Grpc.INVALID_ARGUMENT, 'REQUEST_INVALID', `The request body is larger than ${limit} bytes.`, { httpStatus: 413 });

function lowercaseHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/**
 * A request target made only of `/`, letters, digits, `_` and `-` (not starting `//`) is its own
 * pathname, with no query: the URL parser would return it unchanged, so the API's routes skip it.
 */
const PLAIN_PATH = /^\/(?!\/)[A-Za-z0-9_/-]*$/;

function pathAndQuery(target: string): { path: string; query: URLSearchParams } {
  if (PLAIN_PATH.test(target)) return { path: target, query: new URLSearchParams() };
  const url = new URL(target, 'http://emulator.invalid');
  return { path: url.pathname, query: url.searchParams };
}

function readBody(req: IncomingMessage, limit: number): Promise<Uint8Array | 'too-large'> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      resolve('too-large');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (over) return;
      if (size > limit) {
        over = true;
        chunks.length = 0;
        resolve('too-large');
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (over) return;
      // One copy into a plain Uint8Array of its own (Buffer.concat then a copy was two).
      const body = new Uint8Array(size);
      let at = 0;
      for (const chunk of chunks) {
        body.set(chunk, at);
        at += chunk.length;
      }
      resolve(body);
    });
    req.on('error', reject);
  });
}

function send(req: IncomingMessage, res: ServerResponse, response: EmuResponse, closeAfter: boolean): void {
  const headers: Record<string, string> = { ...response.headers, 'content-length': String(Buffer.byteLength(response.body)) };
  if (closeAfter) headers['connection'] = 'close';
  res.writeHead(response.status, headers);
  res.end(response.body);
  if (closeAfter) {
    // Drain what the client is still sending (so it can read the answer), within reason.
    let drained = 0;
    req.on('data', (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > DRAIN_LIMIT) req.destroy();
    });
    req.resume();
  }
}

export function createNodeServer(app: EmuApp, options: { bodyLimit?: number; log: (line: string) => void }): Server {
  const limit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const server = createServer((req, res) => {
    const { path, query } = pathAndQuery(req.url ?? '/');
    const base: EmuRequest = {
      method: (req.method ?? 'GET').toUpperCase(),
      path,
      query,
      headers: lowercaseHeaders(req),
      body: new Uint8Array(0),
    };
    readBody(req, limit)
      .then(async (body) => {
        if (body === 'too-large') {
          send(req, res, app.reject(base, bodyTooLarge(limit)), true);
          return;
        }
        send(req, res, await app.handle({ ...base, body }), false);
      })
      .catch((error: unknown) => {
        options.log(`request failed: ${error instanceof Error ? error.message : String(error)}`);
        if (!res.headersSent) res.destroy();
      });
  });
  // Bounded waits: a slow or silent client cannot hold a socket forever.
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  server.keepAliveTimeout = 5_000;
  server.timeout = 60_000;
  return server;
}

export function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

export function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
