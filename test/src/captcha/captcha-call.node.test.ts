// The proxy's captcha site key, asked once per proxy client and shared by the calls that need it,
// against a real HTTP server on 127.0.0.1 that holds its answer until the test lets it go (Node's
// own fetch carries each abort): one caller's cancellation ends that caller's wait only; the
// shared ask goes on, and the other callers get its answer and send their calls.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { callWithCaptcha } from '../../../src/captcha/captcha-call.ts';
import { ProxyClient, type ProxyCallOptions } from '../../../src/clients/proxy-client.ts';
import { isLatchError } from '../../../src/errors/latch-error.ts';

interface Held {
  request: IncomingMessage;
  response: ServerResponse;
  /** Set when the client went away before the answer (its fetch was aborted). */
  dropped: boolean;
}

let server: Server;
let url: string;
const asks: Held[] = [];
let onAsk: (() => void) | undefined;

/** Resolves once the server holds `count` asks. */
const asked = (count: number): Promise<void> =>
  asks.length >= count ? Promise.resolve() : new Promise((resolve) => (onAsk = () => asks.length >= count && resolve()));

describe('callWithCaptcha: the proxy site key', () => {
  before(async () => {
    server = createServer((request, response) => {
      assert.equal(request.url, '/v1/wallet_kit_client_params');
      const held: Held = { request, response, dropped: false };
      response.on('close', () => (held.dropped = !response.writableEnded));
      asks.push(held);
      onAsk?.();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("one caller's cancellation ends its own wait; the shared ask goes on for the others", async () => {
    asks.length = 0;
    const proxy = new ProxyClient({ authProxyUrl: url, configId: 'shared-ask' });
    const sent: { caller: string; options: ProxyCallOptions }[] = [];
    const call = (caller: string) => async (options: ProxyCallOptions) => {
      sent.push({ caller, options });
      return caller;
    };
    const first = new AbortController();
    const second = new AbortController();
    const a = callWithCaptcha({ proxy, signal: first.signal }, call('a'));
    const b = callWithCaptcha({ proxy, signal: second.signal }, call('b'));
    await asked(1);

    first.abort();
    await assert.rejects(a, (error) => isLatchError(error, 'ERR_NETWORK_ABORTED'));
    assert.equal(asks[0]!.dropped, false, 'the shared ask was not cancelled');

    // The proxy answers with no site key: no captcha, the call goes as before.
    asks[0]!.response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    assert.equal(await b, 'b');
    assert.deepEqual(sent.map((s) => [s.caller, s.options.captchaToken]), [['b', undefined]]);
    assert.equal(sent[0]!.options.signal, second.signal, "the call carries its own caller's signal");

    // The answer is kept for this proxy client: a later caller asks nothing.
    assert.equal(await callWithCaptcha({ proxy }, call('c')), 'c');
    assert.equal(asks.length, 1);
  });

  it('a caller whose signal is already aborted waits for nothing and sends nothing', async () => {
    asks.length = 0;
    const proxy = new ProxyClient({ authProxyUrl: url, configId: 'aborted-first' });
    const stop = new AbortController();
    stop.abort();
    let calls = 0;
    await assert.rejects(
      callWithCaptcha({ proxy, signal: stop.signal }, async () => ++calls),
      (error) => isLatchError(error, 'ERR_NETWORK_ABORTED'),
    );
    assert.equal(calls, 0);
    // The ask it started still answers the next caller.
    const next = callWithCaptcha({ proxy }, async () => 'sent');
    await asked(1);
    asks[0]!.response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    assert.equal(await next, 'sent');
    assert.equal(asks.length, 1);
  });
});
