/**
 * The emulator's own JSON endpoints, for developers and tests (not part of the service):
 * `GET /__keys` (public keys the kit must be told to trust; open to every origin) and
 * `GET /__outbox` (OTP messages that a real service would have emailed or texted, newest first;
 * only for the emulator's own pages, dev origins and tools: http/dev-access.ts).
 */
import { jsonResponse } from '../http/exchange.ts';
import { webhookJwks } from '../keys/emulator-keys.ts';
import { devAccessHeaders } from '../http/dev-access.ts';
import { OAUTH_PROVIDER_NAMES } from '../config/proxy-config.ts';
import { oauthIssuer } from '../oauth/issuers.ts';
import { proofKeys } from '../proofs/app-proof-feature.ts';
import type { EmulatorContext } from '../context.ts';
import type { Router } from '../http/router.ts';

export function keysDocument(ctx: EmulatorContext): Record<string, unknown> {
  const { keys, urls } = ctx;
  return {
    /** Verifies session JWTs (double-SHA-256 ES256, PROTOCOL.md §4). */
    notarizerPublicKey: keys.notarizer.publicKeyHex,
    /** Verifies OTP verification tokens (ES256). */
    verificationTokenPublicKey: keys.verificationSigner.publicKeyHex,
    /** Signs export bundles and import targets (PROTOCOL.md §6). */
    enclavePublicKey: keys.enclave.publicKeyHex,
    /**
     * Signs OTP encryption target bundles (otp_init_v2, PROTOCOL.md §9): the same enclave key,
     * uncompressed, as `@turnkey/crypto`'s `dangerouslyOverrideSignerPublicKey` wants it.
     */
    otpEncryptionSignerPublicKey: keys.enclave.publicKeyHex,
    oauthJwksUrl: `${urls.oauthUrl}/jwks`,
    oauthIssuers: Object.fromEntries(OAUTH_PROVIDER_NAMES.map((p) => [p, oauthIssuer(ctx, p)])),
    webhookJwks: webhookJwks(keys),
    /** The App Proof test root (trustedRootSha256 for verifyAppProofs; issue 5). */
    ...proofKeys(ctx),
  };
}

export function devRoutes(ctx: EmulatorContext) {
  return (router: Router): void => {
    router.add('GET', '/__keys', async () => jsonResponse(200, keysDocument(ctx), { 'cache-control': 'no-store' }));
    router.add('GET', '/__outbox', async (request) => {
      const access = devAccessHeaders({ urls: ctx.urls, devOrigins: ctx.devOrigins }, request);
      const to = request.query.get('to');
      const outbox = ctx.store.read.outbox;
      const messages = (to ? outbox.findBy('to', to.toLowerCase()) : outbox.values())
        .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1))
        .map((m) => ({ ...m, createdAtIso: new Date(m.createdAt).toISOString() }));
      return jsonResponse(200, { messages }, { 'cache-control': 'no-store', ...access });
    });
  };
}
