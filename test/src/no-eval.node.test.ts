// SECURITY.md E1, the static half: a strict CSP (script-src without 'unsafe-eval') must never
// meet code that compiles strings. Everything a page can load (the core and every element, with
// their dependencies and lazy chunks, bundled as an app would) is scanned for eval, the
// Function constructor and string timers.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const STRING_COMPILERS: [string, RegExp][] = [
  ['eval', /(?<![\w$.])eval\s*\(/],
  ['new Function', /new\s+Function\s*\(/],
  ['Function("…")', /(?<!new\s+)(?<![\w$.])Function\s*\(\s*["'`]/],
  ['a string timer', /set(?:Timeout|Interval)\s*\(\s*["'`]/],
];

/** The names of the string compilers found in `code`. */
const compilersIn = (code: string): string[] => STRING_COMPILERS.filter(([, pattern]) => pattern.test(code)).map(([name]) => name);

describe('E1 strict-csp-zero-violations (static scan)', () => {
  it('the scan finds each string compiler when one is there', () => {
    assert.deepEqual(compilersIn('a=1;eval("x")'), ['eval']);
    assert.deepEqual(compilersIn('x=new Function("a","return a")'), ['new Function']);
    assert.deepEqual(compilersIn('x=Function(`return this`)()'), ['Function("…")']);
    assert.deepEqual(compilersIn('setTimeout("alert(1)", 0)'), ['a string timer']);
    assert.deepEqual(compilersIn('obj.eval(x);retrieval(y);setTimeout(()=>1,0);"unsafe-eval"'), []);
  });

  it('no chunk of the core or the elements (dependencies and lazy chunks included) compiles a string', async () => {
    const result = await build({
      entryPoints: [join(ROOT, 'src/index.ts'), join(ROOT, 'components/define.ts')],
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      minify: true,
      write: false,
      outdir: join(ROOT, '.bench', 'no-eval'),
      external: ['crypto', 'node:*'],
      logLevel: 'silent',
      metafile: true,
    });
    const chunks = result.outputFiles.filter((file) => file.path.endsWith('.js'));
    // Lazy chunks are there too (HPKE and the wallet load on demand), and the dependencies.
    assert.ok(chunks.length > 20, `${chunks.length} chunks`);
    const inputs = Object.values(result.metafile.outputs).flatMap((output) => Object.keys(output.inputs));
    for (const dependency of ['@hpke/core', 'lit-html', '@noble/hashes', '@simplewebauthn/browser']) {
      assert.ok(inputs.some((path) => path.includes(`node_modules/${dependency}/`)), `${dependency} was scanned`);
    }
    const found = chunks.flatMap((file) => compilersIn(file.text).map((name) => `${name} in ${file.path}`));
    assert.deepEqual(found, []);
  });
});
