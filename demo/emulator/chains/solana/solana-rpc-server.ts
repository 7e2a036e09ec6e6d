/**
 * The cluster's endpoints on loopback: JSON-RPC 2.0 over HTTP POST (single and batch), and
 * the subscriptions over WebSocket (`signatureSubscribe`, which web3.js v1 confirms through,
 * and `slotSubscribe`, which @solana/kit watches for expiry). Two ports, P and P + 1, both
 * serving both: web3.js v1 looks for its WebSocket at the HTTP port + 1 unless told otherwise.
 * Bounded everywhere: body size, batch length, message size, subscriptions per socket,
 * sockets, header and request timeouts. Open to every origin (a page's rpcUrl), as a public
 * RPC node is.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import * as wsModule from 'ws';
import { SolanaChainError, SolanaRpcCode } from './solana-chain-error.ts';
import { SolanaRpcMethods } from './solana-rpc-methods.ts';
import type { SolanaLedger } from './solana-ledger.ts';

const BODY_LIMIT = 256 * 1024;
const BATCH_LIMIT = 100;
const WS_MESSAGE_LIMIT = 64 * 1024;
const SUBSCRIPTIONS_PER_SOCKET = 1024;
const MAX_SOCKETS = 256;
const PORT_ATTEMPTS = 20;

/** JSON with bigints written as plain integers (lamports and u64s stay exact for kit's parser). */
export function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `\u0000big:${v}` : v)).replace(/"\\u0000big:(\d+)"/g, '$1');
}

type Id = string | number | null;

function rpcError(id: Id, code: number, message: string, data?: unknown) {
  return { jsonrpc: '2.0', error: { code, message, ...(data !== undefined ? { data } : {}) }, id };
}

function isId(value: unknown): value is Id {
  return value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

/** Agave's error data for a failed preflight, as web3.js's SendTransactionError reads it. */
function errorData(error: SolanaChainError): unknown {
  if (!error.data) return undefined;
  return { accounts: null, err: error.data.err, innerInstructions: null, logs: error.data.logs, replacementBlockhash: null, returnData: null, unitsConsumed: error.data.unitsConsumed };
}

/**
 * The few parts of `ws` 8 used here. The hoisted @types/ws is 7.x (web3.js's), which predates
 * the ESM entry's `WebSocketServer` export, so the shape is written out instead.
 */
interface WebSocket {
  readonly OPEN: number;
  readonly readyState: number;
  send(data: string): void;
  close(code: number, reason: string): void;
  terminate(): void;
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): void;
  on(event: 'close' | 'error', listener: () => void): void;
}
interface WebSocketServerLike {
  readonly clients: Set<WebSocket>;
  on(event: 'connection', listener: (socket: WebSocket) => void): void;
  emit(event: 'connection', socket: WebSocket, request: IncomingMessage): void;
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, done: (socket: WebSocket) => void): void;
  close(): void;
}
const { WebSocketServer } = wsModule as unknown as { WebSocketServer: new (options: { noServer: true; maxPayload: number }) => WebSocketServerLike };

interface Subscription {
  readonly socket: WebSocket;
  readonly kind: 'signature' | 'slot';
  readonly signature?: string;
}

export interface SolanaRpcServer {
  readonly rpcUrl: string;
  readonly wsUrl: string;
  /** Tells subscribers of a transaction sent outside the RPC (the emulator's send route). */
  announce(signature: string): void;
  close(): Promise<void>;
}

