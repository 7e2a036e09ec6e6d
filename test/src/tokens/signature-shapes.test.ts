// B2 pinned for the token verifiers (issue 39): the session JWT, the verification token in both
// claim formats and the client signature refuse an empty, cut short, all-zero or over-long
// signature, over the signed bytes and over changed ones. A refactor to
// `if (signature.length > 0 && !verify(…))` in any of them fails here.
import { describe, it, expect, expectCode, before } from '../../support/harness.ts';
import { verifySessionJwt, type SessionClaims } from '../../../src/tokens/session-jwt.ts';
import { signVerificationToken, verifyVerificationToken, type VerificationTokenClaims } from '../../../src/tokens/verification-token.ts';
import { createLoginClientSignature, verifyClientSignature } from '../../../src/tokens/client-signature.ts';
import { decodeJwt } from '../../../src/tokens/jwt.ts';
import { rawToDer } from '../../../src/crypto/der.ts';
import { toBase64Url } from '../../../src/encoding/base64url.ts';
import { fromHex, toHex } from '../../../src/encoding/hex.ts';
import { utf8Encode } from '../../../src/encoding/utf8.ts';
import { rawSignatureShapes } from '../../support/signature-shapes.ts';
import { loadVector } from '../crypto/vectors.ts';
import { generateTestKey, type TestKey } from '../crypto/test-keys.ts';

const segment = (value: unknown): string => toBase64Url(utf8Encode(JSON.stringify(value)));

/** `token` with its payload replaced by `payload` (unsigned) and its signature by `signature`. */
function retoken(token: string, payload: Record<string, unknown> | undefined, signature: Uint8Array | string): string {
  const [header, body] = token.split('.') as [string, string];
  return `${header}.${payload ? segment(payload) : body}.${typeof signature === 'string' ? signature : toBase64Url(signature)}`;
}

/** Signature parts that decode to no bytes at all ("=" and "==" are valid base64url of nothing). */
const EMPTY_PARTS = ['', '=', '=='];

/** An empty signature part is not a JWT at all; every other shape is a signature that fails. */
const codeFor = (signature: Uint8Array): string => (signature.length === 0 ? 'ERR_JWT_MALFORMED' : 'ERR_JWT_SIGNATURE');

describe('B2 appproof-mutations (every token verifier): no signature is optional', () => {
  let session: { jwt: string; expectedClaims: SessionClaims };
  let issuer: TestKey;
  let otpKey: TestKey;
  let sessionKey: TestKey;
  const now = 1_750_000_000_000;
  before(async () => {
    session = await loadVector<{ jwt: string; expectedClaims: SessionClaims }>('session-jwt.json');
    issuer = await generateTestKey();
    otpKey = await generateTestKey();
    sessionKey = await generateTestKey();
  });

  it('decodeJwt says which: an empty part, or a signature part that decodes to no bytes', async () => {
    const [header, payload] = [segment({ alg: 'ES256', typ: 'JWT' }), segment({ sub: 'x' })];
    for (const token of [`.${payload}.AA`, `${header}..AA`, `${header}.${payload}.`]) {
      expect((await expectCode(() => decodeJwt(token), 'ERR_JWT_MALFORMED')).message, token).to.match(/three non-empty/);
    }
    for (const part of ['=', '==']) expect((await expectCode(() => decodeJwt(`${header}.${payload}.${part}`), 'ERR_JWT_MALFORMED')).message, part).to.match(/signature is empty/);
    expect(decodeJwt(`${header}.${payload}.AA`).signature).to.deep.equal(new Uint8Array(1));
  });

  it('session JWT (the published vector): each shape, over its claims and over changed ones, is refused', async () => {
    const { payload, signature } = decodeJwt(session.jwt);
    expect(await verifySessionJwt(session.jwt, { ignoreExpiry: true })).to.deep.equal(session.expectedClaims);
    const shapes = [...rawSignatureShapes(signature), ['the genuine signature as DER', rawToDer(signature)] as const];
    for (const claims of [undefined, { ...payload, user_id: 'another-user' }]) {
      for (const [name, bytes] of shapes) {
        const token = retoken(session.jwt, claims, bytes);
        const refusal = await expectCode(() => verifySessionJwt(token, { ignoreExpiry: true }), codeFor(bytes));
        expect(refusal.message, name).to.match(/sign|JWT/);
        // Also with the expiry judged (a verifier that checks claims first must still refuse).
        await expectCode(() => verifySessionJwt(token, { now: session.expectedClaims.exp * 1000 - 1 }), codeFor(bytes));
      }
      for (const part of EMPTY_PARTS) await expectCode(() => verifySessionJwt(retoken(session.jwt, claims, part), { ignoreExpiry: true }), 'ERR_JWT_MALFORMED');
    }
  });

  for (const format of ['legacy', 'current'] as const) {
    it(`verification token (${format} format): each shape, over its claims and over changed ones, is refused`, async () => {
      const claims: VerificationTokenClaims = { id: 'token-1', contact: 'alice@example.com', verification_type: 'OTP_TYPE_EMAIL', exp: now / 1000 + 300, public_key: otpKey.id };
      const token = await signVerificationToken(claims, issuer.privateKey, format);
      expect(await verifyVerificationToken(token, issuer.id, { now })).to.deep.equal(claims);
      const { payload, signature } = decodeJwt(token);
      for (const changed of [undefined, { ...payload, public_key: sessionKey.id }, { ...payload, contact: 'mallory@example.com' }]) {
        for (const [name, bytes] of [...rawSignatureShapes(signature), ['the genuine signature as DER', rawToDer(signature)] as const]) {
          const refusal = await expectCode(() => verifyVerificationToken(retoken(token, changed, bytes), issuer.id, { now }), codeFor(bytes));
          expect(refusal.message, name).to.match(/sign|JWT/);
        }
        for (const part of EMPTY_PARTS) await expectCode(() => verifyVerificationToken(retoken(token, changed, part), issuer.id, { now }), 'ERR_JWT_MALFORMED');
      }
    });
  }

  it('client signature: each shape (hex), over its message and over a changed one, is ERR_SIGNATURE_INVALID', async () => {
    const cs = await createLoginClientSignature({ tokenId: 'token-1', sessionPublicKey: sessionKey.id, signingKey: otpKey });
    const expectations = { expectedPublicKey: otpKey.id, expectedType: 'USAGE_TYPE_LOGIN' as const, expectedTokenId: 'token-1' };
    expect((await verifyClientSignature(cs, expectations)).type).to.equal('USAGE_TYPE_LOGIN');
    const changed = cs.message.replace(sessionKey.id, issuer.id);
    expect(changed).to.not.equal(cs.message);
    for (const message of [cs.message, changed]) {
      for (const [name, bytes] of [...rawSignatureShapes(fromHex(cs.signature)), ['the genuine signature as DER', rawToDer(fromHex(cs.signature))] as const]) {
        const refusal = await expectCode(() => verifyClientSignature({ ...cs, message, signature: toHex(bytes) }, expectations), 'ERR_SIGNATURE_INVALID');
        expect(refusal.message, name).to.match(/does not match its message/);
      }
    }
  });
});
