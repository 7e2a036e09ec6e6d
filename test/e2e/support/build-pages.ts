/**
 * Production builds of test pages (and of the demo) with Vite's JS API: no config file, the
 * public entry names aliased to the sources as a page's bundler would see the package, HTML
 * entries whose scripts become module files (nothing inline, so a strict CSP can forbid inline
 * script and style).
 *
 * Builds are cached by content: a hash of the sources that go into them (the pages' folder,
 * src/, components/, the lock file, this file) names a directory under
 * node_modules/.cache/latchkey-e2e/, so the e2e files of one run (and later runs with the same
 * sources) share one build instead of each making its own. A page folder is built whole (every
 * HTML file in it), whichever pages the caller needs.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ROOT } from './paths.ts';

const CACHE_DIR = join(ROOT, 'node_modules/.cache/latchkey-e2e');
const CACHE_KEEP = 8;
/** The cached builds this process has handed out (their keys): never pruned while it runs. */
const inUse = new Set<string>();
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git', 'static']);

/** `latchkey`, `latchkey/components`, `latchkey/define`, `latchkey/eip1193`, `latchkey/solana` → the sources (exact names only). */
export const LATCHKEY_ALIASES = [
  { find: /^latchkey$/, replacement: join(ROOT, 'src/index.ts') },
  { find: /^latchkey\/components$/, replacement: join(ROOT, 'components/index.ts') },
  { find: /^latchkey\/define$/, replacement: join(ROOT, 'components/define.ts') },
  { find: /^latchkey\/(signing|flows|tokens|bundles|consensus|encoding|proofs|digests)$/, replacement: join(ROOT, 'src/entries/$1.ts') },
  { find: /^latchkey\/eip1193$/, replacement: join(ROOT, 'components/eip1193.ts') },
  { find: /^latchkey\/solana$/, replacement: join(ROOT, 'components/solana.ts') },
];

/**
 * The package's `sideEffects` list names only the define entries, so a bundler drops any other
 * module of this repository that is imported for its effect alone, such as a page's
 * `import './shared/violations.ts'`. Page code (under `root`) keeps its side effects.
 */
function pagesHaveSideEffects(root: string) {
  return {
    name: 'latchkey-pages-have-side-effects',
    enforce: 'pre' as const,
    async resolveId(this: { resolve: (s: string, i?: string, o?: object) => Promise<{ id: string } | null> }, source: string, importer: string | undefined, opts: object) {
      const resolved = await this.resolve(source, importer, { ...opts, skipSelf: true });
      return resolved && resolved.id.startsWith(root) ? { ...resolved, moduleSideEffects: true } : null;
    },
  };
}

export interface BuildOptions {
  /** The Vite root: HTML entries are relative to it and keep their path in the output. */
  root: string;
  /** HTML (or script, with `lib`) entries, relative to `root`. */
  entries: string[];
  /** Build `entries` (one script) as a single self-contained ES module instead of pages. */
  lib?: { fileName: string };
  /** Reuse (and fill) the content-addressed cache. Default true; false builds afresh into a temporary directory. */
  cache?: boolean;
  /** Write source maps beside the files (the start-up profile maps its samples back): never cached. */
  sourcemap?: boolean;
}

export interface BuiltPages {
  outDir: string;
  remove(): Promise<void>;
}

export async function buildPages(options: BuildOptions): Promise<BuiltPages> {
  if (options.cache === false || options.sourcemap) {
    const outDir = await mkdtemp(join(tmpdir(), 'latchkey-e2e-'));
    await viteBuild(options, outDir);
    return { outDir, remove: () => rm(outDir, { recursive: true, force: true }) };
  }
  // Pages: every HTML file of the folder, so one cached build serves every caller.
  const entries = options.lib ? options.entries : (await readdir(options.root)).filter((name) => name.endsWith('.html')).sort();
  const full = { ...options, entries };
  const key = await sourceHash(full);
  const outDir = join(CACHE_DIR, key);
  inUse.add(key);
  if (!existsSync(join(outDir, '.complete'))) {
    await mkdir(CACHE_DIR, { recursive: true });
    const building = await mkdtemp(join(CACHE_DIR, 'building-'));
    await viteBuild(full, building);
    await writeMarker(building);
    // Another e2e file may have finished the same build first: then its copy is used.
    await rename(building, outDir).catch(() => rm(building, { recursive: true, force: true }));
    await prune();
  } else {
    // Used now: the newest, so that another caller's new build does not prune it from under a
    // server still serving it (its assets would then answer 404).
    const now = new Date();
    await utimes(outDir, now, now).catch(() => undefined);
  }
  return { outDir, remove: async () => undefined };
}

async function viteBuild(options: BuildOptions, outDir: string): Promise<void> {
  const { build } = await import('vite');
  const input = Object.fromEntries(options.entries.map((entry) => [entry.replace(/\.[^.]+$/, '').replace(/[^\w-]/g, '_'), join(options.root, entry)]));
  await build({
    configFile: false,
    root: options.root,
    logLevel: 'error',
    resolve: { alias: LATCHKEY_ALIASES },
    plugins: [pagesHaveSideEffects(options.root)],
    // React and Vue pick their production builds from this, as an application's build would.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: options.sourcemap ?? false,
      reportCompressedSize: false,
      // The module preload polyfill is code in the entry chunk, never an inline script; modern
      // Chromium does not need it.
      modulePreload: { polyfill: false },
      ...(options.lib
        ? { lib: { entry: join(options.root, options.entries[0]!), formats: ['es'], fileName: () => options.lib!.fileName } }
        : { rollupOptions: { input } }),
    },
  });
}

async function writeMarker(dir: string): Promise<void> {
  await writeFile(join(dir, '.complete'), new Date().toISOString());
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) out.push(...(await filesUnder(path)));
    } else {
      out.push(path);
    }
  }
  return out;
}

/** What the build depends on: its options and the bytes of every source file it can reach. */
async function sourceHash(options: BuildOptions): Promise<string> {
  const hash = createHash('sha256').update(JSON.stringify({ root: relative(ROOT, options.root), entries: options.entries, lib: options.lib ?? null }));
  const files = [
    ...(await filesUnder(options.root)),
    ...(await filesUnder(join(ROOT, 'src'))),
    ...(await filesUnder(join(ROOT, 'components'))),
    join(ROOT, 'package-lock.json'),
    join(ROOT, 'package.json'),
    join(ROOT, 'test/e2e/support/build-pages.ts'),
  ].sort();
  for (const file of files) hash.update(relative(ROOT, file)).update('\0').update(await readFile(file)).update('\0');
  return hash.digest('hex').slice(0, 24);
}

/** Keeps the most recently used builds only (every source change makes a new one). */
async function prune(): Promise<void> {
  const names = (await readdir(CACHE_DIR)).filter((name) => !name.startsWith('building-') && !inUse.has(name));
  const dated = await Promise.all(names.map(async (name) => ({ name, time: (await stat(join(CACHE_DIR, name))).mtimeMs })));
  for (const { name } of dated.sort((a, b) => b.time - a.time).slice(CACHE_KEEP)) {
    await rm(join(CACHE_DIR, name), { recursive: true, force: true });
  }
}
