// The emulator's crypto worker (demo/emulator/api/crypto-worker.ts) answers exactly what the
// main thread would: X-Stamp verifications as verifyP256Raw (valid, a changed body, a changed
// signature, high S), secp256k1 signatures byte for byte libsecp256k1's on the main thread; and
// signRawPayload uses a signature made ahead only when it is that key's over that digest.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { generateKeyPairSync, randomBytes, sign as nodeSign } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { hex } from '@scure/base';
import { signOnWorker, verifyOnWorker, verifyP256Raw } from '../../demo/emulator/api/crypto-worker.ts';
import {
  nativeSecp256k1, nativeSecp256k1Path, recoveredSignature, reducedSecp256k1Digest, signRawPayload, signSecp256k1Digest,
} from '../../demo/emulator/wallet/sign-raw-payload.ts';

const P256_ORDER = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;

describe('crypto worker', () => {
  it('verifies X-Stamp signatures as the main thread does', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const body = new TextEncoder().encode(JSON.stringify({ type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', n: 1 }));
    const signature = new Uint8Array(nodeSign('sha256', body, { key: privateKey, dsaEncoding: 'ieee-p1363' }));
    // The same signature with s replaced by n - s (high S): valid for WebCrypto and OpenSSL alike.
    const s = BigInt(`0x${hex.encode(signature.subarray(32))}`);
    const flipped = Uint8Array.from([...signature.subarray(0, 32), ...hex.decode((P256_ORDER - s).toString(16).padStart(64, '0'))]);
    const changedBody = body.slice();
    changedBody[3] ^= 1;
    const changedSignature = signature.slice();
    changedSignature[10] ^= 1;
    const cases: [Uint8Array, Uint8Array][] = [
      [signature, body],
      [flipped, body],
      [signature, changedBody],
      [changedSignature, body],
      [new Uint8Array(64), body],
    ];
    for (const [sig, data] of cases) {
      const onWorker = verifyOnWorker(publicKey, sig, data);
      assert.ok(onWorker, 'a worker is used on this machine');
      assert.equal(await onWorker, verifyP256Raw(publicKey, sig, data));
    }
    assert.deepEqual(await Promise.all(cases.map(([sig, data]) => verifyOnWorker(publicKey, sig, data))), [true, true, false, false, false]);
    // Not 64 bytes: no worker, and false on the main thread.
    assert.equal(verifyOnWorker(publicKey, signature.subarray(0, 63), body), undefined);
  });

  it('signs secp256k1 digests byte for byte as libsecp256k1 on the main thread', { skip: !nativeSecp256k1 && 'the native secp256k1 addon is not installed' }, async () => {
    const native = { path: nativeSecp256k1Path!, ecdsaSign: nativeSecp256k1!.ecdsaSign.bind(nativeSecp256k1) };
    const order = secp256k1.Point.Fn.ORDER;
    const digests: Uint8Array[] = Array.from({ length: 40 }, () => new Uint8Array(randomBytes(32)));
    // Digests at or above the group order are reduced first, on either thread.
    digests.push(hex.decode((order + 5n).toString(16).padStart(64, '0')), hex.decode('ff'.repeat(32)));
    for (const digest of digests) {
      const key = secp256k1.utils.randomSecretKey();
      const keyCopy = key.slice();
      const made = await signOnWorker(native, reducedSecp256k1Digest(digest), key)!;
      assert.deepEqual(key, keyCopy, "the caller's key is left as it was");
      assert.deepEqual(recoveredSignature(made), signSecp256k1Digest(digest, key));
    }
  });

  it('signRawPayload uses a signature made ahead only for its own key and digest', () => {
    const key = secp256k1.utils.randomSecretKey();
    const other = secp256k1.utils.randomSecretKey();
    const payload = 'ab'.repeat(32);
    const input = { privateKey: key, curve: 'CURVE_SECP256K1', payload, encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NO_OP' } as const;
    const own = signRawPayload(input);
    const marker = new Uint8Array(65).fill(7);
    const digest = hex.decode(payload);
    // Matching key and digest: the made-ahead bytes are what is answered, and its key copy is wiped.
    const copy = key.slice();
    assert.equal(signRawPayload(input, { privateKey: copy, digest, recovered: marker }).r, '07'.repeat(32));
    assert.deepEqual(copy, new Uint8Array(32));
    // Another key's, or another digest's: ignored, the signature is made here.
    assert.deepEqual(signRawPayload(input, { privateKey: other, digest, recovered: marker }), own);
    assert.deepEqual(signRawPayload(input, { privateKey: key.slice(), digest: new Uint8Array(32), recovered: marker }), own);
  });
});
