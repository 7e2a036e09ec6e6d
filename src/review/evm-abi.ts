/**
 * A strict reader of ABI-encoded arguments, for the calls the review decodes (evm-calldata.ts):
 * address, uintN, bool, bytes, tuples and dynamic arrays of them. Strict as the sheet must be:
 * an address with high bits set, a uintN past N bits, a bool other than 0 or 1, an offset or a
 * length outside the data, or non-zero padding is no encoding of the type, and the whole read
 * fails (undefined): the sheet then shows the hex as unreadable instead of a guess.
 */

export type AbiType = 'address' | 'bool' | 'bytes' | `uint${number}` | { readonly tuple: readonly AbiType[] } | { readonly array: AbiType };
export type AbiValue = string | bigint | boolean | readonly AbiValue[];

/** More items than this in one array is no call the sheet reads (the sheet would not end). */
const MAX_ITEMS = 256;

class Invalid extends Error {}

const isDynamic = (type: AbiType): boolean =>
  type === 'bytes' || (typeof type === 'object' && ('array' in type || type.tuple.some(isDynamic)));

/** Bytes a type takes in the head: 32, or a static tuple's members inline. */
const headSize = (type: AbiType): number =>
  typeof type === 'object' && 'tuple' in type && !isDynamic(type) ? type.tuple.reduce((n, t) => n + headSize(t), 0) : 32;

class Reader {
  constructor(private readonly hex: string) {}

  get size(): number {
    return this.hex.length / 2;
  }

  word(at: number): bigint {
    if (at < 0 || at + 32 > this.size) throw new Invalid();
    return BigInt(`0x${this.hex.slice(at * 2, at * 2 + 64)}`);
  }

  /** An offset or length word, small enough to be one. */
  index(at: number): number {
    const n = this.word(at);
    if (n > BigInt(this.size)) throw new Invalid();
    return Number(n);
  }

  /** `count` bytes at `at`, with the zero padding that follows them to a 32-byte boundary. */
  bytes(at: number, count: number): string {
    const padded = Math.ceil(count / 32) * 32;
    if (at + padded > this.size) throw new Invalid();
    const pad = this.hex.slice((at + count) * 2, (at + padded) * 2);
    if (/[^0]/.test(pad)) throw new Invalid();
    return `0x${this.hex.slice(at * 2, (at + count) * 2)}`;
  }

  /** The values of `types` encoded as a tuple starting at `base`. */
  tuple(types: readonly AbiType[], base: number): AbiValue[] {
    let head = base;
    return types.map((type) => {
      const value = isDynamic(type) ? this.at(type, base + this.index(head)) : this.inline(type, head);
      head += headSize(type);
      return value;
    });
  }

  /** A static value in the head. */
  private inline(type: AbiType, at: number): AbiValue {
    if (typeof type === 'object') return this.at(type, at);
    const word = this.word(at);
    if (type === 'address') {
      if (word >> 160n) throw new Invalid();
      return `0x${word.toString(16).padStart(40, '0')}`;
    }
    if (type === 'bool') {
      if (word > 1n) throw new Invalid();
      return word === 1n;
    }
    const bits = BigInt(type.slice(4));
    if (word >> bits) throw new Invalid();
    return word;
  }

  /** A value at its own position (dynamic ones after their offset). */
  private at(type: AbiType, at: number): AbiValue {
    if (type === 'bytes') return this.bytes(at + 32, this.index(at));
    if (typeof type === 'object' && 'tuple' in type) return this.tuple(type.tuple, at);
    if (typeof type === 'object') {
      const count = this.index(at);
      if (count > MAX_ITEMS) throw new Invalid();
      return this.tuple(Array.from({ length: count }, () => type.array), at + 32);
    }
    return this.inline(type, at);
  }
}

/** The bytes a list of static types takes, or undefined when one of them is dynamic. */
export function staticSize(types: readonly AbiType[]): number | undefined {
  return types.some(isDynamic) ? undefined : types.reduce((n, t) => n + headSize(t), 0);
}

/**
 * The arguments `types` encoded in `body` (hex without 0x and without the selector), or
 * undefined when `body` is not a strict encoding of them. Static-only argument lists must fill
 * `body` exactly (no trailing bytes).
 */
export function decodeArguments(types: readonly AbiType[], body: string): AbiValue[] | undefined {
  if (body.length % 64 !== 0 || /[^0-9a-f]/.test(body)) return undefined;
  const reader = new Reader(body);
  if (!types.some(isDynamic) && reader.size !== types.reduce((n, t) => n + headSize(t), 0)) return undefined;
  try {
    return reader.tuple(types, 0);
  } catch (error) {
    if (error instanceof Invalid) return undefined;
    throw error;
  }
}
