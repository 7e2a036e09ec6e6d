// Webhook deliveries checked by the hosted SDK's own verifier, and the faults a consumer must
// survive: duplicates, reordering and a key rotation mid-stream, handled by the sample consumer
// (demo/emulator/webhooks/webhook-consumer.ts).
import { describe, it, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { verifyTurnkeyWebhookSignature } from '@turnkey/crypto';
import { startFixture, getJson, plainPost } from '../support/emulator-fixture.ts';
import { fromBase64Url } from '../../../src/encoding/base64url.ts';
import { toHex } from '../../../src/encoding/hex.ts';
import { WebhookConsumer, type WebhookOutcome } from '../../../demo/emulator/webhooks/webhook-consumer.ts';
import { startReceiver, type Receiver, type Received } from './receiver.ts';
import type { Fixture } from '../support/emulator-fixture.ts';
import type { EmulatorOptions } from '../../../demo/emulator/options.ts';

interface Jwk {
  kid: string;
  x: string;
}

let fixture: Fixture | undefined;
let hook: Receiver | undefined;
afterEach(async () => {
  await fixture?.stop();
  await hook?.close();
  fixture = hook = undefined;
});

async function setUp(webhooks: EmulatorOptions['webhooks'] = {}): Promise<{ f: Fixture; r: Receiver }> {
  fixture = await startFixture({ webhooks: { baseDelayMs: 5, maxDelayMs: 40, maxAttempts: 3, timeoutMs: 5000, ...webhooks } });
  hook = await startReceiver(() => 200);
  const set = await fixture.submit('set_organization_feature', fixture.demoOrgId, { name: 'FEATURE_NAME_WEBHOOK', value: `${hook.url}/hook` });
  assert.equal(set.status, 200);
  return { f: fixture, r: hook };
}

const wallet = (f: Fixture, i: number) => f.submit('create_wallet', f.demoOrgId, { walletName: `w${i}`, accounts: [] });

/** The JWKS as the hosted verifier wants its keys: raw Ed25519 public keys in hex. */
async function verificationKeys(f: Fixture): Promise<{ keyId: string; publicKey: string }[]> {
  const jwks = (await getJson(`${f.urls.apiUrl}/__webhooks/jwks`)).json as { keys: Jwk[] };
  return jwks.keys.map((k) => ({ keyId: k.kid, publicKey: toHex(fromBase64Url(k.x)) }));
}

const hosted = (delivery: Received, keys: { keyId: string; publicKey: string }[], nowMs?: number) =>
  verifyTurnkeyWebhookSignature({ headers: delivery.headers, body: new Uint8Array(delivery.body), verificationKeys: keys, maxTimestampAgeMs: 300_000, ...(nowMs ? { nowMs } : {}) });

describe('webhooks against outside truth and under faults', () => {
  it('B8 webhook-signature-oracles: every delivery passes @turnkey/crypto verifyTurnkeyWebhookSignature; tampering fails it', async () => {
    const { f, r } = await setUp();
    await wallet(f, 1);
    const [delivery] = await r.waitFor(2); // the set_organization_feature activity, then the wallet
    const keys = await verificationKeys(f);
    for (const d of r.received) assert.deepEqual({ ...hosted(d, keys), timestampMs: 0 }, { ok: true, eventId: d.headers['x-turnkey-event-id'], keyId: keys[0]!.keyId, timestampMs: 0 });
    const body = Buffer.from(delivery!.body);
    body[body.length - 2] ^= 1;
    assert.deepEqual(hosted({ ...delivery!, body }, keys), { ok: false, reason: 'invalid_signature' });
    assert.equal(hosted({ ...delivery!, headers: { ...delivery!.headers, 'x-turnkey-event-id': 'other' } }, keys).ok, false);
    assert.deepEqual(hosted(delivery!, keys, Number(delivery!.headers['x-turnkey-timestamp']) + 600_000), { ok: false, reason: 'stale_timestamp' });
    assert.deepEqual(hosted(delivery!, [{ keyId: 'someone-else', publicKey: keys[0]!.publicKey }]), { ok: false, reason: 'missing_key' });
  });

  it('F3 webhook-duplicate-and-reorder-injection: duplicates and reordering reach the receiver; the sample consumer applies each event once', async () => {
    let draws = 0;
    // A fixed sequence instead of Math.random: the run is the same every time.
    const random = () => [0.9, 0.1, 0.5, 0.7, 0.3, 0.05, 0.95, 0.2][draws++ % 8]!;
    // Delays up to 2 s: well beyond the time between two wallets on a loaded machine (at 120 ms,
    // a CI run under load created them slower than the delays, so they arrived in order).
    const { f, r } = await setUp({ faults: { duplicateRate: 1, reorderMs: 2000 }, random });
    const created: string[] = [];
    for (let i = 0; i < 8; i++) created.push(((await wallet(f, i)).json.activity as { id: string }).id);
    // 9 events (the feature, 8 wallets), each sent twice.
    const received = await r.waitFor(18);
    const ids = received.map((d) => d.headers['x-turnkey-event-id']!);
    assert.equal(new Set(ids).size, 9);
    const order = received.map((d) => (JSON.parse(d.body.toString()) as { id: string }).id).filter((id) => created.includes(id));
    const firstSeen = order.filter((id, i) => order.indexOf(id) === i);
    assert.notDeepEqual(firstSeen, created, 'the reorder fault changed the arrival order');
    const applied: string[] = [];
    const consumer = new WebhookConsumer({ jwksUrl: `${f.urls.apiUrl}/__webhooks/jwks`, onEvent: ({ eventId }) => void applied.push(eventId) });
    const outcomes: WebhookOutcome[] = [];
    for (const d of received) outcomes.push(await consumer.handle(d.headers, new Uint8Array(d.body)));
    assert.ok(outcomes.every((o) => o.ok));
    assert.equal(outcomes.filter((o) => o.ok && o.duplicate).length, 9);
    assert.deepEqual([...applied].sort(), [...new Set(ids)].sort());
    const log = (await getJson(`${f.urls.apiUrl}/__webhooks`)).json.deliveries as { duplicatesSent?: number }[];
    assert.ok(log.every((entry) => entry.duplicatesSent === 1));
  });

  it('F4 webhook-key-rotation: after a rotation the consumer refetches the JWKS once and verifies; an unknown kid is missing_key', async () => {
    const { f, r } = await setUp();
    await wallet(f, 1);
    await r.waitFor(2);
    const consumer = new WebhookConsumer({ jwksUrl: `${f.urls.apiUrl}/__webhooks/jwks`, onEvent: () => undefined });
    for (const d of r.received) assert.equal((await consumer.handle(d.headers, new Uint8Array(d.body))).ok, true);
    assert.equal(consumer.jwksFetches, 1);
    const oldKid = r.received[0]!.headers['x-turnkey-signature-key-id'];

    const rotated = await plainPost(`${f.urls.apiUrl}/__webhooks/rotate-key`, {});
    assert.equal(rotated.status, 200);
    const newKid = rotated.json.kid as string;
    assert.notEqual(newKid, oldKid);
    assert.deepEqual((rotated.json.jwks as { keys: Jwk[] }).keys.map((k) => k.kid), [newKid, oldKid]);
    await wallet(f, 2);
    const [, , after] = await r.waitFor(3);
    assert.equal(after!.headers['x-turnkey-signature-key-id'], newKid);
    assert.deepEqual(await consumer.handle(after!.headers, new Uint8Array(after!.body)), { ok: true, eventId: after!.headers['x-turnkey-event-id'], keyId: newKid, duplicate: false });
    assert.equal(consumer.jwksFetches, 2, 'one refetch for the new kid');
    // The old key is still published, so a late delivery signed with it verifies without a fetch.
    assert.equal((await consumer.handle(r.received[0]!.headers, new Uint8Array(r.received[0]!.body))).ok, true);
    assert.equal(consumer.jwksFetches, 2);
    // The hosted verifier agrees with the new JWKS.
    assert.equal(hosted(after!, await verificationKeys(f)).ok, true);
    // A kid nobody published: one refetch, then missing_key.
    const forged = { ...after!.headers, 'x-turnkey-signature-key-id': 'webhook-forged' };
    assert.deepEqual(await consumer.handle(forged, new Uint8Array(after!.body)), { ok: false, reason: 'missing_key' });
    assert.equal(consumer.jwksFetches, 3);
  });

  it('a rotation asked by another website is refused and changes nothing', async () => {
    const { f } = await setUp();
    const refused = await plainPost(`${f.urls.apiUrl}/__webhooks/rotate-key`, {}, { origin: 'https://evil.example' });
    assert.equal(refused.status, 403);
    assert.equal(((await getJson(`${f.urls.apiUrl}/__webhooks/jwks`)).json.keys as Jwk[]).length, 1);
  });
});
