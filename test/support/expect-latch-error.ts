// A stricter expectCode: the failure is a LatchError with the code, a message for people (the
// class's promise: never empty), and, where the kit wraps another failure, that failure kept as
// `cause` (LatchError's promise: the original is kept, never interpolated into the message).
import { expect } from './harness.ts';
import { LatchError } from '../../src/errors/latch-error.ts';

export interface ExpectedFailure {
  /** The original failure must be kept; a function checks what it is. */
  cause?: true | ((cause: unknown) => void);
  /** The message must say this (for messages that name what failed, e.g. user vs organization). */
  message?: RegExp;
}

export async function expectLatchError(fn: () => unknown, code: string, expected: ExpectedFailure = {}): Promise<LatchError> {
  let caught: unknown;
  try {
    await fn();
  } catch (error) {
    caught = error;
  }
  expect(caught, `expected a LatchError with code ${code}`).to.be.instanceOf(LatchError);
  const error = caught as LatchError;
  expect(error.code).to.equal(code);
  expect(error.message.trim(), `${code} has a message`).to.not.equal('');
  if (expected.message) expect(error.message).to.match(expected.message);
  if (expected.cause) {
    expect(error.cause, `${code} keeps the original failure as cause`).to.not.equal(undefined);
    if (typeof expected.cause === 'function') expected.cause(error.cause);
  }
  return error;
}
