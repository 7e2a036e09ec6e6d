// Node-only assertion helpers for the client tests (node:assert): a rejection must be a
// LatchError with the expected code; the error is returned for further checks.
import assert from 'node:assert/strict';
import { LatchError } from '../../../src/errors/latch-error.ts';

export async function rejectsWith(fn: () => Promise<unknown>, code: string): Promise<LatchError> {
  let caught: unknown;
  try {
    await fn();
  } catch (error) {
    caught = error;
  }
  assert.ok(caught instanceof LatchError, `expected a LatchError with code ${code}, got ${String(caught)}`);
  assert.equal(caught.code, code);
  return caught;
}
