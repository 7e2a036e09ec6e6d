/** PKCE S256 (RFC 7636): challenge = base64url(SHA-256(verifier)). */
import { sha256 } from '../../../src/crypto/webcrypto.ts';
import { toBase64Url } from '../../../src/encoding/base64url.ts';
import { utf8Encode } from '../../../src/encoding/utf8.ts';

export const isCodeVerifier = (v: unknown): v is string => typeof v === 'string' && /^[A-Za-z0-9._~-]{43,128}$/.test(v);
export const isCodeChallenge = (v: unknown): v is string => typeof v === 'string' && /^[A-Za-z0-9_-]{43}$/.test(v);

export async function pkceMatches(verifier: string, challenge: string): Promise<boolean> {
  return toBase64Url(await sha256(utf8Encode(verifier))) === challenge;
}