export async function startSolanaRpcServer(ledger: SolanaLedger, host: string, log: (line: string) => void = () => {}): Promise<SolanaRpcServer> {
  const subscriptions = new Map<number, Subscription>();
  let nextSubscription = 0;
  let lastSlot = -1;

  const send = (socket: WebSocket, message: unknown) => {
    if (socket.readyState === socket.OPEN) socket.send(toJson(message));
  };

  /** Tells each signature subscriber whose transaction landed, once; then the subscription ends (as on a node). */
  const notifySignature = (signature: string) => {
    const landed = ledger.landed(signature);
    if (!landed) return;
    for (const [id, sub] of subscriptions) {
      if (sub.kind !== 'signature' || sub.signature !== signature) continue;
      subscriptions.delete(id);
      send(sub.socket, { jsonrpc: '2.0', method: 'signatureNotification', params: { result: { context: { slot: landed.slot }, value: { err: landed.err } }, subscription: id } });
    }
  };

  /** Slots move with the clock but no timer runs: subscribers hear of a new slot when a request observes it. */
  const notifySlot = () => {
    const slot = ledger.tick();
    if (slot === lastSlot) return;
    lastSlot = slot;
    for (const [id, sub] of subscriptions) {
      if (sub.kind === 'slot') send(sub.socket, { jsonrpc: '2.0', method: 'slotNotification', params: { result: { parent: Math.max(0, slot - 1), root: slot, slot }, subscription: id } });
    }
  };

  const methods = new SolanaRpcMethods({ ledger, onSent: notifySignature });

  const answer = (request: unknown, socket?: WebSocket): unknown => {
    if (typeof request !== 'object' || request === null || Array.isArray(request)) return rpcError(null, SolanaRpcCode.INVALID_REQUEST, 'Invalid request');
    const { id, method, params, jsonrpc } = request as Record<string, unknown>;
    const replyId = isId(id) ? id : null;
    if (jsonrpc !== '2.0' || typeof method !== 'string' || !isId(id)) return rpcError(replyId, SolanaRpcCode.INVALID_REQUEST, 'Invalid request');
    if (params !== undefined && !Array.isArray(params)) return rpcError(replyId, SolanaRpcCode.INVALID_PARAMS, 'Invalid params: expected an array');
    const list = (params ?? []) as unknown[];
    try {
      let result: unknown;
      if (socket) result = subscribe(socket, method, list);
      else result = methods.call(method, list);
      return { jsonrpc: '2.0', result, id };
    } catch (error) {
      if (error instanceof SolanaChainError) return rpcError(replyId, error.rpcCode, error.message, errorData(error));
      log(`solana rpc ${method} failed: ${error instanceof Error ? error.message : String(error)}`);
      return rpcError(replyId, SolanaRpcCode.INTERNAL_ERROR, 'Internal error');
    } finally {
      notifySlot();
    }
  };

  const subscribe = (socket: WebSocket, method: string, params: unknown[]): unknown => {
    const own = [...subscriptions.values()].filter((s) => s.socket === socket).length;
    switch (method) {
      case 'signatureSubscribe':
      case 'slotSubscribe': {
        if (own >= SUBSCRIPTIONS_PER_SOCKET) throw new SolanaChainError(SolanaRpcCode.INVALID_REQUEST, 'Too many subscriptions on this connection');
        const id = nextSubscription++;
        if (method === 'slotSubscribe') {
          subscriptions.set(id, { socket, kind: 'slot' });
          return id;
        }
        const signature = params[0];
        if (typeof signature !== 'string' || !/^[1-9A-HJ-NP-Za-km-z]{64,88}$/.test(signature)) throw new SolanaChainError(SolanaRpcCode.INVALID_PARAMS, 'Invalid Request: Invalid signature');
        subscriptions.set(id, { socket, kind: 'signature', signature });
        // Already landed: the notification follows the subscription's answer.
        if (ledger.landed(signature)) queueMicrotask(() => notifySignature(signature));
        return id;
      }
      case 'signatureUnsubscribe':
      case 'slotUnsubscribe': {
        const id = params[0];
        const sub = typeof id === 'number' ? subscriptions.get(id) : undefined;
        if (!sub || sub.socket !== socket) throw new SolanaChainError(SolanaRpcCode.INVALID_PARAMS, 'Invalid subscription id.');
        subscriptions.delete(id as number);
        return true;
      }
      default:
        // Plain methods over the socket too, as a node serves them.
        return methods.call(method, params);
    }
  };

  const handleBody = (text: string, socket?: WebSocket): string => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return toJson(rpcError(null, SolanaRpcCode.PARSE_ERROR, 'Parse error'));
    }
    if (Array.isArray(parsed)) {
      if (parsed.length === 0) return toJson(rpcError(null, SolanaRpcCode.INVALID_REQUEST, 'Invalid request'));
      if (parsed.length > BATCH_LIMIT) return toJson(rpcError(null, SolanaRpcCode.INVALID_REQUEST, `Batch too large; max ${BATCH_LIMIT}`));
      return toJson(parsed.map((request) => answer(request, socket)));
    }
    return toJson(answer(parsed, socket));
  };

  const cors = (req: IncomingMessage): Record<string, string> => {
    const requested = String(req.headers['access-control-request-headers'] ?? '');
    return {
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'POST, GET, OPTIONS',
      'access-control-allow-headers': /^[A-Za-z0-9 ,_-]{0,512}$/.test(requested) && requested ? requested : 'content-type, solana-client',
      'access-control-max-age': '600',
    };
  };

  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const headers = cors(req);
    const reply = (status: number, body: string, type = 'application/json') => {
      res.writeHead(status, { ...headers, 'content-type': type, 'content-length': String(Buffer.byteLength(body)) });
      res.end(body);
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, headers);
      res.end();
      return;
    }
    if (req.method === 'GET' && req.url === '/health') return reply(200, 'ok', 'text/plain');
    if (req.method !== 'POST') return reply(405, toJson(rpcError(null, SolanaRpcCode.INVALID_REQUEST, 'Only POST is served')));
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > BODY_LIMIT) {
      res.setHeader('connection', 'close');
      reply(413, toJson(rpcError(null, SolanaRpcCode.INVALID_REQUEST, `Request body larger than ${BODY_LIMIT} bytes`)));
      req.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT) {
        res.setHeader('connection', 'close');
        reply(413, toJson(rpcError(null, SolanaRpcCode.INVALID_REQUEST, `Request body larger than ${BODY_LIMIT} bytes`)));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > BODY_LIMIT) return;
      reply(200, handleBody(Buffer.concat(chunks).toString('utf8')));
    });
    req.on('error', () => res.destroy());
  };

  const wss = new WebSocketServer({ noServer: true, maxPayload: WS_MESSAGE_LIMIT });
  wss.on('connection', (socket: WebSocket) => {
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary) return socket.close(1003, 'text frames only');
      // The answer as written (bigints as plain integers), not re-parsed into numbers.
      if (socket.readyState === socket.OPEN) socket.send(handleBody(data.toString('utf8'), socket));
    });
    socket.on('close', () => {
      for (const [id, sub] of subscriptions) if (sub.socket === socket) subscriptions.delete(id);
    });
    socket.on('error', () => socket.terminate());
  });

  const makeServer = (): Server => {
    const server = createServer(onRequest);
    server.on('upgrade', (req, socket, head) => {
      if (wss.clients.size >= MAX_SOCKETS) {
        socket.end('HTTP/1.1 503 Service Unavailable\r\n\r\n');
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    });
    server.headersTimeout = 10_000;
    server.requestTimeout = 30_000;
    server.keepAliveTimeout = 5_000;
    return server;
  };

  const listen = (server: Server, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  const stop = (server: Server) =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    });

  // Two neighbouring free ports: the HTTP one from the system, the WebSocket one just above it.
  let http: Server | undefined;
  let ws: Server | undefined;
  let port = 0;
  for (let attempt = 0; attempt < PORT_ATTEMPTS && !ws; attempt++) {
    http = makeServer();
    port = await listen(http, 0);
    if (port === 65535) {
      await stop(http);
      continue;
    }
    const candidate = makeServer();
    try {
      await listen(candidate, port + 1);
      ws = candidate;
    } catch {
      await stop(http);
    }
  }
  if (!http || !ws) throw new Error('No two neighbouring free loopback ports for the Solana RPC.');
  const urlHost = host.includes(':') ? `[${host}]` : host;
  const [httpServer, wsServer] = [http, ws];
  return {
    rpcUrl: `http://${urlHost}:${port}`,
    wsUrl: `ws://${urlHost}:${port + 1}`,
    announce: notifySignature,
    async close() {
      subscriptions.clear();
      // A normal closure (1000), so clients such as web3.js's do not reconnect to a stopped
      // cluster; whoever has not closed within a second is cut.
      const closing = [...wss.clients].map(
        (client) =>
          new Promise<void>((resolve) => {
            const timer = setTimeout(() => (client.terminate(), resolve()), 1000);
            client.on('close', () => (clearTimeout(timer), resolve()));
            client.close(1000, 'The cluster stopped.');
          }),
      );
      await Promise.all([...closing, stop(httpServer), stop(wsServer)]);
      wss.close();
    },
  };
}
