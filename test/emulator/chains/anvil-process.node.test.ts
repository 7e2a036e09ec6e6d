/**
 * anvil as the emulator's child: it starts on a free loopback port, answers as the chain id it
 * was given, and is gone after stop, after the parent is killed outright (SIGKILL: no handler
 * runs), and when its binary is missing the start fails with the reason.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { resolveAnvilBinary } from '../../../demo/emulator/chains/evm/anvil-binary.ts';
import { startAnvil } from '../../../demo/emulator/chains/evm/anvil-process.ts';
import { jsonRpc } from '../../../demo/emulator/chains/evm/json-rpc.ts';

const binary = resolveAnvilBinary().path!;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits for the process to vanish (the kernel reaps it a moment after the signal), bounded. */
async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 200 && alive(pid); i++) await new Promise((r) => setImmediate(r));
  for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 20));
  return !alive(pid);
}

test('anvil starts on loopback with the chain id asked for, and is gone after stop', async () => {
  const anvil = await startAnvil({ binary, chainId: 11155111 });
  assert.match(anvil.rpcUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
  assert.equal(await jsonRpc(anvil.rpcUrl, 'eth_chainId'), '0xaa36a7');
  assert.ok(alive(anvil.pid));
  await anvil.stop();
  assert.ok(await gone(anvil.pid), 'anvil outlived stop()');
  assert.match(anvil.exited ?? '', /anvil/);
});

test('anvil dies with its parent even when the parent is killed with SIGKILL', { skip: process.platform === 'win32' }, async () => {
  const holder = fileURLToPath(new URL('./support/hold-anvil.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', holder], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8');
  for await (const chunk of child.stdout) {
    out += chunk;
    if (out.includes('\n')) break;
  }
  const pid = Number(out.trim());
  assert.ok(pid > 0 && alive(pid));
  child.kill('SIGKILL');
  await once(child, 'exit');
  assert.ok(await gone(pid), 'anvil was orphaned by a killed parent');
});

test('a missing binary fails the start with the reason', async () => {
  await assert.rejects(startAnvil({ binary: '/nonexistent/anvil', chainId: 1 }), /anvil/);
  assert.match(resolveAnvilBinary('sunos', 'x64').reason ?? '', /no binary for sunos-x64/);
});
