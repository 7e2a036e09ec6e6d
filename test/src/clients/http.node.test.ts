// postJson over real HTTP: exact bytes, headers, every error mapping, timeout, abort.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { postJson } from '../../../src/clients/http.ts';
import { rejectsWith } from './assert-code.ts';
import { startServer, type Reply, type TestServer } from './test-server.ts';

const DETAIL_TYPE = 'type.googleapis.com/errors.v1.TurnkeyErrorDetail';

describe('postJson', () => {
  let server: TestServer;
  let reply: Reply = { json: { ok: true } };
  before(async () => {
    server = await startServer(() => reply);
  });
  after(() => server.close());

  it('sends a string body byte for byte, and a sign hook sees exactly those bytes', async () => {
    reply = { json: { ok: true } };
    const body = '{"b":1,  "a":"é \u2028 ☃"}'; // odd spacing and non-ASCII: must not be re-serialized
    let signed = '';
    const answer = await postJson(`${server.url}/x`, body, {
      sign: async (text) => {
        signed = text;
        return { 'X-Stamp': 'stamp-value' };
      },
    });
    assert.deepEqual(answer, { ok: true });
    const received = server.requests.at(-1)!;
    assert.equal(received.method, 'POST');
    assert.equal(received.path, '/x');
    assert.ok(received.raw.equals(Buffer.from(body, 'utf8')));
    assert.equal(signed, body);
    assert.equal(received.headers['x-stamp'], 'stamp-value');
  });

  it('serializes an object body once and sends the serialized string', async () => {
    reply = { json: { ok: 1 } };
    let signed = '';
    await postJson(server.url, { z: 1, a: [1, 'two'] }, {
      sign: async (text) => {
        signed = text;
        return {};
      },
    });
    assert.equal(signed, '{"z":1,"a":[1,"two"]}');
    assert.equal(server.requests.at(-1)!.body, signed);
  });

  it('sends JSON content headers and the caller headers', async () => {
    reply = { json: {} };
    await postJson(server.url, {}, { headers: { 'X-Auth-Proxy-Config-Id': 'cfg-1' } });
    const { headers } = server.requests.at(-1)!;
    assert.equal(headers['content-type'], 'application/json');
    assert.equal(headers['accept'], 'application/json');
    assert.equal(headers['x-auth-proxy-config-id'], 'cfg-1');
  });

  it('uses an injected fetch', async () => {
    reply = { json: { via: 'server' } };
    const urls: string[] = [];
    const injected: typeof fetch = (input, init) => {
      urls.push(String(input));
      return fetch(input, init);
    };
    assert.deepEqual(await postJson(`${server.url}/injected`, {}, { fetch: injected }), { via: 'server' });
    assert.deepEqual(urls, [`${server.url}/injected`]);
  });

  describe('malformed success answers', () => {
    for (const [label, raw] of [
      ['not JSON', '<html>ok</html>'],
      ['empty', ''],
      ['an array', '[1,2]'],
      ['a string', '"ok"'],
      ['null', 'null'],
    ] as const) {
      it(`refuses ${label} with ERR_RESPONSE_MALFORMED`, async () => {
        reply = { raw };
        await rejectsWith(() => postJson(server.url, {}), 'ERR_RESPONSE_MALFORMED');
      });
    }
  });

  describe('service errors', () => {
    const cases: [number, number, string][] = [
      [3, 400, 'ERR_SERVICE_INVALID_REQUEST'],
      [16, 401, 'ERR_SERVICE_UNAUTHENTICATED'],
      [7, 403, 'ERR_SERVICE_FORBIDDEN'],
      [5, 404, 'ERR_SERVICE_NOT_FOUND'],
      [8, 429, 'ERR_SERVICE_RATE_LIMITED'],
      [13, 500, 'ERR_SERVICE_INTERNAL'],
      [2, 500, 'ERR_SERVICE_UNKNOWN'],
      [14, 503, 'ERR_SERVICE_UNKNOWN'],
    ];
    for (const [grpc, status, code] of cases) {
      it(`maps gRPC ${grpc} (HTTP ${status}) to ${code}, keeping status, codes and message`, async () => {
        reply = {
          status,
          json: { code: grpc, message: `service says ${grpc}`, details: [{ '@type': DETAIL_TYPE, turnkeyErrorCode: `CODE_${grpc}` }] },
        };
        const error = await rejectsWith(() => postJson(server.url, {}), code);
        assert.equal(error.status, status);
        assert.equal(error.serviceCode, grpc);
        assert.equal(error.serviceErrorCode, `CODE_${grpc}`);
        assert.equal(error.message, `service says ${grpc}`);
      });
    }

    const messages: [string, number, number, string][] = [
      ['Invalid OTP code: attempts remaining 2', 3, 400, 'ERR_OTP_INVALID'],
      ['Max number of OTPs have been initiated', 8, 429, 'ERR_OTP_LIMIT'],
      ['login failed: OAUTH disallowed for this org', 7, 403, 'ERR_OAUTH_DISALLOWED'],
    ];
    for (const [message, grpc, status, code] of messages) {
      it(`maps the message "${message}" to ${code} over gRPC ${grpc}`, async () => {
        reply = { status, json: { code: grpc, message, details: [] } };
        const error = await rejectsWith(() => postJson(server.url, {}), code);
        assert.equal(error.status, status);
        assert.equal(error.serviceCode, grpc);
        assert.equal(error.serviceErrorCode, undefined);
        assert.equal(error.message, message);
      });
    }

    it('takes the first detail that carries a turnkeyErrorCode', async () => {
      reply = {
        status: 401,
        json: { code: 16, message: 'no', details: [{ '@type': 'other' }, { '@type': DETAIL_TYPE, turnkeyErrorCode: 'SIGNATURE_INVALID' }] },
      };
      const error = await rejectsWith(() => postJson(server.url, {}), 'ERR_SERVICE_UNAUTHENTICATED');
      assert.equal(error.serviceErrorCode, 'SIGNATURE_INVALID');
    });

    it('falls back to the HTTP status when the error body is not JSON', async () => {
      reply = { status: 404, raw: '<html>not here</html>' };
      const error = await rejectsWith(() => postJson(server.url, {}), 'ERR_SERVICE_NOT_FOUND');
      assert.equal(error.status, 404);
      assert.equal(error.serviceCode, undefined);
    });

    it('reports an unknown status without a body as ERR_SERVICE_UNKNOWN', async () => {
      reply = { status: 502, raw: 'Bad gateway' };
      const error = await rejectsWith(() => postJson(server.url, {}), 'ERR_SERVICE_UNKNOWN');
      assert.equal(error.status, 502);
    });
  });

  describe('transport failures', () => {
    it('times out with ERR_NETWORK_TIMEOUT', async () => {
      reply = { hang: true };
      const error = await rejectsWith(() => postJson(server.url, {}, { timeoutMs: 50 }), 'ERR_NETWORK_TIMEOUT');
      assert.notEqual(error.cause, undefined);
    });

    it('stops with ERR_NETWORK_ABORTED when the caller aborts mid-request', async () => {
      reply = { hang: true };
      const controller = new AbortController();
      const arrived = server.nextRequest();
      const pending = rejectsWith(() => postJson(server.url, {}, { signal: controller.signal }), 'ERR_NETWORK_ABORTED');
      await arrived;
      controller.abort();
      await pending;
    });

    it('sends nothing when the signal is already aborted', async () => {
      const count = server.requests.length;
      const controller = new AbortController();
      controller.abort();
      await rejectsWith(() => postJson(server.url, {}, { signal: controller.signal }), 'ERR_NETWORK_ABORTED');
      assert.equal(server.requests.length, count);
    });

    it('sends nothing when the caller aborts while the body is being signed', async () => {
      const count = server.requests.length;
      const controller = new AbortController();
      const sign = async () => {
        controller.abort();
        return {};
      };
      await rejectsWith(() => postJson(server.url, {}, { signal: controller.signal, sign }), 'ERR_NETWORK_ABORTED');
      assert.equal(server.requests.length, count);
    });

    it('reports an unreachable service as ERR_NETWORK_FAILED', async () => {
      const gone = await startServer(() => ({ json: {} }));
      await gone.close();
      const error = await rejectsWith(() => postJson(gone.url, {}), 'ERR_NETWORK_FAILED');
      assert.notEqual(error.cause, undefined);
    });
  });
});
