/** Assertions shared by the emulator tests. */
import assert from 'node:assert/strict';
import type { Answer } from './emulator-fixture.ts';
import type { Emulator } from '../../../demo/emulator/emulator.ts';

const DETAIL_TYPE = 'type.googleapis.com/errors.v1.TurnkeyErrorDetail';

/** The service's error shape (docs/protocol.md §1) with this status, gRPC code and error code. */
export function assertServiceError(answer: Answer, status: number, grpcCode: number, turnkeyErrorCode?: string, messagePart?: string): void {
  assert.equal(answer.status, status, `status (body: ${JSON.stringify(answer.json)})`);
  assert.equal(answer.json.code, grpcCode, 'gRPC code');
  assert.equal(typeof answer.json.message, 'string');
  assert.ok(Array.isArray(answer.json.details) && answer.json.details.length === 1, 'one detail');
  const detail = (answer.json.details as Record<string, unknown>[])[0]!;
  assert.equal(detail['@type'], DETAIL_TYPE);
  assert.equal(typeof detail.turnkeyErrorCode, 'string');
  if (turnkeyErrorCode) assert.equal(detail.turnkeyErrorCode, turnkeyErrorCode);
  if (messagePart) assert.ok((answer.json.message as string).includes(messagePart), `message "${answer.json.message}" includes "${messagePart}"`);
}

/** Runs `fn` and asserts that the emulator's whole state is identical before and after. */
export async function assertNoStateChange<T>(emulator: Emulator, fn: () => Promise<T>): Promise<T> {
  const before = emulator.state.snapshot();
  const result = await fn();
  assert.equal(emulator.state.snapshot(), before, 'the refused request changed the state');
  return result;
}
