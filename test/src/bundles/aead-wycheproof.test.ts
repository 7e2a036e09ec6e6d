// A4 aes256gcm-wycheproof: the AEAD the bundle suite uses (aeadOpen in hpke-suite.ts: WebCrypto
// AES-GCM, 96-bit nonce, 128-bit tag) over Wycheproof aes_gcm_test.json, the groups with a
// 256-bit key and a 96-bit IV as HPKE uses them: the 39 valid cases open to their message, the 27
// invalid ones (modified tags, truncated tags…) open to nothing.
import { describe, it, expect, before } from '../../support/harness.ts';
import { aeadOpen } from '../../../src/bundles/hpke-suite.ts';
import { fromHex, toHex } from '../../../src/encoding/hex.ts';
import { loadVector, type WycheproofFile, type WycheproofTest } from '../crypto/vectors.ts';

type GcmTest = WycheproofTest & { key: string; iv: string; aad: string; msg: string; ct: string; tag: string };
interface Group {
  keySize: number;
  ivSize: number;
  tagSize: number;
}

describe('A4 aes256gcm-wycheproof', () => {
  let cases: GcmTest[] = [];
  before(async () => {
    const file = await loadVector<WycheproofFile<Group>>('wycheproof/aes_gcm_test.json');
    cases = file.testGroups.filter((g) => g.keySize === 256 && g.ivSize === 96).flatMap((g) => g.tests as GcmTest[]);
  });

  it('A4 aes256gcm-wycheproof: 39 valid cases decrypt to their message, 27 invalid ones throw', async () => {
    const wrong: string[] = [];
    let opened = 0;
    for (const test of cases) {
      const key = await globalThis.crypto.subtle.importKey('raw', new Uint8Array(fromHex(test.key)), 'AES-GCM', false, ['decrypt']);
      let plain: string | undefined;
      try {
        plain = toHex(await aeadOpen(key, fromHex(test.iv), fromHex(test.ct + test.tag), fromHex(test.aad)));
      } catch {
        plain = undefined;
      }
      if (plain !== undefined) opened += 1;
      const ok = test.result === 'valid' ? plain === test.msg : plain === undefined;
      if (!ok) wrong.push(`${test.tcId}:${test.result}`);
    }
    expect(cases.filter((t) => t.result === 'valid').length).to.equal(39);
    expect(cases.filter((t) => t.result === 'invalid').length).to.equal(27);
    expect(opened).to.equal(39);
    expect(wrong, 'tcId:expected').to.deep.equal([]);
  });
});
