// A2 appproof-sig-wycheproof-p1363: the App Proof signature check (verifyEcdsa on raw r||s,
// as verifyAppProof calls it) over all 262 Wycheproof ecdsa_secp256r1_sha256_p1363 vectors:
// 173 accepted, 89 refused, and a signature that is not 64 bytes is refused before any
// verification is attempted.
import { describe, it, expect, before } from '../../support/harness.ts';
import { verifyEcdsa } from '../../../src/proofs/ecdsa-verify.ts';
import { fromHex } from '../../../src/encoding/hex.ts';
import { loadVector, type WycheproofFile, type WycheproofTest } from '../crypto/vectors.ts';

type SignatureTest = WycheproofTest & { msg: string; sig: string };
interface Group {
  publicKey: { uncompressed: string };
}

describe('A2 appproof-sig-wycheproof-p1363', () => {
  let cases: { key: Uint8Array; test: SignatureTest }[] = [];
  before(async () => {
    const file = await loadVector<WycheproofFile<Group>>('wycheproof/ecdsa_secp256r1_sha256_p1363_test.json');
    cases = file.testGroups.flatMap((g) => g.tests.map((test) => ({ key: fromHex(g.publicKey.uncompressed), test: test as SignatureTest })));
  });

  it('A2 appproof-sig-wycheproof-p1363: 173 valid signatures verify, 89 invalid ones do not', async () => {
    const wrong: number[] = [];
    let accepted = 0;
    for (const { key, test } of cases) {
      let ok: boolean;
      try {
        ok = await verifyEcdsa('P-256', 'SHA-256', key, fromHex(test.sig), fromHex(test.msg));
      } catch {
        ok = false;
      }
      if (ok) accepted += 1;
      if (ok !== (test.result === 'valid')) wrong.push(test.tcId);
    }
    expect(cases.length).to.equal(262);
    expect(accepted).to.equal(173);
    expect(wrong, 'tcIds').to.deep.equal([]);
  });

  it('refuses signatures that are not 64 bytes without verifying (63, 65, DER-sized, empty)', async () => {
    const { key, test } = cases.find((c) => c.test.result === 'valid')!;
    const sig = fromHex(test.sig);
    // WebCrypto refuses most of these itself: count its calls to see that none was made.
    const subtle = globalThis.crypto.subtle as SubtleCrypto & { verify: SubtleCrypto['verify'] };
    const realVerify = subtle.verify;
    let verifications = 0;
    subtle.verify = (...args: Parameters<SubtleCrypto['verify']>) => ((verifications += 1), realVerify.apply(subtle, args));
    try {
      for (const bad of [sig.subarray(0, 63), new Uint8Array([...sig, 0]), new Uint8Array(72), new Uint8Array(0)]) {
        let ok: boolean;
        try {
          ok = await verifyEcdsa('P-256', 'SHA-256', key, bad, fromHex(test.msg));
        } catch {
          ok = false;
        }
        expect(ok, `length ${bad.length}`).to.equal(false);
      }
      expect(verifications, 'WebCrypto verifications attempted').to.equal(0);
      expect(await verifyEcdsa('P-256', 'SHA-256', key, sig, fromHex(test.msg))).to.equal(true);
      expect(verifications, 'the counter sees a verification').to.equal(1);
    } finally {
      delete (subtle as { verify?: unknown }).verify;
      if (subtle.verify !== realVerify) subtle.verify = realVerify;
    }
  });
});
