/**
 * The CLI with `--chains evm`: the banner prints each EVM chain's RPC URL, the chains answer,
 * and SIGTERM or SIGINT stops the emulator with its chains: afterwards nothing answers on those
 * ports (the anvil processes are gone, not orphaned).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { jsonRpc } from '../../../demo/emulator/chains/evm/json-rpc.ts';

const CLI = fileURLToPath(new URL('../../../demo/emulator/cli.ts', import.meta.url));

async function runUntilSignal(signal: NodeJS.Signals): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--port', '0', '--quiet', '--chains', 'evm'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8');
  for await (const chunk of child.stdout) {
    out += chunk;
    if (/eip155:84532\s+http/.test(out)) break;
  }
  const urls = [...out.matchAll(/^\s+eip155:(\d+)\s+(http:\/\/127\.0\.0\.1:\d+)/gm)].map((m) => [Number(m[1]), m[2]!] as const);
  assert.deepEqual(urls.map(([id]) => id), [11155111, 84532], out);
  for (const [id, url] of urls) assert.equal(await jsonRpc(url, 'eth_chainId'), `0x${id.toString(16)}`);
  child.kill(signal);
  const [code] = (await once(child, 'exit')) as [number | null];
  assert.equal(code, 0);
  for (const [, url] of urls) await assert.rejects(jsonRpc(url, 'eth_chainId'), /did not answer/);
}

describe('the CLI starts and stops the chains', () => {
  it('SIGTERM stops the emulator and its anvil processes', () => runUntilSignal('SIGTERM'));
  it('SIGINT too', () => runUntilSignal('SIGINT'));
});
