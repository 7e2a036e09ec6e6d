import assert from 'node:assert/strict';
import { WalletError, type WalletErrorCode } from '../../../demo/emulator/wallet/index.ts';

/** Asserts that `fn` throws a WalletError with `code` (and a message for people). */
export function expectWalletError(fn: () => unknown, code: WalletErrorCode): WalletError {
  let caught: unknown;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  assert.ok(caught instanceof WalletError, `expected a WalletError ${code}, got ${String(caught)}`);
  assert.equal(caught.code, code);
  assert.ok(caught.message.length > 0);
  return caught;
}
