import { describe, it, expect, expectCode, before } from '../../support/harness.ts';
import { p256 } from '@noble/curves/nist.js';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import {
  HOSTED_NOTARIZER_PUBLIC_KEY,
  parseSessionJwt,
  signSessionJwt,
  verifySessionJwt,
  type SessionClaims,
} from '../../../src/tokens/session-jwt.ts';
import { decodeJwt, jwtSigningInput } from '../../../src/tokens/jwt.ts';
import { compressPublicKey } from '../../../src/crypto/p256.ts';
import { fromBase64Url, toBase64Url } from '../../../src/encoding/base64url.ts';
import { fromHex, toHex } from '../../../src/encoding/hex.ts';
import { utf8Encode } from '../../../src/encoding/utf8.ts';
import { loadVector } from '../crypto/vectors.ts';
import { generateTestKey, type TestKey } from '../crypto/test-keys.ts';

interface SessionVector {
  notarizerPublicKeyHex: string;
  jwt: string;
  expectedClaims: SessionClaims;
}

const replacePart = (jwt: string, index: number, part: string): string => {
  const parts = jwt.split('.');
  parts[index] = part;
  return parts.join('.');
};
const segment = (value: unknown): string => toBase64Url(utf8Encode(JSON.stringify(value)));

/** Signs any payload the notarizer's way (double SHA-256), bypassing signSessionJwt's checks. */
async function notarize(payload: Record<string, unknown>, key: TestKey, header: Record<string, unknown> = { alg: 'ES256', typ: 'JWT' }): Promise<string> {
  const input = jwtSigningInput(header, payload);
  const digest = nobleSha256(utf8Encode(input));
  const signature = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key.privateKey, digest.slice()));
  return `${input}.${toBase64Url(signature)}`;
}

