// latchkey-emulator and the kit as someone else's project gets them: packed as npm publishes,
// installed into a fresh project outside this repository, the emulator run through npx. Shared by
// the emulator package test and the README quick-start test.
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

export interface Packed {
  tarball: string;
  /** The tarball's bytes, and its files' bytes unpacked (npm pack's own figures). */
  size: number;
  unpackedSize: number;
  files: string[];
}

/** `npm pack` with its lifecycle scripts, as `npm publish` packs: the emulator's prepack builds dist/. */
export function packWithScripts(dir: string, destination: string): Packed {
  const out = execFileSync('npm', ['pack', '--pack-destination', destination, '--json'], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const [info] = JSON.parse(out) as { filename: string; size: number; unpackedSize: number; files: { path: string }[] }[];
  return { tarball: join(destination, info!.filename), size: info!.size, unpackedSize: info!.unpackedSize, files: info!.files.map((f) => f.path) };
}

/** npm's figures for a tarball already packed (the kit's, packed without scripts from its built dist/). */
export function tarballFigures(tarball: string): Packed {
  const listing = execFileSync('tar', ['-tvzf', tarball], { encoding: 'utf8' }).trim().split('\n');
  const files = listing.map((line) => line.split(/\s+/).slice(5).join(' ').replace(/^package\//, ''));
  const unpackedSize = listing.reduce((sum, line) => sum + Number(line.split(/\s+/)[2]), 0);
  return { tarball, size: statSync(tarball).size, unpackedSize, files };
}

/**
 * `npm i -D <tarball>` in a new project at `project`, as its README says (npm's cache first, no
 * audit): returns how long it took and what npm said on stderr.
 */
export function installDev(tarball: string, project: string): { ms: number; stderr: string } {
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'someone-elses-app', version: '1.0.0', private: true, type: 'module' }));
  const started = performance.now();
  const result = spawnSync('npm', ['install', '-D', '--prefer-offline', '--no-audit', '--no-fund', tarball], { cwd: project, encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
  return { ms: performance.now() - started, stderr: result.stderr };
}

/** Starts `npx latchkey-emulator …args` in `project` (its own process group); resolves with its banner's URLs. */
export function startInstalledEmulator(project: string, args: string[]): Promise<{ child: ChildProcess; apiUrl: string; proxyUrl: string; banner: string }> {
  const child = spawn('npx', ['--no-install', 'latchkey-emulator', ...args], { cwd: project, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  return new Promise((resolvePromise, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const api = out.match(/Activity API\s+(http:\/\/\S+)/);
      const proxy = out.match(/auth proxy\s+(http:\/\/\S+)/);
      if (api && proxy && /\n\s*state\s+\S/.test(out)) resolvePromise({ child, apiUrl: api[1]!, proxyUrl: proxy[1]!, banner: out });
    });
    child.on('exit', (code) => reject(new Error(`npx latchkey-emulator exited (${code}) before its banner:\n${out}\n${err}`)));
  });
}
