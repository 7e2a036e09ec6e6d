// The kit's verifiers swept with hostile fields (issue 39, item 2): each genuine input has one
// field replaced by an empty, short, zero, oversized, wrong-type or duplicated value (fast-check
// picks the field and the value); every such input must be refused with a LatchError of the
// verifier's own codes, never accepted, never a TypeError. Where @turnkey/crypto has the same
// verifier it is asked the same question and must refuse too (a differential: neither library
// may accept what the other refuses). The credential bundle's key store must stay empty.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { decryptCredentialBundle as hostedDecryptCredentialBundle, verifyAppProofSignature, verifyOtpVerificationToken, verifySessionJwtSignature, verifyStampSignature } from '@turnkey/crypto';
import { verifyAppProof } from '../../src/proofs/verify-app-proof.ts';
import { verifySessionJwt } from '../../src/tokens/session-jwt.ts';
import { signVerificationToken, verifyVerificationToken } from '../../src/tokens/verification-token.ts';
import { createLoginClientSignature, verifyClientSignature } from '../../src/tokens/client-signature.ts';
import { oidcNonce } from '../../src/tokens/oidc-nonce.ts';
import { createStamp } from '../../src/stamp/create-stamp.ts';
import { verifyStamp } from '../../src/stamp/verify-stamp.ts';
import { decryptCredentialBundle } from '../../src/bundles/credential-bundle.ts';
import { MemoryKeyStore } from '../../src/keys/memory-key-store.ts';
import { fromBase64Url, toBase64Url } from '../../src/encoding/base64url.ts';
import { toHex } from '../../src/encoding/hex.ts';
import { utf8Decode, utf8Encode } from '../../src/encoding/utf8.ts';
import { loadVector } from '../src/crypto/vectors.ts';
import { generateTestKey, type TestKey } from '../src/crypto/test-keys.ts';
import { targetFromHex, type CredentialBundleVector } from '../src/bundles/bundle-fixtures.ts';
import { hostileField, hostileString, refusalCode, sweepParams, describe as show } from './hostile-fields.ts';
import type { AppProofVector } from '../src/proofs/proof-fixtures.ts';

/** Rejects or returns false: the hosted library's refusal, in either of its forms. */
async function hostedRefuses(fn: () => unknown): Promise<boolean> {
  try {
    return (await fn()) === false;
  } catch {
    return true;
  }
}

/** The codes each verifier may refuse with (its own area's; anything else is a defect). */
const PROOF = /^ERR_PROOF_/;
const JWT = /^ERR_(JWT_|KEY_)/;
const STAMP = /^ERR_(STAMP_|KEY_)/;
const CLIENT_SIGNATURE = /^ERR_(INPUT_INVALID|SIGNATURE_INVALID|KEY_)/;

/** A JWT with part `index` (0 header, 1 payload, 2 signature) replaced. */
function withPart(token: string, index: number, part: unknown): string {
  const parts = token.split('.');
  parts[index] = String(part);
  return parts.join('.');
}

/** Hostile values for one part of a token: inside a string, a wrong type is its text, so those that read as the part itself are left out. */
const hostilePart = (parts: readonly string[]) =>
  fc.nat({ max: parts.length - 1 }).chain((index) => hostileString(parts[index]!).filter((h) => String(h.value) !== parts[index]).map((h) => ({ index, ...h })));

