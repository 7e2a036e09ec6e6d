/**
 * The emulator's own JSON endpoints, for developers and tests (not part of the service):
 * `GET /__keys` (public keys the kit must be told to trust; open to every origin),
 * `GET /__outbox` (OTP messages that a real service would have emailed or texted, newest first,
 * each email as rendered: subject, from, replyTo, html, text, magicLink) and
 * `GET /__outbox/<id>` (one email's HTML body as a page, under a CSP that runs no script and
 * loads nothing but images; a sandbox too). The outbox routes answer only the emulator's own
 * pages, dev origins and tools (http/dev-access.ts).
 */
import { htmlResponse, jsonResponse } from '../http/exchange.ts';
import { notFound } from '../http/service-error.ts';
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
    /**
     * Where the kit's `emulator` option finds the rest (src/kit/emulator-options.ts), and the
     * default (`demo`) organization that `--api-key` keys act on as its root user.
     */
    apiUrl: urls.apiUrl,
    proxyUrl: urls.proxyUrl,
    oauthUrl: urls.oauthUrl,
    organizationId: ctx.store.read.proxyBindings.get('demo')?.organizationId,
    /** Verifies session JWTs (double-SHA-256 ES256, docs/protocol.md §4). */
    notarizerPublicKey: keys.notarizer.publicKeyHex,
    /** Verifies OTP verification tokens (ES256). */
    verificationTokenPublicKey: keys.verificationSigner.publicKeyHex,
    /** Signs export bundles and import targets (docs/protocol.md §6). */
    enclavePublicKey: keys.enclave.publicKeyHex,
    /**
     * Signs OTP encryption target bundles (otp_init_v2, docs/protocol.md §9): the same enclave key,
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
    router.add('GET', '/__outbox/:id', async (request, params) => {
      const access = devAccessHeaders({ urls: ctx.urls, devOrigins: ctx.devOrigins }, request);
      const message = ctx.store.read.outbox.get(params.id ?? '');
      if (!message?.html) throw notFound('NOT_FOUND', 'No email with this id in the outbox.');
      return htmlResponse(200, message.html, {
        'cache-control': 'no-store',
        'content-security-policy': "default-src 'none'; img-src https: http://localhost:* http://127.0.0.1:* http://[::1]:*; style-src 'unsafe-inline'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'; sandbox allow-popups allow-popups-to-escape-sandbox",
        'referrer-policy': 'no-referrer',
        ...access,
      });
    });
  };
}
