// ActivityClient over real HTTP against an in-test service that verifies every X-Stamp over
// the raw body bytes (verifyStamp) and checks each submit's `type` against its route.
import { describe, it, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { ActivityClient, activityResult } from '../../../src/clients/activity-client.ts';
import { ActivityError } from '../../../src/clients/activity-error.ts';
import { ACTIVITY_OPERATIONS } from '../../../src/clients/activity-operations.ts';
import type { Activity } from '../../../src/clients/activity-types.ts';
import { verifyStamp } from '../../../src/stamp/verify-stamp.ts';
import { rejectsWith } from './assert-code.ts';
import { LyingStamper, RecordingStamper } from './test-stamper.ts';
import { startServer, type Received, type Reply, type TestServer } from './test-server.ts';

const ORG = 'org-1';
const TS = { seconds: '1700000000', nanos: '0' };

function activity(status: string, extra: Partial<Activity> & Record<string, unknown> = {}): Activity {
  return {
    id: 'act-1',
    organizationId: ORG,
    status,
    type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
    intent: {},
    result: {},
    votes: [],
    fingerprint: 'fp-1',
    canApprove: false,
    canReject: false,
    createdAt: TS,
    updatedAt: TS,
    ...extra,
  } as Activity;
}

const SIGNED = { signRawPayloadResult: { r: 'aa', s: 'bb', v: '00' } };
const SIGN_PARAMS = {
  signWith: '0xabc',
  payload: 'deadbeef',
  encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
  hashFunction: 'HASH_FUNCTION_NO_OP',
} as const;

describe('ActivityClient', () => {
  let server: TestServer;
  let stamper: RecordingStamper;
  let script: (request: Received) => Reply = () => ({ json: {} });
  const verified: string[] = [];
  const clock = 1_700_000_000_123;

  const client = (extra: Partial<ConstructorParameters<typeof ActivityClient>[0]> = {}) =>
    new ActivityClient({ apiBaseUrl: server.url, stamper, pollIntervalMs: 1, now: () => clock, ...extra });

  before(async () => {
    stamper = await RecordingStamper.create();
    server = await startServer(async (request) => {
      try {
        verified.push((await verifyStamp(request.raw, String(request.headers['x-stamp']))).publicKey);
      } catch {
        return { status: 401, json: { code: 16, message: 'stamp does not verify', details: [] } };
      }
      const submitted = request.path.match(/^\/public\/v1\/submit\/(\w+)$/);
      if (submitted) {
        const entry = ACTIVITY_OPERATIONS[submitted[1] as keyof typeof ACTIVITY_OPERATIONS];
        if ((request.json as { type?: string }).type !== entry?.type) {
          return { status: 400, json: { code: 3, message: 'type does not match the route', details: [] } };
        }
      }
      return script(request);
    });
  });
  after(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    stamper.stamped.length = 0;
    verified.length = 0;
  });

  describe('submit', () => {
    it('sends {type, timestampMs, organizationId, parameters, generateAppProofs}: the stamped bytes, verified by the service', async () => {
      script = () => ({ json: { activity: activity('ACTIVITY_STATUS_COMPLETED', { result: SIGNED }) } });
      const done = await client().submit('sign_raw_payload', { organizationId: ORG, parameters: SIGN_PARAMS, generateAppProofs: true });
      assert.equal(done.status, 'ACTIVITY_STATUS_COMPLETED');
      assert.equal(server.requests.length, 1, 'a completed activity is not polled');
      const [request] = server.requests;
      assert.equal(request.path, '/public/v1/submit/sign_raw_payload');
      assert.deepEqual(Object.keys(request.json as object), ['type', 'timestampMs', 'organizationId', 'parameters', 'generateAppProofs']);
      assert.deepEqual(request.json, {
        type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
        timestampMs: String(clock),
        organizationId: ORG,
        parameters: SIGN_PARAMS,
        generateAppProofs: true,
      });
      assert.equal(stamper.stamped.length, 1);
      assert.ok(request.raw.equals(Buffer.from(stamper.stamped[0], 'utf8')), 'bytes sent = bytes stamped');
      assert.deepEqual(verified, [stamper.publicKey]);
      assert.equal(request.headers['content-type'], 'application/json');
      assert.deepEqual(client().result(done), SIGNED.signRawPayloadResult);
    });

    it('leaves generateAppProofs out when not asked, and sends non-ASCII parameters as stamped', async () => {
      script = () => ({ json: { activity: activity('ACTIVITY_STATUS_COMPLETED', { result: SIGNED }) } });
      await client().submit('sign_raw_payload', { organizationId: ORG, parameters: { ...SIGN_PARAMS, payload: 'héllo ☃' } });
      const [request] = server.requests;
      assert.equal('generateAppProofs' in (request.json as object), false);
      assert.ok(request.raw.equals(Buffer.from(stamper.stamped[0], 'utf8')));
      assert.equal(verified.length, 1);
    });

    it('is refused by the service when the stamp covers other bytes', async () => {
      script = () => ({ json: { activity: activity('ACTIVITY_STATUS_COMPLETED') } });
      const liar = new ActivityClient({ apiBaseUrl: server.url, stamper: new LyingStamper(stamper) });
      const error = await rejectsWith(() => liar.submit('sign_raw_payload', { organizationId: ORG, parameters: SIGN_PARAMS }), 'ERR_SERVICE_UNAUTHENTICATED');
      assert.equal(error.status, 401);
    });

    it('polls get_activity (stamped too) until COMPLETED', async () => {
      const answers = ['ACTIVITY_STATUS_PENDING', 'ACTIVITY_STATUS_PENDING', 'ACTIVITY_STATUS_COMPLETED'];
      script = (request) => {
        if (request.path.endsWith('/submit/sign_raw_payload')) return { json: { activity: activity('ACTIVITY_STATUS_CREATED') } };
        const status = answers.shift()!;
        return { json: { activity: activity(status, status === 'ACTIVITY_STATUS_COMPLETED' ? { result: SIGNED } : {}) } };
      };
      const done = await client().submit('sign_raw_payload', { organizationId: ORG, parameters: SIGN_PARAMS });
      assert.deepEqual(activityResult(done), SIGNED.signRawPayloadResult);
      assert.deepEqual(server.requests.map((r) => r.path), [
        '/public/v1/submit/sign_raw_payload',
        '/public/v1/query/get_activity',
        '/public/v1/query/get_activity',
        '/public/v1/query/get_activity',
      ]);
      assert.deepEqual(server.requests[1].json, { organizationId: ORG, activityId: 'act-1' });
      assert.equal(verified.length, 4);
      server.requests.forEach((r, i) => assert.ok(r.raw.equals(Buffer.from(stamper.stamped[i], 'utf8'))));
    });

    const endings: [string, string][] = [
      ['ACTIVITY_STATUS_FAILED', 'ERR_ACTIVITY_FAILED'],
      ['ACTIVITY_STATUS_REJECTED', 'ERR_ACTIVITY_REJECTED'],
      ['ACTIVITY_STATUS_CONSENSUS_NEEDED', 'ERR_ACTIVITY_CONSENSUS_NEEDED'],
    ];
    for (const [status, code] of endings) {
      it(`throws ${code} carrying the activity when polling ends in ${status}`, async () => {
        const failure = status === 'ACTIVITY_STATUS_FAILED' ? { code: 3, message: 'policy denied the payload' } : undefined;
        script = (request) =>
          request.path.includes('/submit/')
            ? { json: { activity: activity('ACTIVITY_STATUS_PENDING') } }
            : { json: { activity: activity(status, { fingerprint: 'fp-to-approve', failure }) } };
        const error = await rejectsWith(() => client().submit('sign_raw_payload', { organizationId: ORG, parameters: SIGN_PARAMS }), code);
        assert.ok(error instanceof ActivityError);
        assert.equal(error.activity.status, status);
        assert.equal(error.activity.fingerprint, 'fp-to-approve');
        if (failure) {
          assert.equal(error.message, 'policy denied the payload');
          assert.equal(error.serviceCode, 3);
        }
      });
    }

    it('throws ERR_ACTIVITY_CONSENSUS_NEEDED straight from the submit answer', async () => {
      script = () => ({ json: { activity: activity('ACTIVITY_STATUS_CONSENSUS_NEEDED') } });
      const error = await rejectsWith(() => client().submit('sign_raw_payload', { organizationId: ORG, parameters: SIGN_PARAMS }), 'ERR_ACTIVITY_CONSENSUS_NEEDED');
      assert.equal((error as ActivityError).activity.fingerprint, 'fp-1');
      assert.equal(server.requests.length, 1);
    });

    it('gives up with ERR_ACTIVITY_TIMEOUT once the poll deadline passes', async () => {
      script = () => ({ json: { activity: activity('ACTIVITY_STATUS_PENDING') } });
      let t = 0;
      const ticking = client({ pollTimeoutMs: 3000, now: () => (t += 1000) });
      const error = await rejectsWith(() => ticking.submit('sign_raw_payload', { organizationId: ORG, parameters: SIGN_PARAMS }), 'ERR_ACTIVITY_TIMEOUT');
      assert.equal((error as ActivityError).activity.status, 'ACTIVITY_STATUS_PENDING');
      assert.ok(server.requests.length >= 2, 'it polled before giving up');
    });

    it('stops polling with ERR_NETWORK_ABORTED when the caller aborts', async () => {
      const controller = new AbortController();
      script = (request) => {
        if (request.path.includes('/query/')) controller.abort();
        return { json: { activity: activity('ACTIVITY_STATUS_PENDING') } };
      };
      await rejectsWith(
        () => client().submit('sign_raw_payload', { organizationId: ORG, parameters: SIGN_PARAMS }, { signal: controller.signal }),
        'ERR_NETWORK_ABORTED',
      );
      assert.equal(server.requests.length, 2);
    });

    it('submitRaw returns the activity without waiting', async () => {
      script = () => ({ json: { activity: activity('ACTIVITY_STATUS_PENDING') } });
      const pending = await client().submitRaw('sign_raw_payload', { organizationId: ORG, parameters: SIGN_PARAMS });
      assert.equal(pending.status, 'ACTIVITY_STATUS_PENDING');
      assert.equal(server.requests.length, 1);
    });

    for (const [label, answer] of [
      ['no activity', {}],
      ['an activity without id', { activity: { organizationId: ORG, status: 'ACTIVITY_STATUS_COMPLETED' } }],
      ['an activity without organizationId', { activity: { id: 'act-1', status: 'ACTIVITY_STATUS_PENDING' } }],
      ['an unknown status', { activity: activity('ACTIVITY_STATUS_SOMETHING') }],
    ] as const) {
      it(`refuses a submit answer with ${label} (ERR_RESPONSE_MALFORMED)`, async () => {
        script = () => ({ json: answer });
        await rejectsWith(() => client().submit('sign_raw_payload', { organizationId: ORG, parameters: SIGN_PARAMS }), 'ERR_RESPONSE_MALFORMED');
      });
    }

    it('maps service errors on submit', async () => {
      script = () => ({ status: 429, json: { code: 8, message: 'slow down', details: [{ '@type': 'x', turnkeyErrorCode: 'RATE_LIMIT_EXCEEDED' }] } });
      const error = await rejectsWith(() => client().submit('sign_raw_payload', { organizationId: ORG, parameters: SIGN_PARAMS }), 'ERR_SERVICE_RATE_LIMITED');
      assert.equal(error.serviceErrorCode, 'RATE_LIMIT_EXCEEDED');
    });
  });

  describe('seed rules, checked before any request', () => {
    const ramp = {
      onrampProvider: 'FIAT_ON_RAMP_PROVIDER_COINBASE',
      walletAddress: '0xabc',
      network: 'FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_ETHEREUM',
      cryptoCurrencyCode: 'FIAT_ON_RAMP_CRYPTO_CURRENCY_ETH',
    } as const;
    const RAMP_RESULT = { initFiatOnRampResult: { onRampUrl: 'https://ramp.example/x', onRampTransactionId: 'tx-1' } };

    const refused: [string, () => Promise<unknown>, string][] = [
      ['an amount of 20', () => client().submit('init_fiat_on_ramp', { organizationId: ORG, parameters: { ...ramp, fiatCurrencyAmount: '20' } }), 'ERR_ONRAMP_AMOUNT'],
      ['an amount of 5 (number)', () => client().submit('init_fiat_on_ramp', { organizationId: ORG, parameters: { ...ramp, fiatCurrencyAmount: 5 as unknown as string } }), 'ERR_ONRAMP_AMOUNT'],
      ['a non-numeric amount', () => client().submit('init_fiat_on_ramp', { organizationId: ORG, parameters: { ...ramp, fiatCurrencyAmount: '1e3' } }), 'ERR_ONRAMP_AMOUNT'],
      ['US without subdivision', () => client().submit('init_fiat_on_ramp', { organizationId: ORG, parameters: { ...ramp, countryCode: 'US' } }), 'ERR_ONRAMP_SUBDIVISION'],
      ['us (lowercase) without subdivision', () => client().submit('init_fiat_on_ramp', { organizationId: ORG, parameters: { ...ramp, countryCode: 'us', countrySubdivisionCode: '' } }), 'ERR_ONRAMP_SUBDIVISION'],
      ['page size 0', () => client().query('list_wallet_accounts', { organizationId: ORG, paginationOptions: { limit: '0' } }), 'ERR_PAGINATION_LIMIT'],
      ['page size 101', () => client().query('list_wallet_accounts', { organizationId: ORG, paginationOptions: { limit: 101 } }), 'ERR_PAGINATION_LIMIT'],
      ['page size 2.5', () => client().query('list_wallet_accounts', { organizationId: ORG, paginationOptions: { limit: 2.5 } }), 'ERR_PAGINATION_LIMIT'],
      ['page size "10x"', () => client().query('list_wallet_accounts', { organizationId: ORG, paginationOptions: { limit: '10x' } }), 'ERR_PAGINATION_LIMIT'],
      ['an unknown submit operation', () => client().submit('sign_everything' as 'sign_raw_payload', { organizationId: ORG, parameters: SIGN_PARAMS }), 'ERR_INPUT_INVALID'],
      ['an unknown query operation', () => client().query('get_everything' as 'whoami', { organizationId: ORG }), 'ERR_INPUT_INVALID'],
      ['a missing organizationId', () => client().submit('sign_raw_payload', { organizationId: '', parameters: SIGN_PARAMS }), 'ERR_INPUT_INVALID'],
      ['missing parameters', () => client().submit('sign_raw_payload', { organizationId: ORG } as never), 'ERR_INPUT_INVALID'],
      ['a query without its required field', () => client().query('get_activity', { organizationId: ORG } as never), 'ERR_INPUT_INVALID'],
      ['stamp_login without publicKey', () => client().stampLogin(ORG, {} as never), 'ERR_INPUT_INVALID'],
    ];
    for (const [label, call, code] of refused) {
      it(`refuses ${label} with ${code}, sending nothing`, async () => {
        script = () => ({ json: {} });
        await rejectsWith(call, code);
        assert.equal(server.requests.length, 0);
        assert.equal(stamper.stamped.length, 0);
      });
    }

    it('sends a valid on-ramp request, amount as a string', async () => {
      script = () => ({ json: { activity: activity('ACTIVITY_STATUS_COMPLETED', { type: 'ACTIVITY_TYPE_INIT_FIAT_ON_RAMP', result: RAMP_RESULT }) } });
      const done = await client().submit('init_fiat_on_ramp', {
        organizationId: ORG,
        parameters: { ...ramp, fiatCurrencyAmount: 25 as unknown as string, countryCode: 'US', countrySubdivisionCode: 'US-NY' },
      });
      const sent = server.requests[0].json as { parameters: { fiatCurrencyAmount: unknown; countrySubdivisionCode: unknown } };
      assert.equal(sent.parameters.fiatCurrencyAmount, '25');
      assert.equal(sent.parameters.countrySubdivisionCode, 'NY', 'the hosted form: the part after "US-"');
      assert.equal(client().result(done).onRampUrl, 'https://ramp.example/x');
    });

    it('sends a valid page size as a string', async () => {
      script = () => ({ json: { accounts: [] } });
      await client().query('list_wallet_accounts', { organizationId: ORG, walletId: 'w-1', paginationOptions: { limit: 100, after: 'acc-9' } });
      assert.deepEqual(server.requests[0].json, { organizationId: ORG, walletId: 'w-1', paginationOptions: { limit: '100', after: 'acc-9' } });
      assert.equal(verified.length, 1);
    });
  });

  describe('queries and helpers', () => {
    it('query stamps the body and requires the answer key', async () => {
      script = () => ({ json: { users: [] } });
      assert.deepEqual(await client().query('list_users', { organizationId: ORG }), { users: [] });
      assert.equal(server.requests[0].path, '/public/v1/query/list_users');
      assert.ok(server.requests[0].raw.equals(Buffer.from(stamper.stamped[0], 'utf8')));
      assert.equal(verified.length, 1);
      script = () => ({ json: { something: 'else' } });
      await rejectsWith(() => client().query('list_users', { organizationId: ORG }), 'ERR_RESPONSE_MALFORMED');
    });

    it('getActivity asks get_activity', async () => {
      script = () => ({ json: { activity: activity('ACTIVITY_STATUS_COMPLETED', { id: 'act-7' }) } });
      const found = await client().getActivity(ORG, 'act-7');
      assert.equal(found.id, 'act-7');
      assert.deepEqual(server.requests[0].json, { organizationId: ORG, activityId: 'act-7' });
    });

    it('stampLogin submits stamp_login and returns the session', async () => {
      script = () => ({ json: { activity: activity('ACTIVITY_STATUS_COMPLETED', { type: 'ACTIVITY_TYPE_STAMP_LOGIN', result: { stampLoginResult: { session: 'jwt.session.sig' } } }) } });
      const answer = await client().stampLogin(ORG, { publicKey: '02'.padEnd(66, 'a'), expirationSeconds: 900, invalidateExisting: true });
      assert.deepEqual(answer, { session: 'jwt.session.sig' });
      const sent = server.requests[0];
      assert.equal(sent.path, '/public/v1/submit/stamp_login');
      assert.deepEqual((sent.json as { parameters: unknown }).parameters, { publicKey: '02'.padEnd(66, 'a'), expirationSeconds: '900', invalidateExisting: true });
    });

    it('stampLogin refuses an answer without a session', async () => {
      script = () => ({ json: { activity: activity('ACTIVITY_STATUS_COMPLETED', { type: 'ACTIVITY_TYPE_STAMP_LOGIN', result: { stampLoginResult: {} } }) } });
      await rejectsWith(() => client().stampLogin(ORG, { publicKey: '02ab' }), 'ERR_RESPONSE_MALFORMED');
    });

    it('whoami, getBootProof and listAppProofs ask their queries', async () => {
      const bootProof = { ephemeralPublicKeyHex: '04aa', awsAttestationDocB64: 'AA', qosManifestB64: 'AA', qosManifestEnvelopeB64: 'AA', deploymentLabel: 'l', enclaveApp: 'e', owner: 'o', createdAt: TS };
      const proofs = [{ scheme: 'SIGNATURE_SCHEME_EPHEMERAL_KEY_P256', publicKey: '04', proofPayload: '{}', signature: 'ab' }];
      script = (request) => {
        if (request.path.endsWith('/whoami')) return { json: { organizationId: ORG, organizationName: 'Org', userId: 'u-1', username: 'ada' } };
        if (request.path.endsWith('/get_boot_proof')) return { json: { bootProof } };
        return { json: { appProofs: proofs } };
      };
      const c = client();
      assert.equal((await c.whoami(ORG)).userId, 'u-1');
      assert.deepEqual(await c.getBootProof(ORG, '04aa'), bootProof);
      assert.deepEqual(await c.listAppProofs(ORG, 'act-1'), proofs);
      assert.deepEqual(server.requests.map((r) => [r.path, r.json]), [
        ['/public/v1/query/whoami', { organizationId: ORG }],
        ['/public/v1/query/get_boot_proof', { organizationId: ORG, ephemeralKey: '04aa' }],
        ['/public/v1/query/list_app_proofs', { organizationId: ORG, activityId: 'act-1' }],
      ]);
      assert.equal(verified.length, 3);
    });

    it('listAppProofs refuses a non-array answer', async () => {
      script = () => ({ json: { appProofs: 'none' } });
      await rejectsWith(() => client().listAppProofs(ORG, 'act-1'), 'ERR_RESPONSE_MALFORMED');
    });

    it('needs a stamper', () => {
      assert.throws(() => new ActivityClient({ apiBaseUrl: server.url } as never), { code: 'ERR_CONFIG_INVALID' });
    });
  });
});
