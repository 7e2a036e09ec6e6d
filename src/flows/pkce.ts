import { toBase64Url } from '../encoding/base64url.ts';
import { utf8Encode } from '../encoding/utf8.ts';
import { randomBytes, sha256 } from '../crypto/webcrypto.ts';

export interface Pkce {
  codeVerifier: string;
  codeChallenge: string;
  codeChallengeMethod: 'S256';
}

/** RFC 7636 S256: verifier = base64url of 32 random bytes, challenge = base64url(SHA-256(verifier)). */
export async function createPkce(): Promise<Pkce> {
  const codeVerifier = toBase64Url(randomBytes(32));
  const codeChallenge = toBase64Url(await sha256(utf8Encode(codeVerifier)));
  return { codeVerifier, codeChallenge, codeChallengeMethod: 'S256' };
}
