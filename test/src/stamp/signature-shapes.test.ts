// B2 pinned for the API-key stamp (issue 39): verifyStamp refuses an empty, cut short, all-zero
// or over-long signature (DER hex, or raw r‖s where DER belongs), over the stamped body and over
// a changed one. A refactor to `if (signature.length > 0 && !verify(…))` fails here.
import { describe, it, expect, expectCode, before } from '../../support/harness.ts';
import { createStamp } from '../../../src/stamp/create-stamp.ts';
import { verifyStamp } from '../../../src/stamp/verify-stamp.ts';
import { verifyP256 } from '../../../src/stamp/ecdsa.ts';
import { derToRaw } from '../../../src/crypto/der.ts';
import { fromBase64Url, toBase64Url } from '../../../src/encoding/base64url.ts';
import { fromHex, toHex } from '../../../src/encoding/hex.ts';
import { utf8Decode, utf8Encode } from '../../../src/encoding/utf8.ts';
import { derSignatureShapes, rawSignatureShapes } from '../../support/signature-shapes.ts';
import { generateTestKey, type TestKey } from '../crypto/test-keys.ts';

type StampJson = { publicKey: string; scheme: string; signature: string };
const decode = (header: string): StampJson => JSON.parse(utf8Decode(fromBase64Url(header))) as StampJson;
const encode = (stamp: StampJson): string => toBase64Url(utf8Encode(JSON.stringify(stamp)));

describe('B2 appproof-mutations (the API-key stamp): no stamp signature is optional', () => {
  let key: TestKey;
  const body = '{"organizationId":"org-1","type":"ACTIVITY_TYPE_CREATE_USERS_V4","timestampMs":"1750000000000"}';
  const changed = body.replace('org-1', 'org-2');
  before(async () => {
    key = await generateTestKey();
  });

  it('verifyStamp: each DER shape, and each raw r‖s shape, over the body and a changed one: ERR_STAMP_SIGNATURE', async () => {
    const header = await createStamp(body, { id: key.id, privateKey: key.privateKey });
    expect((await verifyStamp(body, header)).publicKey).to.equal(key.id);
    const stamp = decode(header);
    const der = fromHex(stamp.signature);
    const shapes = [...derSignatureShapes(der), ...rawSignatureShapes(derToRaw(der)).map(([name, bytes]) => [`raw ${name}`, bytes] as const)];
    for (const signed of [body, changed]) {
      for (const [name, bytes] of shapes) {
        const refusal = await expectCode(() => verifyStamp(signed, encode({ ...stamp, signature: toHex(bytes) })), 'ERR_STAMP_SIGNATURE');
        expect(refusal.message, name).to.match(/signature/);
      }
    }
  });

  it('verifyP256 (the check under the stamp and token verifiers): false for every raw shape', async () => {
    const raw = derToRaw(fromHex(decode(await createStamp(body, { id: key.id, privateKey: key.privateKey })).signature));
    expect(await verifyP256(key.publicKey, raw, utf8Encode(body))).to.equal(true);
    for (const data of [body, changed]) {
      for (const [name, bytes] of rawSignatureShapes(raw)) expect(await verifyP256(key.publicKey, bytes, utf8Encode(data)), name).to.equal(false);
    }
  });
});
