// The CDN build (`dist/cdn/`, part of `npm run build`): self-contained ES modules for a page with
// no build step, `<script type="module" src=".../latchkey/cdn/auth.js">`. Dependencies (lit,
// nanostores, the crypto libraries) are bundled in; entries share chunks, so `latchkey.js` (the
// core, for `configure()`) and `auth.js` on one page share one kit store; `import()` stays lazy,
// so the code input, passkeys and the wallet's HPKE still load only on use.
//
// Fewer, larger shared files. esbuild puts modules in one chunk only when exactly the same entry
// points reach them (lazy `import()` targets count as entry points), and with twenty elements and
// a hundred lazy chunks the README's one-script page came to 18 files, 28.9 KB brotli (each file
// compressed on its own, as a browser fetches it) for 24 KB of code. So each group below is
// imported by a small hub module, and the hub is imported by every entry point that reaches any
// module of the group: all of them then reach the whole group, which becomes one chunk. A page
// loads a group whole (a page with one element of the login family loads the family's buttons);
// `define.js` imports every element entry instead of being an entry point of its own.
import { build } from 'esbuild';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ROOT } from './ensure-deps.mjs';

export const CDN_DIR = join(ROOT, 'dist', 'cdn');

/** Each group's roots: a group is its roots and everything they import statically. */
export const CDN_GROUPS = [
  // What every element page runs: lit, the kit and its stores, the elements' base classes.
  ['lit', 'components/internal/latch-kit-aware-element.ts', 'components/internal/events.ts', 'src/kit/configure.ts'],
  // The login family: what <latch-auth> shares with <latch-step-up>, <latch-signup> and the buttons.
  [
    'components/latch-auth/latch-kit-element.ts',
    'components/latch-auth/login-contacts.ts',
    'components/latch-oauth-button/latch-oauth-button.ts',
    'components/latch-passkey-button/latch-passkey-button.ts',
  ],
];

const elements = readdirSync(join(ROOT, 'components', 'elements'))
  .filter((file) => file.endsWith('.ts'))
  .map((file) => ({ out: basename(file, '.ts'), in: join(ROOT, 'components', 'elements', file) }));

const ENTRY_POINTS = [{ out: 'latchkey', in: join(ROOT, 'src', 'index.ts') }, ...elements];

const OPTIONS = {
  bundle: true,
  splitting: true,
  format: 'esm',
  minify: true,
  target: 'es2022',
  platform: 'browser',
  chunkNames: 'chunks/[name]-[hash]',
  absWorkingDir: ROOT,
  tsconfig: join(ROOT, 'tsconfig.json'),
  define: { 'process.env.NODE_ENV': '"production"' },
  // Nothing shipped imports a Node built-in since the HPKE suite moved to WebCrypto; kept
  // external so a dependency's dead Node fallback (as @hpke/common had) cannot break the build.
  external: ['crypto', 'node:*'],
  logLevel: 'warning',
};

/**
 * Which entry points (named and lazy) must import each group's hub: those whose static import
 * graph reaches a module of the group, read from a first build's metafile.
 */
async function hubImports() {
  const { metafile } = await build({ ...OPTIONS, entryPoints: ENTRY_POINTS, outdir: CDN_DIR, write: false, metafile: true, logLevel: 'silent' });
  const inputs = metafile.inputs;
  const closure = (roots) => {
    const seen = new Set();
    const stack = [...roots];
    while (stack.length) {
      const file = stack.pop();
      if (seen.has(file) || !inputs[file]) continue;
      seen.add(file);
      for (const imp of inputs[file].imports) if (imp.kind === 'import-statement' && !imp.external) stack.push(imp.path);
    }
    return seen;
  };
  const lazyTargets = Object.values(inputs).flatMap((input) => input.imports.filter((imp) => imp.kind === 'dynamic-import' && !imp.external).map((imp) => imp.path));
  const entryFiles = [...new Set([...ENTRY_POINTS.map((entry) => entry.in.slice(ROOT.length + 1)), ...lazyTargets])];
  const reach = new Map(entryFiles.map((file) => [file, closure([file])]));
  const rootFile = (root) => {
    const found = Object.keys(inputs).find((file) => file === root || new RegExp(`node_modules/${root}/index\\.js$`).test(file));
    if (!found) throw new Error(`CDN group root ${root} is not in the build`);
    return found;
  };
  const injections = new Map();
  const earlier = new Set();
  CDN_GROUPS.forEach((roots, index) => {
    // A group's own modules: what its roots import that no earlier group has.
    const group = new Set([...closure(roots.map(rootFile))].filter((module) => !earlier.has(module)));
    for (const module of group) earlier.add(module);
    for (const [file, reached] of reach) {
      // A module of the group is in the group's chunk already; a hub import there would be a cycle.
      if (group.has(file) || ![...reached].some((module) => group.has(module))) continue;
      injections.set(join(ROOT, file), [...(injections.get(join(ROOT, file)) ?? []), index]);
    }
  });

  return injections;
}

/** esbuild plugin: the hub modules, and their imports prepended to the entry points that need them. */
function hubPlugin(injections) {
  const hubSource = (roots) =>
    `${roots.map((root, i) => `import * as m${i} from ${JSON.stringify(root.includes('/') ? join(ROOT, root) : root)};`).join('\n')}\nexport const hub = [${roots.map((_, i) => `m${i}`).join(', ')}];\n`;
  return {
    name: 'latchkey-cdn-hubs',
    setup(b) {
      b.onResolve({ filter: /^latchkey-cdn-hub:\d+$/ }, (args) => ({ path: args.path, namespace: 'latchkey-cdn-hub' }));
      b.onLoad({ filter: /.*/, namespace: 'latchkey-cdn-hub' }, (args) => ({
        contents: hubSource(CDN_GROUPS[Number(args.path.split(':')[1])]),
        loader: 'js',
        resolveDir: ROOT,
      }));
      b.onLoad({ filter: /\.[cm]?[jt]s$/ }, (args) => {
        const hubs = injections.get(args.path);
        if (!hubs) return undefined;
        const imports = hubs.map((i) => `import { hub as __latchkeyCdnHub${i} } from 'latchkey-cdn-hub:${i}'; void __latchkeyCdnHub${i};`).join('\n');
        return { contents: `${imports}\n${readFileSync(args.path, 'utf8')}`, loader: args.path.endsWith('.ts') ? 'ts' : 'js' };
      });
    },
  };
}

export async function buildCdn() {
  const injections = await hubImports();
  rmSync(CDN_DIR, { recursive: true, force: true });
  const result = await build({
    ...OPTIONS,
    entryPoints: ENTRY_POINTS,
    outdir: CDN_DIR,
    // No source maps: they were 3.6 MB of the installed package (over the 25 MB it may take, with
    // issue 24's elements); the npm build's modules (dist/src, dist/components) keep theirs.
    sourcemap: false,
    legalComments: 'linked',
    metafile: true,
    plugins: [hubPlugin(injections)],
  });
  // Every element, as `latchkey/define` does: each element entry defines its own.
  writeFileSync(join(CDN_DIR, 'define.js'), `${elements.map((element) => `import './${element.out}.js';`).join('\n')}\n`);
  return result.metafile;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const metafile = await buildCdn();
  const files = Object.keys(metafile.outputs).filter((out) => out.endsWith('.js'));
  console.log(`CDN build: ${files.length} modules in ${CDN_DIR}`);
}
