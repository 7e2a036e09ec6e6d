// The load bench's transport: a `fetch` for the kit's clients (their `fetch` option) over
// node:http with one keep-alive agent. Node's own fetch (undici) spends about as much CPU per
// request as the emulator spends serving it (streams, a cloned request body, a Response with
// a web stream), and the load generator must not be what limits the run: its process shares
// the machine's two cores with the emulator. The kit's code above the transport (building the
// body, stamping it with WebCrypto, reading the answer) runs as it does anywhere else.
import { Agent, request } from 'node:http';

/** What the kit reads of an answer: status, ok, headers.get and text(); json() for the bench. */
class SmallResponse {
  readonly ok: boolean;
  readonly headers: { get(name: string): string | null };
  constructor(
    readonly status: number,
    headers: Record<string, string | string[] | undefined>,
    private readonly body: string,
  ) {
    this.ok = status >= 200 && status < 300;
    this.headers = {
      get: (name) => {
        const value = headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
      },
    };
  }
  async text(): Promise<string> {
    return this.body;
  }
  async json(): Promise<unknown> {
    return JSON.parse(this.body);
  }
}

/**
 * A `fetch` over one keep-alive agent (unbounded sockets: the bench bounds requests in flight
 * itself). String bodies only, which is all the kit's clients send; honours `signal`.
 */
export function keepAliveFetch(): typeof fetch {
  const agent = new Agent({ keepAlive: true });
  const send = (input: string | URL | Request, init: RequestInit = {}): Promise<SmallResponse> =>
    new Promise((resolve, reject) => {
      const url = typeof input === 'string' || input instanceof URL ? input : input.url;
      const body = init.body;
      if (body !== undefined && body !== null && typeof body !== 'string') throw new TypeError('keepAliveFetch sends string bodies only.');
      // The kit passes a plain object; anything else goes through Headers.
      const given = init.headers;
      const headers: Record<string, string> =
        given === undefined || given instanceof Headers || Array.isArray(given) ? Object.fromEntries(new Headers(given).entries()) : { ...(given as Record<string, string>) };
      if (body) headers['content-length'] = String(Buffer.byteLength(body));
      const signal = init.signal ?? undefined;
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const req = request(url, { method: init.method ?? 'GET', headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          signal?.removeEventListener('abort', abort);
          resolve(new SmallResponse(res.statusCode ?? 0, res.headers, Buffer.concat(chunks).toString('utf8')));
        });
        res.on('error', reject);
      });
      const abort = () => req.destroy(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      signal?.addEventListener('abort', abort, { once: true });
      req.on('error', (error) => {
        signal?.removeEventListener('abort', abort);
        reject(error);
      });
      req.end(body ?? undefined);
    });
  return send as unknown as typeof fetch;
}
