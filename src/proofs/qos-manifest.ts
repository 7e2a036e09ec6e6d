/**
 * The QOS manifest (the enclave's boot configuration, github tkhq/qos), Borsh-encoded:
 * namespace {name, nonce, quorum_key}, pivot {hash, restart, args}, manifest_set and share_set
 * {threshold, members [{alias, pub_key}]}, enclave {pcr0..pcr3, aws_root_certificate,
 * qos_commit}, and in newer manifests patch_set {threshold, members [pub_key]}. Only what a
 * verifier pins is kept. A layout this reader does not know is an error the caller may
 * report as "manifest contents not checked" rather than a failed proof.
 */
import { LatchError } from '../errors/latch-error.ts';
import { utf8Decode } from '../encoding/utf8.ts';

export interface QosManifest {
  namespace: { name: string; nonce: number; quorumKey: Uint8Array };
  pivot: { hash: Uint8Array; restart: number; args: string[] };
  /** PCR0..PCR3 the manifest expects the enclave to measure. */
  pcrs: [Uint8Array, Uint8Array, Uint8Array, Uint8Array];
  awsRootCertificate: Uint8Array;
  qosCommit: string;
}

const unknownLayout = (cause?: unknown): never => {
  throw new LatchError('ERR_PROOF_MANIFEST', 'The QOS manifest does not have a known layout.', { cause });
};

class BorshReader {
  offset = 0;
  private readonly view: DataView;
  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  u8(): number {
    if (this.offset + 1 > this.bytes.length) unknownLayout();
    return this.bytes[this.offset++]!;
  }
  u32(): number {
    if (this.offset + 4 > this.bytes.length) unknownLayout();
    const value = this.view.getUint32(this.offset, true);
    this.offset += 4;
    return value;
  }
  fixed(length: number): Uint8Array {
    if (length > this.bytes.length - this.offset) unknownLayout();
    const out = this.bytes.slice(this.offset, this.offset + length);
    this.offset += length;
    return out;
  }
  bytesVec(): Uint8Array {
    return this.fixed(this.u32());
  }
  string(): string {
    try {
      return utf8Decode(this.bytesVec());
    } catch (cause) {
      return unknownLayout(cause);
    }
  }
  vec<T>(read: () => T): T[] {
    const count = this.u32();
    if (count > this.bytes.length - this.offset) unknownLayout(); // every element is at least a byte
    return Array.from({ length: count }, read);
  }
}

/** Parses a manifest; anything unrecognized (including trailing bytes) is ERR_PROOF_MANIFEST. */
export function parseQosManifest(bytes: Uint8Array): QosManifest {
  const r = new BorshReader(bytes);
  const namespace = { name: r.string(), nonce: r.u32(), quorumKey: r.bytesVec() };
  const pivot = { hash: r.fixed(32), restart: r.u8(), args: r.vec(() => r.string()) };
  const quorumSet = () => ({ threshold: r.u32(), members: r.vec(() => ({ alias: r.string(), pubKey: r.bytesVec() })) });
  quorumSet(); // manifest_set
  quorumSet(); // share_set
  const pcrs: QosManifest['pcrs'] = [r.bytesVec(), r.bytesVec(), r.bytesVec(), r.bytesVec()];
  const awsRootCertificate = r.bytesVec();
  const qosCommit = r.string();
  if (r.offset < bytes.length) {
    r.u32(); // patch_set threshold
    r.vec(() => r.bytesVec());
  }
  if (r.offset !== bytes.length || pivot.restart > 1) unknownLayout();
  return { namespace, pivot, pcrs, awsRootCertificate, qosCommit };
}
