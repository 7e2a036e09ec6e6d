/**
 * Production builds of test pages (and of the demo) with Vite's JS API: no config file, the
 * public entry names aliased to the sources as a page's bundler would see the package, HTML
 * entries whose scripts become module files (nothing inline, so a strict CSP can forbid inline
 * script and style). Each build goes to a fresh temporary directory.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './paths.ts';

/** `latchkey`, `latchkey/components`, `latchkey/define` → the sources (exact names only). */
export const LATCHKEY_ALIASES = [
  { find: /^latchkey$/, replacement: join(ROOT, 'src/index.ts') },
  { find: /^latchkey\/components$/, replacement: join(ROOT, 'components/index.ts') },
  { find: /^latchkey\/define$/, replacement: join(ROOT, 'components/define.ts') },
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
}

export interface BuiltPages {
  outDir: string;
  remove(): Promise<void>;
}

export async function buildPages(options: BuildOptions): Promise<BuiltPages> {
  const { build } = await import('vite');
  const outDir = await mkdtemp(join(tmpdir(), 'latchkey-e2e-'));
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
      sourcemap: false,
      reportCompressedSize: false,
      // The module preload polyfill is code in the entry chunk, never an inline script; modern
      // Chromium does not need it.
      modulePreload: { polyfill: false },
      ...(options.lib
        ? { lib: { entry: join(options.root, options.entries[0]!), formats: ['es'], fileName: () => options.lib!.fileName } }
        : { rollupOptions: { input } }),
    },
  });
  return { outDir, remove: () => rm(outDir, { recursive: true, force: true }) };
}
