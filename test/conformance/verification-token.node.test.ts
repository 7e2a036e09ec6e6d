// Verification tokens against the hosted service's own check: `@turnkey/crypto`'s
// verifyOtpVerificationToken (the one `@turnkey/core` uses), given the emulator's signer
// through its documented `dangerouslyOverrideSignerPublicKey`. Tokens the emulator issues in
// the current format pass it; tampered ones and the older format do not (the hosted check
// wants every claim a string, `organization_id`, and `exp` in milliseconds), while the kit reads
// both. A real token of the hosted service's older flow is refused by it the same way.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { verifyOtpVerificationToken } from '@turnkey/crypto';
import { signVerificationToken, verifyVerificationToken, type VerificationTokenClaims } from '../../src/tokens/verification-token.ts';
import { toHex } from '../../src/encoding/hex.ts';
import { fromBase64Url, toBase64Url } from '../../src/encoding/base64url.ts';
import { generateTestKey, type TestKey } from '../src/crypto/test-keys.ts';

describe('verification tokens against @turnkey/crypto', () => {
  let issuer: TestKey;
  let claims: VerificationTokenClaims;
  before(async () => {
    issuer = await generateTestKey();
    const client = await generateTestKey();
    claims = {
      id: crypto.randomUUID(),
      contact: 'alice@example.com',
      verification_type: 'OTP_TYPE_EMAIL',
      exp: Math.floor(Date.now() / 1000) + 600,
      public_key: client.id,
      organization_id: crypto.randomUUID(),
    };
  });

  it('a current-format token passes the hosted check, which returns the same claims (exp in ms)', async () => {
    const token = await signVerificationToken(claims, issuer.privateKey, 'current');
    const hosted = await verifyOtpVerificationToken(token, toHex(issuer.publicKeyBytes));
    assert.deepEqual(hosted, { ...claims, exp: String(claims.exp * 1000) });
    assert.deepEqual(await verifyVerificationToken(token, issuer.id), claims);
  });

  it('the hosted check refuses a tampered token, another signer, and the older format (which the kit still reads)', async () => {
    const token = await signVerificationToken(claims, issuer.privateKey, 'current');
    const signature = fromBase64Url(token.split('.')[2]!);
    signature[10]! ^= 1;
    const tampered = `${token.split('.').slice(0, 2).join('.')}.${toBase64Url(signature)}`;
    await assert.rejects(verifyOtpVerificationToken(tampered, toHex(issuer.publicKeyBytes)), /signature is invalid/);
    const other = await generateTestKey();
    await assert.rejects(verifyOtpVerificationToken(token, toHex(other.publicKeyBytes)), /signature is invalid/);
    const { organization_id: _org, ...older } = claims;
    const legacy = await signVerificationToken(older, issuer.privateKey, 'legacy');
    await assert.rejects(verifyOtpVerificationToken(legacy, toHex(issuer.publicKeyBytes)), /missing required 'organization_id' claim/);
    assert.deepEqual(await verifyVerificationToken(legacy, issuer.id), older);
  });

  it('the hosted check refuses a real token of the hosted service\'s own older flow, signature good, for its claims: the v1 path issues a format the library does not take', async () => {
    const vector = JSON.parse(await readFile(new URL('../vectors/legacy-verification-token.json', import.meta.url), 'utf8')) as { signerPublicKeyHex: string; token: string };
    // The signature check passes (the library gets as far as the claims) and the claims fail:
    // the same refusal as for the emulator's v1 token (test/emulator/proxy-otp.node.test.ts).
    await assert.rejects(verifyOtpVerificationToken(vector.token, vector.signerPublicKeyHex), /missing required 'organization_id' claim/);
    // By default the library trusts only the enclave's signer, which never signed this token.
    await assert.rejects(verifyOtpVerificationToken(vector.token), /signature is invalid/);
  });
});
