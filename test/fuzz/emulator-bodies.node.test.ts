// Fuzzed request bodies against a real emulator (issue 14, item 3): every auth proxy endpoint and
// every Activity API operation and query, stamped by a root key so the body parsers are reached.
// Properties: never a 5xx; every refusal is a 4xx in the service's error shape and leaves the
// state exactly as it was; nothing hangs past the per-call limit.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { fuzzParams, HANG_MS } from './fuzz-settings.ts';
import { startFixture, stampedPost, plainPost, type Answer, type Fixture } from '../emulator/support/emulator-fixture.ts';
import { assertServiceError } from '../emulator/support/assertions.ts';
import { proxyEndpoints } from '../../demo/emulator/proxy/endpoints/registry.ts';
import { activityRegistry } from '../../demo/emulator/activities/registry.ts';
import { queryRegistry } from '../../demo/emulator/queries/registry.ts';
import { SUBMIT_OPERATIONS } from '../../demo/emulator/api/operations.ts';

// Field names the service uses, so generated objects often get past "missing field" checks.
const FIELDS = ['organizationId', 'userId', 'otpId', 'otpCode', 'otpType', 'contact', 'email', 'publicKey', 'targetPublicKey', 'verificationToken', 'oidcToken', 'clientSignature', 'expirationSeconds', 'invalidateExisting', 'walletName', 'accounts', 'walletId', 'curve', 'pathFormat', 'path', 'addressFormat', 'apiKeys', 'userName', 'userEmail', 'signWith', 'payload', 'encoding', 'hashFunction', 'filterType', 'filterValue', 'paginationOptions', 'activityId', 'limit', 'before', 'after', 'provider', 'timestampMs', 'type', 'parameters', 'appName', 'customization', 'alphanumeric', 'otpLength'];

const leaf = fc.oneof(fc.string({ maxLength: 70 }), fc.integer(), fc.boolean(), fc.constant(null), fc.double(), fc.constantFrom('', '0', '-1', '1e309', 'OTP_TYPE_EMAIL', 'CURVE_SECP256K1', 'PATH_FORMAT_BIP32', '02' + 'ab'.repeat(32)));
const value = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('v'), { maxLength: 3 }), fc.dictionary(fc.constantFrom(...FIELDS), tie('v'), { maxKeys: 4 })),
})).v;
const params = fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 12 })), value, { maxKeys: 8 });
/** Not JSON objects at all: the body parser itself. */
const rawBody = fc.oneof(fc.string({ maxLength: 200 }), fc.jsonValue().map((v) => JSON.stringify(v)), fc.constantFrom('{', '[]', 'null', '"x"', '{"a":1}{', '\u0000'));

async function timed<T>(call: () => Promise<T>, what: string): Promise<T> {
  const started = performance.now();
  const result = await call();
  const took = performance.now() - started;
  assert.ok(took < HANG_MS * 5, `${what} took ${Math.round(took)} ms`);
  return result;
}

function checkAnswer(answer: Answer, what: string): void {
  assert.ok(answer.status < 500, `${what}: ${answer.status} ${JSON.stringify(answer.json).slice(0, 300)}`);
  if (answer.status >= 400) assertServiceError(answer, answer.status, answer.json.code as number);
}

describe('fuzz: emulator request bodies', () => {
  let f: Fixture;
  before(async () => {
    f = await startFixture();
  });
  after(() => f.stop());

  /** A refused request must leave the state untouched; an accepted one may change it. */
  async function probe(what: string, send: () => Promise<Answer>): Promise<void> {
    const before = f.emulator.state.snapshot();
    const answer = await timed(send, what);
    checkAnswer(answer, what);
    if (answer.status >= 400) assert.equal(f.emulator.state.snapshot(), before, `${what}: a refused request changed the state`);
  }

  it('auth proxy: every endpoint answers fuzzed bodies with a 4xx in the error shape, or succeeds', async () => {
    for (const endpoint of proxyEndpoints().keys()) {
      await fc.assert(fc.asyncProperty(params, async (body) => probe(`proxy ${endpoint} ${JSON.stringify(body)}`, () => f.proxy(endpoint, body))), fuzzParams(0.1));
      await fc.assert(fc.asyncProperty(rawBody, async (text) => probe(`proxy ${endpoint} raw ${text}`, () => plainPost(`${f.urls.proxyUrl}/v1/${endpoint}`, text, { 'X-Auth-Proxy-Config-Id': 'demo' }))), fuzzParams(0.05));
    }
  });

  it('Activity API: every operation answers stamped fuzzed parameters with a 4xx in the error shape, or succeeds', async () => {
    const operations = [...activityRegistry().keys()].filter((operation) => SUBMIT_OPERATIONS[operation]);
    assert.ok(operations.length > 20);
    for (const operation of operations) {
      await fc.assert(fc.asyncProperty(params, fc.boolean(), async (parameters, ownOrg) => {
        const organizationId = ownOrg || typeof parameters.organizationId !== 'string' ? f.demoOrgId : parameters.organizationId;
        await probe(`submit ${operation} ${JSON.stringify(parameters)}`, () => f.submit(operation, organizationId, parameters));
      }), fuzzParams(0.1));
      await fc.assert(fc.asyncProperty(rawBody, async (text) => probe(`submit ${operation} raw ${text}`, () => stampedPost(`${f.urls.apiUrl}/public/v1/submit/${operation}`, text, f.root))), fuzzParams(0.05));
    }
  });

  it('Activity API: every query answers stamped fuzzed bodies with a 4xx in the error shape, or succeeds', async () => {
    for (const query of queryRegistry().keys()) {
      await fc.assert(fc.asyncProperty(params, async (body) => probe(`query ${query} ${JSON.stringify(body)}`, () => f.query(query, { organizationId: f.demoOrgId, ...body }))), fuzzParams(0.1));
      await fc.assert(fc.asyncProperty(rawBody, async (text) => probe(`query ${query} raw ${text}`, () => stampedPost(`${f.urls.apiUrl}/public/v1/query/${query}`, text, f.root))), fuzzParams(0.05));
    }
  });
});
