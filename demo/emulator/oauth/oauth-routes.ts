/** Routes of the built-in OAuth provider, under `/oauth` on the API origin. */
import { jsonResponse } from '../http/exchange.ts';
import type { EmulatorContext } from '../context.ts';
import type { Router } from '../http/router.ts';

export function oauthRoutes(ctx: EmulatorContext) {
  return (router: Router): void => {
    router.add('GET', '/oauth/jwks', async () =>
      jsonResponse(200, { keys: [{ ...ctx.keys.oauth.publicJwk, kid: ctx.keys.oauth.kid, alg: 'ES256', use: 'sig' }] }, { 'cache-control': 'no-store' }),
    );
  };
}
