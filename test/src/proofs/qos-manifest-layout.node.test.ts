// The QOS manifest's Borsh layout field by field, on a manifest written by the emulator's writer
// (fields known) and on the production vector's: what each field reads back as, and each way
// the bytes can stop fitting the layout.
import { describe, it, expect, expectCode, before } from '../../support/harness.ts';
import { parseQosManifest } from '../../../src/proofs/qos-manifest.ts';
import { concatBytes } from '../../../src/encoding/utf8.ts';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8Encode } from '../../../src/encoding/utf8.ts';
import { EPHEMERAL_KEY, PCRS, makeWorld, manifestBytes } from './synthetic-proof.ts';
import { decodeB64, loadAppProofVector } from './proof-fixtures.ts';

/** namespace (4 + 16) + nonce (4) + quorum key (4 + 130) + pivot hash (32): the restart policy byte. */
const RESTART_OFFSET = 4 + 16 + 4 + 4 + 130 + 32;

describe('QOS manifest layout, field by field', () => {
  let manifest: Uint8Array;
  let production: Uint8Array;
  before(async () => {
    manifest = manifestBytes();
    production = decodeB64((await loadAppProofVector()).bootProof.qosManifestB64);
  });

  it('reads back every field the writer wrote', () => {
    const m = parseQosManifest(manifest);
    expect(m.namespace).to.deep.equal({ name: 'synthetic/signer', nonce: 7, quorumKey: EPHEMERAL_KEY });
    expect(m.pivot).to.deep.equal({ hash: sha256(utf8Encode('pivot')), restart: 1, args: ['--flag'] });
    expect(m.pcrs).to.deep.equal(PCRS.slice(0, 4));
    expect(m.awsRootCertificate).to.deep.equal(makeWorld().root);
    expect(m.qosCommit).to.equal('synthetic');
    expect(manifest[RESTART_OFFSET]).to.equal(1);
  });

  it('reads a manifest that sits inside a larger buffer (offsets are the view’s own)', () => {
    const padded = concatBytes(new Uint8Array(5).fill(0xff), production, new Uint8Array(3)).subarray(5, 5 + production.length);
    expect(parseQosManifest(padded)).to.deep.equal(parseQosManifest(production));
    expect(parseQosManifest(production).namespace.nonce).to.equal(20250902);
  });

  it('restart policy 0 or 1; anything else is an unknown layout', async () => {
    const withRestart = (value: number) => {
      const out = manifest.slice();
      out[RESTART_OFFSET] = value;
      return out;
    };
    expect(parseQosManifest(withRestart(0)).pivot.restart).to.equal(0);
    for (const value of [2, 0xff]) await expectCode(() => parseQosManifest(withRestart(value)), 'ERR_PROOF_MANIFEST');
  });

  it('refuses a namespace that is not UTF-8, a list longer than the bytes left, and a cut anywhere', async () => {
    const notUtf8 = manifest.slice();
    notUtf8[4] = 0xc3;
    notUtf8[5] = 0x28;
    await expectCode(() => parseQosManifest(notUtf8), 'ERR_PROOF_MANIFEST');
    // The pivot args count (right after the restart byte) says more args than bytes remain.
    const tooMany = manifest.slice();
    new DataView(tooMany.buffer).setUint32(RESTART_OFFSET + 1, manifest.length, true);
    await expectCode(() => parseQosManifest(tooMany), 'ERR_PROOF_MANIFEST');
    for (const end of [0, 3, 4, 20, 24, RESTART_OFFSET, RESTART_OFFSET + 1, manifest.length - 9, manifest.length - 4, manifest.length - 1]) {
      await expectCode(() => parseQosManifest(manifest.subarray(0, end)), 'ERR_PROOF_MANIFEST').catch((error: Error) => {
        throw new Error(`cut at ${end}: ${error.message}`);
      });
    }
    // Without its (empty) patch set the manifest is the older layout, still read.
    expect(parseQosManifest(manifest.subarray(0, manifest.length - 8)).qosCommit).to.equal('synthetic');
    await expectCode(() => parseQosManifest(concatBytes(manifest, Uint8Array.of(0))), 'ERR_PROOF_MANIFEST');
  });
});
