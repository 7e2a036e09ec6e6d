// The emulator's own X-Stamp check (checkStamp: the core's verifyStamp steps with Node's
// synchronous ECDSA in place of WebCrypto's, demo/emulator/api/stamp-check.ts) over all 484
// Wycheproof ecdsa_secp256r1_sha256 (DER) vectors, as test/src/stamp/verify-stamp-wycheproof
// runs them through verifyStamp: each becomes a stamp of the vector's key and DER signature
// over the vector's message bytes as the raw request body. The valid ones pass; every invalid
// one is SIGNATURE_INVALID caused by a stamp signature error, and no vector answers otherwise
// than WebCrypto's path does.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { checkStamp } from '../../demo/emulator/api/stamp-check.ts';
import { verifyStamp } from '../../src/stamp/verify-stamp.ts';
import { API_KEY_STAMP_SCHEME } from '../../src/stamp/create-stamp.ts';
import { compressPublicKey } from '../../src/crypto/p256-point.ts';
import { fromHex, toHex } from '../../src/encoding/hex.ts';
import { textToBase64Url } from '../../src/encoding/base64url.ts';
import { loadVector, type WycheproofFile, type WycheproofTest } from '../src/crypto/vectors.ts';
import type { EmuRequest } from '../../demo/emulator/http/exchange.ts';

type SignatureTest = WycheproofTest & { msg: string; sig: string };
interface Case {
  publicKey: string;
  test: SignatureTest;
}

const header = (publicKey: string, signature: string): string =>
  textToBase64Url(JSON.stringify({ publicKey, scheme: API_KEY_STAMP_SCHEME, signature }));

const request = (body: Uint8Array, stamp: string): EmuRequest => ({
  method: 'POST',
  path: '/public/v1/submit/create_users',
  query: new URLSearchParams(),
  headers: { 'x-stamp': stamp },
  body,
});

/** 'verified', or the code of what refused it (the cause's, under SIGNATURE_INVALID). */
async function viaEmulator({ publicKey, test }: Case): Promise<string> {
  try {
    const check = await checkStamp(request(fromHex(test.msg), header(publicKey, test.sig)));
    assert.deepEqual(check, { kind: 'API_KEY', publicKey, curve: 'API_KEY_CURVE_P256' });
    return 'verified';
  } catch (error) {
    const e = error as { serviceErrorCode?: string; cause?: { code?: string } };
    return e.serviceErrorCode === 'SIGNATURE_INVALID' ? (e.cause?.code ?? 'no cause') : `answered ${e.serviceErrorCode ?? String(error)}`;
  }
}

async function viaWebCrypto({ publicKey, test }: Case): Promise<string> {
  try {
    await verifyStamp(fromHex(test.msg), header(publicKey, test.sig));
    return 'verified';
  } catch (error) {
    return (error as { code?: string }).code ?? 'not a LatchError';
  }
}

describe("the emulator's X-Stamp check over Wycheproof ECDSA P-256 vectors", () => {
  let cases: Case[] = [];
  before(async () => {
    const file = await loadVector<WycheproofFile<{ publicKey: { uncompressed: string } }>>('wycheproof/ecdsa_secp256r1_sha256_test.json');
    cases = file.testGroups.flatMap((group) =>
      group.tests.map((test) => ({ publicKey: toHex(compressPublicKey(fromHex(group.publicKey.uncompressed))), test: test as SignatureTest })),
    );
  });

  it('accepts all 174 valid and refuses all 310 invalid vectors with a stamp signature error, as verifyStamp (WebCrypto) does', async () => {
    const wrong: string[] = [];
    for (const c of cases) {
      const emulator = await viaEmulator(c);
      const expected = c.test.result === 'valid' ? ['verified'] : ['ERR_STAMP_SIGNATURE', 'ERR_SIGNATURE_FORMAT'];
      if (!expected.includes(emulator)) wrong.push(`${c.test.tcId}:${emulator}`);
      const webCrypto = await viaWebCrypto(c);
      if (webCrypto !== emulator) wrong.push(`${c.test.tcId}: emulator ${emulator}, WebCrypto ${webCrypto}`);
    }
    assert.equal(cases.length, 484);
    assert.equal(cases.filter((c) => c.test.result === 'valid').length, 174);
    assert.deepEqual(wrong, []);
  });
});
