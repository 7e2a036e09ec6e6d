/** Reads back an access token of the built-in provider (signature, expiry). */
import { decodeJwt } from '../../../src/tokens/jwt.ts';
import { importP256PublicKey, verifyP256 } from '../../../src/stamp/ecdsa.ts';
import { utf8Encode } from '../../../src/encoding/utf8.ts';
import type { EmulatorContext } from '../context.ts';

export async function readAccessToken(ctx: EmulatorContext, token: string): Promise<{ iss: unknown; sub: unknown; email: unknown } | null> {
  try {
    const { header, payload, signingInput, signature } = decodeJwt(token);
    if (header.typ !== 'at+jwt' || header.kid !== ctx.keys.oauth.kid) return null;
    const key = await importP256PublicKey(ctx.keys.oauth.publicKeyHex);
    if (!(await verifyP256(key, signature, utf8Encode(signingInput)))) return null;
    if (typeof payload.exp !== 'number' || payload.exp * 1000 <= ctx.now()) return null;
    return { iss: payload.iss, sub: payload.sub, email: payload.email };
  } catch {
    return null;
  }
}
