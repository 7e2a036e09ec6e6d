// What ships, scanned: everything a page can load (the core and every element, with their
// dependencies and lazy chunks, bundled as an app would).
// - SECURITY.md E1, the static half: a strict CSP (script-src without 'unsafe-eval') must never
//   meet code that compiles strings: no eval, Function constructor or string timer.
// - B9 and E4 are about window messaging and iframes, which the kit does not use. These tests
//   keep that premise true: the one postMessage and the one message listener are the session's
//   same-origin BroadcastChannel, and nothing creates or names an iframe. Code that adds either
//   fails here, and then owes the real B9 / E4 tests.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
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

type Chunk = { path: string; text: string };

/** Bundles the core and every element as an app would; every output chunk, with its inputs. */
async function shippedChunks(): Promise<{ chunks: Chunk[]; inputs: string[] }> {
  const result = await build({
    // The core's finer entries (src/entries/) ship values `latchkey` itself no longer exports.
    entryPoints: [join(ROOT, 'src/index.ts'), ...readdirSync(join(ROOT, 'src/entries')).map((file) => join(ROOT, 'src/entries', file)), join(ROOT, 'components/define.ts')],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    write: false,
    outdir: join(ROOT, '.bench', 'shipped-scan'),
    external: ['crypto', 'node:*'],
    logLevel: 'silent',
    metafile: true,
  });
  return {
    chunks: result.outputFiles.filter((file) => file.path.endsWith('.js')).map((file) => ({ path: file.path, text: file.text })),
    inputs: Object.values(result.metafile.outputs).flatMap((output) => Object.keys(output.inputs)),
  };
}

let shipped: { chunks: Chunk[]; inputs: string[] };
before(async () => {
  shipped = await shippedChunks();
});

const occurrences = (pattern: RegExp) => shipped.chunks.flatMap((chunk) => [...chunk.text.matchAll(new RegExp(pattern.source, 'g'))].map(() => chunk));

describe('E1 strict-csp-zero-violations (static scan)', () => {
  it('the scan finds each string compiler when one is there', () => {
    assert.deepEqual(compilersIn('a=1;eval("x")'), ['eval']);
    assert.deepEqual(compilersIn('x=new Function("a","return a")'), ['new Function']);
    assert.deepEqual(compilersIn('x=Function(`return this`)()'), ['Function("…")']);
    assert.deepEqual(compilersIn('setTimeout("alert(1)", 0)'), ['a string timer']);
    assert.deepEqual(compilersIn('obj.eval(x);retrieval(y);setTimeout(()=>1,0);"unsafe-eval"'), []);
  });

  it('no chunk of the core or the elements (dependencies and lazy chunks included) compiles a string', () => {
    const { chunks, inputs } = shipped;
    // Lazy chunks are there too (HPKE and the wallet load on demand), and the dependencies.
    assert.ok(chunks.length > 20, `${chunks.length} chunks`);
    for (const dependency of ['@hpke/core', '@hpke/common', 'lit-html', '@noble/hashes', '@simplewebauthn/browser']) {
      assert.ok(inputs.some((path) => path.includes(`node_modules/${dependency}/`)), `${dependency} was scanned`);
    }
    assert.ok(inputs.some((path) => path.endsWith('src/bundles/hpke-suite.ts')), 'the HPKE suite was scanned');
    const found = chunks.flatMap((file) => compilersIn(file.text).map((name) => `${name} in ${file.path}`));
    assert.deepEqual(found, []);
  });
});

describe('B9 postmessage-origin-and-channel-guard (n/a: no window messaging)', () => {
  it('B9 postmessage-origin-and-channel-guard: the only postMessage and message listeners are the kit\'s BroadcastChannels, the sessions\' and the active account\'s (same origin by definition)', () => {
    const posts = occurrences(/\.postMessage\(/);
    const listeners = occurrences(/addEventListener\(\s*["'`]message["'`]/);
    // One call site each in the session channel and in the accounts channel (several accounts).
    assert.equal(posts.length, 2, 'two postMessage call sites');
    assert.equal(listeners.length, 2, 'two message listeners');
    const channels = [...posts, ...listeners].map((chunk) => {
      assert.ok(chunk.text.includes('BroadcastChannel'), `${chunk.path} posts on a BroadcastChannel`);
      return ['latchkey-session', 'latchkey-accounts'].filter((name) => chunk.text.includes(`"${name}`) || chunk.text.includes(`'${name}`) || chunk.text.includes(`\`${name}`));
    });
    assert.deepEqual([...new Set(channels.flat())].sort(), ['latchkey-accounts', 'latchkey-session'], 'the two channels, nothing else');
    // No window-to-window messaging at all: no targetOrigin argument anywhere, no opener or parent posts.
    assert.deepEqual(occurrences(/(?:opener|parent|top|contentWindow)\??\.postMessage/), []);
    assert.deepEqual(occurrences(/postMessage\([^()]*,\s*["'`][^"'`]*["'`]\s*\)/), []);
  });
});

describe('E4 iframe-sandbox-and-targetorigin (n/a: no iframes)', () => {
  it('E4 iframe-sandbox-and-targetorigin: nothing that ships creates, names or renders an iframe', () => {
    // The scan would see one: lit templates and createElement calls keep the tag name as text.
    assert.ok(occurrences(/<p part=/).length > 0, 'element templates are in the scanned text');
    assert.deepEqual(occurrences(/iframe/i).map((chunk) => chunk.path), []);
  });
});
