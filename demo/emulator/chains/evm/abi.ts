/**
 * Just enough of the Solidity ABI for the emulator's own calls (deploying the fixtures, minting,
 * transfers, balances) and for naming a revert: `Error(string)`, `Panic(uint256)`, and the
 * custom errors of the fixtures' ABIs (static parameters decoded; others shown as hex).
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { hex } from '@scure/base';
import { utf8Encode } from '../../../../src/encoding/utf8.ts';
import { decodeRevertData } from '../../../../src/review/evm-revert.ts';
import { EVM_CONTRACTS } from './evm-contracts.ts';

export type AbiValue = { type: 'address'; value: string } | { type: 'uint256' | 'uint8'; value: bigint } | { type: 'string'; value: string };

const word = (n: bigint): string => n.toString(16).padStart(64, '0');

export function selector(signature: string): string {
  return hex.encode(keccak_256(utf8Encode(signature)).subarray(0, 4));
}

/** ABI-encodes the arguments (no selector), as hex without 0x. */
export function encodeArgs(values: readonly AbiValue[]): string {
  let head = '';
  let tail = '';
  const headSize = 32 * values.length;
  for (const v of values) {
    if (v.type === 'address') head += v.value.toLowerCase().replace(/^0x/, '').padStart(64, '0');
    else if (v.type === 'string') {
      head += word(BigInt(headSize + tail.length / 2));
      const bytes = hex.encode(utf8Encode(v.value));
      tail += word(BigInt(bytes.length / 2)) + bytes.padEnd(Math.ceil(bytes.length / 64) * 64, '0');
    } else head += word(v.value);
  }
  return head + tail;
}

export function encodeCall(signature: string, values: readonly AbiValue[]): string {
  return `0x${selector(signature)}${encodeArgs(values)}`;
}

export interface RevertEntry {
  address?: string;
  errorType: 'native' | 'custom' | 'unknown';
  displayMessage: string;
  native?: { nativeType: string; message: string; panicCode: string };
  custom?: { errorName: string; paramsJson: string };
  unknown?: { selector: string; data: string };
}


interface CustomError {
  name: string;
  inputs: { name: string; type: string }[];
}

/** The custom errors of the fixtures, by selector. */
const CUSTOM_ERRORS: ReadonlyMap<string, CustomError> = new Map(
  Object.values(EVM_CONTRACTS).flatMap((c) =>
    c.abi
      .filter((e) => e.type === 'error')
      .map((e) => {
        const error = e as unknown as CustomError;
        return [selector(`${error.name}(${error.inputs.map((i) => i.type).join(',')})`), error] as const;
      }),
  ),
);

function decodeStatic(type: string, w: string): string {
  if (type === 'address') return `0x${w.slice(24)}`;
  if (type === 'bool') return String(BigInt(`0x${w}`) !== 0n);
  if (/^u?int\d*$/.test(type)) return BigInt(`0x${w}`).toString();
  return `0x${w}`;
}

/** Names a revert from its data (0x hex; empty: a bare `revert()`). */
export function decodeRevert(data: string, address?: string): RevertEntry {
  const at = address ? { address } : {};
  const revert = decodeRevertData(data);
  if (revert.kind === 'empty') return { ...at, errorType: 'native', displayMessage: 'execution reverted', native: { nativeType: 'execution_reverted', message: '', panicCode: '' } };
  if (revert.kind === 'error') return { ...at, errorType: 'native', displayMessage: `Error(${revert.message})`, native: { nativeType: 'error_string', message: revert.message, panicCode: '' } };
  if (revert.kind === 'panic') {
    const message = revert.reason ?? 'unknown panic';
    const panicCode = `0x${revert.code.toString(16).padStart(2, '0')}`;
    return { ...at, errorType: 'native', displayMessage: `Panic(${panicCode}): ${message}`, native: { nativeType: 'panic', message, panicCode } };
  }
  const { selector: sel, args } = revert;
  const custom = CUSTOM_ERRORS.get(sel);
  if (custom && args.length >= 64 * custom.inputs.length) {
    const params = Object.fromEntries(custom.inputs.map((input, i) => [input.name, decodeStatic(input.type, args.slice(64 * i, 64 * (i + 1)))]));
    const shown = custom.inputs.map((input) => `${input.name}: ${params[input.name]}`).join(', ');
    return { ...at, errorType: 'custom', displayMessage: `${custom.name}(${shown})`, custom: { errorName: custom.name, paramsJson: JSON.stringify(params) } };
  }
  return { ...at, errorType: 'unknown', displayMessage: `unknown error 0x${sel}`, unknown: { selector: `0x${sel}`, data: `0x${args}` } };
}
