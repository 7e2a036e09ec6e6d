// The kit's package holds the kit. Its run-time dependencies are exactly what src/ and
// components/ import; the emulator is a package of its own (the npm workspace at demo/emulator)
// with its server-side dependencies. Installing the packed kit into an empty project adds no
// build tool, no native addon and no install script, and takes at most 25 MB on disk; the kit as
// it was, with the emulator's dependencies in it, fails each of those.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { duBytes, footprint, installIntoEmptyProject, npmInstallScripts, pack, type Footprint } from './support/installed-footprint.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const EMULATOR = join(ROOT, 'demo', 'emulator');
const MB = 1_000_000;
const BUDGET = 25 * MB;

/**
 * Packages the kit's code imports that its build bundles into dist/ (dist/vendor/) instead of
 * leaving to the consumer: libphonenumber-js installs 12.5 MB on disk (every metadata set, in
 * three module formats) for the 0.1 MB of it the phone field loads. devDependencies, so that
 * vite.config.ts keeps them out of its externals.
 */
const BUNDLED = ['libphonenumber-js'];

interface PackageJson {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  files?: string[];
  bin?: Record<string, string>;
  workspaces?: string[];
}
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as PackageJson;
const kit = readJson(join(ROOT, 'package.json'));
const emulator = readJson(join(EMULATOR, 'package.json'));

/** The packages the TypeScript under `dirs` imports (type-only imports too), tests excluded. */
function importedPackages(dirs: string[]): Set<string> {
  const names = new Set<string>();
  const visit = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (/\.(ts|js)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
        for (const [, specifier] of readFileSync(path, 'utf8').matchAll(/(?:\sfrom\s+|\bimport\s+|\bimport\(\s*)'([^'.][^']*)'/g)) {
          if (specifier!.startsWith('node:')) continue;
          names.add(specifier!.split('/').slice(0, specifier!.startsWith('@') ? 2 : 1).join('/'));
        }
      }
    }
  };
  for (const dir of dirs) visit(dir);
  return names;
}

/**
 * The packages the emulator's code imports, and those of the kit's modules it imports by relative
 * path (its build bundles those modules, so their packages are its dependencies too), type-only
 * imports left out. bin.js is
 * left out: it imports tsx only in a checkout of the repository (the package ships no cli.ts).
 */
function emulatorPackages(): Set<string> {
  const names = new Set<string>();
  const seen = new Set<string>();
  const visit = (path: string): void => {
    if (seen.has(path)) return;
    seen.add(path);
    // Type-only imports are erased from the bundle; one that reaches the shipped declarations is
    // held to the dependencies by emulator-package.node.test.ts, which reads them.
    const code = readFileSync(path, 'utf8').replace(/^\s*(?:import|export)\s+type\s[^;]*;/gm, '');
    for (const [, specifier] of code.matchAll(/(?:\sfrom\s+|\bimport\s+|\bimport\(\s*)'([^']+)'/g)) {
      if (specifier!.startsWith('.')) {
        if (/\.(ts|js)$/.test(specifier!)) visit(resolve(dirname(path), specifier!));
      } else if (!specifier!.startsWith('node:')) names.add(specifier!.split('/').slice(0, specifier!.startsWith('@') ? 2 : 1).join('/'));
    }
  };
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(path);
      } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) visit(path);
    }
  };
  walk(EMULATOR);
  return names;
}

const sorted = (names: Iterable<string>) => [...names].sort();
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

describe("the kit's package", () => {
  it('depends on exactly the packages src/ and components/ import, but those its build bundles, and on nothing optional', () => {
    const imported = importedPackages([join(ROOT, 'src'), join(ROOT, 'components')]);
    assert.deepEqual(sorted(Object.keys(kit.dependencies ?? {})), sorted([...imported].filter((name) => !BUNDLED.includes(name))));
    for (const name of BUNDLED) assert.ok(imported.has(name) && kit.devDependencies?.[name], `${name} is imported and a devDependency`);
    assert.equal(kit.optionalDependencies, undefined);
  });

  it('its build leaves no import of a bundled package in dist/', { skip: !existsSync(join(ROOT, 'dist', 'src', 'index.js')) && 'dist/ is missing: run `npm run build`' }, () => {
    const leftover: string[] = [];
    const visit = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) visit(path);
        else if (entry.name.endsWith('.js')) {
          for (const [, specifier] of readFileSync(path, 'utf8').matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"'.][^"']*)["']/g)) {
            if (BUNDLED.some((name) => specifier === name || specifier!.startsWith(`${name}/`))) leftover.push(`${path}: ${specifier}`);
          }
        }
      }
    };
    visit(join(ROOT, 'dist'));
    assert.deepEqual(leftover, []);
    assert.ok(existsSync(join(ROOT, 'dist', 'vendor', 'libphonenumber-js')), 'dist/vendor/libphonenumber-js holds what the phone field loads');
  });

  it('ships neither the emulator nor its bin; the emulator is the workspace at demo/emulator', () => {
    assert.deepEqual(kit.files, ['dist']);
    assert.equal(kit.bin, undefined);
    assert.deepEqual(kit.workspaces, ['demo/emulator']);
    assert.equal(emulator.name, 'latchkey-emulator');
    assert.deepEqual(emulator.bin, { 'latchkey-emulator': './bin.js' });
  });

  it("the emulator's package declares every package its code and the kit modules it bundles import (the native secp256k1 optional), and no TypeScript loader", () => {
    // anvil's binary is found by path (chains/evm/anvil-binary.ts resolves its platform package), never imported.
    const imported = new Set([...emulatorPackages(), '@foundry-rs/anvil']);
    assert.deepEqual(sorted(Object.keys(emulator.dependencies ?? {})), sorted([...imported].filter((name) => name !== 'secp256k1')));
    assert.ok(imported.has('@hpke/core'), 'reached through the kit modules it bundles');
    assert.equal(emulator.dependencies?.tsx, undefined, 'installed, it runs built JavaScript (dist/)');
    assert.deepEqual(Object.keys(emulator.optionalDependencies ?? {}), ['secp256k1']);
    // The kit's modules the emulator imports resolve their packages from the same versions.
    for (const [name, version] of Object.entries(kit.dependencies ?? {})) {
      if (imported.has(name)) assert.equal(emulator.dependencies?.[name], version, name);
    }
  });
});

