/**
 * The EIP-712 digest of typed structured data, as `eth_signTypedData_v4` signs it:
 * Keccak-256(0x19 0x01 ‖ hashStruct(EIP712Domain, domain) ‖ hashStruct(primaryType, message)).
 * A raw secp256k1 signature over it (sign_raw_payload with HASH_FUNCTION_NO_OP) is the
 * signature viem's and ethers' verifyTypedData accept. v4 rules: arrays (fixed or dynamic) of
 * any type, nested structs, dependent types encoded in alphabetical order after the primary one.
 * Without `types.EIP712Domain`, the domain's type is read from the fields it has, in the
 * standard order (name, version, chainId, verifyingContract, salt), as wallets do.
 * Bad input (an unknown type, a value that does not fit its type) is ERR_INPUT_INVALID.
 */
import { LatchError } from '../errors/latch-error.ts';
import { fromHex } from '../encoding/hex.ts';
import { concatBytes, utf8Encode } from '../encoding/utf8.ts';

export interface TypedDataField {
  name: string;
  type: string;
}

export interface TypedData {
  types: Record<string, readonly TypedDataField[]>;
  primaryType: string;
  domain: Record<string, unknown>;
  message: Record<string, unknown>;
}

const DOMAIN_FIELDS: readonly TypedDataField[] = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
  { name: 'salt', type: 'bytes32' },
];

const ARRAY = /^(.+)\[(\d*)\]$/;
const INTEGER = /^(u?)int(\d*)$/;
const FIXED_BYTES = /^bytes(\d+)$/;

const invalid = (message: string) => new LatchError('ERR_INPUT_INVALID', message);

type Keccak = (data: Uint8Array) => Uint8Array;

export async function typedDataDigest(typedData: TypedData): Promise<Uint8Array> {
  if (typeof typedData !== 'object' || typedData === null || typeof typedData.types !== 'object' || typedData.types === null) {
    throw invalid('Typed data needs types, a primaryType, a domain and a message.');
  }
  const { keccak_256 } = await import('@noble/hashes/sha3.js');
  const domain = typedData.domain ?? {};
  const types: Record<string, readonly TypedDataField[]> = {
    ...typedData.types,
    EIP712Domain: typedData.types.EIP712Domain ?? DOMAIN_FIELDS.filter((field) => domain[field.name] !== undefined),
  };
  const encoder = new StructEncoder(types, keccak_256);
  const parts = [Uint8Array.of(0x19, 0x01), encoder.hashStruct('EIP712Domain', domain)];
  // A message whose primary type is the domain's own is the domain alone (as signers do).
  if (typedData.primaryType !== 'EIP712Domain') parts.push(encoder.hashStruct(typedData.primaryType, typedData.message));
  return keccak_256(concatBytes(...parts));
}

class StructEncoder {
  constructor(
    private readonly types: Record<string, readonly TypedDataField[]>,
    private readonly keccak: Keccak,
  ) {}

  hashStruct(type: string, value: unknown): Uint8Array {
    return this.keccak(this.encodeData(type, value));
  }

  private fields(type: string): readonly TypedDataField[] {
    const fields = Object.hasOwn(this.types, type) ? this.types[type] : undefined;
    if (!Array.isArray(fields)) throw invalid(`The type ${JSON.stringify(type)} is not defined.`);
    return fields;
  }

  /** `Type(t1 n1,…)` followed by every struct it uses, in alphabetical order. */
  private encodeType(type: string): string {
    const dependencies = [...this.dependencies(type, new Set())].filter((t) => t !== type).sort();
    return [type, ...dependencies].map((t) => `${t}(${this.fields(t).map((f) => `${f.type} ${f.name}`).join(',')})`).join('');
  }

  private dependencies(type: string, found: Set<string>): Set<string> {
    const base = type.replace(/(\[\d*\])+$/, '');
    if (found.has(base) || !Object.hasOwn(this.types, base)) return found;
    found.add(base);
    for (const field of this.fields(base)) this.dependencies(field.type, found);
    return found;
  }

  private encodeData(type: string, value: unknown): Uint8Array {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(`A ${type} must be an object.`);
    const record = value as Record<string, unknown>;
    const encoded = this.fields(type).map((field) => this.encodeValue(field.type, record[field.name], `${type}.${field.name}`));
    return concatBytes(this.keccak(utf8Encode(this.encodeType(type))), ...encoded);
  }

  /** One 32-byte word: atomic values in place, dynamic and composite ones as their hash. */
  private encodeValue(type: string, value: unknown, where: string): Uint8Array {
    const array = ARRAY.exec(type);
    if (array) {
      if (!Array.isArray(value)) throw invalid(`${where} must be an array.`);
      if (array[2] !== '' && value.length !== Number(array[2])) throw invalid(`${where} must hold ${array[2]} items.`);
      return this.keccak(concatBytes(...value.map((item, i) => this.encodeValue(array[1]!, item, `${where}[${i}]`))));
    }
    if (Object.hasOwn(this.types, type)) return this.hashStruct(type, value);
    if (type === 'string') {
      if (typeof value !== 'string') throw invalid(`${where} must be a string.`);
      return this.keccak(utf8Encode(value));
    }
    if (type === 'bytes') return this.keccak(hexBytes(value, where));
    if (type === 'bool') {
      if (typeof value !== 'boolean') throw invalid(`${where} must be true or false.`);
      return word(value ? 1n : 0n);
    }
    if (type === 'address') {
      if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(value)) throw invalid(`${where} must be a 20-byte hex address.`);
      return word(BigInt(value));
    }
    const fixed = FIXED_BYTES.exec(type);
    if (fixed) {
      const size = Number(fixed[1]);
      const bytes = hexBytes(value, where);
      if (size < 1 || size > 32 || bytes.length !== size) throw invalid(`${where} must be ${size} bytes.`);
      const out = new Uint8Array(32);
      out.set(bytes);
      return out;
    }
    const integer = INTEGER.exec(type);
    if (integer) {
      const bits = integer[2] === '' ? 256 : Number(integer[2]);
      if (bits < 8 || bits > 256 || bits % 8 !== 0) throw invalid(`The type ${type} is not an EIP-712 integer.`);
      const n = toBigInt(value, where);
      const signed = integer[1] === '';
      const [min, max] = signed ? [-(1n << BigInt(bits - 1)), (1n << BigInt(bits - 1)) - 1n] : [0n, (1n << BigInt(bits)) - 1n];
      if (n < min || n > max) throw invalid(`${where} does not fit in ${type}.`);
      // Two's complement over the whole word, as Solidity's ABI encodes a signed integer.
      return word(n < 0n ? (1n << 256n) + n : n);
    }
    throw invalid(`The type ${JSON.stringify(type)} is not defined.`);
  }
}

function word(n: bigint): Uint8Array {
  return fromHex(n.toString(16).padStart(64, '0'));
}

function hexBytes(value: unknown, where: string): Uint8Array {
  if (typeof value !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(value)) throw invalid(`${where} must be 0x-prefixed hex bytes.`);
  return fromHex(value.slice(2));
}

/** A number, a bigint, or a decimal or 0x-hex string; safe integers only for numbers. */
function toBigInt(value: unknown, where: string): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^(-?\d+|0x[0-9a-fA-F]+)$/.test(value)) return BigInt(value);
  throw invalid(`${where} must be an integer.`);
}
