/**
 * A sample webhook consumer, as an app's server would write one (SECURITY.md F3, F4): verifies
 * each delivery's Ed25519 signature (docs/protocol.md §8) with keys from the JWKS, refetching the JWKS
 * once when a delivery names a key it has not seen (a rotation), refuses stale timestamps, and
 * handles each event id once: a retried or duplicated delivery is acknowledged but not applied
 * again. Out-of-order arrival is the receiver's to expect: each event carries the whole activity.
 *
 *   const consumer = new WebhookConsumer({ jwksUrl: `${apiUrl}/__webhooks/jwks`, onEvent });
 *   const outcome = await consumer.handle(request.headers, rawBodyBytes);  // 2xx unless !outcome.ok
 *
 * Failure reasons use the hosted SDK's names (`missing_key`, `invalid_signature`, …).
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { fromBase64Url } from '../../../src/encoding/base64url.ts';
import { fromHex } from '../../../src/encoding/hex.ts';
import { signedBytes } from './webhook-signature.ts';

export type WebhookFailure = 'missing_header' | 'invalid_timestamp' | 'stale_timestamp' | 'unsupported_signature_version' | 'unsupported_signature_algorithm' | 'missing_key' | 'invalid_signature';

export type WebhookOutcome = { ok: true; eventId: string; keyId: string; duplicate: boolean } | { ok: false; reason: WebhookFailure };

export interface WebhookConsumerOptions {
  jwksUrl: string;
  /** Called once per event id, with the parsed body. */
  onEvent: (event: { eventId: string; eventType: string; body: unknown }) => void | Promise<void>;
  /** Replay window; default 5 minutes. */
  maxTimestampAgeMs?: number;
  /** Event ids remembered for de-duplication; default 10,000. */
  rememberEvents?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

type Headers = Record<string, string | undefined>;

export class WebhookConsumer {
  private keys = new Map<string, Uint8Array>();
  private readonly seen = new Set<string>();
  private refreshing: Promise<void> | undefined;

  constructor(private readonly options: WebhookConsumerOptions) {}

  /** Times the JWKS was fetched (tests: a rotation costs exactly one refetch). */
  jwksFetches = 0;

  async handle(rawHeaders: Headers | globalThis.Headers, body: Uint8Array): Promise<WebhookOutcome> {
    const header = (name: string): string | undefined =>
      rawHeaders instanceof globalThis.Headers ? (rawHeaders.get(name) ?? undefined) : (rawHeaders[name.toLowerCase()] ?? rawHeaders[name]);
    const names = ['X-Turnkey-Event-Id', 'X-Turnkey-Event-Type', 'X-Turnkey-Timestamp', 'X-Turnkey-Signature-Key-Id', 'X-Turnkey-Signature-Algorithm', 'X-Turnkey-Signature-Version', 'X-Turnkey-Signature'];
    const [eventId, eventType, timestamp, keyId, algorithm, version, signature] = names.map(header);
    if (!eventId || !eventType || !timestamp || !keyId || !algorithm || !version || !signature) return { ok: false, reason: 'missing_header' };
    if (version !== 'v1') return { ok: false, reason: 'unsupported_signature_version' };
    if (algorithm !== 'ed25519') return { ok: false, reason: 'unsupported_signature_algorithm' };
    if (!/^\d{1,16}$/.test(timestamp)) return { ok: false, reason: 'invalid_timestamp' };
    const now = (this.options.now ?? Date.now)();
    if (Math.abs(now - Number(timestamp)) > (this.options.maxTimestampAgeMs ?? 300_000)) return { ok: false, reason: 'stale_timestamp' };
    let key = this.keys.get(keyId);
    if (!key) {
      // An unknown key id: the sender may have rotated. One refetch, shared by concurrent calls.
      await this.refresh();
      key = this.keys.get(keyId);
      if (!key) return { ok: false, reason: 'missing_key' };
    }
    let valid = false;
    try {
      valid = /^[0-9a-f]{128}$/i.test(signature) && ed25519.verify(fromHex(signature), signedBytes(keyId, timestamp, eventId, body), key);
    } catch {
      valid = false;
    }
    if (!valid) return { ok: false, reason: 'invalid_signature' };
    if (this.seen.has(eventId)) return { ok: true, eventId, keyId, duplicate: true };
    this.remember(eventId);
    await this.options.onEvent({ eventId, eventType, body: JSON.parse(new TextDecoder().decode(body)) as unknown });
    return { ok: true, eventId, keyId, duplicate: false };
  }

  private remember(eventId: string): void {
    this.seen.add(eventId);
    const limit = this.options.rememberEvents ?? 10_000;
    // A Set iterates in insertion order: the first ids are the oldest.
    for (const old of this.seen) {
      if (this.seen.size <= limit) break;
      this.seen.delete(old);
    }
  }

  private refresh(): Promise<void> {
    this.refreshing ??= (async () => {
      try {
        this.jwksFetches += 1;
        const response = await (this.options.fetch ?? fetch)(this.options.jwksUrl, { headers: { accept: 'application/json' } });
        const jwks = (await response.json()) as { keys?: { kty?: string; crv?: string; kid?: string; x?: string }[] };
        const keys = new Map<string, Uint8Array>();
        for (const jwk of jwks.keys ?? []) {
          if (jwk.kty === 'OKP' && jwk.crv === 'Ed25519' && typeof jwk.kid === 'string' && typeof jwk.x === 'string') keys.set(jwk.kid, fromBase64Url(jwk.x));
        }
        this.keys = keys;
      } catch {
        // Unreachable JWKS: the keys known so far stay; the delivery is refused as missing_key.
      } finally {
        this.refreshing = undefined;
      }
    })();
    return this.refreshing;
  }
}
