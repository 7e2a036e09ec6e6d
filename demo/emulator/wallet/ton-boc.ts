/**
 * Reads a bag of cells (BOC), the serialization TON publishes contract code in
 * (`serialized_boc#b5ee9c72` in TON's boc.tlb; "Bag of Cells" in the TVM whitepaper, §3.1.4):
 *
 *   magic b5ee9c72 | has_idx:1 has_crc32c:1 has_cache_bits:1 flags:2 size:3 | off_bytes:8
 *   | cells, roots, absent: size bytes each | tot_cells_size: off_bytes bytes
 *   | root indices | [index] | cell data | [crc32c]
 *
 * and each cell as d1 d2 | data | ref indices (size bytes each), refs pointing to later cells.
 * Only what the emulator's constant wallet codes need: one root, ordinary cells, no stored
 * hashes. The crc32c trailer is not checked; the tests pin each code's published hash instead.
 */
import { MAX_CELL_REFS, type TonCell } from './ton-cell.ts';

const MAGIC = 0xb5ee9c72;

function readUint(bytes: Uint8Array, at: number, length: number): number {
  if (at + length > bytes.length) throw new RangeError('The BOC is truncated.');
  let value = 0;
  for (let i = 0; i < length; i++) value = value * 256 + bytes[at + i];
  return value;
}

/** The bit length of a cell's data from d2 and its last byte (odd d2: a completion tag ends it). */
function bitLengthOf(d2: number, data: Uint8Array): number {
  if (d2 % 2 === 0) return (d2 / 2) * 8;
  const last = data[data.length - 1];
  if (last === 0) throw new RangeError('A partial data byte has no completion tag.');
  let trailing = 0;
  while (((last >> trailing) & 1) === 0) trailing++;
  return data.length * 8 - trailing - 1;
}

/** The single root cell of a serialized bag of cells. */
export function parseBoc(bytes: Uint8Array): TonCell {
  if (readUint(bytes, 0, 4) !== MAGIC) throw new RangeError('Not a bag of cells.');
  const flags = bytes[4];
  const hasIndex = (flags & 0x80) !== 0;
  const size = flags & 0x07;
  const offBytes = readUint(bytes, 5, 1);
  if (size < 1 || size > 4 || offBytes < 1 || offBytes > 8) throw new RangeError('Bad BOC sizes.');
  let at = 6;
  const next = (length: number): number => {
    const value = readUint(bytes, at, length);
    at += length;
    return value;
  };
  const cellCount = next(size);
  const rootCount = next(size);
  const absent = next(size);
  const totalSize = next(offBytes);
  if (rootCount !== 1 || absent !== 0) throw new RangeError('Only a BOC with one root and no absent cells is read.');
  const root = next(size);
  if (hasIndex) at += cellCount * offBytes;
  const cellsStart = at;

  const raw: { data: Uint8Array; bitLength: number; refIndices: number[] }[] = [];
  for (let i = 0; i < cellCount; i++) {
    const d1 = next(1);
    const d2 = next(1);
    if ((d1 & 0xf8) !== 0) throw new RangeError('Exotic cells, levels and stored hashes are not read.');
    if ((d1 & 0x07) > MAX_CELL_REFS) throw new RangeError('A cell has at most four references.');
    const dataLength = Math.ceil(d2 / 2);
    if (at + dataLength > bytes.length) throw new RangeError('The BOC is truncated.');
    const data = bytes.slice(at, at + dataLength);
    at += dataLength;
    const refIndices = Array.from({ length: d1 & 0x07 }, () => next(size));
    if (refIndices.some((ref) => ref <= i || ref >= cellCount)) throw new RangeError('A reference must point to a later cell.');
    raw.push({ data, bitLength: bitLengthOf(d2, data), refIndices });
  }
  if (at - cellsStart !== totalSize) throw new RangeError('The cells do not fill the declared size.');
  const cells: TonCell[] = new Array<TonCell>(cellCount);
  for (let i = cellCount - 1; i >= 0; i--) {
    const { data, bitLength, refIndices } = raw[i];
    // Bits past the completion tag are not data; the cell stores them cleared.
    const cleared = data.slice();
    if (bitLength % 8 !== 0) cleared[cleared.length - 1] &= (0xff00 >> (bitLength % 8)) & 0xff;
    cells[i] = { data: cleared, bitLength, refs: refIndices.map((ref) => cells[ref]) };
  }
  if (root >= cellCount) throw new RangeError('The root index is out of range.');
  return cells[root];
}
