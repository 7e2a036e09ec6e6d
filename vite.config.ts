// Library build: three ESM entries (core, element classes, define). Dependencies stay
// external so that an application bundles one copy of lit and of the crypto libraries;
// the size budget (scripts/size.mjs) measures the entries with everything bundled.
import { defineConfig } from 'vite';
import { resolve } from 'node:path';
import pkg from './package.json' with { type: 'json' };

const external = [...Object.keys(pkg.dependencies)].map((name) => new RegExp(`^${name}(/.*)?$`));

export default defineConfig({
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    lib: {
      entry: {
        latchkey: resolve(import.meta.dirname, 'src/index.ts'),
        components: resolve(import.meta.dirname, 'components/index.ts'),
        define: resolve(import.meta.dirname, 'components/define.ts'),
      },
      formats: ['es'],
    },
    rollupOptions: { external },
  },
});
