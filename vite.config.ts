// Library build: one output module per source module (preserveModules), dependencies external.
// An application's bundler then sees the same module graph as our sources: it keeps what a page
// imports, drops the rest, and keeps every lazy `import()` lazy. (A merged build put most
// elements in one chunk that every entry imported, so a login-only page loaded the wallet.)
// Entries: the core, the EIP-1193 provider (`latchkey/eip1193`), the element classes, `define` (every element) and one entry per element
// (`latchkey/auth`, `latchkey/wallet`, …) that defines just that element.
import { defineConfig } from 'vite';
import { readdirSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import pkg from './package.json' with { type: 'json' };

const external = [...Object.keys(pkg.dependencies)].map((name) => new RegExp(`^${name}(/.*)?$`));
const root = import.meta.dirname;
// The core's finer entries (`latchkey/signing`, `latchkey/flows`, …): src/entries/NAME.ts.
const coreEntries = Object.fromEntries(
  readdirSync(resolve(root, 'src/entries'))
    .filter((file) => file.endsWith('.ts'))
    .map((file) => [`src/entries/${basename(file, '.ts')}`, resolve(root, 'src/entries', file)]),
);
const elementEntries = Object.fromEntries(
  readdirSync(resolve(root, 'components/elements'))
    .filter((file) => file.endsWith('.ts'))
    .map((file) => [`components/elements/${basename(file, '.ts')}`, resolve(root, 'components/elements', file)]),
);

export default defineConfig({
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    lib: {
      entry: {
        'src/index': resolve(root, 'src/index.ts'),
        // `latchkey/eip1193`: the EIP-1193 provider with the confirmation sheet (loaded on its first
        // request), apart from the core so no login page loads it.
        'components/eip1193': resolve(root, 'components/eip1193.ts'),
        // `latchkey/solana`: the Wallet Standard wallet with the same sheet by default, likewise apart.
        'components/solana': resolve(root, 'components/solana.ts'),
        ...coreEntries,
        'components/index': resolve(root, 'components/index.ts'),
        'components/define': resolve(root, 'components/define.ts'),
        ...elementEntries,
      },
      formats: ['es'],
    },
    rollupOptions: {
      external,
      // A bundled package's modules (libphonenumber-js: a devDependency, so not external) go to
      // dist/vendor/: npm pack leaves out every folder named node_modules.
      output: { preserveModules: true, preserveModulesRoot: root, entryFileNames: ({ name }) => `${name.replace(/^node_modules\//, 'vendor/')}.js` },
    },
  },
});
