/**
 * The part of TON's cells that a wallet address needs: ordinary cells (up to 1023 data bits and
 * four references), a builder for the few cells the emulator makes itself, and the
 * representation hash ("Cell serialization" and "Cell hash" in the TVM whitepaper, §3.1):
 *
 *   repr(c) = d1 || d2 || data padded with a 1 bit then 0 bits to a whole byte
 *             || depth(r) as 2 bytes big-endian for each ref r || hash(r) for each ref r
 *   d1 = number of refs (ordinary cell, level 0), d2 = ceil(bits / 8) + floor(bits / 8)
 *   hash(c) = SHA-256(repr(c)); depth(c) = 0 without refs, else 1 + the deepest ref's depth.
 *
 * Exotic cells (pruned branches, library references, Merkle proofs) are not modelled: no
 * standard wallet's code or data contains one.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes } from '../../../src/encoding/utf8.ts';

export const MAX_CELL_BITS = 1023;
export const MAX_CELL_REFS = 4;

export interface TonCell {
  /** The data bits, most significant bit of each byte first; bits past bitLength are zero. */
  readonly data: Uint8Array;
  readonly bitLength: number;
  readonly refs: readonly TonCell[];
}

interface CellDigest {
  hash: Uint8Array;
  depth: number;
}

const digests = new WeakMap<TonCell, CellDigest>();

function digest(cell: TonCell): CellDigest {
  const known = digests.get(cell);
  if (known) return known;
  const fullBytes = cell.bitLength >> 3;
  const partial = cell.bitLength % 8 !== 0;
  const data = cell.data.slice(0, fullBytes + (partial ? 1 : 0));
  if (partial) data[fullBytes] |= 0x80 >> (cell.bitLength % 8); // the completion tag
  const refs = cell.refs.map(digest);
  const depths = refs.map(({ depth }) => Uint8Array.of(depth >> 8, depth & 0xff));
  const repr = concatBytes(Uint8Array.of(cell.refs.length, fullBytes * 2 + (partial ? 1 : 0)), data, ...depths, ...refs.map(({ hash }) => hash));
  const result = { hash: sha256(repr), depth: refs.length === 0 ? 0 : 1 + Math.max(...refs.map(({ depth }) => depth)) };
  digests.set(cell, result);
  return result;
}

/** The cell's representation hash: a TON address is this hash of the account's StateInit. */
export function cellHash(cell: TonCell): Uint8Array {
  return digest(cell).hash.slice();
}

/** Writes bits most significant first into a new cell; refuses more than a cell can hold. */
export class CellBuilder {
  private readonly bits: number[] = [];
  private readonly refs: TonCell[] = [];

  bit(value: boolean): this {
    if (this.bits.length >= MAX_CELL_BITS) throw new RangeError('A cell holds at most 1023 bits.');
    this.bits.push(value ? 1 : 0);
    return this;
  }

  /** An unsigned big-endian integer of `width` bits. */
  uint(value: bigint, width: number): this {
    if (value < 0n || value >= 1n << BigInt(width)) throw new RangeError('The value does not fit the width.');
    for (let i = width - 1; i >= 0; i--) this.bit(((value >> BigInt(i)) & 1n) === 1n);
    return this;
  }

  /** A signed (two's complement) big-endian integer of `width` bits. */
  int(value: bigint, width: number): this {
    const half = 1n << BigInt(width - 1);
    if (value < -half || value >= half) throw new RangeError('The value does not fit the width.');
    return this.uint(value < 0n ? value + 2n * half : value, width);
  }

  bytes(value: Uint8Array): this {
    for (const byte of value) this.uint(BigInt(byte), 8);
    return this;
  }

  ref(cell: TonCell): this {
    if (this.refs.length >= MAX_CELL_REFS) throw new RangeError('A cell has at most four references.');
    this.refs.push(cell);
    return this;
  }

  end(): TonCell {
    const data = new Uint8Array(Math.ceil(this.bits.length / 8));
    this.bits.forEach((bit, i) => {
      if (bit) data[i >> 3] |= 0x80 >> (i % 8);
    });
    return { data, bitLength: this.bits.length, refs: [...this.refs] };
  }
}
