import { describe, it, expect, expectCode, before } from '../../support/harness.ts';
import { p256 } from '@noble/curves/nist.js';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import {
  parseVerificationToken,
  signVerificationToken,
  verifyVerificationToken,
  type VerificationTokenClaims,
} from '../../../src/tokens/verification-token.ts';
import { decodeJwt, jwtSigningInput } from '../../../src/tokens/jwt.ts';
import { fromBase64Url, toBase64Url } from '../../../src/encoding/base64url.ts';
import { toHex } from '../../../src/encoding/hex.ts';
import { utf8Encode } from '../../../src/encoding/utf8.ts';
import { generateTestKey, type TestKey } from '../crypto/test-keys.ts';
import { loadVector } from '../crypto/vectors.ts';

const replacePart = (jwt: string, index: number, part: string): string => {
  const parts = jwt.split('.');
  parts[index] = part;
  return parts.join('.');
};
const segment = (value: unknown): string => toBase64Url(utf8Encode(JSON.stringify(value)));

describe('verification tokens', () => {
  let issuer: TestKey;
  let clientKey: TestKey;
  let claims: VerificationTokenClaims;
  const now = 1_750_000_000_000;
  before(async () => {
    issuer = await generateTestKey();
    clientKey = await generateTestKey();
    claims = { id: 'a1b2c3d4-token', contact: 'alice@example.com', verification_type: 'OTP_TYPE_EMAIL', exp: now / 1000 + 300, public_key: clientKey.id };
  });

  it('signVerificationToken makes a standard ES256 JWT (single SHA-256), checked by noble', async () => {
    const token = await signVerificationToken(claims, issuer.privateKey);
    const { header, signingInput, signature } = decodeJwt(token);
    expect(header).to.deep.equal({ alg: 'ES256', typ: 'JWT' });
    expect(decodeJwt(token).payload.exp, 'the older format: seconds, a number').to.equal(claims.exp);
    expect(signature.length).to.equal(64);
    expect(p256.verify(signature, utf8Encode(signingInput), issuer.publicKeyBytes, { prehash: true, lowS: false })).to.equal(true);
    // Not the session JWT's double hash.
    expect(p256.verify(signature, nobleSha256(utf8Encode(signingInput)), issuer.publicKeyBytes, { prehash: true, lowS: false })).to.equal(false);
  });

  it('verifies with the issuer key (compressed or uncompressed) and returns the claims', async () => {
    const token = await signVerificationToken(claims, issuer.privateKey);
    expect(await verifyVerificationToken(token, issuer.id, { now })).to.deep.equal(claims);
    expect(await verifyVerificationToken(token, toHex(issuer.publicKeyBytes), { now })).to.deep.equal(claims);
  });

  it('keeps public_key optional and organization_id when present', async () => {
    const { public_key: _pk, ...withoutKey } = claims;
    const token = await signVerificationToken({ ...withoutKey, organization_id: 'org-1' }, issuer.privateKey);
    expect(await verifyVerificationToken(token, issuer.id, { now })).to.deep.equal({ ...withoutKey, organization_id: 'org-1' });
    expect(parseVerificationToken(token)).to.not.have.property('public_key');
  });

  it('verifies a token made with WebCrypto directly (independent issuer)', async () => {
    const input = jwtSigningInput({ alg: 'ES256', typ: 'JWT' }, { contact: claims.contact, exp: claims.exp, id: claims.id, public_key: claims.public_key, verification_type: claims.verification_type });
    const signature = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, issuer.privateKey, utf8Encode(input).slice()));
    expect(await verifyVerificationToken(`${input}.${toBase64Url(signature)}`, issuer.id, { now })).to.deep.equal(claims);
  });

  it('refuses expired tokens with ERR_JWT_EXPIRED', async () => {
    const token = await signVerificationToken(claims, issuer.privateKey);
    await expectCode(() => verifyVerificationToken(token, issuer.id, { now: claims.exp * 1000 }), 'ERR_JWT_EXPIRED');
  });

  it('refuses tampering and the wrong key with ERR_JWT_SIGNATURE', async () => {
    const token = await signVerificationToken(claims, issuer.privateKey);
    const other = await generateTestKey();
    const wrongKey = await expectCode(() => verifyVerificationToken(token, other.id, { now }), 'ERR_JWT_SIGNATURE');
    expect(wrongKey.message, 'it says why').to.match(/signature is not valid/);
    await expectCode(() => verifyVerificationToken(replacePart(token, 1, segment({ ...claims, contact: 'mallory@example.com' })), issuer.id, { now }), 'ERR_JWT_SIGNATURE');
    await expectCode(() => verifyVerificationToken(replacePart(token, 0, segment({ alg: 'ES256' })), issuer.id, { now }), 'ERR_JWT_SIGNATURE');
    const signature = fromBase64Url(token.split('.')[2]!);
    signature[63]! ^= 1;
    await expectCode(() => verifyVerificationToken(replacePart(token, 2, toBase64Url(signature)), issuer.id, { now }), 'ERR_JWT_SIGNATURE');
  });

  it('refuses properly signed tokens with bad claims with ERR_JWT_CLAIMS', async () => {
    const sign = async (payload: Record<string, unknown>) => {
      const input = jwtSigningInput({ alg: 'ES256', typ: 'JWT' }, payload);
      const signature = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, issuer.privateKey, utf8Encode(input).slice()));
      return `${input}.${toBase64Url(signature)}`;
    };
    const { id: _id, ...noId } = claims;
    for (const payload of [noId, { ...claims, exp: 'soon' }, { ...claims, contact: '' }, { ...claims, public_key: 'abc' }, { ...claims, verification_type: 3 }]) {
      const token = await sign(payload);
      await expectCode(() => verifyVerificationToken(token, issuer.id, { now }), 'ERR_JWT_CLAIMS');
      await expectCode(() => parseVerificationToken(token), 'ERR_JWT_CLAIMS');
    }
    await expectCode(() => signVerificationToken({ ...claims, id: '' }, issuer.privateKey), 'ERR_JWT_CLAIMS');
  });

  it('the current hosted format: every claim a string, exp in milliseconds; it reads back as the same claims', async () => {
    const current = { ...claims, organization_id: 'org-1' };
    const token = await signVerificationToken(current, issuer.privateKey, 'current');
    const { payload } = decodeJwt(token);
    expect(Object.values(payload).every((value) => typeof value === 'string')).to.equal(true);
    expect(payload.exp).to.equal(String(current.exp * 1000));
    expect(await verifyVerificationToken(token, issuer.id, { now })).to.deep.equal(current);
    expect(parseVerificationToken(token)).to.deep.equal(current);
    await expectCode(() => verifyVerificationToken(token, issuer.id, { now: current.exp * 1000 }), 'ERR_JWT_EXPIRED');
  });

  it('A8 jwt-and-token-claims: refuses an exp of the wrong magnitude for its format, and a header that is not an ES256 JWT', async () => {
    const sign = async (payload: Record<string, unknown>, header: Record<string, unknown> = { alg: 'ES256', typ: 'JWT' }) => {
      const input = jwtSigningInput(header, payload);
      const signature = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, issuer.privateKey, utf8Encode(input).slice()));
      return `${input}.${toBase64Url(signature)}`;
    };
    // The helper's tokens verify as they are: a refusal below is for the changed exp or header.
    expect(await verifyVerificationToken(await sign({ ...claims }), issuer.id, { now })).to.deep.equal(claims);
    // Milliseconds written as a number, seconds written as a string, a decimal, a negative, zero,
    // the first millisecond-sized number, a string in an array, text around the digits.
    const ms = String(claims.exp * 1000);
    // And the milliseconds with anything before or after them that Number() still reads the same.
    for (const exp of [claims.exp * 1000, String(claims.exp), `${ms}.5`, -1, 0, 1e11, '0012', [ms], `x${ms}`, `${ms}x`, '99999999999', `0${ms}`, ` ${ms}`, `+${ms}`, `${ms}.0`, `${ms} `, '1e11']) {
      const refusal = await expectCode(async () => verifyVerificationToken(await sign({ ...claims, exp }), issuer.id, { now }), 'ERR_JWT_CLAIMS');
      expect(refusal.message, JSON.stringify(exp)).to.match(/lacks a claim or has one of the wrong type/);
    }
    // The edges that are allowed: 1e11 - 1 seconds as a number, 1e11 milliseconds as a string.
    expect(parseVerificationToken(await sign({ ...claims, exp: 1e11 - 1 })).exp).to.equal(1e11 - 1);
    expect(parseVerificationToken(await sign({ ...claims, exp: '100000000000' })).exp).to.equal(1e8);
    // public_key exactly a compressed key; organization_id, when there, a string.
    for (const bad of [{ public_key: `x${clientKey.id}` }, { public_key: `${clientKey.id}00` }, { public_key: [clientKey.id] }, { organization_id: 7 }]) {
      await expectCode(async () => verifyVerificationToken(await sign({ ...claims, ...bad }), issuer.id, { now }), 'ERR_JWT_CLAIMS');
    }
    await expectCode(async () => verifyVerificationToken(await sign({ ...claims }, { alg: 'ES256', typ: 'JOSE' }), issuer.id, { now }), 'ERR_JWT_SIGNATURE');
    const header = await expectCode(async () => verifyVerificationToken(await sign({ ...claims }, { alg: 'HS256', typ: 'JWT' }), issuer.id, { now }), 'ERR_JWT_SIGNATURE');
    expect(header.message, 'it says why').to.match(/not an ES256 JWT/);
  });

  it('reads a real token of the hosted service\'s older flow (exp in seconds, no organization_id) with its signer\'s key, until its exp', async () => {
    const vector = await loadVector<{ signerPublicKeyHex: string; token: string; expectedClaims: VerificationTokenClaims }>('legacy-verification-token.json');
    const { exp } = vector.expectedClaims;
    expect(await verifyVerificationToken(vector.token, vector.signerPublicKeyHex, { now: exp * 1000 - 1 })).to.deep.equal(vector.expectedClaims);
    await expectCode(() => verifyVerificationToken(vector.token, vector.signerPublicKeyHex, { now: exp * 1000 }), 'ERR_JWT_EXPIRED');
    await expectCode(() => verifyVerificationToken(vector.token, issuer.id, { now: exp * 1000 - 1 }), 'ERR_JWT_SIGNATURE');
  });

  it('parseVerificationToken reads id and public_key without verifying', async () => {
    const token = await signVerificationToken(claims, issuer.privateKey);
    expect(parseVerificationToken(replacePart(token, 2, 'AAAA'))).to.deep.equal(claims);
    await expectCode(() => parseVerificationToken('header.payload.signature'), 'ERR_JWT_MALFORMED');
  });
});
