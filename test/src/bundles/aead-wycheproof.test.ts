// A4 aes256gcm-wycheproof: the AEAD of the bundles' suite (bundleSuite() in hpke-suite.ts:
// @hpke/core's Aes256Gcm, on WebCrypto AES-GCM) over Wycheproof aes_gcm_test.json, the groups
// with a 256-bit key and a 96-bit IV as HPKE uses them: the 39 valid cases open to their message,
// the 27 invalid ones (modified tags, truncated tags…) open to nothing. The suite's AEAD is
// RFC 9180's AES-256-GCM (id 0x0002, Nk 32, Nn 12, Nt 16), not only some AES-GCM.
import { describe, it, expect, before } from '../../support/harness.ts';
import { bundleSuite } from '../../../src/bundles/hpke-suite.ts';
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
    const { aead } = await bundleSuite();
    expect([aead.id, aead.keySize, aead.nonceSize, aead.tagSize]).to.deep.equal([0x0002, 32, 12, 16]);
    const wrong: string[] = [];
    let opened = 0;
    for (const test of cases) {
      const context = aead.createEncryptionContext(fromHex(test.key).slice().buffer);
      let plain: string | undefined;
      try {
        plain = toHex(new Uint8Array(await context.open(fromHex(test.iv).slice().buffer, fromHex(test.ct + test.tag).slice().buffer, fromHex(test.aad).slice().buffer)));
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
