// Revert data, read by the one reader the sheet and the emulator share, against viem's own
// encoder and decoder of Solidity's Error(string) and Panic(uint256) (the outside truth).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodeErrorResult, encodeErrorResult, parseAbi } from 'viem';
import { decodeRevertData, PANIC_REASONS } from '../../../src/review/evm-revert.ts';

const SOLIDITY = parseAbi(['error Error(string message)', 'error Panic(uint256 code)', 'error InsufficientBalance(uint256 available, uint256 required)']);

describe('decodeRevertData', () => {
  it('Error(string) as viem encodes it, ASCII, Arabic and emoji, empty', () => {
    for (const message of ['sandbox: transfer refused', 'رصيد غير كاف', '🚫 no', '']) {
      const data = encodeErrorResult({ abi: SOLIDITY, errorName: 'Error', args: [message] });
      assert.equal(decodeErrorResult({ abi: SOLIDITY, data }).args[0], message);
      assert.deepEqual(decodeRevertData(data), { kind: 'error', message });
    }
  });

  it('Panic(uint256) for every named code and an unnamed one, as viem reads them', () => {
    for (const code of [...Object.keys(PANIC_REASONS).map(Number), 0x99]) {
      const data = encodeErrorResult({ abi: SOLIDITY, errorName: 'Panic', args: [BigInt(code)] });
      assert.equal(decodeErrorResult({ abi: SOLIDITY, data }).args[0], BigInt(code));
      const reason = PANIC_REASONS[code];
      assert.deepEqual(decodeRevertData(data.toUpperCase().replace('0X', '0x')), { kind: 'panic', code, ...(reason ? { reason } : {}) });
    }
  });

  it('a custom error is its selector and arguments; empty data is a bare revert', () => {
    const data = encodeErrorResult({ abi: SOLIDITY, errorName: 'InsufficientBalance', args: [0n, 5n] });
    assert.deepEqual(decodeRevertData(data), { kind: 'other', selector: data.slice(2, 10), args: data.slice(10) });
    assert.deepEqual(decodeRevertData('0x'), { kind: 'empty' });
    assert.deepEqual(decodeRevertData(undefined), { kind: 'empty' });
  });

  it('tampered encodings are no text and no panic: cut short, dirty padding, length past the data, invalid UTF-8, a panic code past 255', () => {
    const good = encodeErrorResult({ abi: SOLIDITY, errorName: 'Error', args: ['refused'] });
    const tampered = [
      good.slice(0, -2),
      `${good.slice(0, -2)}01`,
      good.replace(/0{62}07(?=7265)/, `${'0'.repeat(62)}ff`),
      encodeErrorResult({ abi: SOLIDITY, errorName: 'Error', args: ['x'] }).replace('78' + '0'.repeat(62), 'ff' + '0'.repeat(62)),
      `0x4e487b71${(256n).toString(16).padStart(64, '0')}`,
    ];
    for (const data of tampered) assert.equal(decodeRevertData(data).kind, 'other', data);
  });
});
