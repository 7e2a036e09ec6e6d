/**
 * A QOS manifest in its Borsh layout (as src/proofs/qos-manifest.ts reads it), describing the
 * emulator's pretend enclave, and its envelope (the manifest followed by the manifest-set and
 * share-set approvals; the emulator has none, and says so by leaving both lists empty).
 */
import { concatBytes, utf8Encode } from '../../../src/encoding/utf8.ts';

function u32(value: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value, true);
  return out;
}
const bytes = (value: Uint8Array): Uint8Array => concatBytes(u32(value.length), value);
const text = (value: string): Uint8Array => bytes(utf8Encode(value));
const vec = (items: Uint8Array[]): Uint8Array => concatBytes(u32(items.length), ...items);

export interface ManifestSpec {
  namespace: string;
  nonce: number;
  /** 130 bytes: encryption key || signing key, like the enclave's own keys. */
  quorumKey: Uint8Array;
  pivotHash: Uint8Array;
  pivotArgs: string[];
  /** One operator: the manifest set and share set have it as their only member (threshold 1). */
  operator: { alias: string; publicKey: Uint8Array };
  pcrs: [Uint8Array, Uint8Array, Uint8Array, Uint8Array];
  rootCertificate: Uint8Array;
  qosCommit: string;
}

export function encodeQosManifest(spec: ManifestSpec): Uint8Array {
  const quorumSet = concatBytes(u32(1), vec([concatBytes(text(spec.operator.alias), bytes(spec.operator.publicKey))]));
  return concatBytes(
    text(spec.namespace),
    u32(spec.nonce),
    bytes(spec.quorumKey),
    spec.pivotHash,
    Uint8Array.of(1), // RestartPolicy::Always
    vec(spec.pivotArgs.map(text)),
    quorumSet, // manifest_set
    quorumSet, // share_set
    ...spec.pcrs.map(bytes),
    bytes(spec.rootCertificate),
    text(spec.qosCommit),
    concatBytes(u32(0), vec([])), // patch_set: no members
  );
}

/** ManifestEnvelope {manifest, manifest_set_approvals: [], share_set_approvals: []}. */
export function encodeManifestEnvelope(manifest: Uint8Array): Uint8Array {
  return concatBytes(manifest, vec([]), vec([]));
}
