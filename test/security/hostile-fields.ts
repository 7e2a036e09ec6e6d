// The inputs of the verifier sweep (issue 39, item 2): for one genuine field, a value that is
// empty, cut short, zero, oversized, of the wrong type, or the field duplicated. fast-check picks
// among them (and the cut point, the padding); the sweep's table in SECURITY.md names these kinds.
import fc from 'fast-check';
import { LatchError } from '../../src/errors/latch-error.ts';

export type HostileKind = 'empty' | 'short' | 'zero' | 'oversized' | 'wrong type' | 'duplicated';

export interface Hostile {
  kind: HostileKind;
  value: unknown;
}

const WRONG_TYPES: unknown[] = [null, undefined, 0, 1, -1, 1.5, Number.NaN, true, false, [], {}, 10n];

/** Zeros in the field's own alphabet: hex or decimal digits stay digits, base64 "A", else NUL. */
function zeroOf(genuine: string): string {
  if (/^[0-9a-fA-F]+$/.test(genuine)) return '0'.repeat(genuine.length);
  if (/^[A-Za-z0-9_\-+/=]+$/.test(genuine)) return 'A'.repeat(genuine.length);
  return '\u0000'.repeat(genuine.length);
}

/**
 * A hostile replacement for `genuine` (a string field). `short` never equals the genuine
 * value; `oversized` appends 1-64 characters of the field's alphabet, or repeats it to ~64 KiB.
 */
export function hostileString(genuine: string, maxLength = 65_536): fc.Arbitrary<Hostile> {
  const pad = /^[0-9a-fA-F]+$/.test(genuine) ? fc.stringMatching(/^[0-9a-f]{1,64}$/) : fc.string({ minLength: 1, maxLength: 64 });
  const arbitraries: fc.Arbitrary<Hostile>[] = [
    fc.constant<Hostile>({ kind: 'empty', value: '' }),
    fc.constant<Hostile>({ kind: 'zero', value: zeroOf(genuine) }),
    fc.oneof(pad.map((p) => genuine + p), fc.constant(genuine.repeat(Math.max(2, Math.floor(maxLength / Math.max(1, genuine.length)))))).map((value): Hostile => ({ kind: 'oversized', value })),
    fc.constantFrom(...WRONG_TYPES, [genuine], { value: genuine }, new String(genuine)).map((value): Hostile => ({ kind: 'wrong type', value })),
    fc.constant<Hostile>({ kind: 'duplicated', value: genuine + genuine }),
  ];
  if (genuine.length > 1) arbitraries.push(fc.integer({ min: 1, max: genuine.length - 1 }).map((n): Hostile => ({ kind: 'short', value: genuine.slice(0, n) })));
  return fc.oneof(...arbitraries);
}

/** One of `fields` and a hostile value for it. */
export function hostileField<K extends string>(genuine: Record<K, string>, fields: readonly K[], maxLength?: number): fc.Arbitrary<{ field: K } & Hostile> {
  return fc.constantFrom(...fields).chain((field) => hostileString(genuine[field], maxLength).map((h) => ({ field, ...h })));
}

/** The sweep's budget: a fixed seed, few runs (each run verifies a signature or more). */
export const sweepParams = (numRuns = 40): fc.Parameters<unknown> => ({ numRuns, seed: Number(process.env.LATCHKEY_FUZZ_SEED ?? 20261207), endOnFailure: true });

/** The LatchError code `fn` rejects with; fails when it resolves or throws anything else. */
export async function refusalCode(fn: () => unknown, input: unknown): Promise<string> {
  try {
    await fn();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (error instanceof LatchError && typeof code === 'string') return code;
    throw new Error(`not a LatchError for ${describe(input)}: ${String((error as Error)?.stack ?? error)}`);
  }
  throw new Error(`accepted: ${describe(input)}`);
}

export function describe(input: unknown): string {
  try {
    return JSON.stringify(input, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : typeof v === 'string' && v.length > 200 ? `${v.slice(0, 200)}… (${v.length})` : v));
  } catch {
    return String(input);
  }
}
