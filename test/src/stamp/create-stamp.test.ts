import { describe, it, expect, expectCode, before } from '../../support/harness.ts';
import { p256 } from '@noble/curves/nist.js';
import { createStamp, stampHeaderPrefix } from '../../../src/stamp/create-stamp.ts';
import { ApiKeyStamper } from '../../../src/stamp/api-key-stamper.ts';
import { verifyStamp } from '../../../src/stamp/verify-stamp.ts';
import { fromBase64Url, toBase64Url } from '../../../src/encoding/base64url.ts';
import { fromHex } from '../../../src/encoding/hex.ts';
import { utf8Decode, utf8Encode } from '../../../src/encoding/utf8.ts';
import { generateTestKey, type TestKey } from '../crypto/test-keys.ts';

const decode = (header: string) => JSON.parse(utf8Decode(fromBase64Url(header))) as { publicKey: string; scheme: string; signature: string };

describe('createStamp', () => {
  let key: TestKey;
  before(async () => {
    key = await generateTestKey();
  });

  it('makes base64url (no padding) of {publicKey, scheme, signature} in that order', async () => {
    const header = await createStamp('{}', key);
    expect(header).to.equal(toBase64Url(utf8Encode(JSON.stringify(decode(header)))));
    expect(header).to.match(/^[A-Za-z0-9_-]+$/);
    const stamp = decode(header);
    expect(Object.keys(stamp)).to.deep.equal(['publicKey', 'scheme', 'signature']);
    expect(stamp.publicKey).to.equal(key.id);
    expect(stamp.scheme).to.equal('SIGNATURE_SCHEME_TK_API_P256');
  });

  it('signs the UTF-8 bytes of the body (non-ASCII included), checked by noble', async () => {
    const body = '{"name":"Zoë 🔑 鍵"}';
    const stamp = decode(await createStamp(body, key));
    expect(p256.verify(fromHex(stamp.signature), utf8Encode(body), fromHex(key.id), { lowS: false, prehash: true, format: 'der' })).to.equal(true);
  });

  it('signs with a non-extractable key, and fresh signatures differ (randomized ECDSA)', async () => {
    expect(key.privateKey.extractable).to.equal(false);
    const a = await createStamp('same body', key);
    const b = await createStamp('same body', key);
    expect(a).to.not.equal(b);
    await verifyStamp('same body', a);
    await verifyStamp('same body', b);
  });

  it('refuses a key id that is not a compressed public key with ERR_KEY_FORMAT', async () => {
    await expectCode(() => createStamp('{}', { ...key, id: '04' + key.id.slice(2) }), 'ERR_KEY_FORMAT');
    await expectCode(() => createStamp('{}', { ...key, id: '' }), 'ERR_KEY_FORMAT');
  });

  it('refuses a key that cannot sign ECDSA P-256 with ERR_KEY_FORMAT', async () => {
    const ecdh = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);
    await expectCode(() => createStamp('{}', { id: key.id, privateKey: ecdh.privateKey }), 'ERR_KEY_FORMAT');
    const p384 = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-384' }, false, ['sign', 'verify']);
    await expectCode(() => createStamp('{}', { id: key.id, privateKey: p384.privateKey }), 'ERR_KEY_FORMAT');
    await expectCode(() => createStamp('{}', { id: key.id, privateKey: key.publicKey }), 'ERR_KEY_FORMAT');
  });
});

describe('stampHeaderPrefix', () => {
  it('is the encoding of the JSON before the signature, a whole number of base64 groups, for any key', async () => {
    for (let i = 0; i < 8; i++) {
      const key = await generateTestKey();
      const head = `{"publicKey":"${key.id}","scheme":"SIGNATURE_SCHEME_TK_API_P256","signature":"`;
      expect(utf8Encode(head).length % 3).to.equal(0);
      expect(stampHeaderPrefix(key.id)).to.equal(toBase64Url(utf8Encode(head)));
      // The whole header is still the plain encoding of the whole JSON, prefix included.
      const header = await createStamp('{}', key);
      expect(header.startsWith(stampHeaderPrefix(key.id))).to.equal(true);
      expect(header).to.equal(toBase64Url(utf8Encode(JSON.stringify(decode(header)))));
    }
  });

  it('refuses an id that is not a compressed key with ERR_KEY_FORMAT (the prefix would not align)', async () => {
    const key = await generateTestKey();
    for (const id of [key.id.slice(0, 64), `${key.id}00`, `04${key.id.slice(2)}`, key.id.replace(/^0./, '0g'), 7 as unknown as string]) {
      await expectCode(() => stampHeaderPrefix(id), 'ERR_KEY_FORMAT');
    }
  });
});

describe('ApiKeyStamper', () => {
  it('gives an X-Stamp header that verifies for exactly the stamped body', async () => {
    const key = await generateTestKey();
    const stamper = new ApiKeyStamper(key);
    expect(stamper.publicKey).to.equal(key.id);
    const body = JSON.stringify({ type: 'ACTIVITY_TYPE_CREATE_WALLET', timestampMs: String(Date.now()), organizationId: 'o', parameters: {} });
    const stamp = await stamper.stamp(body);
    expect(stamp.stampHeaderName).to.equal('X-Stamp');
    expect(await verifyStamp(body, stamp.stampHeaderValue)).to.deep.equal({ publicKey: key.id, scheme: 'SIGNATURE_SCHEME_TK_API_P256' });
    await expectCode(() => verifyStamp(body.replace('WALLET', 'USERS'), stamp.stampHeaderValue), 'ERR_STAMP_SIGNATURE');
  });

  it('stamps many bodies with one key, each stamp verifying only for its own body', async () => {
    const key = await generateTestKey();
    const stamper = new ApiKeyStamper(key);
    const bodies = ['{}', '{"a":1}', JSON.stringify({ note: 'Zoë 🔑' }), 'x'.repeat(5000)];
    const stamps = await Promise.all(bodies.map((body) => stamper.stamp(body)));
    for (const [i, body] of bodies.entries()) {
      expect(await verifyStamp(body, stamps[i]!.stampHeaderValue)).to.deep.equal({ publicKey: key.id, scheme: 'SIGNATURE_SCHEME_TK_API_P256' });
      await expectCode(() => verifyStamp(bodies[(i + 1) % bodies.length]!, stamps[i]!.stampHeaderValue), 'ERR_STAMP_SIGNATURE');
    }
  });

  it('rejects the stamp (not the constructor) when the key id is bad', async () => {
    const key = await generateTestKey();
    const stamper = new ApiKeyStamper({ ...key, id: 'not-a-key' });
    await expectCode(() => stamper.stamp('{}'), 'ERR_KEY_FORMAT');
  });
});
