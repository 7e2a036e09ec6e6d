// Verification tokens against the hosted service's own check: `@turnkey/crypto`'s
// verifyOtpVerificationToken (the one `@turnkey/core` uses), given the emulator's signer
// through its documented `dangerouslyOverrideSignerPublicKey`. Tokens the emulator issues in
// the current format pass it; tampered ones and the older format do not (the hosted check
// wants every claim a string and `exp` in milliseconds), while the kit reads both.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
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
    const legacy = await signVerificationToken(claims, issuer.privateKey, 'legacy');
    await assert.rejects(verifyOtpVerificationToken(legacy, toHex(issuer.publicKeyBytes)), /missing required 'exp' claim/);
    assert.deepEqual(await verifyVerificationToken(legacy, issuer.id), claims);
  });
});
