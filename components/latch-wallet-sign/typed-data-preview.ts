/**
 * What signing EIP-712 typed data means, shown before anything is signed: the domain (who asks:
 * name, version, chain, contract), the primary type and each field of the message, and the
 * digest the key signs. The digest is computed here in the page (src/signing/typed-data-digest.ts,
 * loaded on demand) and sent with HASH_FUNCTION_NO_OP, so the value the person reviewed is the
 * value the service signs, and the signature is what `eth_signTypedData_v4` returns.
 */
import type { SignRawPayloadParameters } from '../../src/clients/activity-types.ts';
import { toHex } from '../../src/encoding/hex.ts';
import { LatchError } from '../../src/errors/latch-error.ts';
import type { TypedData } from '../../src/signing/typed-data-digest.ts';

export interface TypedDataPreview {
  kind: 'typed-data';
  /** The JSON the user gave. */
  text: string;
  typedData: TypedData;
  /** The domain's fields, in the order given: [name, shown value]. */
  domain: [string, string][];
  primaryType: string;
  /** The message's fields: [name, shown value]; nested values are shown as JSON. */
  fields: [string, string][];
  payloadHex: string;
  parameters: Omit<SignRawPayloadParameters, 'signWith'>;
}

/** A value as a person reads it: text as it is, anything else as compact JSON. */
function shown(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

/** Parses and digests `text`; not JSON, or not typed data, is ERR_INPUT_INVALID. */
export async function previewTypedData(text: string): Promise<TypedDataPreview> {
  let typedData: TypedData;
  try {
    typedData = JSON.parse(text) as TypedData;
  } catch (cause) {
    throw new LatchError('ERR_INPUT_INVALID', 'The typed data is not JSON.', { cause });
  }
  const { typedDataDigest } = await import('../../src/signing/typed-data-digest.ts');
  const payloadHex = toHex(await typedDataDigest(typedData));
  return {
    kind: 'typed-data',
    text,
    typedData,
    domain: Object.entries(typedData.domain ?? {}).map(([name, value]) => [name, shown(value)]),
    primaryType: String(typedData.primaryType),
    fields: Object.entries(typedData.message ?? {}).map(([name, value]) => [name, shown(value)]),
    payloadHex,
    parameters: { payload: payloadHex, encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NO_OP' },
  };
}