describe('the kit\'s verifiers refuse hostile fields (issue 39 sweep)', () => {
  let proof: AppProofVector;
  let session: { jwt: string; notarizerPublicKeyHex: string };
  let issuer: TestKey;
  let key: TestKey;
  before(async () => {
    proof = await loadVector<AppProofVector>('app-proof-1.json');
    session = await loadVector<{ jwt: string; notarizerPublicKeyHex: string }>('session-jwt.json');
    issuer = await generateTestKey();
    key = await generateTestKey();
  });

  it('App Proof and boot proof: every field of either, hostile → ERR_PROOF_*; the hosted verifyAppProofSignature refuses the App Proof too', async () => {
    const appFields = ['scheme', 'publicKey', 'proofPayload', 'signature'] as const;
    const bootFields = ['awsAttestationDocB64', 'qosManifestB64', 'ephemeralPublicKeyHex'] as const;
    await fc.assert(
      fc.asyncProperty(hostileField(proof.appProof, appFields), async (h) => {
        const appProof = { ...proof.appProof, [h.field]: h.value };
        assert.match(await refusalCode(() => verifyAppProof(appProof as never, proof.bootProof), h), PROOF);
        assert.ok(await hostedRefuses(() => verifyAppProofSignature(appProof as never)), `hosted accepted ${show(h)}`);
      }),
      sweepParams(30),
    );
    await fc.assert(
      fc.asyncProperty(hostileField(proof.bootProof as unknown as Record<(typeof bootFields)[number], string>, bootFields), async (h) => {
        assert.match(await refusalCode(() => verifyAppProof(proof.appProof, { ...proof.bootProof, [h.field]: h.value } as never), h), PROOF);
      }),
      sweepParams(20),
    );
  });

  it('session JWT: each part, or the whole token, hostile → ERR_JWT_* (or ERR_KEY_*); the hosted verifySessionJwtSignature refuses too', async () => {
    const parts = session.jwt.split('.') as [string, string, string];
    await fc.assert(
      fc.asyncProperty(fc.oneof(hostilePart(parts), hostileString(session.jwt).map((h) => ({ index: -1, ...h }))), async (h) => {
        const token = h.index < 0 ? h.value : withPart(session.jwt, h.index, h.value);
        assert.match(await refusalCode(() => verifySessionJwt(token as string, { notarizerPublicKey: session.notarizerPublicKeyHex, ignoreExpiry: true }), h), JWT);
        assert.ok(await hostedRefuses(() => verifySessionJwtSignature(token as string, session.notarizerPublicKeyHex)), `hosted accepted ${show(h)}`);
      }),
      sweepParams(40),
    );
  });

  for (const format of ['legacy', 'current'] as const) {
    it(`verification token (${format}): each part hostile → ERR_JWT_*${format === 'current' ? '; the hosted verifyOtpVerificationToken refuses too' : ''}`, async () => {
      const exp = Math.floor(Date.now() / 1000) + 600;
      const token = await signVerificationToken({ id: 't-1', contact: 'a@example.com', verification_type: 'OTP_TYPE_EMAIL', exp, public_key: key.id, organization_id: 'org-1' }, issuer.privateKey, format);
      const parts = token.split('.') as [string, string, string];
      await fc.assert(
        fc.asyncProperty(hostilePart(parts), async (h) => {
          const forged = withPart(token, h.index, h.value);
          assert.match(await refusalCode(() => verifyVerificationToken(forged, issuer.id), h), JWT);
          if (format === 'current') assert.ok(await hostedRefuses(() => verifyOtpVerificationToken(forged, toHex(issuer.publicKeyBytes))), `hosted accepted ${show(h)}`);
        }),
        sweepParams(30),
      );
    });
  }

  it('API-key stamp: each field of the X-Stamp JSON, the header or the body hostile, or a field named twice with the hostile value last → ERR_STAMP_* (or ERR_KEY_*); the hosted verifyStampSignature refuses too', async () => {
    const body = '{"organizationId":"org-1","type":"ACTIVITY_TYPE_CREATE_USERS_V4","timestampMs":"1750000000000"}';
    const header = await createStamp(body, { id: key.id, privateKey: key.privateKey });
    const stamp = JSON.parse(utf8Decode(fromBase64Url(header))) as Record<'publicKey' | 'scheme' | 'signature', string>;
    const fields = ['publicKey', 'scheme', 'signature'] as const;
    let hostedLaxer = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          hostileField(stamp, fields).map((h) => ({ ...h, header: toBase64Url(utf8Encode(JSON.stringify({ ...stamp, [h.field]: h.value }))), body })),
          // JSON.parse keeps the last of two same-named keys, as the hosted readers do.
          hostileField(stamp, fields).map((h) => ({ ...h, kind: 'duplicated' as const, header: toBase64Url(utf8Encode(`${JSON.stringify(stamp).slice(0, -1)},"${h.field}":${JSON.stringify(h.value) ?? '""'}}`)), body })),
          hostileString(header).map((h) => ({ ...h, field: 'header', header: h.value as string, body })),
          hostileString(body).filter((h) => h.value !== body).map((h) => ({ ...h, field: 'body', header, body: typeof h.value === 'string' ? h.value : String(h.value) })),
        ),
        async (h) => {
          assert.match(await refusalCode(() => verifyStamp(h.body, h.header), h), STAMP);
          const parsed = (() => {
            try {
              return JSON.parse(utf8Decode(fromBase64Url(h.header))) as Record<string, unknown>;
            } catch {
              return undefined;
            }
          })();
          if (parsed && typeof parsed.publicKey === 'string' && typeof parsed.signature === 'string' && parsed.scheme === stamp.scheme) {
            if (!(await hostedRefuses(() => verifyStampSignature(parsed.publicKey as string, parsed.signature as string, h.body)))) {
              // The one known difference: the hosted check reads the DER SEQUENCE and ignores
              // what follows it; the kit refuses the longer spelling (strict DER, Wycheproof A1).
              assert.ok(parsed.signature !== stamp.signature && parsed.signature.startsWith(stamp.signature) && h.body === body, `hosted accepted ${show(h)}`);
              hostedLaxer += 1;
            }
          }
        },
      ),
      sweepParams(40),
    );
    // The difference itself, fixed: the genuine DER with a byte after it.
    const longer = { ...stamp, signature: `${stamp.signature}00` };
    assert.equal(await verifyStampSignature(longer.publicKey, longer.signature, body), true, 'the hosted check ignores bytes after the DER');
    assert.equal(await refusalCode(() => verifyStamp(body, toBase64Url(utf8Encode(JSON.stringify(longer)))), longer), 'ERR_STAMP_SIGNATURE');
    assert.ok(hostedLaxer <= 40);
  });

  it('client signature: each field hostile → ERR_INPUT_INVALID, ERR_SIGNATURE_INVALID or ERR_KEY_*', async () => {
    const cs = await createLoginClientSignature({ tokenId: 't-1', sessionPublicKey: issuer.id, signingKey: key });
    const expectations = { expectedPublicKey: key.id, expectedType: 'USAGE_TYPE_LOGIN' as const, expectedTokenId: 't-1' };
    await fc.assert(
      fc.asyncProperty(hostileField(cs as unknown as Record<'publicKey' | 'scheme' | 'message' | 'signature', string>, ['publicKey', 'scheme', 'message', 'signature']), async (h) => {
        assert.match(await refusalCode(() => verifyClientSignature({ ...cs, [h.field]: h.value } as never, expectations), h), CLIENT_SIGNATURE);
      }),
      sweepParams(40),
    );
  });

  it('credential bundle: a hostile bundle → ERR_BUNDLE_* (or ERR_ENCODING_*), nothing stored; the hosted decryptCredentialBundle refuses too', async () => {
    const vector = await loadVector<CredentialBundleVector>('credential-bundle.json');
    const target = await targetFromHex(vector.targetPrivateKeyHex, vector.targetPublicKeyCompressedHex);
    const store = new MemoryKeyStore();
    await fc.assert(
      fc.asyncProperty(hostileString(vector.bundle), async (h) => {
        assert.match(await refusalCode(() => decryptCredentialBundle(h.value as string, target, { store }), h), /^ERR_(BUNDLE_|ENCODING_)/);
        // The hosted base58 decoder is quadratic (a 64 KiB bundle: ~16 s to refuse); the kit
        // refuses anything that long before decoding. The hosted library is asked up to 4 KiB.
        if (typeof h.value !== 'string' || h.value.length <= 4096) {
          assert.ok(await hostedRefuses(() => hostedDecryptCredentialBundle(h.value as string, vector.targetPrivateKeyHex)), `hosted accepted ${show(h)}`);
        }
        assert.deepEqual(await store.list(), [], 'nothing stored');
      }),
      sweepParams(30),
    );
  });

  it('OIDC nonce: a hostile public key → ERR_KEY_FORMAT (or ERR_KEY_NOT_ON_CURVE)', async () => {
    await fc.assert(
      fc.asyncProperty(hostileString(key.id), async (h) => {
        assert.match(await refusalCode(() => oidcNonce(h.value as string), h), /^ERR_KEY_(FORMAT|NOT_ON_CURVE)$/);
      }),
      sweepParams(30),
    );
  });
});
