// verifyStamp keeps imported public keys (importP256PublicKey, src/stamp/ecdsa.ts): the cache may only save
// the parsing of a key. Whether the key may act is looked up on every request, so a key that
// stamped once and was then removed or expired must be refused like any other; every signature
// is still checked; and the cache stays bounded.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createStamp } from '../../src/stamp/create-stamp.ts';
import { verifyStamp } from '../../src/stamp/verify-stamp.ts';
import { PUBLIC_KEY_CACHE_LIMIT, publicKeyCacheSize } from '../../src/stamp/ecdsa.ts';
import { isLatchError } from '../../src/errors/latch-error.ts';
import { startFixture, newTestKey, resultOf, stampedPost } from './support/emulator-fixture.ts';
import { assertServiceError, assertNoStateChange } from './support/assertions.ts';
import type { Fixture, TestKey } from './support/emulator-fixture.ts';
import { newRootSubOrg } from './support/root-sub-org.ts';

describe('stamp key cache', () => {
  let f: Fixture;
  before(async () => {
    f = await startFixture();
  });
  after(() => f.stop());

  const newRoot = (name: string) => newRootSubOrg(f, name);

  const whoami = (org: string, key: TestKey) => f.query('whoami', { organizationId: org }, key);

  it('a key removed after it stamped is refused with PUBLIC_KEY_NOT_FOUND, changing nothing', async () => {
    const { key: owner, org } = await newRoot('removed');
    const first = await newTestKey();
    resultOf(await f.submit('stamp_login', org, { publicKey: first.id, expirationSeconds: '3600' }, owner));
    // Twice: the second answer comes from the cached key.
    assert.equal((await whoami(org, first)).status, 200);
    assert.equal((await whoami(org, first)).status, 200);
    const second = await newTestKey();
    resultOf(await f.submit('stamp_login', org, { publicKey: second.id, expirationSeconds: '3600', invalidateExisting: true }, owner));
    await assertNoStateChange(f.emulator, async () => {
      assertServiceError(await whoami(org, first), 401, 16, 'PUBLIC_KEY_NOT_FOUND');
      assertServiceError(await f.submit('create_users', org, { users: [{ userName: 'x' }] }, first), 401, 16, 'PUBLIC_KEY_NOT_FOUND');
    });
    assert.equal((await whoami(org, second)).status, 200);
  });

  it('a key registered again after its removal works again (nothing about a refusal is remembered)', async () => {
    const { key: owner, org, userId } = await newRoot('again');
    const key = await newTestKey();
    resultOf(await f.submit('stamp_login', org, { publicKey: key.id, expirationSeconds: '3600' }, owner));
    assert.equal((await whoami(org, key)).status, 200);
    resultOf(await f.submit('stamp_login', org, { publicKey: (await newTestKey()).id, expirationSeconds: '3600', invalidateExisting: true }, owner));
    assertServiceError(await whoami(org, key), 401, 16, 'PUBLIC_KEY_NOT_FOUND');
    resultOf(await f.submit('create_api_keys', org, { userId, apiKeys: [{ apiKeyName: 'back', publicKey: key.id, curveType: 'API_KEY_CURVE_P256' }] }, owner));
    assert.equal((await whoami(org, key)).json.userId, userId);
  });

  it('a key that expires after it stamped is refused with API_KEY_EXPIRED, changing nothing', async () => {
    const { key: owner, org, userId } = await newRoot('expiring');
    const short = await newTestKey();
    resultOf(await f.submit('create_api_keys', org, { userId, apiKeys: [{ apiKeyName: 'short', publicKey: short.id, curveType: 'API_KEY_CURVE_P256', expirationSeconds: '60' }] }, owner));
    assert.equal((await whoami(org, short)).status, 200);
    assert.equal((await whoami(org, short)).status, 200);
    f.advance(61_000);
    try {
      await assertNoStateChange(f.emulator, async () => {
        assertServiceError(await whoami(org, short), 401, 16, 'API_KEY_EXPIRED');
        assertServiceError(await f.submit('create_users', org, { users: [{ userName: 'x' }] }, short), 401, 16, 'API_KEY_EXPIRED');
      });
    } finally {
      f.advance(-61_000);
    }
  });

  it('a cached key still has every signature checked: a stamp over other bytes is refused', async () => {
    const { key, org } = await newRoot('tamper');
    assert.equal((await whoami(org, key)).status, 200);
    const body = JSON.stringify({ organizationId: org });
    const otherStamp = await createStamp(JSON.stringify({ organizationId: org }) + ' ', key);
    await assertNoStateChange(f.emulator, async () => {
      assertServiceError(await stampedPost(`${f.urls.apiUrl}/public/v1/query/whoami`, body, null, { 'X-Stamp': otherStamp }), 401, 16, 'SIGNATURE_INVALID');
    });
  });

  it('upper-case hex in a stamp names the same (cached) key', async () => {
    const { key, org, userId } = await newRoot('upper');
    assert.equal((await whoami(org, key)).json.userId, userId);
    const upper = { ...key, id: key.id.toUpperCase() };
    assert.notEqual(upper.id, key.id);
    assert.equal((await whoami(org, upper)).json.userId, userId);
  });

  it(`holds at most ${PUBLIC_KEY_CACHE_LIMIT} keys, and an evicted key verifies again (imported anew)`, async () => {
    const body = '{"type":"ACTIVITY_TYPE_STAMP_LOGIN"}';
    const keys = await Promise.all(Array.from({ length: PUBLIC_KEY_CACHE_LIMIT + 50 }, () => newTestKey()));
    for (const key of keys) assert.equal((await verifyStamp(body, await createStamp(body, key))).publicKey, key.id);
    assert.equal(publicKeyCacheSize(), PUBLIC_KEY_CACHE_LIMIT);
    // The first key was evicted long ago: it still verifies, and a wrong signature still fails.
    assert.equal((await verifyStamp(body, await createStamp(body, keys[0]!))).publicKey, keys[0]!.id);
    await assert.rejects(verifyStamp(body + ' ', await createStamp(body, keys[0]!)), (error) => isLatchError(error, 'ERR_STAMP_SIGNATURE'));
    assert.equal(publicKeyCacheSize(), PUBLIC_KEY_CACHE_LIMIT);
  });
});