describe("the emulator's package", () => {
  it('is linked by the root install: `npx latchkey-emulator --help` runs its bin', () => {
    // npm links a workspace into node_modules and its bin into node_modules/.bin, as npx finds it.
    const link = join(ROOT, 'node_modules', '.bin', 'latchkey-emulator');
    assert.equal(realpathSync(link), realpathSync(join(EMULATOR, emulator.bin!['latchkey-emulator']!)));
    const usage = execFileSync(link, ['--help'], { cwd: ROOT, encoding: 'utf8' });
    assert.match(usage, /^Usage: latchkey-emulator \[options\]\n/);
  });
});

describe("installing the packed kit into an empty project (npm's cache first, no script run)", () => {
  const scratch = mkdtempSync(join(tmpdir(), 'latchkey-footprint-'));
  // The size counts the kit's own dist/ (`npm run build`); npm test runs this file again after its build.
  const built = existsSync(join(ROOT, 'dist', 'src', 'index.js'));
  let kitTarball = '';
  let nodeModules = '';
  let installed: Footprint;

  before(() => {
    kitTarball = pack(ROOT, scratch);
    nodeModules = installIntoEmptyProject(kitTarball, join(scratch, 'kit'));
    installed = footprint(nodeModules);
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));

  it('adds no build tool, no native addon and no install script', (t) => {
    t.diagnostic(`${installed.packages.length} packages: ${sorted(installed.packages).join(', ')}`);
    assert.ok(installed.packages.includes('latchkey') && installed.packages.includes('lit'), 'the kit and its dependencies were installed');
    assert.deepEqual(installed.buildTools, []);
    assert.deepEqual(installed.nativeAddons, []);
    assert.deepEqual(installed.installScripts, []);
    assert.deepEqual(npmInstallScripts(join(scratch, 'kit')), [], "npm's lock file marks no package hasInstallScript");
  });

  it('takes at most 25 MB on disk', { skip: !built && 'dist/ is missing: run `npm run build` (npm test runs this again after its build)' }, (t) => {
    t.diagnostic(`node_modules: ${mb(installed.diskBytes)} on disk, ${mb(installed.fileBytes)} of files`);
    assert.equal(installed.diskBytes, duBytes(nodeModules), 'the count du makes');
    assert.ok(installed.diskBytes <= BUDGET, `${mb(installed.diskBytes)} on disk, over ${mb(BUDGET)}`);
  });

  it("fails the kit as it was: the emulator's dependencies in the kit's package", (t) => {
    // The same tarball with what package.json held before the emulator became a package of its
    // own (tsx, @simplewebauthn/server, @scure/bip32, @scure/bip39 and the optional native
    // secp256k1) and before the build bundled libphonenumber-js.
    const dir = join(scratch, 'as-it-was');
    rmSync(dir, { recursive: true, force: true });
    execFileSync('mkdir', ['-p', dir]);
    execFileSync('tar', ['-xzf', kitTarball, '-C', dir]);
    const manifestPath = join(dir, 'package', 'package.json');
    const manifest = readJson(manifestPath);
    const bundled = Object.fromEntries(BUNDLED.map((name) => [name, kit.devDependencies![name]!]));
    manifest.dependencies = { ...manifest.dependencies, ...bundled, ...emulator.dependencies, tsx: kit.devDependencies!.tsx! };
    manifest.optionalDependencies = emulator.optionalDependencies;
    writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
    const project = join(scratch, 'as-it-was-project');
    const brokenModules = installIntoEmptyProject(pack(join(dir, 'package'), dir), project);
    const broken = footprint(brokenModules);
    t.diagnostic(`node_modules: ${mb(broken.diskBytes)} on disk, ${mb(broken.fileBytes)} of files`);
    for (const tool of ['tsx', 'esbuild']) assert.ok(broken.buildTools.includes(tool), `${tool} found`);
    assert.ok(broken.nativeAddons.includes('node-gyp-build'), 'node-gyp-build found');
    assert.ok(broken.nativeAddons.some((path) => path.endsWith('secp256k1/binding.gyp')), "secp256k1's binding.gyp found");
    assert.ok(broken.nativeAddons.some((path) => path.startsWith('secp256k1/') && path.endsWith('.node')), "secp256k1's compiled addon found");
    assert.ok(broken.installScripts.some((line) => line.startsWith('secp256k1: install')), "secp256k1's install script found");
    assert.ok(broken.installScripts.some((line) => line.startsWith('esbuild: postinstall')), "esbuild's postinstall found");
    // The same verdicts as npm's lock file (hasInstallScript) and du.
    assert.deepEqual(sorted(new Set(broken.installScripts.map((line) => line.slice(0, line.indexOf(':'))))), sorted(npmInstallScripts(project)));
    assert.equal(broken.diskBytes, duBytes(brokenModules));
    if (built) assert.ok(broken.diskBytes > BUDGET, `${mb(broken.diskBytes)} is over the budget`);
  });
});
