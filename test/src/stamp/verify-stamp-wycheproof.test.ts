// A1 stamp-verify-wycheproof-der: verifyStamp, the check the emulator runs on every X-Stamp
// (demo/emulator/api/stamp-check.ts), over all 484 Wycheproof ecdsa_secp256r1_sha256 (DER)
// vectors: each becomes a stamp of the vector's key and DER signature over the vector's message
// bytes as the raw request body. Valid ones verify; every invalid one (BER, MissingZero,
// modified r or s…) is refused with a stamp error, never accepted and never another failure.
import { describe, it, expect, before } from '../../support/harness.ts';
import { verifyStamp } from '../../../src/stamp/verify-stamp.ts';
import { API_KEY_STAMP_SCHEME } from '../../../src/stamp/create-stamp.ts';
import { compressPublicKey } from '../../../src/crypto/p256-point.ts';
import { fromHex, toHex } from '../../../src/encoding/hex.ts';
import { textToBase64Url } from '../../../src/encoding/base64url.ts';
import { loadVector, type WycheproofFile, type WycheproofTest } from '../crypto/vectors.ts';

type SignatureTest = WycheproofTest & { msg: string; sig: string };
interface Group {
  publicKey: { uncompressed: string };
}
interface Case {
  publicKey: string;
  test: SignatureTest;
}

const header = (publicKey: string, signature: string): string =>
  textToBase64Url(JSON.stringify({ publicKey, scheme: API_KEY_STAMP_SCHEME, signature }));

async function outcome({ publicKey, test }: Case): Promise<string> {
  try {
    await verifyStamp(fromHex(test.msg), header(publicKey, test.sig));
    return 'verified';
  } catch (error) {
    return (error as { code?: string }).code ?? 'not a LatchError';
  }
}

describe('A1 stamp-verify-wycheproof-der', () => {
  let cases: Case[] = [];
  before(async () => {
    const file = await loadVector<WycheproofFile<Group>>('wycheproof/ecdsa_secp256r1_sha256_test.json');
    cases = file.testGroups.flatMap((group) =>
      group.tests.map((test) => ({ publicKey: toHex(compressPublicKey(fromHex(group.publicKey.uncompressed))), test: test as SignatureTest })),
    );
  });

  it('A1 stamp-verify-wycheproof-der: the stamp verifier accepts all 174 valid and refuses all 310 invalid vectors (484 exercised)', async () => {
    let exercised = 0;
    const wrong: string[] = [];
    for (const c of cases) {
      const result = await outcome(c);
      exercised += 1;
      const expected = c.test.result === 'valid' ? ['verified'] : ['ERR_STAMP_SIGNATURE', 'ERR_SIGNATURE_FORMAT'];
      if (!expected.includes(result)) wrong.push(`${c.test.tcId}:${result}`);
    }
    expect(exercised).to.equal(484);
    expect(cases.filter((c) => c.test.result === 'valid').length).to.equal(174);
    expect(cases.filter((c) => c.test.result === 'invalid').length).to.equal(310);
    expect(wrong, 'tcId:outcome').to.deep.equal([]);
  });
});
