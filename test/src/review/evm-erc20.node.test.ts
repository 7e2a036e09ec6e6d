// ERC-20 transfers in the token's units against viem: parseUnits, encodeFunctionData(erc20Abi,
// 'transfer'), the decimals() selector, and a JSON-RPC endpoint on 127.0.0.1 answering eth_call
// with viem's encodeFunctionResult.
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodeFunctionData, encodeFunctionResult, erc20Abi, maxUint256, parseUnits as viemParseUnits, toFunctionSelector } from 'viem';
import { erc20TransferData, parseUnits, readTokenDecimals } from '../../../src/review/evm-erc20.ts';

const TOKEN = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const TO = '0x3333333333333333333333333333333333333333';
const code = (error: unknown) => (error as { code?: string }).code;

describe('ERC-20 transfer in token units', () => {
  it('parseUnits agrees with viem; more decimals than the token has, or not a number, is ERR_INPUT_INVALID', () => {
    for (const [amount, decimals] of [['1.5', 6], ['0.000001', 6], ['42', 0], ['123456789.123456789012345678', 18], ['0', 18]] as const) {
      assert.equal(parseUnits(amount, decimals), viemParseUnits(amount, decimals), `${amount} / ${decimals}`);
    }
    for (const [amount, decimals] of [['1.5', 0], ['0.0000001', 6], ['-1', 6], ['1e3', 6], ['', 6], ['1.', 6], ['1', -1], ['1', 78]] as const) {
      assert.throws(() => parseUnits(amount, decimals), (e) => code(e) === 'ERR_INPUT_INVALID', `${amount} / ${decimals}`);
    }
    assert.throws(() => parseUnits((maxUint256 + 1n).toString(), 0), (e) => code(e) === 'ERR_INPUT_INVALID');
  });

  it('the transfer calldata is viem\'s', () => {
    for (const amount of [0n, 1_500_000n, maxUint256]) {
      assert.equal(erc20TransferData(TO, amount), encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [TO, amount] }));
    }
    assert.throws(() => erc20TransferData('0x12', 1n), (e) => code(e) === 'ERR_INPUT_INVALID');
    assert.throws(() => erc20TransferData(TO, maxUint256 + 1n), (e) => code(e) === 'ERR_INPUT_INVALID');
  });

  const seen: unknown[] = [];
  let answer: (body: { params: [{ data: string }] }) => unknown = () => ({});
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const parsed = JSON.parse(body) as { id: number; method: string; params: [{ data: string }] };
      seen.push(parsed);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ jsonrpc: '2.0', id: parsed.id, ...(answer(parsed) as object) }));
    });
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reads decimals() through eth_call; a bad answer or no endpoint is a typed error', async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    answer = ({ params }) => (params[0].data === toFunctionSelector('function decimals()') ? { result: encodeFunctionResult({ abi: erc20Abi, functionName: 'decimals', result: 6 }) } : { error: { code: -32000, message: 'no' } });
    assert.equal(await readTokenDecimals(url, TOKEN), 6);
    assert.deepEqual((seen[0] as { method: string; params: unknown[] }).params, [{ to: TOKEN, data: '0x313ce567' }, 'latest']);
    answer = () => ({ result: '0x' });
    await assert.rejects(readTokenDecimals(url, TOKEN), (e) => code(e) === 'ERR_RESPONSE_MALFORMED');
    answer = () => ({ result: `0x${'0'.repeat(60)}0100` });
    await assert.rejects(readTokenDecimals(url, TOKEN), (e) => code(e) === 'ERR_RESPONSE_MALFORMED');
    await assert.rejects(readTokenDecimals('http://127.0.0.1:9/', TOKEN), (e) => code(e) === 'ERR_NETWORK_FAILED');
    await assert.rejects(readTokenDecimals(url, '0x12'), (e) => code(e) === 'ERR_INPUT_INVALID');
  });
});
