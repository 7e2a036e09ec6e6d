// One signed webhook delivery from a running emulator, with the sample consumer that takes it and
// @turnkey/crypto's verifier of the same delivery (the outside truth): what the signature-shape
// pins and the verifier sweep both forge headers and bodies against.
import { verifyTurnkeyWebhookSignature } from '@turnkey/crypto';
import { utf8Encode } from '../../../src/encoding/utf8.ts';
import { webhookHeaders } from '../../../demo/emulator/webhooks/webhook-signature.ts';
import { WebhookConsumer } from '../../../demo/emulator/webhooks/webhook-consumer.ts';
import type { Fixture } from './emulator-fixture.ts';

export interface WebhookDelivery {
  readonly body: Uint8Array;
  readonly headers: Record<string, string>;
  /** The event ids the consumer applied. */
  readonly events: string[];
  readonly consumer: WebhookConsumer;
  /** @turnkey/crypto's answer for these headers and body, at the delivery's time. */
  hosted(headers: Record<string, string>, body: Uint8Array): ReturnType<typeof verifyTurnkeyWebhookSignature>;
}

export function signedWebhookDelivery(f: Fixture, eventId: string): WebhookDelivery {
  const key = f.emulator.context.keys.webhook;
  const verificationKeys = [{ keyId: key.kid, publicKey: key.publicKeyHex }];
  const now = Date.now();
  const body = utf8Encode(JSON.stringify({ type: 'ACTIVITY_UPDATES', msg: { id: 'a-1' } }));
  const headers = webhookHeaders(key, { organizationId: f.demoOrgId, eventType: 'ACTIVITY_UPDATES', eventId, timestampMs: String(now) }, body);
  const events: string[] = [];
  const consumer = new WebhookConsumer({
    jwksUrl: 'http://127.0.0.1:9/jwks',
    fetch: (async () => new Response(JSON.stringify({ keys: [key.publicJwk] }))) as typeof fetch,
    onEvent: ({ eventId: id }) => void events.push(id),
    now: () => now,
  });
  return {
    body,
    headers,
    events,
    consumer,
    hosted: (forged, raw) => verifyTurnkeyWebhookSignature({ headers: forged, body: raw, verificationKeys, maxTimestampAgeMs: 300_000, nowMs: now }),
  };
}
