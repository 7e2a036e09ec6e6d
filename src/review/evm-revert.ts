/**
 * What a revert's data says, read once for the kit and the emulator: Solidity's `Error(string)`
 * (its text, through the strict ABI reader, so a malformed or padded-wrong encoding is no text),
 * `Panic(uint256)` with the compiler's meaning of its code, or another selector (a custom error
 * the caller may know). The sheet words it (simulate-evm.ts); the emulator puts it in the
 * service's revert shape (demo/emulator/chains/evm/abi.ts). Pure.
 */
import { decodeArguments } from './evm-abi.ts';

/** Solidity's panic codes, as its documentation names them. */
export const PANIC_REASONS: Readonly<Record<number, string>> = {
  0x01: 'assertion failed',
  0x11: 'arithmetic underflow or overflow',
  0x12: 'division or modulo by zero',
  0x21: 'invalid enum value',
  0x22: 'invalid storage byte array',
  0x31: 'pop on an empty array',
  0x32: 'array index out of bounds',
  0x41: 'out of memory',
  0x51: 'call to a zero-initialized function',
};

export type RevertData =
  | { readonly kind: 'empty' }
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'panic'; readonly code: number; readonly reason?: string }
  | { readonly kind: 'other'; readonly selector: string; readonly args: string };

const ERROR_STRING = '08c379a0';
const PANIC = '4e487b71';
const fatalUtf8 = new TextDecoder('utf-8', { fatal: true });

/** UTF-8 text of an ABI-encoded `string` (hex without 0x), or undefined when it is none. */
export function abiText(body: string): string | undefined {
  const [bytes] = decodeArguments(['bytes'], body) ?? [];
  if (typeof bytes !== 'string') return undefined;
  try {
    return fatalUtf8.decode(Uint8Array.from(bytes.slice(2).match(/../g) ?? [], (b) => Number.parseInt(b, 16)));
  } catch {
    return undefined;
  }
}

/** Reads revert data (0x hex, any case; empty: a bare `revert()`). */
export function decodeRevertData(data: string | undefined): RevertData {
  const hex = (data ?? '').replace(/^0x/, '').toLowerCase();
  if (hex === '') return { kind: 'empty' };
  const selector = hex.slice(0, 8);
  const args = hex.slice(8);
  if (selector === ERROR_STRING) {
    const message = abiText(args);
    if (message !== undefined) return { kind: 'error', message };
  }
  if (selector === PANIC) {
    const [code] = decodeArguments(['uint256'], args) ?? [];
    if (typeof code === 'bigint' && code <= 0xffn) {
      const reason = PANIC_REASONS[Number(code)];
      return { kind: 'panic', code: Number(code), ...(reason ? { reason } : {}) };
    }
  }
  return { kind: 'other', selector, args };
}
