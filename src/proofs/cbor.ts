/**
 * The CBOR (RFC 8949) that COSE_Sign1 and AWS Nitro attestation documents need, and no more:
 * integers, definite-length byte and text strings, arrays, maps with integer or text keys,
 * false/true/null; tag 18 (COSE_Sign1) is handled by the caller. Arrays and maps may also be
 * indefinite-length, because the Nitro Secure Module writes its attestation payload as an
 * indefinite-length map. Anything else (chunked strings, floats, other tags, trailing bytes,
 * duplicate keys) is refused: a verifier must not guess at bytes it does not understand.
 */
import { LatchError } from '../errors/latch-error.ts';
import { utf8Decode, utf8Encode, concatBytes } from '../encoding/utf8.ts';

export type CborValue = number | bigint | string | boolean | null | Uint8Array | CborValue[] | CborMap;
export type CborMap = Map<number | string, CborValue>;

/** Nesting deep enough for an attestation document, shallow enough to bound the recursion. */
const MAX_DEPTH = 8;
const INDEFINITE = -1;
const BREAK = 0xff;

const malformed = (cause?: unknown): never => {
  throw new LatchError('ERR_PROOF_ATTESTATION_FORMAT', 'The attestation document is not well-formed CBOR.', { cause });
};

class Reader {
  offset = 0;
  constructor(readonly bytes: Uint8Array) {}

  take(length: number): Uint8Array {
    if (length > this.bytes.length - this.offset) malformed();
    const out = this.bytes.subarray(this.offset, this.offset + length);
    this.offset += length;
    return out;
  }

  /** The head of an item: major type and its argument (length or value; -1 = indefinite). */
  head(): { major: number; argument: number | bigint } {
    const initial = this.take(1)[0]!;
    const major = initial >> 5;
    const info = initial & 0x1f;
    if (info < 24) return { major, argument: info };
    if (info === 31 && (major === 4 || major === 5)) return { major, argument: INDEFINITE };
    if (info > 27) return malformed(); // 28-30 reserved; 31 elsewhere is a chunked string or a stray break
    const size = 1 << (info - 24);
    let value = 0n;
    for (const byte of this.take(size)) value = (value << 8n) | BigInt(byte);
    return { major, argument: value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value };
  }

  /** A length that can be honoured by what is left (so no allocation follows a forged length). */
  length(argument: number | bigint, itemSize: number): number {
    if (typeof argument === 'bigint' || argument * itemSize > this.bytes.length - this.offset) malformed();
    return argument as number;
  }

  /** For an indefinite-length container: true (and consumes it) at its break byte. */
  stop(argument: number | bigint): boolean {
    if (argument !== INDEFINITE) return false;
    if (this.offset >= this.bytes.length) malformed(); // no break before the end
    if (this.bytes[this.offset] !== BREAK) return false;
    this.offset++;
    return true;
  }

  item(depth: number): CborValue {
    if (depth > MAX_DEPTH) malformed();
    const { major, argument } = this.head();
    switch (major) {
      case 0:
        return argument;
      case 1:
        return typeof argument === 'number' ? -1 - argument : -1n - argument;
      case 2:
        return this.take(this.length(argument, 1)).slice();
      case 3:
        try {
          return utf8Decode(this.take(this.length(argument, 1)));
        } catch (cause) {
          return malformed(cause);
        }
      case 4: {
        const count = argument === INDEFINITE ? Infinity : this.length(argument, 1);
        const out: CborValue[] = [];
        for (let i = 0; i < count && !this.stop(argument); i++) out.push(this.item(depth + 1));
        return out;
      }
      case 5: {
        const count = argument === INDEFINITE ? Infinity : this.length(argument, 2);
        const out: CborMap = new Map();
        for (let i = 0; i < count && !this.stop(argument); i++) {
          const key = this.item(depth + 1);
          if ((typeof key !== 'number' && typeof key !== 'string') || out.has(key)) malformed();
          out.set(key as number | string, this.item(depth + 1));
        }
        return out;
      }
      case 7:
        if (argument === 20) return false;
        if (argument === 21) return true;
        if (argument === 22) return null;
        return malformed(); // undefined, floats, other simple values
      default:
        return malformed(); // tags
    }
  }
}

/** Decodes exactly one CBOR item filling all of `bytes`. */
export function decodeCbor(bytes: Uint8Array): CborValue {
  const reader = new Reader(bytes);
  const value = reader.item(0);
  if (reader.offset !== bytes.length) malformed();
  return value;
}

function head(major: number, argument: number): Uint8Array {
  if (!Number.isSafeInteger(argument) || argument < 0) throw new LatchError('ERR_INPUT_INVALID', 'CBOR integers must be safe integers.');
  if (argument < 24) return Uint8Array.of((major << 5) | argument);
  const size = argument < 0x100 ? 1 : argument < 0x10000 ? 2 : argument < 0x100000000 ? 4 : 8;
  const out = new Uint8Array(1 + size);
  out[0] = (major << 5) | (24 + Math.log2(size));
  let rest = BigInt(argument);
  for (let i = size; i > 0; i--, rest >>= 8n) out[i] = Number(rest & 0xffn);
  return out;
}

/** Encodes with the shortest heads (deterministic encoding for what is given, in map order). */
export function encodeCbor(value: CborValue): Uint8Array {
  if (value === false || value === true || value === null) return Uint8Array.of(value === null ? 0xf6 : value ? 0xf5 : 0xf4);
  if (typeof value === 'number' || typeof value === 'bigint') {
    const n = Number(value);
    return n >= 0 ? head(0, n) : head(1, -1 - n);
  }
  if (typeof value === 'string') {
    const bytes = utf8Encode(value);
    return concatBytes(head(3, bytes.length), bytes);
  }
  if (value instanceof Uint8Array) return concatBytes(head(2, value.length), value);
  if (Array.isArray(value)) return concatBytes(head(4, value.length), ...value.map(encodeCbor));
  const parts = [head(5, value.size)];
  for (const [key, item] of value) parts.push(encodeCbor(key), encodeCbor(item));
  return concatBytes(...parts);
}
