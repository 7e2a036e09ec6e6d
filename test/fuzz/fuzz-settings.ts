// How hard the fuzz tests push: a fixed seed and a bounded number of runs in `npm test`;
// `npm run fuzz` (scripts/fuzz.mjs) sets a random seed and 100,000 runs per parser, and prints
// the seed of any failure so that it can be replayed with LATCHKEY_FUZZ_SEED.
import type fc from 'fast-check';
import { LatchError } from '../../src/errors/latch-error.ts';

const runs = Number(process.env.LATCHKEY_FUZZ_RUNS ?? 300);
const seed = Number(process.env.LATCHKEY_FUZZ_SEED ?? 20261124);

/** fast-check parameters; `scale` lowers the count for slow (WebCrypto, HTTP) targets. */
export function fuzzParams(scale = 1): fc.Parameters<unknown> {
  return { numRuns: Math.max(1, Math.floor(runs * scale)), seed, endOnFailure: true };
}

/** A single call may take this long before it counts as a hang. */
export const HANG_MS = 2_000;

/**
 * Runs `fn`; passes when it returns, or throws a LatchError with a code. Anything else (a
 * TypeError, a RangeError, a string) is a defect, reported with the input.
 */
export async function onlyLatchErrors(fn: () => unknown, input: unknown): Promise<'ok' | 'refused'> {
  const started = performance.now();
  let outcome: 'ok' | 'refused' = 'ok';
  try {
    await fn();
  } catch (error) {
    if (!(error instanceof LatchError) || typeof error.code !== 'string') {
      throw new Error(`not a LatchError for ${JSON.stringify(String(input)).slice(0, 200)}: ${String((error as Error)?.stack ?? error)}`);
    }
    outcome = 'refused';
  }
  const took = performance.now() - started;
  if (took > HANG_MS) throw new Error(`took ${Math.round(took)} ms for ${JSON.stringify(String(input)).slice(0, 200)}`);
  return outcome;
}
