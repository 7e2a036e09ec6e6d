// Property-based tests of every kit parser that takes outside bytes (issue 14, item 3). For each:
// it never throws anything but a LatchError, never hangs, round-trips where there is an encoder,
// and never accepts a mutated valid input where the format carries integrity (checksum, AEAD,
// signature). fast-check generates the inputs; fuzz-settings.ts fixes the seed and the count.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { fuzzParams, onlyLatchErrors } from './fuzz-settings.ts';
import { fromBase58Check, toBase58Check } from '../../src/encoding/base58check.ts';
import { fromBase64Url, toBase64Url } from '../../src/encoding/base64url.ts';
import { fromHex, toHex } from '../../src/encoding/hex.ts';
import { derToRaw, rawToDerHex } from '../../src/crypto/der.ts';
import { decodeCbor, encodeCbor, type CborValue } from '../../src/proofs/cbor.ts';
import { parseCertificate } from '../../src/proofs/x509.ts';
import { parseAttestationDocument, parseCoseSign1 } from '../../src/proofs/attestation.ts';
import { parseQosManifest } from '../../src/proofs/qos-manifest.ts';
import { parseProofPayload } from '../../src/proofs/verify-app-proof.ts';
import { decodeJwt } from '../../src/tokens/jwt.ts';
import { parseSessionJwt, verifySessionJwt } from '../../src/tokens/session-jwt.ts';
import { parseVerificationToken } from '../../src/tokens/verification-token.ts';
import { decryptCredentialBundle } from '../../src/bundles/credential-bundle.ts';
import { decryptExportBundle } from '../../src/bundles/export-bundle.ts';
import { decryptImportBundle } from '../../src/bundles/import-bundle.ts';
import { parseOAuthCallback } from '../../src/flows/oauth-flow.ts';
import { targetFromHex, type CredentialBundleVector } from '../src/bundles/bundle-fixtures.ts';

const vector = <T>(name: string): T => JSON.parse(readFileSync(new URL(`../vectors/${name}`, import.meta.url), 'utf8')) as T;
const checked = createBase58check(sha256);

/** Arbitrary text that looks like a JWT: three base64url parts, often of JSON. */
const jwtLike = fc.oneof(
  fc.string(),
  fc.tuple(fc.json(), fc.json(), fc.uint8Array({ maxLength: 80 })).map(([h, p, s]) => `${textB64(h)}.${textB64(p)}.${toBase64Url(s)}`),
  fc.array(fc.base64String(), { minLength: 1, maxLength: 5 }).map((parts) => parts.join('.')),
);
const textB64 = (text: string): string => toBase64Url(new TextEncoder().encode(text));

/** CBOR values the decoder must give back unchanged (maps with text keys, bounded depth). */
const cborValue: fc.Arbitrary<CborValue> = fc.letrec<{ value: CborValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.integer(),
    fc.string(),
    fc.boolean(),
    fc.constant(null),
    fc.uint8Array({ maxLength: 40 }),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.uniqueArray(fc.tuple(fc.string({ maxLength: 8 }), tie('value')), { maxLength: 4, selector: ([k]) => k }).map((entries) => new Map<string | number, CborValue>(entries)),
  ),
})).value;

