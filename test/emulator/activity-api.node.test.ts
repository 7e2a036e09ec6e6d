// The Activity API's request checks: stamps over the raw bytes, the body envelope, liveness,
// route/type agreement, organizations and their parents, idempotency and the envelope shape.
// Every refusal: the service's error shape, its status, and no state change.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startFixture, stampedPost, newTestKey, resultOf } from './support/emulator-fixture.ts';
import { assertServiceError, assertNoStateChange } from './support/assertions.ts';
import { importVectorKey } from './support/vector-key.ts';
import type { Answer, Fixture, TestKey } from './support/emulator-fixture.ts';

const stampVector = JSON.parse(readFileSync(new URL('../vectors/stamp.json', import.meta.url), 'utf8'));

describe('Activity API requests', () => {
  let f: Fixture;
  let submitUrl: string;
  before(async () => {
    f = await startFixture({ rootApiKeys: [stampVector.fixtureKeyPair.publicKeyCompressedHex] });
    submitUrl = `${f.urls.apiUrl}/public/v1/submit/create_users`;
  });
  after(() => f.stop());

  const userParams = (name: string) => ({ users: [{ userName: name, userEmail: `${name}@example.com`, apiKeys: [], authenticators: [], oauthProviders: [], userTags: [] }] });

  it('completes an activity stamped by the core, with the exact envelope', async () => {
    const a = await f.submit('create_users', f.demoOrgId, userParams('envelope'));
    assert.equal(a.status, 200);
    const activity = a.json.activity as Record<string, unknown>;
    assert.deepEqual(Object.keys(activity).sort(), ['canApprove', 'canReject', 'createdAt', 'fingerprint', 'id', 'intent', 'organizationId', 'result', 'status', 'timestampMs', 'type', 'updatedAt', 'votes'].sort());
    assert.equal(activity.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.equal(activity.type, 'ACTIVITY_TYPE_CREATE_USERS_V4');
    assert.equal(activity.organizationId, f.demoOrgId);
    assert.deepEqual(Object.keys(activity.intent as object), ['createUsersIntentV4']);
    assert.deepEqual((activity.intent as Record<string, unknown>).createUsersIntentV4, userParams('envelope'));
    assert.deepEqual(Object.keys(activity.result as object), ['createUsersResult']);
    assert.equal(((activity.result as Record<string, { userIds: string[] }>).createUsersResult.userIds).length, 1);
    assert.deepEqual(activity.votes, []);
    assert.equal(activity.canApprove, false);
    assert.equal(activity.canReject, false);
    assert.match(activity.fingerprint as string, /^sha256:[0-9a-f]{64}$/);
    for (const field of ['createdAt', 'updatedAt']) {
      const ts = activity[field] as Record<string, unknown>;
      assert.match(ts.seconds as string, /^\d+$/);
      assert.match(ts.nanos as string, /^\d+$/);
    }
    const fetched = await f.query('get_activity', { organizationId: f.demoOrgId, activityId: activity.id });
    assert.deepEqual(fetched.json.activity, activity);
  });

  it('accepts a stamp made with the shared vector fixture key (core createStamp)', async () => {
    const key = await importVectorKey(stampVector.fixtureKeyPair.privateKeyHex, stampVector.fixtureKeyPair.publicKeyCompressedHex);
    const a = await f.submit('create_users', f.demoOrgId, userParams('vectorkey'), key);
    assert.equal(a.status, 200);
  });

  it('verifies the upstream CLI stamp over its raw bytes, whatever the key order (then refuses the body)', async () => {
    // The CLI vector signs a non-activity body: a 400 for the body (not a 401) proves the stamp verified.
    const url = `${f.urls.apiUrl}/public/v1/submit/create_users`;
    const ok = await fetch(url, { method: 'POST', headers: { 'X-Stamp': stampVector.cliStamp.xStamp }, body: stampVector.cliStamp.body });
    assert.equal(ok.status, 400);
    const tampered = await fetch(url, { method: 'POST', headers: { 'X-Stamp': stampVector.cliStamp.xStamp }, body: stampVector.cliStamp.body.replace('hello', 'hellO') });
    assert.equal(tampered.status, 401);
  });

  it('B7 activity-idempotency: the same activity for an identical body, stored once; a new timestampMs is a new activity', async () => {
    const body = JSON.stringify(f.body('create_users', f.demoOrgId, userParams('twice')));
    const first = await stampedPost(submitUrl, body, f.root);
    const snapshot = f.emulator.state.snapshot();
    const second = await stampedPost(submitUrl, body, f.root);
    assert.equal(f.emulator.state.snapshot(), snapshot);
    assert.deepEqual(second.json, first.json);
    const raceBody = JSON.stringify(f.body('create_users', f.demoOrgId, userParams('race')));
    const concurrent = await Promise.all(Array.from({ length: 5 }, () => stampedPost(submitUrl, raceBody, f.root)));
    assert.equal(new Set(concurrent.map((a) => (a.json.activity as { id: string }).id)).size, 1);
    const users = await f.query('list_users', { organizationId: f.demoOrgId });
    assert.equal((users.json.users as { userName: string }[]).filter((u) => u.userName === 'race').length, 1);
    // The same intent with a new timestampMs is a new request: a second activity and user.
    const again = JSON.parse(raceBody) as { timestampMs: string };
    again.timestampMs = String(Number(again.timestampMs) + 1);
    const third = await stampedPost(submitUrl, JSON.stringify(again), f.root);
    assert.equal(third.status, 200);
    assert.notEqual((third.json.activity as { id: string }).id, (concurrent[0]!.json.activity as { id: string }).id);
    const after = await f.query('list_users', { organizationId: f.demoOrgId });
    assert.equal((after.json.users as { userName: string }[]).filter((u) => u.userName === 'race').length, 2);
  });

  describe('refusals (error shape, status, no state change)', () => {
    const refuse = async (status: number, grpc: number, code: string | undefined, send: () => Promise<Answer>) => {
      await assertNoStateChange(f.emulator, async () => assertServiceError(await send(), status, grpc, code));
    };

    it('missing stamp → 401 SIGNATURE_MISSING', () =>
      refuse(401, 16, 'SIGNATURE_MISSING', () => stampedPost(submitUrl, f.body('create_users', f.demoOrgId, userParams('x')), null)));

    it('stamp over other bytes, by another key, or malformed → 401 SIGNATURE_INVALID', async () => {
      const body = JSON.stringify(f.body('create_users', f.demoOrgId, userParams('x')));
      const stampOfOther = (await import('../../src/stamp/create-stamp.ts')).createStamp;
      const otherBytes = await stampOfOther(body + ' ', f.root);
      await refuse(401, 16, 'SIGNATURE_INVALID', () => stampedPost(submitUrl, body, null, { 'X-Stamp': otherBytes }));
      await refuse(401, 16, 'SIGNATURE_INVALID', () => stampedPost(submitUrl, body, null, { 'X-Stamp': 'not-a-stamp' }));
      await refuse(401, 16, 'SIGNATURE_INVALID', () => stampedPost(submitUrl, body, null, { 'X-Stamp-Webauthn': '{"credentialId":"AA"}' }));
      await refuse(401, 16, 'SIGNATURE_INVALID', () => stampedPost(submitUrl, body, f.root, { 'X-Stamp-Webauthn': '{}' }));
    });

    it('B5 stamp-integrity-and-route-binding: any byte changed after stamping is 401; a stamped body sent to another route is refused', async () => {
      const body = JSON.stringify(f.body('create_users', f.demoOrgId, userParams('bound')));
      const stamp = await (await import('../../src/stamp/create-stamp.ts')).createStamp(body, f.root);
      const parsed = JSON.parse(body) as Record<string, unknown>;
      const { type, ...rest } = parsed;
      const sameMeaning = [
        body.replace('{', '{ '), // whitespace
        `${body}\n`, // a trailing newline
        JSON.stringify({ ...rest, type }), // key order
        body.replace('"bound"', '"\\u0062ound"'), // a unicode escape of the same text
        JSON.stringify(parsed, null, 2), // pretty-printed
      ];
      for (const variant of sameMeaning) {
        assert.deepEqual(JSON.parse(variant), parsed, 'each variant means the same JSON');
        await refuse(401, 16, 'SIGNATURE_INVALID', () => stampedPost(submitUrl, variant, null, { 'X-Stamp': stamp }));
      }
      // The untouched bytes with their stamp, sent to another submit route: refused because the
      // type names create_users (the reason is checked: other parameters would be refused anyway).
      const elsewhere = async (route: string, reason: string) =>
        assertNoStateChange(f.emulator, async () =>
          assertServiceError(await stampedPost(`${f.urls.apiUrl}/public/v1/${route}`, body, null, { 'X-Stamp': stamp }), 400, 3, 'REQUEST_INVALID', reason));
      await elsewhere('submit/create_api_keys', 'does not match the route');
      // …and to a query route, which would otherwise read as its signer.
      await elsewhere('query/list_users', 'carries no activity envelope');
      // The same bytes on their own route: accepted.
      assert.equal((await stampedPost(submitUrl, body, null, { 'X-Stamp': stamp })).status, 200);
    });

    it('B5 stamp-integrity-and-route-binding: a stamped query body names no route; the hosted stamper signs the body alone, so it is answered by every query route whose fields it holds', async () => {
      // @turnkey/api-key-stamper's stamp(payload) is given the body and nothing else: no URL, no
      // route. What it signs cannot say where it was meant to go.
      const { ApiKeyStamper } = await import('@turnkey/api-key-stamper');
      const hosted = new ApiKeyStamper({ apiPublicKey: stampVector.fixtureKeyPair.publicKeyCompressedHex, apiPrivateKey: stampVector.fixtureKeyPair.privateKeyHex });
      const body = JSON.stringify({ organizationId: f.demoOrgId });
      const { stampHeaderName, stampHeaderValue } = await hosted.stamp(body);
      const post = (route: string, bytes = body) => stampedPost(`${f.urls.apiUrl}/public/v1/${route}`, bytes, null, { [stampHeaderName]: stampHeaderValue });
      // Stamped for whoami, answered by whoami and by list_users alike: that is all B5 promises of queries.
      const whoami = await post('query/whoami');
      assert.equal(whoami.status, 200);
      assert.equal(whoami.json.organizationId, f.demoOrgId);
      const users = await post('query/list_users');
      assert.equal(users.status, 200);
      assert.ok(Array.isArray(users.json.users) && users.json.users.length > 0);
      // Integrity still holds for query bodies: a changed byte is 401.
      await refuse(401, 16, 'SIGNATURE_INVALID', () => post('query/list_users', body.replace('{', '{ ')));
      // A submit route wants the activity envelope, which a query body lacks: refused, nothing written.
      await refuse(400, 3, undefined, () => post('submit/create_users'));
    });

    it('a key nobody registered → 401 PUBLIC_KEY_NOT_FOUND', async () => {
      const stranger = await newTestKey();
      await refuse(401, 16, 'PUBLIC_KEY_NOT_FOUND', () => f.submit('create_users', f.demoOrgId, userParams('x'), stranger));
    });

    it('malformed JSON → 400', async () => {
      await refuse(400, 3, 'REQUEST_INVALID', () => stampedPost(submitUrl, '{"type": "ACTIVITY_TYPE_CREATE_USERS_V4",', f.root));
      await refuse(400, 3, 'REQUEST_INVALID', () => stampedPost(submitUrl, '[1,2]', f.root));
      await refuse(400, 3, 'REQUEST_INVALID', () => stampedPost(submitUrl, '', f.root));
    });

    it('missing or mistyped envelope fields → 400', async () => {
      const good = f.body('create_users', f.demoOrgId, userParams('x'));
      const variants: Record<string, unknown>[] = [
        { ...good, type: undefined },
        { ...good, type: 7 },
        { ...good, organizationId: undefined },
        { ...good, organizationId: 42 },
        { ...good, parameters: undefined },
        { ...good, parameters: [] },
        { ...good, parameters: 'x' },
        { ...good, generateAppProofs: 'yes' },
      ];
      for (const body of variants) await refuse(400, 3, undefined, () => stampedPost(submitUrl, body, f.root));
    });

    it('missing or mistyped parameters → 400', async () => {
      const variants = [{}, { users: {} }, { users: [] }, { users: [{ userName: 5 }] }, { users: [{ userName: 'a', userEmail: 'not-an-email' }] }, { users: [{ userName: 'a', apiKeys: [{ apiKeyName: 'k', publicKey: 'zz', curveType: 'API_KEY_CURVE_P256' }] }] }];
      for (const parameters of variants) await refuse(400, 3, 'REQUEST_INVALID', () => f.submit('create_users', f.demoOrgId, parameters));
    });

    it('B6 stamp-timestamp-window-two-sided: stale, future, NaN, "1e12", negative and non-numeric timestampMs → 400 INVALID_TIME; inside both edges accepted', async () => {
      const good = f.body('create_users', f.demoOrgId, userParams('x'));
      for (const timestampMs of [String(f.now() - 10 * 60_000), String(f.now() - 5 * 60_000 - 1000), String(f.now() + 5 * 60_000), String(f.now() + 60_000 + 1000), 'NaN', 'abc', '', '1e12', '-5', -5, null, undefined]) {
        await refuse(400, 3, 'INVALID_TIME', () => stampedPost(submitUrl, { ...good, timestampMs }, f.root));
      }
      // Just inside the window on either side (5 minutes back, 1 minute ahead): accepted.
      for (const [name, timestampMs] of [['edge-past', String(f.now() - 5 * 60_000 + 1000)], ['edge-future', String(f.now() + 60_000 - 1000)]]) {
        const answer = await stampedPost(submitUrl, { ...f.body('create_users', f.demoOrgId, userParams(name!)), timestampMs }, f.root);
        assert.equal(answer.status, 200, name);
      }
    });

    it('B6 stamp-timestamp-window-two-sided (odd forms, issue 39): seconds, short, negative, exponent, padded, fractional and hex timestampMs → 400 INVALID_TIME, nothing changes', async () => {
      // Each names the current time in another form, or a value that only a magnitude guess
      // ("seconds too", "staleness for 13 digits only") would let through.
      const now = f.now();
      const seconds = Math.floor(now / 1000);
      const odd = [
        String(seconds), seconds, String(seconds + 1), '5', '0', '1', 5, String(now).slice(0, 12),
        `-${now}`, '-0', '1e12', `${now / 1e12}e12`, '1.7e12', 'Infinity', ' ' + now, now + ' ', '\n' + now, '+' + now, '0' + now, '00' + now,
        now + '.0', now + '.5', String(now + 0.5), now + 0.5, `0x${now.toString(16)}`, now.toString(16), '１' + String(now).slice(1),
        [String(now)], { ms: String(now) }, true,
      ];
      for (const timestampMs of odd) {
        await refuse(400, 3, 'INVALID_TIME', () => stampedPost(submitUrl, { ...f.body('create_users', f.demoOrgId, userParams('odd')), timestampMs }, f.root));
      }
      // The same moment as a plain decimal string of milliseconds is accepted.
      assert.equal((await stampedPost(submitUrl, { ...f.body('create_users', f.demoOrgId, userParams('plain')), timestampMs: String(f.now()) }, f.root)).status, 200);
    });

    it('a body type that does not match the route → 400', async () => {
      const body = f.body('create_users', f.demoOrgId, userParams('x'));
      await refuse(400, 3, 'REQUEST_INVALID', () => stampedPost(`${f.urls.apiUrl}/public/v1/submit/create_api_keys`, body, f.root));
      // V3 and V4 are taken here (hosted-user-creation.node.test.ts); V2 is not.
      await refuse(400, 3, 'REQUEST_INVALID', () => stampedPost(submitUrl, { ...body, type: 'ACTIVITY_TYPE_CREATE_USERS_V2' }, f.root));
    });

    it('an unknown route or organization → 404', async () => {
      await refuse(404, 5, 'NOT_FOUND', () => stampedPost(`${f.urls.apiUrl}/public/v1/submit/create_userz`, f.body('create_users', f.demoOrgId, userParams('x')), f.root));
      await refuse(404, 5, 'ORGANIZATION_NOT_FOUND', () => f.submit('create_users', crypto.randomUUID(), userParams('x')));
    });
  });

  describe('organizations and sub-organizations', () => {
    let childA: string;
    let childB: string;
    let childKey: TestKey;
    before(async () => {
      childKey = await newTestKey();
      const root = (name: string, keys: unknown[]) => ({ subOrganizationName: name, rootQuorumThreshold: 1, rootUsers: [{ userName: name, apiKeys: keys, authenticators: [], oauthProviders: [] }] });
      childA = resultOf(await f.submit('create_sub_organization', f.demoOrgId, root('child A', [{ apiKeyName: 'k', publicKey: childKey.id, curveType: 'API_KEY_CURVE_P256' }]))).subOrganizationId as string;
      childB = resultOf(await f.submit('create_sub_organization', f.demoOrgId, root('child B', []))).subOrganizationId as string;
    });

    it('lets a parent act on its children', async () => {
      const a = await f.submit('create_users', childA, userParams('byparent'));
      assert.equal(a.status, 200);
      const who = await f.query('whoami', { organizationId: childA });
      assert.equal(who.json.organizationId, f.demoOrgId);
    });

    it('lets a child user act on its own organization only (403 elsewhere, nothing changes)', async () => {
      assert.equal((await f.submit('create_users', childA, userParams('self'), childKey)).status, 200);
      const who = await f.query('whoami', { organizationId: childA }, childKey);
      assert.equal(who.json.organizationId, childA);
      for (const org of [f.demoOrgId, childB]) {
        await assertNoStateChange(f.emulator, async () => assertServiceError(await f.submit('create_users', org, userParams('x'), childKey), 403, 7, 'FORBIDDEN'));
        assertServiceError(await f.query('list_users', { organizationId: org }, childKey), 403, 7, 'FORBIDDEN');
      }
    });

    it('refuses a sub-organization of a sub-organization', async () => {
      await assertNoStateChange(f.emulator, async () =>
        assertServiceError(await f.submit('create_sub_organization', childA, { subOrganizationName: 'n', rootQuorumThreshold: 1, rootUsers: [{ userName: 'n', apiKeys: [], authenticators: [], oauthProviders: [] }] }), 400, 3));
    });

    it('hides activities of other organizations from get_activity', async () => {
      const a = await f.submit('create_users', childA, userParams('hidden'), childKey);
      const id = (a.json.activity as { id: string }).id;
      assert.equal((await f.query('get_activity', { organizationId: childA, activityId: id }, childKey)).status, 200);
      assertServiceError(await f.query('get_activity', { organizationId: childB, activityId: id }), 404, 5, 'ACTIVITY_NOT_FOUND');
    });
  });

  describe('queries', () => {
    it('checks stamps and required fields like submits', async () => {
      const url = `${f.urls.apiUrl}/public/v1/query/list_users`;
      assertServiceError(await stampedPost(url, { organizationId: f.demoOrgId }, null), 401, 16, 'SIGNATURE_MISSING');
      assertServiceError(await stampedPost(url, {}, f.root), 400, 3, 'REQUEST_INVALID');
      assertServiceError(await stampedPost(url, { organizationId: 5 }, f.root), 400, 3, 'REQUEST_INVALID');
      assertServiceError(await stampedPost(`${f.urls.apiUrl}/public/v1/query/get_activity`, { organizationId: f.demoOrgId }, f.root), 400, 3);
    });

    it('lists users with their credentials', async () => {
      const { json } = await f.query('list_users', { organizationId: f.demoOrgId });
      const users = json.users as Record<string, unknown>[];
      const root = users.find((u) => u.userName === 'Root User')!;
      const keys = root.apiKeys as { credential: { publicKey: string; type: string } }[];
      assert.ok(keys.some((k) => k.credential.publicKey === f.root.id && k.credential.type === 'CREDENTIAL_TYPE_API_KEY_P256'));
      assert.deepEqual(Object.keys(root).sort(), ['apiKeys', 'authenticators', 'createdAt', 'oauthProviders', 'updatedAt', 'userId', 'userName', 'userTags'].sort());
    });
  });
});
