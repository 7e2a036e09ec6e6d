// Per-element entries (`latchkey/auth`, `latchkey/wallet`, …): each defines its own element and
// no other, every element class of `latchkey/components` has one, and package.json exports each
// one with its type declarations. (What a page built from them downloads is measured on the
// packed tarball by scripts/package-check.mjs in `npm test`.)
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ENTRY_DIR = join(ROOT, 'components', 'elements');
const entryNames = readdirSync(ENTRY_DIR).filter((f) => f.endsWith('.ts')).map((f) => basename(f, '.ts')).sort();
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, { types: string; import: string } | string> };

type ElementClass = CustomElementConstructor & { readonly tag: string };
const registry = () => (globalThis as { customElements?: CustomElementRegistry }).customElements;

describe('per-element entries', () => {
  it('latchkey/auth defines <latch-auth> (and the buttons it renders), and no element a login page does not show', async () => {
    const { LatchAuth } = await import('../../components/elements/auth.ts');
    assert.equal(registry()?.get('latch-auth'), LatchAuth);
    // <latch-auth> renders OAuth and passkey buttons (and the code input, lazily) itself.
    const shownByAuth = ['auth', 'oauth-button', 'passkey-button', 'otp-input'];
    for (const other of entryNames.filter((name) => !shownByAuth.includes(name))) {
      assert.equal(registry()?.get(`latch-${other}`), undefined, `latchkey/auth also defined <latch-${other}>`);
    }
  });

  it('each entry defines the element named after it, with the class it exports', async () => {
    for (const name of entryNames) {
      const module = (await import(join(ENTRY_DIR, `${name}.ts`))) as Record<string, unknown>;
      const classes = Object.values(module) as ElementClass[];
      assert.equal(classes.length, 1, `components/elements/${name}.ts exports one class`);
      assert.equal(classes[0]!.tag, `latch-${name}`);
      assert.equal(registry()?.get(`latch-${name}`), classes[0]);
    }
  });

  it('every element class of latchkey/components has an entry', async () => {
    const components = (await import('../../components/index.ts')) as Record<string, unknown>;
    const tags = Object.values(components)
      .map((value) => (typeof value === 'function' ? (value as { tag?: unknown }).tag : undefined))
      .filter((tag): tag is string => typeof tag === 'string' && tag.startsWith('latch-'))
      .sort();
    assert.ok(tags.length >= 10, 'latchkey/components exports the element classes');
    assert.deepEqual(tags, entryNames.map((name) => `latch-${name}`));
  });

  it('package.json exports every entry, its module and its type declarations, as the build writes them', () => {
    for (const name of entryNames) {
      assert.deepEqual(pkg.exports[`./${name}`], {
        types: `./dist/types/components/elements/${name}.d.ts`,
        import: `./dist/components/elements/${name}.js`,
      });
    }
  });
});