describe('fuzz: encodings', () => {
  it('base58check: only LatchErrors; round-trips; a changed character never decodes to the same bytes', async () => {
    await fc.assert(fc.asyncProperty(fc.string(), async (text) => void (await onlyLatchErrors(() => fromBase58Check(text), text))), fuzzParams());
    fc.assert(fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => assert.deepEqual(fromBase58Check(toBase58Check(bytes)), bytes)), fuzzParams());
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 60 }), fc.nat(), fc.constantFrom(...'123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'), async (bytes, at, char) => {
        const valid = toBase58Check(bytes);
        const i = at % valid.length;
        if (valid[i] === char) return;
        const mutated = valid.slice(0, i) + char + valid.slice(i + 1);
        if ((await onlyLatchErrors(() => fromBase58Check(mutated), mutated)) === 'ok') assert.notDeepEqual(fromBase58Check(mutated), bytes);
      }),
      fuzzParams(),
    );
  });

  it('base64url and hex: only LatchErrors; both round-trip', async () => {
    await fc.assert(fc.asyncProperty(fc.string(), async (text) => {
      await onlyLatchErrors(() => fromBase64Url(text), text);
      await onlyLatchErrors(() => fromHex(text), text);
    }), fuzzParams());
    fc.assert(fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
      assert.deepEqual(fromBase64Url(toBase64Url(bytes)), bytes);
      assert.deepEqual(fromHex(toHex(bytes)), bytes);
    }), fuzzParams());
  });

  it('DER signatures: only LatchErrors on any bytes; raw → DER → raw round-trips', async () => {
    await fc.assert(fc.asyncProperty(fc.uint8Array({ maxLength: 80 }), async (bytes) => void (await onlyLatchErrors(() => derToRaw(bytes), toHex(bytes)))), fuzzParams());
    fc.assert(fc.property(fc.uint8Array({ minLength: 64, maxLength: 64 }), (raw) => assert.deepEqual(derToRaw(fromHex(rawToDerHex(raw))), raw)), fuzzParams());
  });

  it('CBOR: only LatchErrors on any bytes; values round-trip', async () => {
    await fc.assert(fc.asyncProperty(fc.uint8Array({ maxLength: 120 }), async (bytes) => void (await onlyLatchErrors(() => decodeCbor(bytes), toHex(bytes)))), fuzzParams());
    fc.assert(fc.property(cborValue, (value) => assert.deepEqual(decodeCbor(encodeCbor(value)), value)), fuzzParams());
  });
});

describe('fuzz: App Proof and attestation parsers', () => {
  it('X.509, COSE_Sign1, attestation documents, QOS manifests: only LatchErrors on any bytes', async () => {
    await fc.assert(fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), async (bytes) => {
      for (const parse of [parseCertificate, parseCoseSign1, parseAttestationDocument, parseQosManifest]) await onlyLatchErrors(() => parse(bytes), toHex(bytes));
    }), fuzzParams());
  });

  it('X.509 and COSE: only LatchErrors on CBOR / DER-shaped input too', async () => {
    await fc.assert(fc.asyncProperty(cborValue, async (value) => {
      const bytes = encodeCbor(value);
      for (const parse of [parseCoseSign1, parseAttestationDocument, parseQosManifest]) await onlyLatchErrors(() => parse(bytes), toHex(bytes));
    }), fuzzParams());
    await fc.assert(fc.asyncProperty(fc.uint8Array({ maxLength: 200 }), fc.integer({ min: 0, max: 255 }), async (body, length) => {
      // A SEQUENCE header in front of random content, so the parser goes past the first byte.
      const bytes = Uint8Array.of(0x30, 0x82, length >> 8, length & 0xff, ...body);
      await onlyLatchErrors(() => parseCertificate(bytes), toHex(bytes));
    }), fuzzParams());
  });

  it('App Proof payloads: only LatchErrors on any JSON value', async () => {
    await fc.assert(fc.asyncProperty(fc.oneof(fc.json(), fc.jsonValue().map((v) => JSON.stringify(v)), fc.anything()), async (value) => void (await onlyLatchErrors(() => parseProofPayload(value), value))), fuzzParams());
  });
});

