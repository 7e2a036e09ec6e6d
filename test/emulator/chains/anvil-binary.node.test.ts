// anvil's platform package is a dependency of @foundry-rs/anvil, not of the emulator. Under
// pnpm's strict layout a package sees only what it declares: the platform package sits in
// anvil's own node_modules. This lays that tree out (fake packages, an empty "binary") around a
// copy of the resolver and checks it finds the binary there, as a user's pnpm project would.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { resolveAnvilBinary as Resolve } from '../../../demo/emulator/chains/evm/anvil-binary.ts';

const ARCH: Record<string, string> = { x64: 'amd64', arm64: 'arm64' };

function writePackage(dir: string, name: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version: '1.7.1' }));
}

describe('anvil binary resolution', () => {
  it('finds the platform package through @foundry-rs/anvil when only anvil can see it (pnpm layout)', async (t) => {
    const cpu = ARCH[process.arch];
    if (!cpu || process.platform === 'win32') return t.skip('layout written for linux/darwin x64/arm64');
    const root = mkdtempSync(join(tmpdir(), 'latch-anvil-layout-'));
    t.after(() => rmSync(root, { recursive: true, force: true }));
    const emulator = join(root, 'node_modules', 'latchkey-emulator');
    const anvil = join(root, 'node_modules', '@foundry-rs', 'anvil');
    const platform = join(anvil, 'node_modules', '@foundry-rs', `anvil-${process.platform}-${cpu}`);
    writePackage(emulator, 'latchkey-emulator');
    writePackage(anvil, '@foundry-rs/anvil');
    writePackage(platform, `@foundry-rs/anvil-${process.platform}-${cpu}`);
    mkdirSync(join(platform, 'bin'));
    writeFileSync(join(platform, 'bin', 'anvil'), '');
    copyFileSync(new URL('../../../demo/emulator/chains/evm/anvil-binary.ts', import.meta.url), join(emulator, 'anvil-binary.ts'));
    const { resolveAnvilBinary } = (await import(pathToFileURL(join(emulator, 'anvil-binary.ts')).href)) as { resolveAnvilBinary: typeof Resolve };
    assert.deepEqual(resolveAnvilBinary(), { path: join(platform, 'bin', 'anvil') });
  });

  it('says why when the platform has no package', async () => {
    const { resolveAnvilBinary } = await import('../../../demo/emulator/chains/evm/anvil-binary.ts');
    assert.match(resolveAnvilBinary('linux', 'ia32').reason ?? '', /no binary for linux-ia32/);
    assert.match(resolveAnvilBinary('linux', process.arch === 'arm64' ? 'x64' : 'arm64').reason ?? '', /is not installed/);
  });
});
