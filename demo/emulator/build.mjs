// `npm run build -w latchkey-emulator`, and `prepack` (so `npm pack` / `npm publish` ship it):
// the emulator as JavaScript in dist/, which is what its package ships and its bin runs when
// installed. Bundled from the two entries (the CLI, and createEmulator for programmatic use), so
// every module they reach is in, whoever added it: the emulator's own and the kit's src/ modules
// they share (an installed package has no ../../src to import). Packages stay imports (each one
// must be declared in this package.json: the build fails otherwise), native ones included
// (secp256k1's addon, anvil's binary, LiteSVM's). Then the declarations of createEmulator and
// the types it names, those it reaches and no more, from tsc.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const HERE = dirname(fileURLToPath(import.meta.url));
const DIST = join(HERE, 'dist');
const TYPES = join(DIST, 'types');
/** Where the declaration of the `.` entry lands (tsc keeps the layout from the repository's root). */
const TYPES_ENTRY = join(TYPES, 'demo', 'emulator', 'emulator.d.ts');
const manifest = JSON.parse(readFileSync(join(HERE, 'package.json'), 'utf8'));

/** `@scope/name/sub/path.js` → `@scope/name`; `name/sub` → `name`. */
const packageName = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

async function bundle() {
  const result = await build({
    absWorkingDir: HERE,
    entryPoints: { cli: 'cli.ts', index: 'emulator.ts' },
    outdir: DIST,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    packages: 'external',
    chunkNames: 'chunks/[name]-[hash]',
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
  });
  const declared = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.optionalDependencies ?? {})]);
  const undeclared = new Set();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const { path, external } of output.imports) {
      if (external && !path.startsWith('node:') && !declared.has(packageName(path))) undeclared.add(packageName(path));
    }
  }
  if (undeclared.size) {
    throw new Error(`latchkey-emulator build: the bundle imports ${[...undeclared].join(', ')}, not in demo/emulator/package.json's dependencies. Add each (the kit's version if the kit uses it).`);
  }
  // A file found next to a module at run time (`new URL('./x', import.meta.url)`: a worker, a
  // compiled contract) is not bundled, and from dist/ the path points nowhere: import it instead
  // (JSON and text imports are bundled), or make it a Worker with `eval`.
  for (const path of Object.keys(result.metafile.outputs)) {
    const code = readFileSync(join(HERE, path), 'utf8');
    const found = code.match(/new URL\(\s*["'`]\.{0,2}\/?[^"'`]*["'`]\s*,\s*import\.meta\.url\s*\)/);
    if (found) throw new Error(`latchkey-emulator build: ${path} reads ${found[0]} at run time, a file the bundle does not carry`);
  }
}

/** The declarations reachable from the entry's; tsc emits one per module of the program. */
function reachableDeclarations(entry) {
  const seen = new Set();
  const stack = [entry];
  while (stack.length) {
    const file = stack.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/(?:\bfrom\s+|\bimport\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const target = resolve(dirname(file), specifier.replace(/\.(ts|js)$/, '.d.ts'));
      if (!existsSync(target)) throw new Error(`latchkey-emulator build: ${relative(HERE, file)} imports ${specifier}, which has no declaration`);
      stack.push(target);
    }
  }
  return seen;
}

function declarations() {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', join(HERE, 'tsconfig.build.json')], { stdio: ['ignore', 2, 2] }); // stdout is npm pack --json's
  const keep = reachableDeclarations(TYPES_ENTRY);
  const prune = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        prune(path);
        if (readdirSync(path).length === 0) rmSync(path, { recursive: true });
      } else if (!keep.has(path)) rmSync(path);
    }
  };
  prune(TYPES);
}

rmSync(DIST, { recursive: true, force: true });
await bundle();
if (!process.argv.includes('--no-types')) declarations();
const size = (dir) => readdirSync(dir, { withFileTypes: true }).reduce((sum, e) => sum + (e.isDirectory() ? size(join(dir, e.name)) : statSync(join(dir, e.name)).size), 0);
console.error(`latchkey-emulator: built dist/ (${(size(DIST) / 1000).toFixed(0)} kB)`);
