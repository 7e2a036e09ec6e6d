/**
 * A tiny webhook receiver for the tests: a node:http server on 127.0.0.1 (ephemeral port) that
 * records every request (headers and raw body bytes) and answers as the test scripts it, with
 * a status, a dropped connection, or an answer held until the test releases it.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export interface Received {
  path: string;
  headers: Record<string, string>;
  body: Buffer;
}

/** What to do with the n-th request (0-based): a status, `drop` (destroy the socket), or a promise of either. */
export type Reply = number | 'drop' | { status: number; headers: Record<string, string> };
export type Script = (request: Received, n: number) => Reply | Promise<Reply>;

export interface Receiver {
  url: string;
  received: Received[];
  /** Resolves once `count` requests have arrived; rejects after `ms` (default 5000) if they have not. */
  waitFor(count: number, ms?: number): Promise<Received[]>;
  /** Answered replies, in order ('drop' for dropped connections). */
  replies: (number | 'drop')[];
  close(): Promise<void>;
}

function readAll(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export async function startReceiver(script: Script = () => 200): Promise<Receiver> {
  const received: Received[] = [];
  const replies: (number | 'drop')[] = [];
  const waiters: { count: number; resolve: (r: Received[]) => void }[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const request: Received = {
        path: req.url ?? '/',
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')])),
        body: await readAll(req),
      };
      const n = received.push(request) - 1;
      for (const waiter of waiters.filter((w) => received.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(received.slice());
      }
      const reply = await script(request, n);
      if (reply === 'drop') {
        replies.push('drop');
        req.socket.destroy();
        return;
      }
      const { status, headers } = typeof reply === 'number' ? { status: reply, headers: {} } : reply;
      replies.push(status);
      res.writeHead(status, headers);
      res.end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    replies,
    // Bounded: a delivery that never comes fails here, naming what arrived, not at the runner's limit.
    waitFor: (count, ms = 5000) =>
      received.length >= count
        ? Promise.resolve(received.slice())
        : new Promise((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(`the receiver got ${received.length} of ${count} requests within ${ms} ms`)), ms);
            waiters.push({ count, resolve: (r) => (clearTimeout(timer), resolve(r)) });
          }),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
