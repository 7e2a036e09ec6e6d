import { describe, it, expect, expectCode, before } from '../../support/harness.ts';
import { p256 } from '@noble/curves/nist.js';
import { createStamp } from '../../../src/stamp/create-stamp.ts';
import { verifyStamp } from '../../../src/stamp/verify-stamp.ts';
import { derToRaw, rawToDer } from '../../../src/crypto/der.ts';
import { P256_N, bigIntToBytes, bytesToBigInt } from '../../../src/crypto/p256.ts';
import { fromBase64Url, toBase64Url } from '../../../src/encoding/base64url.ts';
import { fromHex, toHex } from '../../../src/encoding/hex.ts';
import { concatBytes, utf8Decode, utf8Encode } from '../../../src/encoding/utf8.ts';
import { loadVector } from '../crypto/vectors.ts';
import { generateTestKey, importPrivateKeyHex, type TestKey } from '../crypto/test-keys.ts';

interface StampVector {
  fixtureKeyPair: { privateKeyHex: string; publicKeyCompressedHex: string };
  cliStamp: { body: string; xStamp: string; publicKeyCompressedHex: string };
}

type StampJson = Record<string, unknown> & { publicKey: string; scheme: string; signature: string };

const decodeStamp = (header: string): StampJson => JSON.parse(utf8Decode(fromBase64Url(header))) as StampJson;
const encodeStamp = (stamp: Record<string, unknown>): string => toBase64Url(utf8Encode(JSON.stringify(stamp)));

/** s → n − s: the other, equally valid signature for the same (r, message, key). */
function flipS(derHex: string): string {
  const raw = derToRaw(fromHex(derHex));
  const s = bytesToBigInt(raw.subarray(32));
  return toHex(rawToDer(concatBytes(raw.subarray(0, 32), bigIntToBytes(P256_N - s))));
}

