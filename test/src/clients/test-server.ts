// A real HTTP server on 127.0.0.1 (ephemeral port) for the client tests: it records every
// request byte for byte and answers with what the test's handler returns. Node only.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The body exactly as it arrived. */
  raw: Buffer;
  body: string;
  json: unknown;
}

export interface Reply {
  status?: number;
  /** Serialized as JSON unless `raw` is given. */
  json?: unknown;
  raw?: string;
  /** Never answer (for timeout and abort tests). */
  hang?: boolean;
}

export interface TestServer {
  url: string;
  requests: Received[];
  /** Resolves when the next request has fully arrived. */
  nextRequest(): Promise<Received>;
  close(): Promise<void>;
}

export async function startServer(handler: (request: Received) => Reply | Promise<Reply>): Promise<TestServer> {
  const requests: Received[] = [];
  let waiters: ((r: Received) => void)[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks);
      const body = raw.toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      const received: Received = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, raw, body, json };
      requests.push(received);
      const current = waiters;
      waiters = [];
      current.forEach((resolve) => resolve(received));
      let reply: Reply;
      try {
        reply = await handler(received);
      } catch (error) {
        reply = { status: 599, raw: String(error) };
      }
      if (reply.hang) return;
      const text = reply.raw ?? JSON.stringify(reply.json ?? {});
      res.writeHead(reply.status ?? 200, { 'content-type': reply.raw === undefined ? 'application/json' : 'text/plain' });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    nextRequest: () => new Promise((resolve) => waiters.push(resolve)),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