describe('session JWT', () => {
  let vector: SessionVector;
  before(async () => {
    vector = await loadVector<SessionVector>('session-jwt.json');
  });

  it('pins the hosted notarizer key of docs/protocol.md §4', () => {
    expect(HOSTED_NOTARIZER_PUBLIC_KEY).to.equal(vector.notarizerPublicKeyHex);
  });

  it('verifies the published vector with the hosted key (expiry ignored)', async () => {
    expect(await verifySessionJwt(vector.jwt, { ignoreExpiry: true })).to.deep.equal(vector.expectedClaims);
  });

  it('verifies the vector before exp and refuses it from exp on with ERR_JWT_EXPIRED', async () => {
    const exp = vector.expectedClaims.exp;
    expect(await verifySessionJwt(vector.jwt, { now: exp * 1000 - 1 })).to.deep.equal(vector.expectedClaims);
    await expectCode(() => verifySessionJwt(vector.jwt, { now: exp * 1000 }), 'ERR_JWT_EXPIRED');
    const refusal = await expectCode(() => verifySessionJwt(vector.jwt, { now: exp * 1000 + 60_000 }), 'ERR_JWT_EXPIRED');
    expect(refusal.message, 'it says why').to.match(/has expired/);
    // The vector is from 2025: with the real clock it is long expired.
    await expectCode(() => verifySessionJwt(vector.jwt), 'ERR_JWT_EXPIRED');
  });

  it('accepts the notarizer key in compressed form too', async () => {
    const compressed = toHex(compressPublicKey(fromHex(vector.notarizerPublicKeyHex)));
    expect(await verifySessionJwt(vector.jwt, { notarizerPublicKey: compressed, ignoreExpiry: true })).to.deep.equal(vector.expectedClaims);
  });

  it('is signed over SHA-256(SHA-256(header.payload)): plain single-hash ES256 verification FAILS', async () => {
    const { signingInput, signature } = decodeJwt(vector.jwt);
    const key = await crypto.subtle.importKey('raw', fromHex(vector.notarizerPublicKeyHex).slice(), { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
    const plain = await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, signature.slice(), utf8Encode(signingInput).slice());
    expect(plain).to.equal(false);
    // Independent check with noble: ECDSA-SHA256 over the first digest verifies.
    const firstDigest = nobleSha256(utf8Encode(signingInput));
    expect(p256.verify(signature, firstDigest, fromHex(vector.notarizerPublicKeyHex), { prehash: true, lowS: false })).to.equal(true);
    expect(p256.verify(signature, utf8Encode(signingInput), fromHex(vector.notarizerPublicKeyHex), { prehash: true, lowS: false })).to.equal(false);
  });

  it('refuses a tampered payload with ERR_JWT_SIGNATURE', async () => {
    const other = { ...vector.expectedClaims, session_type: 'SESSION_TYPE_READ_ONLY' };
    await expectCode(() => verifySessionJwt(replacePart(vector.jwt, 1, segment(other)), { ignoreExpiry: true }), 'ERR_JWT_SIGNATURE');
    const later = { ...vector.expectedClaims, exp: vector.expectedClaims.exp + 3600 };
    await expectCode(() => verifySessionJwt(replacePart(vector.jwt, 1, segment(later)), { ignoreExpiry: true }), 'ERR_JWT_SIGNATURE');
  });

  it('refuses a tampered signature with ERR_JWT_SIGNATURE', async () => {
    const signature = fromBase64Url(vector.jwt.split('.')[2]!);
    const flipped = signature.slice();
    flipped[10]! ^= 0x40;
    await expectCode(() => verifySessionJwt(replacePart(vector.jwt, 2, toBase64Url(flipped)), { ignoreExpiry: true }), 'ERR_JWT_SIGNATURE');
    await expectCode(() => verifySessionJwt(replacePart(vector.jwt, 2, toBase64Url(signature.subarray(0, 63))), { ignoreExpiry: true }), 'ERR_JWT_SIGNATURE');
    // r and s swapped
    const swapped = new Uint8Array([...signature.subarray(32), ...signature.subarray(0, 32)]);
    await expectCode(() => verifySessionJwt(replacePart(vector.jwt, 2, toBase64Url(swapped)), { ignoreExpiry: true }), 'ERR_JWT_SIGNATURE');
  });

  it('refuses a tampered header with ERR_JWT_SIGNATURE', async () => {
    await expectCode(() => verifySessionJwt(replacePart(vector.jwt, 0, segment({ alg: 'ES256', typ: 'JWS' })), { ignoreExpiry: true }), 'ERR_JWT_SIGNATURE');
    await expectCode(() => verifySessionJwt(replacePart(vector.jwt, 0, segment({ typ: 'JWT', alg: 'ES256' })), { ignoreExpiry: true }), 'ERR_JWT_SIGNATURE');
    const refusal = await expectCode(() => verifySessionJwt(replacePart(vector.jwt, 0, segment({ alg: 'none', typ: 'JWT' })), { ignoreExpiry: true }), 'ERR_JWT_SIGNATURE');
    expect(refusal.message, 'it says why').to.match(/not an ES256 JWT/);
  });

  it('refuses the vector under another notarizer key with ERR_JWT_SIGNATURE', async () => {
    const other = await generateTestKey();
    const refusal = await expectCode(() => verifySessionJwt(vector.jwt, { notarizerPublicKey: other.id, ignoreExpiry: true }), 'ERR_JWT_SIGNATURE');
    expect(refusal.message, 'it says why').to.match(/not signed by the trusted notarizer/);
  });

  it('refuses an unusable notarizer key with ERR_KEY_*', async () => {
    await expectCode(() => verifySessionJwt(vector.jwt, { notarizerPublicKey: 'zz', ignoreExpiry: true }), 'ERR_KEY_FORMAT');
    await expectCode(() => verifySessionJwt(vector.jwt, { notarizerPublicKey: vector.notarizerPublicKeyHex.slice(0, -2) + '00', ignoreExpiry: true }), 'ERR_KEY_NOT_ON_CURVE');
  });

  it('refuses malformed tokens with ERR_JWT_MALFORMED', async () => {
    await expectCode(() => verifySessionJwt('not.a.jwt'), 'ERR_JWT_MALFORMED');
    await expectCode(() => verifySessionJwt(vector.jwt.split('.').slice(0, 2).join('.')), 'ERR_JWT_MALFORMED');
  });

  it('parseSessionJwt reads the claims without verifying', () => {
    expect(parseSessionJwt(vector.jwt)).to.deep.equal(vector.expectedClaims);
    const unsigned = replacePart(vector.jwt, 2, 'AAAA');
    expect(parseSessionJwt(unsigned)).to.deep.equal(vector.expectedClaims);
  });

  describe('with an emulator notarizer', () => {
    let notarizer: TestKey;
    let claims: SessionClaims;
    before(async () => {
      notarizer = await generateTestKey();
      const session = await generateTestKey();
      claims = {
        exp: Math.floor(Date.now() / 1000) + 900,
        public_key: session.id,
        session_type: 'SESSION_TYPE_READ_WRITE',
        user_id: 'user-1',
        organization_id: 'org-1',
      };
    });

    it('signSessionJwt makes a token that verifySessionJwt accepts with that key only', async () => {
      const jwt = await signSessionJwt(claims, notarizer.privateKey);
      expect(decodeJwt(jwt).header).to.deep.equal({ alg: 'ES256', typ: 'JWT' });
      expect(await verifySessionJwt(jwt, { notarizerPublicKey: notarizer.id })).to.deep.equal(claims);
      await expectCode(() => verifySessionJwt(jwt), 'ERR_JWT_SIGNATURE');
      // Same double-hash construction as the hosted notarizer, checked independently.
      const { signingInput, signature } = decodeJwt(jwt);
      expect(p256.verify(signature, nobleSha256(utf8Encode(signingInput)), notarizer.publicKeyBytes, { prehash: true, lowS: false })).to.equal(true);
    });

    it('signSessionJwt refuses incomplete claims with ERR_JWT_CLAIMS', async () => {
      await expectCode(() => signSessionJwt({ ...claims, user_id: '' }, notarizer.privateKey), 'ERR_JWT_CLAIMS');
    });

    const badClaims: Array<[string, (c: SessionClaims) => Record<string, unknown>]> = [
      ['exp missing', ({ exp: _exp, ...rest }) => rest],
      ['exp as a string', (c) => ({ ...c, exp: String(c.exp) })],
      ['exp fractional', (c) => ({ ...c, exp: c.exp + 0.5 })],
      ['public_key missing', ({ public_key: _pk, ...rest }) => rest],
      ['public_key uncompressed', (c) => ({ ...c, public_key: '04' + c.public_key.slice(2) + c.public_key.slice(2) })],
      ['public_key with a character before it', (c) => ({ ...c, public_key: `x${c.public_key}` })],
      ['public_key with a byte after it', (c) => ({ ...c, public_key: `${c.public_key}00` })],
      ['user_id empty', (c) => ({ ...c, user_id: '' })],
      ['organization_id empty', (c) => ({ ...c, organization_id: '' })],
      ['an unknown session_type', (c) => ({ ...c, session_type: 'SESSION_TYPE_ADMIN' })],
      ['user_id as a number', (c) => ({ ...c, user_id: 7 })],
      // Arrays of a valid value: a regex test or a length would take them; the type check does not.
      ['user_id as an array of a valid id', (c) => ({ ...c, user_id: [c.user_id] })],
      ['public_key as an array of a valid key', (c) => ({ ...c, public_key: [c.public_key] })],
      ['organization_id missing', ({ organization_id: _o, ...rest }) => rest],
    ];
    for (const [name, change] of badClaims) {
      it(`refuses a properly signed token with ${name} with ERR_JWT_CLAIMS`, async () => {
        const jwt = await notarize(change(claims), notarizer);
        await expectCode(() => verifySessionJwt(jwt, { notarizerPublicKey: notarizer.id }), 'ERR_JWT_CLAIMS');
        const refusal = await expectCode(() => parseSessionJwt(jwt), 'ERR_JWT_CLAIMS');
        expect(refusal.message).to.match(/lacks a claim or has one of the wrong type/);
      });
    }

    /** True when `jwt`'s signature is the notarizer's over SHA-256(SHA-256(header.payload)), checked by noble. */
    const notarizerSigned = (jwt: string): boolean => {
      const { signingInput, signature } = decodeJwt(jwt);
      return p256.verify(signature, nobleSha256(utf8Encode(signingInput)), notarizer.publicKeyBytes, { prehash: true, lowS: false });
    };

    it('A8 jwt-and-token-claims: a session JWT the right notarizer signed with a header other than {alg: ES256, typ: JWT} is refused for its header', async () => {
      const control = await notarize({ ...claims }, notarizer);
      expect(await verifySessionJwt(control, { notarizerPublicKey: notarizer.id })).to.deep.equal(claims);
      const headers: Record<string, unknown>[] = [
        { alg: 'ES256', typ: 'JOSE' },
        { alg: 'ES256', typ: 'jwt' },
        { alg: 'ES256', typ: 'at+jwt' },
        { alg: 'ES256' },
        { alg: 'ES256', typ: null },
        { alg: 'ES384', typ: 'JWT' },
        { typ: 'JWT' },
      ];
      for (const header of headers) {
        const jwt = await notarize({ ...claims }, notarizer, header);
        // The signature is good (independently checked): only the header can be the reason.
        expect(notarizerSigned(jwt), JSON.stringify(header)).to.equal(true);
        await expectCode(() => verifySessionJwt(jwt, { notarizerPublicKey: notarizer.id }), 'ERR_JWT_SIGNATURE');
        await expectCode(() => verifySessionJwt(jwt, { notarizerPublicKey: notarizer.id, ignoreExpiry: true }), 'ERR_JWT_SIGNATURE');
      }
    });

    it('A8 jwt-and-token-claims: a session JWT the right notarizer signed with exp in milliseconds (never expiring, read as seconds) is refused as a bad claim', async () => {
      const ms = await notarize({ ...claims, exp: claims.exp * 1000 }, notarizer);
      expect(notarizerSigned(ms)).to.equal(true);
      // Refused now, and a year after the real expiry, when a seconds reading would still call it live.
      await expectCode(() => verifySessionJwt(ms, { notarizerPublicKey: notarizer.id }), 'ERR_JWT_CLAIMS');
      await expectCode(() => verifySessionJwt(ms, { notarizerPublicKey: notarizer.id, now: claims.exp * 1000 + 365 * 86_400_000 }), 'ERR_JWT_CLAIMS');
      await expectCode(() => verifySessionJwt(ms, { notarizerPublicKey: notarizer.id, ignoreExpiry: true }), 'ERR_JWT_CLAIMS');
      await expectCode(() => parseSessionJwt(ms), 'ERR_JWT_CLAIMS');
      await expectCode(() => signSessionJwt({ ...claims, exp: claims.exp * 1000 }, notarizer.privateKey), 'ERR_JWT_CLAIMS');
      // The edge: 1e11 seconds (the year 5138) is where milliseconds begin; below it, seconds.
      const edge = 1e11;
      expect((await verifySessionJwt(await notarize({ ...claims, exp: edge - 1 }, notarizer), { notarizerPublicKey: notarizer.id })).exp).to.equal(edge - 1);
      await expectCode(async () => verifySessionJwt(await notarize({ ...claims, exp: edge }, notarizer), { notarizerPublicKey: notarizer.id }), 'ERR_JWT_CLAIMS');
      for (const exp of [0, -1]) {
        await expectCode(async () => verifySessionJwt(await notarize({ ...claims, exp }, notarizer), { notarizerPublicKey: notarizer.id, ignoreExpiry: true }), 'ERR_JWT_CLAIMS');
      }
    });

    it('accepts the optional claims the hosted client reads (session_profile_id, scope) and returns the five it knows', async () => {
      // @turnkey/core's parseSession reads these two beside the five; a real token may carry them.
      const jwt = await notarize({ ...claims, session_profile_id: 'profile-1', scope: 'read' }, notarizer);
      expect(await verifySessionJwt(jwt, { notarizerPublicKey: notarizer.id })).to.deep.equal(claims);
    });

    it('checks expiry against `now` in milliseconds', async () => {
      const jwt = await signSessionJwt(claims, notarizer.privateKey);
      await expectCode(() => verifySessionJwt(jwt, { notarizerPublicKey: notarizer.id, now: claims.exp * 1000 }), 'ERR_JWT_EXPIRED');
      expect((await verifySessionJwt(jwt, { notarizerPublicKey: notarizer.id, now: claims.exp * 1000 - 1 })).exp).to.equal(claims.exp);
    });
  });
});
