/**
 * A strict DER walker: tag-length-value nodes over the original bytes, so a certificate's
 * signed part (tbsCertificate) is verified over exactly the bytes that arrived. Definite
 * minimal lengths, low tag numbers and no trailing bytes; everything else is refused.
 */
import { LatchError } from '../errors/latch-error.ts';

export interface DerNode {
  /** The identifier octet (class, constructed bit and tag number). */
  tag: number;
  /** The whole encoding, header included. */
  bytes: Uint8Array;
  /** The contents. */
  value: Uint8Array;
}

export const DerTag = {
  BOOLEAN: 0x01,
  INTEGER: 0x02,
  BIT_STRING: 0x03,
  OCTET_STRING: 0x04,
  OID: 0x06,
  UTC_TIME: 0x17,
  GENERALIZED_TIME: 0x18,
  SEQUENCE: 0x30,
  SET: 0x31,
} as const;
export type DerTag = (typeof DerTag)[keyof typeof DerTag];

export const derMalformed = (cause?: unknown): never => {
  throw new LatchError('ERR_PROOF_CERT_CHAIN', 'A certificate is not well-formed DER.', { cause });
};

/** Reads one node at `offset`; its end is `offset + node.bytes.length`. */
function readNode(bytes: Uint8Array, offset: number): DerNode {
  const tag = bytes[offset];
  let length = bytes[offset + 1];
  if (tag === undefined || length === undefined || (tag & 0x1f) === 0x1f) return derMalformed();
  let header = 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    // 0x80 is BER's indefinite length; more than 3 length bytes is more than any certificate.
    if (count === 0 || count > 3 || offset + 2 + count > bytes.length) return derMalformed();
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + bytes[offset + 2 + i]!;
    if (length < 0x80 || bytes[offset + 2] === 0) return derMalformed(); // not minimal
    header += count;
  }
  const end = offset + header + length;
  if (end > bytes.length) return derMalformed();
  return { tag, bytes: bytes.subarray(offset, end), value: bytes.subarray(offset + header, end) };
}

/** Parses `bytes` as exactly one node. */
export function readDer(bytes: Uint8Array): DerNode {
  const node = readNode(bytes, 0);
  if (node.bytes.length !== bytes.length) derMalformed();
  return node;
}

/** The nodes inside a constructed node, in order. */
export function derChildren(node: DerNode): DerNode[] {
  if (!(node.tag & 0x20)) derMalformed();
  const out: DerNode[] = [];
  for (let offset = 0; offset < node.value.length; ) {
    const child = readNode(node.value, offset);
    out.push(child);
    offset += child.bytes.length;
  }
  return out;
}

/** Checks a node's tag; returns it for chaining. */
export function expectTag(node: DerNode | undefined, tag: number): DerNode {
  if (!node || node.tag !== tag) return derMalformed();
  return node;
}
