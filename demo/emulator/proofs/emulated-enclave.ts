/**
 * The emulator's pretend Nitro enclave. It "boots" once per three-hour slot: each boot has its
 * own ephemeral key pair in the 130-byte form (65-byte encryption key || 65-byte signing key)
 * and its own Boot Proof, whose attestation (COSE_Sign1 ES384) is signed by a leaf valid for
 * exactly that slot, so every App Proof made during the slot verifies against it, dated by
 * its own time. Everything derives from one persisted secret, so after a restart the same
 * slot gives the same keys and the same proofs, and old Boot Proofs can still be answered.
 */
import { p256, p384 } from '@noble/curves/nist.js';
import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256, sha384 } from '@noble/hashes/sha2.js';
import { toHex } from '../../../src/encoding/hex.ts';
import { concatBytes, utf8Encode } from '../../../src/encoding/utf8.ts';
import { encodeCbor } from '../../../src/proofs/cbor.ts';
import { coseSigStructure } from '../../../src/proofs/attestation.ts';
import { timestamp } from '../api/envelope.ts';
import { TestCertificateAuthority, p384KeyFromSeed } from './test-ca.ts';
import { encodeManifestEnvelope, encodeQosManifest } from './qos-manifest-writer.ts';
import type { AppProof, BootProof } from '../../../src/proofs/proof-types.ts';
import type { CborMap } from '../../../src/proofs/cbor.ts';

/** AWS attestation leaves live about three hours; each emulated boot lasts one such slot. */
export const BOOT_SLOT_MS = 3 * 60 * 60 * 1000;

export const EMULATED_ENCLAVE = { namespace: 'emulator/signer', deploymentLabel: 'emulator', enclaveApp: 'signer', owner: 'latchkey-emulator' } as const;

interface Boot {
  slot: number;
  ephemeralPublicKeyHex: string;
  signingSecret: Uint8Array;
  bootProof: BootProof;
}

const toBase64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

export class EmulatedEnclave {
  readonly ca: TestCertificateAuthority;
  private readonly manifest: Uint8Array;
  private readonly pcrs: Uint8Array[];
  private readonly boots = new Map<number, Boot>();
  private readonly slotsByKey = new Map<string, number>();

  constructor(private readonly secret: Uint8Array) {
    this.ca = new TestCertificateAuthority(p384KeyFromSeed(this.derive('ca root', 72)), p384KeyFromSeed(this.derive('ca intermediate', 72)));
    // PCR0..PCR3 stand for image, kernel, application and IAM role measurements; the rest are zero, as in a real enclave.
    this.pcrs = Array.from({ length: 16 }, (_, i) => (i < 4 ? sha384(utf8Encode(`latchkey emulator PCR${i}`)) : new Uint8Array(48)));
    const operatorKey = concatBytes(this.p256Pair('operator encryption').publicKey, this.p256Pair('operator signing').publicKey);
    this.manifest = encodeQosManifest({
      namespace: EMULATED_ENCLAVE.namespace,
      nonce: 1,
      quorumKey: concatBytes(this.p256Pair('quorum encryption').publicKey, this.p256Pair('quorum signing').publicKey),
      pivotHash: sha256(utf8Encode('latchkey emulator signer pivot')),
      pivotArgs: [],
      operator: { alias: 'emulator', publicKey: operatorKey },
      pcrs: [this.pcrs[0]!, this.pcrs[1]!, this.pcrs[2]!, this.pcrs[3]!],
      rootCertificate: this.ca.root,
      qosCommit: 'latchkey-emulator',
    });
  }

  private derive(label: string, length: number): Uint8Array {
    return hkdf(sha256, this.secret, utf8Encode('latchkey emulator app proofs'), utf8Encode(label), length);
  }

  private p256Pair(label: string): { secretKey: Uint8Array; publicKey: Uint8Array } {
    const secretKey = p256.utils.randomSecretKey(this.derive(label, 48));
    return { secretKey, publicKey: p256.getPublicKey(secretKey, false) };
  }

  /** The boot whose slot holds `time` (made on first use). */
  bootAt(time: number): Boot {
    const slot = Math.floor(time / BOOT_SLOT_MS);
    let boot = this.boots.get(slot);
    if (!boot) {
      boot = this.makeBoot(slot);
      this.boots.set(slot, boot);
      this.slotsByKey.set(boot.ephemeralPublicKeyHex, slot);
    }
    return boot;
  }

  /** A boot already made (this run) for this ephemeral key. */
  knownBoot(ephemeralPublicKeyHex: string): Boot | undefined {
    const slot = this.slotsByKey.get(ephemeralPublicKeyHex.toLowerCase());
    return slot === undefined ? undefined : this.boots.get(slot);
  }

  /** Signs `payload` (JSON, in its key order) as an App Proof of the boot at `time`. */
  signAppProof(payload: Record<string, unknown>, time: number): AppProof {
    const boot = this.bootAt(time);
    const proofPayload = JSON.stringify(payload);
    return {
      scheme: 'SIGNATURE_SCHEME_EPHEMERAL_KEY_P256',
      publicKey: boot.ephemeralPublicKeyHex,
      proofPayload,
      // noble hashes with SHA-256 before signing: the signature is over SHA-256(UTF-8 payload).
      signature: toHex(p256.sign(utf8Encode(proofPayload), boot.signingSecret)),
    };
  }

  private makeBoot(slot: number): Boot {
    const start = slot * BOOT_SLOT_MS;
    const encryption = this.p256Pair(`boot ${slot} encryption`);
    const signing = this.p256Pair(`boot ${slot} signing`);
    const ephemeralKey = concatBytes(encryption.publicKey, signing.publicKey);
    const moduleId = `i-emulator-enc${slot.toString(16).padStart(12, '0')}`;
    const leafKey = p384KeyFromSeed(this.derive(`boot ${slot} attestation`, 72));
    const leaf = this.ca.issueLeaf(leafKey.publicKey, moduleId, start, start + BOOT_SLOT_MS);
    const document: CborMap = new Map<string, Parameters<typeof encodeCbor>[0]>([
      ['module_id', moduleId],
      ['digest', 'SHA384'],
      ['timestamp', start],
      ['pcrs', new Map(this.pcrs.map((pcr, i) => [i, pcr]))],
      ['certificate', leaf],
      ['cabundle', [this.ca.root, this.ca.intermediate]],
      ['public_key', ephemeralKey],
      ['user_data', sha256(this.manifest)],
      ['nonce', null],
    ]);
    const cose = { protectedHeader: encodeCbor(new Map([[1, -35]])), payload: encodeCbor(document), signature: new Uint8Array(0) };
    cose.signature = p384.sign(coseSigStructure(cose), leafKey.secretKey); // SHA-384, raw r||s
    const attestation = encodeCbor([cose.protectedHeader, new Map(), cose.payload, cose.signature]);
    return {
      slot,
      ephemeralPublicKeyHex: toHex(ephemeralKey),
      signingSecret: signing.secretKey,
      bootProof: {
        ephemeralPublicKeyHex: toHex(ephemeralKey),
        awsAttestationDocB64: toBase64(attestation),
        qosManifestB64: toBase64(this.manifest),
        qosManifestEnvelopeB64: toBase64(encodeManifestEnvelope(this.manifest)),
        deploymentLabel: EMULATED_ENCLAVE.deploymentLabel,
        enclaveApp: EMULATED_ENCLAVE.enclaveApp,
        owner: EMULATED_ENCLAVE.owner,
        createdAt: timestamp(start),
      },
    };
  }
}
