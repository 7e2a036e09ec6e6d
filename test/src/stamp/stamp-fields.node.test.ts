// verifyStamp's reading of the X-Stamp JSON and stampHeaderPrefix's key id check, field by
// field (issue 26 item 2, mutation survivors). The starting point is the stamp the service's CLI
// published (test/vectors/stamp.json): each case changes one thing in it, so each refusal is
// the one that thing earns: a field of the wrong type is a malformed header, not a bad key or
// scheme; what the decoder or DER parser refused stays as the cause.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { p256 } from '@noble/curves/nist.js';
import { verifyStamp, decodeStampHeader } from '../../../src/stamp/verify-stamp.ts';
import { stampHeaderPrefix } from '../../../src/stamp/create-stamp.ts';
import { isLatchError, type LatchError, type LatchErrorCode } from '../../../src/errors/latch-error.ts';

const vector = JSON.parse(readFileSync(new URL('../../vectors/stamp.json', import.meta.url), 'utf8')) as {
  fixtureKeyPair: { publicKeyCompressedHex: string };
  cliStamp: { body: string; xStamp: string };
};
const { body, xStamp } = vector.cliStamp;
const published = JSON.parse(Buffer.from(xStamp, 'base64url').toString('utf8')) as Record<string, unknown>;
const encode = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

async function refusedWith(run: () => Promise<unknown> | unknown, code: LatchErrorCode, label: string): Promise<LatchError> {
  let caught: unknown;
  try {
    await run();
  } catch (error) {
    caught = error;
  }
  assert.ok(isLatchError(caught), `${label}: expected ${code}, got ${String(caught)}`);
  assert.equal(caught.code, code, `${label}: ${caught.message}`);
  assert.ok(caught.message.length > 10, `${label}: a message that says what failed`);
  return caught;
}

describe('verifyStamp: one field of the published stamp changed', () => {
  it('the published stamp itself verifies (the cases below change only what they name)', async () => {
    assert.equal((await verifyStamp(body, xStamp)).publicKey, published.publicKey);
  });

  it('a field of the wrong type is ERR_STAMP_MALFORMED, whichever field it is', async () => {
    for (const field of ['publicKey', 'scheme', 'signature']) {
      for (const wrong of [42, null, true, [published[field]], { value: published[field] }]) {
        await refusedWith(() => verifyStamp(body, encode({ ...published, [field]: wrong })), 'ERR_STAMP_MALFORMED', `${field}: ${JSON.stringify(wrong)}`);
      }
    }
  });

  it('JSON that is not an object is ERR_STAMP_MALFORMED', async () => {
    for (const value of [42, 'publicKey', true, [published]]) await refusedWith(() => verifyStamp(body, encode(value)), 'ERR_STAMP_MALFORMED', JSON.stringify(value));
  });

  it('a header that does not decode keeps the decoder\'s refusal as the cause', async () => {
    const notBase64 = await refusedWith(() => decodeStampHeader('!!'), 'ERR_STAMP_MALFORMED', '!!');
    assert.ok(isLatchError(notBase64.cause, 'ERR_ENCODING_BASE64URL'));
    const notJson = await refusedWith(() => decodeStampHeader(Buffer.from('{publicKey').toString('base64url')), 'ERR_STAMP_MALFORMED', 'not JSON');
    assert.ok(notJson.cause instanceof SyntaxError);
  });

  it('a wrong scheme, a key that is not compressed hex, a signature that is not hex DER, another body: each its own code', async () => {
    await refusedWith(() => verifyStamp(body, encode({ ...published, scheme: 'SIGNATURE_SCHEME_TK_API_ED25519' })), 'ERR_STAMP_SCHEME', 'scheme');
    await refusedWith(() => verifyStamp(body, encode({ ...published, publicKey: `x${published.publicKey as string}` })), 'ERR_KEY_FORMAT', 'key');
    for (const signature of ['zz', '3006020101020101ff', '']) {
      const error = await refusedWith(() => verifyStamp(body, encode({ ...published, signature })), 'ERR_STAMP_SIGNATURE', signature);
      assert.ok(isLatchError(error.cause), `${JSON.stringify(signature)}: the hex or DER refusal is the cause`);
    }
    await refusedWith(() => verifyStamp(`${body} `, xStamp), 'ERR_STAMP_SIGNATURE', 'body');
  });
});

describe('verifyStamp: the key in its compressed form only', () => {
  it('refuses the uncompressed form of a valid key that signed the body, even one whose hex ends like a compressed key', async () => {
    // The service names an API key by its compressed form. An uncompressed key whose X ends in
    // byte 02 or 03 has 66 trailing characters that read as a compressed key: found by search,
    // signed by noble.
    let k = 1n;
    while (![2, 3].includes(p256.Point.BASE.multiply(k).toBytes(false)[32]!)) k += 1n;
    const secret = p256.Point.Fn.toBytes(k);
    const signature = Buffer.from(p256.sign(new TextEncoder().encode(body), secret, { format: 'der', lowS: false })).toString('hex');
    const point = p256.Point.BASE.multiply(k);
    const compressed = point.toHex(true);
    const stamp = (publicKey: string) => encode({ publicKey, scheme: 'SIGNATURE_SCHEME_TK_API_P256', signature });
    assert.equal((await verifyStamp(body, stamp(compressed))).publicKey, compressed);
    await refusedWith(() => verifyStamp(body, stamp(point.toHex(false))), 'ERR_KEY_FORMAT', 'uncompressed');
  });
});

describe('stampHeaderPrefix: only a compressed P-256 key in hex, as a string', () => {
  const id = vector.fixtureKeyPair.publicKeyCompressedHex;

  it('refuses the key with anything before it, or the key inside an array or object', async () => {
    for (const bad of [`x${id}`, `00${id}`, ` ${id}`, [id], { toString: () => id }]) {
      await refusedWith(() => stampHeaderPrefix(bad as unknown as string), 'ERR_KEY_FORMAT', String(bad));
    }
    assert.equal(Buffer.from(stampHeaderPrefix(id), 'base64url').toString('utf8'), `{"publicKey":"${id}","scheme":"SIGNATURE_SCHEME_TK_API_P256","signature":"`);
  });
});
