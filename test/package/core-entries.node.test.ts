// The core's entries (`latchkey`, src/index.ts, and the finer ones in src/entries/): one name
// imported through an entry costs what importing it from its own module costs, under esbuild
// with code splitting. esbuild puts a module that the entry reaches statically and a lazy chunk
// also needs in a chunk the entry imports, used or not (issue 25: `import { LatchError }` from
// the old entry loaded 34 KB). So for every value each entry exports, a page importing it through
// the entry may load at most `tolerance` bytes (brotli, each initial file on its own) more than
// a page importing it from the module that defines it. package.json exports each entry.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ENTRY_DIR = join(ROOT, 'src', 'entries');
/**
 * What a name may cost through its entry beyond its own module, brotli bytes. `latchkey`: the
 * kit's own modules that its lazy chunks share, in a file of their own (the LatchError class,
 * 0.2 KB; the proxy client's module, whole, for normalizeWalletKitConfig: 1.0 KB). The finer entries
 * reach the session's or the flows' lazy parts, and esbuild then splits the small helpers they
 * share (hex, base64url, WebCrypto, errors) into files of their own: up to 1.9 KB today. The old
 * entry cost 34 KB for one name.
 */
const ENTRIES = [
  { name: 'latchkey', file: join(ROOT, 'src', 'index.ts'), tolerance: 1200 },
  ...readdirSync(ENTRY_DIR)
    .filter((f) => f.endsWith('.ts'))
    .sort()
    .map((f) => ({ name: `latchkey/${basename(f, '.ts')}`, file: join(ENTRY_DIR, f), tolerance: 2500 })),
];

/** The values an entry re-exports, each with the module it comes from (type-only exports skipped). */
function valueExports(file: string): { name: string; from: string }[] {
  const source = readFileSync(file, 'utf8');
  const out: { name: string; from: string }[] = [];
  for (const match of source.matchAll(/^export\s*\{([^}]*)\}\s*from\s*'([^']+)';/gm)) {
    for (const spec of match[1]!.split(',').map((s) => s.trim()).filter(Boolean)) {
      if (spec.startsWith('type ')) continue;
      const name = spec.split(/\s+as\s+/).pop()!;
      out.push({ name, from: resolve(dirname(file), match[2]!) });
    }
  }
  return out;
}

/** The source modules with code in the initial files of a page that imports `name` from `from`. */
async function initialModules(work: string, name: string, from: string): Promise<{ modules: Set<string>; brotli: number }> {
  const page = join(work, `page-${name}-${basename(from)}.js`);
  writeFileSync(page, `import { ${name} } from ${JSON.stringify(from)};\nwindow.used = ${name};\n`);
  const result = await build({
    entryPoints: [page],
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    write: false,
    outdir: join(work, 'out'),
    metafile: true,
    platform: 'browser',
    logLevel: 'silent',
    absWorkingDir: ROOT,
    tsconfig: join(ROOT, 'tsconfig.json'),
    external: ['crypto', 'node:*'],
  });
  const outputs = result.metafile.outputs;
  const entry = Object.keys(outputs).find((out) => outputs[out]!.entryPoint?.endsWith(basename(page)))!;
  const initial = new Set<string>();
  const visit = (out: string) => {
    if (initial.has(out)) return;
    initial.add(out);
    for (const imp of outputs[out]!.imports) if (imp.kind === 'import-statement' && outputs[imp.path]) visit(imp.path);
  };
  visit(entry);
  const files = new Map(result.outputFiles.map((file) => [file.path, file.contents]));
  const brotli = [...initial].reduce((total, out) => total + brotliCompressSync(files.get(join(ROOT, out))!, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length, 0);
  const modules = new Set([...initial].flatMap((out) => Object.entries(outputs[out]!.inputs).filter(([, input]) => input.bytesInOutput > 0).map(([path]) => path)));
  return { modules, brotli };
}

describe('the core entries', { timeout: 240_000 }, () => {
  for (const entry of ENTRIES) {
    it(`${entry.name}: each value costs, through the entry, only what it costs from its own module`, async () => {
      const work = mkdtempSync(join(tmpdir(), 'latchkey-core-entries-'));
      try {
        const values = valueExports(entry.file);
        assert.ok(values.length > 0, `${entry.name} exports values`);
        const extras: string[] = [];
        for (const { name, from } of values) {
          const through = await initialModules(work, name, entry.file);
          const direct = await initialModules(work, name, from);
          const extra = [...through.modules].filter((module) => !direct.modules.has(module) && !module.startsWith('../'));
          if (through.brotli - direct.brotli > entry.tolerance) {
            extras.push(`import { ${name} } from '${entry.name}': ${through.brotli} B brotli initial, ${direct.brotli} B from its module; also loads ${extra.join(', ') || 'the same modules in more files'}`);
          }
        }
        assert.deepEqual(extras, []);
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    });
  }

  it('package.json exports every core entry, its module and its type declarations, as the build writes them', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
    assert.deepEqual(pkg.exports['.'], { types: './dist/types/src/index.d.ts', import: './dist/src/index.js' });
    for (const entry of ENTRIES.slice(1)) {
      const name = entry.name.slice('latchkey/'.length);
      assert.deepEqual(pkg.exports[`./${name}`], { types: `./dist/types/src/entries/${name}.d.ts`, import: `./dist/src/entries/${name}.js` });
    }
  });
});
