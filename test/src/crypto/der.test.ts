import { describe, it, expect, expectCode, before } from '../../support/harness.ts';
import { derToRaw, rawToDer, rawToDerHex } from '../../../src/crypto/der.ts';
import { fromHex, toHex } from '../../../src/encoding/hex.ts';
import { loadVector, type WycheproofFile, type WycheproofTest } from './vectors.ts';

type SignatureTest = WycheproofTest & { msg: string; sig: string };
interface SignatureGroup {
  publicKey: { uncompressed: string };
}
interface Case {
  key: CryptoKey;
  test: SignatureTest;
}

/** Flags Wycheproof gives to signatures whose DER encoding itself is wrong. */
const ENCODING_FLAGS = ['BerEncodedSignature', 'InvalidEncoding', 'InvalidTypesInSignature', 'MissingZero'];

async function loadCases(name: string): Promise<Case[]> {
  const file = await loadVector<WycheproofFile<SignatureGroup>>(name);
  const cases: Case[] = [];
  for (const group of file.testGroups) {
    const key = await crypto.subtle.importKey('raw', fromHex(group.publicKey.uncompressed).slice(), { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
    for (const test of group.tests as SignatureTest[]) cases.push({ key, test });
  }
  return cases;
}

const verifyRaw = (key: CryptoKey, raw: Uint8Array, msg: string): Promise<boolean> =>
  crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, raw.slice(), fromHex(msg).slice());

function formatCode(fn: () => unknown): string | undefined {
  try {
    fn();
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code ?? 'not a LatchError';
  }
}

describe('DER <-> raw ECDSA signatures (Wycheproof ecdsa_secp256r1_sha256, DER)', () => {
  let cases: Case[] = [];
  before(async () => {
    cases = await loadCases('wycheproof/ecdsa_secp256r1_sha256_test.json');
    expect(cases.length).to.equal(484);
  });

  it('converts every valid DER signature to 64-byte r||s that WebCrypto verifies, and back to the same DER', async () => {
    const valid = cases.filter((c) => c.test.result === 'valid');
    expect(valid.length).to.equal(174);
    const failures: number[] = [];
    for (const { key, test } of valid) {
      const raw = derToRaw(fromHex(test.sig));
      if (raw.length !== 64 || !(await verifyRaw(key, raw, test.msg)) || toHex(rawToDer(raw)) !== test.sig) failures.push(test.tcId);
    }
    expect(failures, 'tcIds').to.deep.equal([]);
  });

  it('refuses every malformed DER encoding with ERR_SIGNATURE_FORMAT', () => {
    const malformed = cases.filter((c) => c.test.result === 'invalid' && c.test.flags.some((f) => ENCODING_FLAGS.includes(f)));
    expect(malformed.length).to.be.greaterThan(150);
    const failures = malformed
      .filter(({ test }) => formatCode(() => derToRaw(fromHex(test.sig))) !== 'ERR_SIGNATURE_FORMAT')
      .map(({ test }) => test.tcId);
    expect(failures, 'tcIds').to.deep.equal([]);
  });

  it('rejects every other invalid case: refused as DER or not verified', async () => {
    const failures: number[] = [];
    for (const { key, test } of cases.filter((c) => c.test.result === 'invalid')) {
      const code = formatCode(() => derToRaw(fromHex(test.sig)));
      if (code === 'ERR_SIGNATURE_FORMAT') continue;
      if (code !== undefined || (await verifyRaw(key, derToRaw(fromHex(test.sig)), test.msg))) failures.push(test.tcId);
    }
    expect(failures, 'tcIds').to.deep.equal([]);
  });
});

describe('raw -> DER ECDSA signatures (Wycheproof ecdsa_secp256r1_sha256, P1363)', () => {
  let cases: Case[] = [];
  before(async () => {
    cases = await loadCases('wycheproof/ecdsa_secp256r1_sha256_p1363_test.json');
    expect(cases.length).to.equal(262);
  });

  it('round-trips every valid r||s signature through DER unchanged, and it still verifies', async () => {
    const valid = cases.filter((c) => c.test.result === 'valid');
    expect(valid.length).to.equal(173);
    const failures: number[] = [];
    for (const { key, test } of valid) {
      const der = rawToDer(fromHex(test.sig));
      const raw = derToRaw(der);
      if (toHex(raw) !== test.sig || !(await verifyRaw(key, raw, test.msg))) failures.push(test.tcId);
    }
    expect(failures, 'tcIds').to.deep.equal([]);
  });

  it('refuses r||s of the wrong size once it is back in DER', () => {
    const wrongSize = cases.filter((c) => c.test.flags.includes('SignatureSize'));
    expect(wrongSize.length).to.equal(12);
    const failures = wrongSize
      .filter(({ test }) => {
        const sig = fromHex(test.sig);
        const code = formatCode(() => derToRaw(rawToDer(sig)));
        // Shorter halves are padded (accepted as integers), so they must at least change size.
        return code !== 'ERR_SIGNATURE_FORMAT' && derToRaw(rawToDer(sig)).length === sig.length;
      })
      .map(({ test }) => test.tcId);
    expect(failures, 'tcIds').to.deep.equal([]);
  });
});

describe('DER encoding details', () => {
  it('encodes small integers minimally and pads high bits with a zero byte', () => {
    const raw = new Uint8Array(64);
    raw[31] = 1;
    raw[32] = 0x80;
    // r = 1, s = 0x80 << 248
    expect(toHex(rawToDer(raw))).to.equal('3026020101022100' + '80' + '00'.repeat(31));
    expect(derToRaw(rawToDer(raw))).to.deep.equal(raw);
  });

  it('uses the long length form only when the body is 128 bytes or more (P-521 sized: 2 × (2 + 1 + 66) = 138)', () => {
    const raw = new Uint8Array(132).fill(0xff);
    const der = rawToDer(raw);
    expect(toHex(der.subarray(0, 3))).to.equal('30818a');
    expect(derToRaw(der, 66)).to.deep.equal(raw);
  });

  for (const [name, hex] of [
    ['empty', ''],
    ['not a sequence', '3106020101020101'],
    ['trailing byte', '300602010102010100'],
    ['sequence length too long', '3007020101020101'],
    ['negative r', '3006020181020101'],
    ['non-minimal r', '300702020001020101'],
    ['zero-length r', '30050200020101'],
    ['missing s', '3003020101'],
    ['r longer than 32 bytes', '302702220100' + '00'.repeat(32) + '020101'],
    ['long-form sequence length under 128', '30810602010102010100'.slice(0, 18)],
  ] as const) {
    it(`refuses ${name} with ERR_SIGNATURE_FORMAT`, async () => {
      await expectCode(() => derToRaw(fromHex(hex)), 'ERR_SIGNATURE_FORMAT');
    });
  }

  it('refuses an empty or odd-length raw signature with ERR_SIGNATURE_FORMAT', async () => {
    await expectCode(() => rawToDer(new Uint8Array(0)), 'ERR_SIGNATURE_FORMAT');
    await expectCode(() => rawToDer(new Uint8Array(63)), 'ERR_SIGNATURE_FORMAT');
    await expectCode(() => rawToDerHex(new Uint8Array(63)), 'ERR_SIGNATURE_FORMAT');
  });

  it('refuses a raw signature whose DER length would not fit the one-byte long form', async () => {
    // 120-byte halves give a 246-byte body, the most 0x81 n can say with room to spare; beyond, refuse.
    expect(rawToDerHex(new Uint8Array(240).fill(0xff)).slice(0, 6)).to.equal('3081f6');
    await expectCode(() => rawToDerHex(new Uint8Array(242).fill(0xff)), 'ERR_SIGNATURE_FORMAT');
  });

  it('rawToDerHex strips leading zero bytes, pads high bits, and keeps zero as one byte', () => {
    const leading = new Uint8Array(64);
    leading.fill(0x80, 2, 32); // r = 00 00 80…80: two zeros dropped, one 00 put back for the high bit
    leading[32] = 0x01; // s = 01 00…00: already minimal, 32 bytes
    const cases: Array<[Uint8Array, string]> = [
      [new Uint8Array(64), '3006020100020100'],
      [new Uint8Array(64).fill(0x7f), '3044' + ('0220' + '7f'.repeat(32)).repeat(2)],
      [leading, '3043' + '021f00' + '80'.repeat(30) + '0220' + '01' + '00'.repeat(31)],
    ];
    for (const [raw, der] of cases) {
      expect(rawToDerHex(raw)).to.equal(der);
      expect(derToRaw(fromHex(der))).to.deep.equal(raw);
    }
  });
});
