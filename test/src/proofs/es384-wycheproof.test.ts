import { describe, it, expect, before } from '../../support/harness.ts';
import { verifyEcdsa } from '../../../src/proofs/ecdsa-verify.ts';
import { fromHex } from '../../../src/encoding/hex.ts';
import { loadVector, type WycheproofFile, type WycheproofTest } from '../crypto/vectors.ts';

type SignatureTest = WycheproofTest & { msg: string; sig: string };
interface SignatureGroup {
  publicKey: { uncompressed: string; curve: string };
  sha: string;
}

describe('ES384 verification path (Wycheproof ecdsa_secp384r1_sha384_p1363)', () => {
  let file: WycheproofFile<SignatureGroup>;
  before(async () => {
    file = await loadVector<WycheproofFile<SignatureGroup>>('wycheproof/ecdsa_secp384r1_sha384_p1363_test.json');
  });

  it('accepts every valid signature and refuses every invalid one', async () => {
    let valid = 0;
    let invalid = 0;
    const wrong: string[] = [];
    for (const group of file.testGroups) {
      expect(group.publicKey.curve).to.equal('secp384r1');
      expect(group.sha).to.equal('SHA-384');
      const key = fromHex(group.publicKey.uncompressed);
      for (const test of group.tests as SignatureTest[]) {
        const ok = await verifyEcdsa('P-384', 'SHA-384', key, fromHex(test.sig), fromHex(test.msg));
        if (test.result === 'valid') valid++;
        if (test.result === 'invalid') invalid++;
        if (test.result !== 'acceptable' && ok !== (test.result === 'valid')) wrong.push(`tcId ${test.tcId} (${test.comment})`);
      }
    }
    expect(wrong).to.deep.equal([]);
    expect(valid).to.be.greaterThan(100);
    expect(invalid).to.be.greaterThan(50);
  });
});
