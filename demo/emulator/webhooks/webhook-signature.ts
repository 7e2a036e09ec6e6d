/**
 * The signed headers of one delivery attempt (docs/protocol.md §8): Ed25519 by the emulator's
 * webhook key over the UTF-8 of `v1.ed25519.<keyId>.<timestampMs>.<eventId>.` followed by the
 * raw body bytes, hex-encoded. The key is published as a JWKS (`kty: OKP`, `crv: Ed25519`,
 * `kid`, `x`) at `/__keys` (webhookJwks) and `/__webhooks/jwks`.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { toHex } from '../../../src/encoding/hex.ts';
import { concatBytes, utf8Encode } from '../../../src/encoding/utf8.ts';
import type { Ed25519Signer } from '../keys/emulator-keys.ts';

export const EVENT_TYPE_ACTIVITY_UPDATES = 'ACTIVITY_UPDATES';

export function signedBytes(keyId: string, timestampMs: string, eventId: string, body: Uint8Array): Uint8Array {
  return concatBytes(utf8Encode(`v1.ed25519.${keyId}.${timestampMs}.${eventId}.`), body);
}

export function webhookHeaders(
  key: Ed25519Signer,
  delivery: { organizationId: string; eventType: string; eventId: string; timestampMs: string },
  body: Uint8Array,
): Record<string, string> {
  const signature = ed25519.sign(signedBytes(key.kid, delivery.timestampMs, delivery.eventId, body), key.seed);
  return {
    'Content-Type': 'application/json',
    'X-Turnkey-Organization-Id': delivery.organizationId,
    'X-Turnkey-Event-Type': delivery.eventType,
    'X-Turnkey-Timestamp': delivery.timestampMs,
    'X-Turnkey-Webhook-Version': '1',
    'X-Turnkey-Event-Id': delivery.eventId,
    'X-Turnkey-Signature-Key-Id': key.kid,
    'X-Turnkey-Signature-Algorithm': 'ed25519',
    'X-Turnkey-Signature-Version': 'v1',
    'X-Turnkey-Signature': toHex(signature),
  };
}
