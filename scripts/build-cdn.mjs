// The CDN build (`dist/cdn/`, part of `npm run build`): self-contained ES modules for a page with
// no build step, `<script type="module" src=".../latchkey/cdn/auth.js">`. Dependencies (lit,
// nanostores, the crypto libraries) are bundled in; entries share chunks, so `latchkey.js` (the
// core, for `configure()`) and `auth.js` on one page share one kit store; `import()` stays lazy,
// so the code input, passkeys and the wallet's HPKE still load only on use.
import { build } from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ROOT } from './ensure-deps.mjs';

export const CDN_DIR = join(ROOT, 'dist', 'cdn');

const elements = readdirSync(join(ROOT, 'components', 'elements'))
  .filter((file) => file.endsWith('.ts'))
  .map((file) => ({ out: basename(file, '.ts'), in: join(ROOT, 'components', 'elements', file) }));

export async function buildCdn() {
  rmSync(CDN_DIR, { recursive: true, force: true });
  const result = await build({
    entryPoints: [
      { out: 'latchkey', in: join(ROOT, 'src', 'index.ts') },
      { out: 'define', in: join(ROOT, 'components', 'define.ts') },
      ...elements,
    ],
    outdir: CDN_DIR,
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    sourcemap: true,
    target: 'es2022',
    platform: 'browser',
    chunkNames: 'chunks/[name]-[hash]',
    absWorkingDir: ROOT,
    tsconfig: join(ROOT, 'tsconfig.json'),
    define: { 'process.env.NODE_ENV': '"production"' },
    // @hpke/common (under @hpke/core, the bundles' HPKE) has a dead `import("crypto")` Node
    // fallback that never runs in a browser; kept external so it cannot break the build.
    external: ['crypto', 'node:*'],
    legalComments: 'linked',
    logLevel: 'warning',
    metafile: true,
  });
  return result.metafile;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const metafile = await buildCdn();
  const files = Object.keys(metafile.outputs).filter((out) => out.endsWith('.js'));
  console.log(`CDN build: ${files.length} modules in ${CDN_DIR}`);
}