describe('verifyStamp', () => {
  let vector: StampVector;
  let fixture: TestKey;
  before(async () => {
    vector = await loadVector<StampVector>('stamp.json');
    fixture = await importPrivateKeyHex(vector.fixtureKeyPair.privateKeyHex);
  });

  it("verifies the service CLI's published stamp (key order publicKey, signature, scheme)", async () => {
    const { body, xStamp, publicKeyCompressedHex } = vector.cliStamp;
    expect(Object.keys(decodeStamp(xStamp))).to.deep.equal(['publicKey', 'signature', 'scheme']);
    expect(await verifyStamp(body, xStamp)).to.deep.equal({ publicKey: publicKeyCompressedHex, scheme: 'SIGNATURE_SCHEME_TK_API_P256' });
    expect(await verifyStamp(utf8Encode(body), xStamp)).to.deep.equal({ publicKey: publicKeyCompressedHex, scheme: 'SIGNATURE_SCHEME_TK_API_P256' });
  });

  it('the fixture private key matches its published public key', () => {
    expect(fixture.id).to.equal(vector.fixtureKeyPair.publicKeyCompressedHex);
  });

  it('a stamp made by createStamp verifies with noble (independent) and with verifyStamp', async () => {
    const body = JSON.stringify({ type: 'ACTIVITY_TYPE_STAMP_LOGIN', timestampMs: '1700000000000', organizationId: 'org', parameters: { note: 'héllo ✓' } });
    const header = await createStamp(body, fixture);
    expect(header).to.match(/^[A-Za-z0-9_-]+$/);
    const stamp = decodeStamp(header);
    expect(Object.keys(stamp)).to.deep.equal(['publicKey', 'scheme', 'signature']);
    expect(stamp.publicKey).to.equal(vector.fixtureKeyPair.publicKeyCompressedHex);
    expect(stamp.scheme).to.equal('SIGNATURE_SCHEME_TK_API_P256');
    expect(stamp.signature).to.match(/^30[0-9a-f]+$/);
    const independent = p256.verify(fromHex(stamp.signature), utf8Encode(body), fromHex(stamp.publicKey), { lowS: false, prehash: true, format: 'der' });
    expect(independent).to.equal(true);
    expect(p256.verify(fromHex(stamp.signature), utf8Encode(body + ' '), fromHex(stamp.publicKey), { lowS: false, prehash: true, format: 'der' })).to.equal(false);
    expect(await verifyStamp(body, header)).to.deep.equal({ publicKey: fixture.id, scheme: 'SIGNATURE_SCHEME_TK_API_P256' });
  });

  it('accepts a high-S variant (s → n − s) of a valid signature, where a low-S-only verifier differs', async () => {
    const { body, xStamp } = vector.cliStamp;
    const stamp = decodeStamp(xStamp);
    const flipped = flipS(stamp.signature);
    expect(flipped).to.not.equal(stamp.signature);
    const header = encodeStamp({ ...stamp, signature: flipped });
    expect((await verifyStamp(body, header)).publicKey).to.equal(stamp.publicKey);
    // Exactly one of the two is high-S: noble's default (lowS: true) refuses that one.
    const strict = (sig: string) => p256.verify(fromHex(sig), utf8Encode(body), fromHex(stamp.publicKey), { lowS: true, prehash: true, format: 'der' });
    expect([strict(stamp.signature), strict(flipped)].sort()).to.deep.equal([false, true]);
  });

  it('accepts high-S signatures made by createStamp as well', async () => {
    const body = '{"type":"ACTIVITY_TYPE_CREATE_WALLET"}';
    const header = await createStamp(body, fixture);
    const stamp = decodeStamp(header);
    expect((await verifyStamp(body, encodeStamp({ ...stamp, signature: flipS(stamp.signature) }))).publicKey).to.equal(fixture.id);
  });

  it('accepts any key order and extra fields in the stamp JSON', async () => {
    const { body, xStamp } = vector.cliStamp;
    const { publicKey, scheme, signature } = decodeStamp(xStamp);
    expect((await verifyStamp(body, encodeStamp({ signature, scheme, publicKey, extra: 1 }))).publicKey).to.equal(publicKey);
  });

  it('returns the key in lowercase even when the stamp carries uppercase hex', async () => {
    const { body, xStamp } = vector.cliStamp;
    const stamp = decodeStamp(xStamp);
    expect((await verifyStamp(body, encodeStamp({ ...stamp, publicKey: stamp.publicKey.toUpperCase() }))).publicKey).to.equal(stamp.publicKey);
  });

  it('refuses a tampered body with ERR_STAMP_SIGNATURE', async () => {
    const { body, xStamp } = vector.cliStamp;
    await expectCode(() => verifyStamp(body.replace('hello', 'hellO'), xStamp), 'ERR_STAMP_SIGNATURE');
    await expectCode(() => verifyStamp(body + '\n', xStamp), 'ERR_STAMP_SIGNATURE');
    // Same JSON value, different bytes: the signature covers bytes, not meaning.
    await expectCode(() => verifyStamp(JSON.stringify(JSON.parse(body)), xStamp), 'ERR_STAMP_SIGNATURE');
  });

  it('refuses a tampered signature with ERR_STAMP_SIGNATURE', async () => {
    const { body, xStamp } = vector.cliStamp;
    const stamp = decodeStamp(xStamp);
    const raw = derToRaw(fromHex(stamp.signature));
    const changed = raw.slice();
    changed[40]! ^= 0x01;
    await expectCode(() => verifyStamp(body, encodeStamp({ ...stamp, signature: toHex(rawToDer(changed)) })), 'ERR_STAMP_SIGNATURE');
    const zero = new Uint8Array(64);
    await expectCode(() => verifyStamp(body, encodeStamp({ ...stamp, signature: toHex(rawToDer(zero)) })), 'ERR_STAMP_SIGNATURE');
    // Not DER at all: raw r||s hex, truncated DER, not hex.
    await expectCode(() => verifyStamp(body, encodeStamp({ ...stamp, signature: toHex(raw) })), 'ERR_STAMP_SIGNATURE');
    await expectCode(() => verifyStamp(body, encodeStamp({ ...stamp, signature: stamp.signature.slice(0, -2) })), 'ERR_STAMP_SIGNATURE');
    await expectCode(() => verifyStamp(body, encodeStamp({ ...stamp, signature: 'zz' })), 'ERR_STAMP_SIGNATURE');
  });

  it('refuses another valid key with ERR_STAMP_SIGNATURE', async () => {
    const { body, xStamp } = vector.cliStamp;
    const stamp = decodeStamp(xStamp);
    const other = await generateTestKey();
    await expectCode(() => verifyStamp(body, encodeStamp({ ...stamp, publicKey: other.id })), 'ERR_STAMP_SIGNATURE');
    await expectCode(() => verifyStamp(body, encodeStamp({ ...stamp, publicKey: vector.fixtureKeyPair.publicKeyCompressedHex })), 'ERR_STAMP_SIGNATURE');
    // The same x with the other y (flipped prefix) is a different, valid point.
    const flippedY = (stamp.publicKey.startsWith('02') ? '03' : '02') + stamp.publicKey.slice(2);
    await expectCode(() => verifyStamp(body, encodeStamp({ ...stamp, publicKey: flippedY })), 'ERR_STAMP_SIGNATURE');
  });

  it('refuses a bad key with ERR_KEY_FORMAT or ERR_KEY_NOT_ON_CURVE', async () => {
    const { body, xStamp } = vector.cliStamp;
    const stamp = decodeStamp(xStamp);
    const withKey = (publicKey: string) => verifyStamp(body, encodeStamp({ ...stamp, publicKey }));
    await expectCode(() => withKey(stamp.publicKey.slice(0, -2)), 'ERR_KEY_FORMAT');
    await expectCode(() => withKey('04' + stamp.publicKey.slice(2)), 'ERR_KEY_FORMAT');
    await expectCode(() => withKey(stamp.publicKey.slice(0, -2) + 'zz'), 'ERR_KEY_FORMAT');
    await expectCode(() => withKey(toHex(p256.Point.BASE.toBytes(false))), 'ERR_KEY_FORMAT');
    // An x with no point on P-256 (Wycheproof ecdh_secp256r1_ecpoint tcId 349).
    await expectCode(() => withKey('02fd4bf61763b46581fd9174d623516cf3c81edd40e29ffa2777fb6cb0ae3ce535'), 'ERR_KEY_NOT_ON_CURVE');
  });

  it('refuses a wrong scheme with ERR_STAMP_SCHEME', async () => {
    const { body, xStamp } = vector.cliStamp;
    const stamp = decodeStamp(xStamp);
    for (const scheme of ['SIGNATURE_SCHEME_TK_API_SECP256K1', 'SIGNATURE_SCHEME_TK_API_ED25519', 'signature_scheme_tk_api_p256', '']) {
      await expectCode(() => verifyStamp(body, encodeStamp({ ...stamp, scheme })), 'ERR_STAMP_SCHEME');
    }
  });

  it('refuses a malformed header with ERR_STAMP_MALFORMED', async () => {
    const { body, xStamp } = vector.cliStamp;
    const stamp = decodeStamp(xStamp);
    const malformed = [
      '',
      '!!!',
      xStamp + '+',
      toBase64Url(utf8Encode('not json')),
      toBase64Url(Uint8Array.of(0xff, 0xfe)),
      encodeStamp([stamp.publicKey, stamp.scheme, stamp.signature] as unknown as Record<string, unknown>),
      toBase64Url(utf8Encode('null')),
      encodeStamp({ publicKey: stamp.publicKey, scheme: stamp.scheme }),
      encodeStamp({ ...stamp, signature: 42 }),
      btoa(JSON.stringify(stamp)).replace(/=+$/, '') + '+/',
      JSON.stringify(stamp),
    ];
    for (const header of malformed) await expectCode(() => verifyStamp(body, header), 'ERR_STAMP_MALFORMED');
    await expectCode(() => verifyStamp(body, undefined as unknown as string), 'ERR_STAMP_MALFORMED');
  });
});
