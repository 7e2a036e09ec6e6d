/**
 * A tiny static file server for built pages: node:http on 127.0.0.1, an ephemeral port, the
 * given headers on every answer (the Content-Security-Policy under test), and a few JSON routes
 * (how a page learns the emulator's URLs without an inline script). Pages are addressed as
 * `http://localhost:<port>/…`: a secure context and the WebAuthn rpId.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.map': 'application/json',
};

export interface StaticServerOptions {
  /** Directories served, by URL prefix (`/` for the root). Longest prefix wins. */
  mounts: Record<string, string>;
  /** Headers on every answer (a function: computed per request, e.g. once the emulator is up). */
  headers?: Record<string, string> | (() => Record<string, string>);
  /** Other routes: answer and return true, or return false to fall through to the files. */
  handle?: (req: IncomingMessage, res: ServerResponse, path: string) => boolean;
  /** Exact paths answered with JSON (evaluated per request). */
  json?: Record<string, () => unknown>;
}

export interface StaticServer {
  /** `http://localhost:<port>` (no trailing slash). */
  origin: string;
  port: number;
  /** Every path requested, in order (tests check what a page loaded). */
  requests: string[];
  close(): Promise<void>;
}

export async function serveStatic(options: StaticServerOptions): Promise<StaticServer> {
  const requests: string[] = [];
  const mounts = Object.entries(options.mounts).sort(([a], [b]) => b.length - a.length);
  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
      requests.push(path);
      const given = typeof options.headers === 'function' ? options.headers() : options.headers;
      const headers = { 'cache-control': 'no-store', ...given };
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      if (options.handle?.(req, res, path)) return;
      if (path === '/favicon.ico') {
        // Browsers ask for it on every page; an empty answer keeps the console clean.
        res.writeHead(204, headers);
        res.end();
        return;
      }
      const route = options.json?.[path];
      if (route) {
        res.writeHead(200, { ...headers, 'content-type': 'application/json' });
        res.end(JSON.stringify(route()));
        return;
      }
      const mount = mounts.find(([prefix]) => path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`));
      if (!mount) return notFound(res, headers);
      const [prefix, dir] = mount;
      const rest = path.slice(prefix.length).replace(/^\/+/, '') || 'index.html';
      const file = normalize(join(dir, rest));
      if (!file.startsWith(normalize(dir.endsWith(sep) ? dir : dir + sep))) return notFound(res, headers);
      try {
        const body = await readFile(file);
        res.writeHead(200, { ...headers, 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
        res.end(body);
      } catch {
        notFound(res, headers);
      }
    })();
  });
  // Keep-alive sockets would hold close() open after the browser is gone.
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  return {
    origin: `http://localhost:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function notFound(res: ServerResponse, headers: Record<string, string>): void {
  res.writeHead(404, { ...headers, 'content-type': 'text/plain' });
  res.end('not found');
}
