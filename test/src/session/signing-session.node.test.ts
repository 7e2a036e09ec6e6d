// The real request path, end to end over HTTP on 127.0.0.1: SigningSession → ActivityClient →
// ApiKeyStamper → a tiny in-test service that checks every X-Stamp against the raw body and
// knows which keys are registered, as the real service does.
import { describe, it, before, after, expect } from '../../support/harness.ts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SigningSession, type SigningSessionOptions } from '../../../src/session/signing-session.ts';
import { MemorySessionStore } from '../../../src/session/session-store.ts';
import { noSessionChannel } from '../../../src/session/session-channel.ts';
import { processLocks } from '../../../src/session/session-locks.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { ORG, USER, makeNotarizer, mintJwt, stampVerifies, type Notarizer } from './session-fixtures.ts';

interface Seen {
  path: string;
  stampKey: string;
  body: Record<string, unknown>;
}

let server: Server;
let baseUrl: string;
let notarizer: Notarizer;
const registered = new Set<string>();
const seen: Seen[] = [];

function answer(path: string, body: Record<string, unknown>): Promise<unknown> | unknown {
  if (path === '/public/v1/query/whoami') return { organizationId: body.organizationId, organizationName: 'Test', userId: USER, username: 'ada' };
  if (path === '/public/v1/submit/stamp_login') {
    const parameters = body.parameters as { publicKey: string; expirationSeconds: string };
    registered.add(parameters.publicKey);
    return mintJwt(notarizer, { public_key: parameters.publicKey, exp: Math.floor(Date.now() / 1000) + Number(parameters.expirationSeconds) }).then((session) => ({
      activity: { id: 'act-1', organizationId: body.organizationId, status: 'ACTIVITY_STATUS_COMPLETED', type: body.type, result: { stampLoginResult: { session } } },
    }));
  }
  return undefined;
}

before(async () => {
  notarizer = await makeNotarizer();
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', async () => {
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      const stamp = req.headers['x-stamp'];
      const check = typeof stamp === 'string' ? await stampVerifies(stamp, raw).catch(() => undefined) : undefined;
      if (!check?.valid || !registered.has(check.publicKey)) return send(401, { code: 16, message: 'bad stamp', details: [] });
      const body = JSON.parse(raw) as Record<string, unknown>;
      seen.push({ path: req.url!, stampKey: check.publicKey, body });
      const result = await answer(req.url!, body);
      if (result === undefined) return send(404, { code: 5, message: 'no route', details: [] });
      send(200, result);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('SigningSession over HTTP (ActivityClient + ApiKeyStamper)', () => {
  it('queries and refreshes with stamps the service accepts', async () => {
    const keyStore = new MemoryKeyStore();
    const key = await keyStore.create();
    registered.add(key.id);
    const options: SigningSessionOptions = {
      keyStore,
      sessionStore: new MemorySessionStore(),
      channel: noSessionChannel,
      locks: processLocks,
      notarizerPublicKey: notarizer.publicKeyHex,
      apiBaseUrl: baseUrl,
    };
    const session = await SigningSession.fromJwt(await mintJwt(notarizer, { public_key: key.id, exp: Math.floor(Date.now() / 1000) + 900 }), options);
    try {
      expect((await session.whoami()).username).to.equal('ada');
      await session.refresh();
      expect(await session.whoami()).to.deep.equal({ organizationId: ORG, organizationName: 'Test', userId: USER, username: 'ada' });
      expect(seen.map((s) => [s.path, s.stampKey])).to.deep.equal([
        ['/public/v1/query/whoami', key.id],
        ['/public/v1/submit/stamp_login', key.id],
        ['/public/v1/query/whoami', session.publicKey],
      ]);
      const login = seen[1]!.body;
      expect(login.type).to.equal('ACTIVITY_TYPE_STAMP_LOGIN');
      expect(login.organizationId).to.equal(ORG);
      expect(login.parameters).to.deep.equal({ publicKey: session.publicKey, expirationSeconds: '900', invalidateExisting: false });
      expect(await keyStore.get(key.id)).to.equal(undefined);
    } finally {
      session.dispose();
    }
  });
});