describe('fuzz: tokens', () => {
  it('JWTs, session JWTs and verification tokens: only LatchErrors on any text', async () => {
    await fc.assert(fc.asyncProperty(jwtLike, async (token) => {
      await onlyLatchErrors(() => decodeJwt(token), token);
      await onlyLatchErrors(() => parseSessionJwt(token), token);
      await onlyLatchErrors(() => parseVerificationToken(token), token);
    }), fuzzParams());
  });

  it('a session JWT with any one character changed never verifies', async () => {
    const { jwt, notarizerPublicKeyHex } = vector<{ jwt: string; notarizerPublicKeyHex: string }>('session-jwt.json');
    await fc.assert(fc.asyncProperty(fc.nat(), fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.'), async (at, char) => {
      const i = at % jwt.length;
      if (jwt[i] === char) return;
      const mutated = jwt.slice(0, i) + char + jwt.slice(i + 1);
      const outcome = await onlyLatchErrors(() => verifySessionJwt(mutated, { notarizerPublicKey: notarizerPublicKeyHex, ignoreExpiry: true }), mutated);
      // base64url's last character can carry unused bits: a change there may decode to the same bytes.
      if (outcome === 'ok') assert.equal(fromBase64Url(mutated.split('.')[2]!).length > 0 && toBase64Url(fromBase64Url(mutated.split('.')[2]!)) === jwt.split('.')[2], true, mutated);
    }), fuzzParams(0.3));
  });
});

describe('fuzz: bundles', () => {
  let target: CryptoKeyPair;
  let valid: Uint8Array;
  before(async () => {
    const v = vector<CredentialBundleVector>('credential-bundle.json');
    target = await targetFromHex(v.targetPrivateKeyHex, v.targetPublicKeyCompressedHex);
    valid = fromBase58Check(v.bundle);
  });

  it('credential bundles: only LatchErrors on any text', async () => {
    await fc.assert(fc.asyncProperty(fc.oneof(fc.string(), fc.uint8Array({ maxLength: 120 }).map((b) => checked.encode(b))), async (bundle) => void (await onlyLatchErrors(() => decryptCredentialBundle(bundle, target), bundle))), fuzzParams(0.3));
  });

  it('a credential bundle with any byte changed (checksum fixed) never opens', async () => {
    await fc.assert(fc.asyncProperty(fc.nat(), fc.integer({ min: 1, max: 255 }), async (at, xor) => {
      const bytes = valid.slice();
      const i = at % bytes.length;
      bytes[i] = bytes[i]! ^ xor;
      const mutated = checked.encode(bytes);
      assert.equal(await onlyLatchErrors(() => decryptCredentialBundle(mutated, target), mutated), 'refused', `byte ${i} ^ ${xor}`);
    }), fuzzParams(0.3));
  });

  it('export and import bundles: only LatchErrors on any text or JSON', async () => {
    const hex = fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), maxLength: 140 });
    const text = fc.oneof(fc.string(), fc.json(), fc.record({ version: fc.string(), data: fc.oneof(fc.string(), hex), dataSignature: hex, enclaveQuorumPublic: hex }).map((o) => JSON.stringify(o)));
    await fc.assert(fc.asyncProperty(text, async (bundle) => {
      await onlyLatchErrors(() => decryptExportBundle(bundle, { target, organizationId: 'org', enclavePublicKey: '04' + '11'.repeat(64) } as never), bundle);
      await onlyLatchErrors(() => decryptImportBundle(bundle, target), bundle);
    }), fuzzParams(0.3));
  });
});

describe('fuzz: the OAuth callback URL', () => {
  it('only LatchErrors on any URL or text; a state other than the expected one is never accepted', async () => {
    const url = fc.oneof(
      fc.string(),
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc.tuple(fc.webUrl(), fc.array(fc.tuple(fc.constantFrom('state', 'code', 'error', 'id_token', 'error_description', 'x'), fc.string()), { maxLength: 6 }))
        .map(([base, params]) => `${base}?${params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}#${params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`),
    );
    await fc.assert(fc.asyncProperty(url, fc.string({ minLength: 1 }), async (href, state) => {
      if ((await onlyLatchErrors(() => parseOAuthCallback(href, state), href)) === 'ok') {
        const found = [...new URL(href).searchParams.getAll('state'), ...new URLSearchParams(new URL(href).hash.slice(1)).getAll('state')];
        assert.ok(found.includes(state), `accepted ${href} for state ${state}`);
      }
    }), fuzzParams());
  });
});
