// Server-side rendering and double definition, issue 4 ("importing latchkey/components in Node
// does not throw; defining twice does not throw"): in Node, the public entries' sources; in
// Chromium, two separate production builds of `latchkey/define` on one page.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildPages, type BuiltPages } from './support/build-pages.ts';
import { launchBrowser, openPage, type Browser } from './support/browser.ts';
import { PAGES_DIR } from './support/paths.ts';
import { serveStatic, type StaticServer } from './support/static-server.ts';
import { join } from 'node:path';

const registry = () => (globalThis as { customElements?: CustomElementRegistry }).customElements;

describe('latchkey/components in Node (server-side rendering)', () => {
  it('imports without throwing, without a DOM, and defines nothing', async () => {
    assert.equal(typeof (globalThis as { document?: unknown }).document, 'undefined');
    const components = await import('../../components/index.ts');
    const classes = Object.entries(components).filter(([name, value]) => /^Latch[A-Z]\w*$/.test(name) && typeof value === 'function' && 'tag' in value);
    assert.ok(classes.length >= 1, 'the entry exports element classes');
    for (const [name, ctor] of classes) {
      const tag = (ctor as { tag: string }).tag;
      if (!tag) continue; // the base class
      assert.equal(registry()?.get(tag), undefined, `${name} (${tag}) was defined by an import`);
    }
  });

  it('then latchkey/define registers every element class with the SSR registry, and a second define() changes nothing', async () => {
    await import('../../components/define.ts');
    const components = await import('../../components/index.ts');
    for (const [name, ctor] of Object.entries(components)) {
      const tag = (ctor as { tag?: unknown }).tag;
      if (typeof tag !== 'string' || !tag) continue;
      assert.equal(registry()?.get(tag), ctor, `${name} not defined as ${tag} by latchkey/define`);
      assert.equal((ctor as unknown as { define(): boolean }).define(), false, `${name}.define() again`);
      assert.equal(registry()?.get(tag), ctor);
    }
  });
});

describe('two copies of latchkey/define on one page', { timeout: 120_000 }, () => {
  let copies: BuiltPages[] = [];
  let server: StaticServer;
  let browser: Browser;

  before(async () => {
    // Two builds (one after the other: each Vite build is CPU-bound on a small machine).
    for (let i = 0; i < 2; i += 1) copies.push(await buildPages({ root: PAGES_DIR, entries: ['define-copy.ts'], lib: { fileName: 'define-copy.js' }, cache: false }));
    server = await serveStatic({
      mounts: { '/': join(PAGES_DIR, 'static'), '/copy-a': copies[0]!.outDir, '/copy-b': copies[1]!.outDir },
      headers: { 'content-security-policy': "default-src 'self'; script-src 'self'; style-src 'self'; require-trusted-types-for 'script'" },
    });
    browser = await launchBrowser();
  }, { timeout: 120_000 });

  after(async () => {
    await browser?.close();
    await server?.close();
    for (const copy of copies) await copy.remove();
    copies = [];
  });

  it('both copies run, the first definition stays, the element works, nothing is logged', async () => {
    const { page, problems } = await openPage(browser);
    await page.goto(`${server.origin}/define-twice.html`);
    await page.waitForFunction(() => (window.__copies?.length ?? 0) === 2);
    const outcome = await page.evaluate(async () => {
      const [first, second] = window.__copies!;
      const el = document.querySelector('latch-otp-input') as HTMLElement & { updateComplete: Promise<unknown> };
      await el.updateComplete;
      return {
        distinctClasses: first !== second,
        registered: customElements.get('latch-otp-input') === first,
        upgradedAsFirst: el instanceof first!,
        boxes: el.shadowRoot?.querySelectorAll('input').length ?? 0,
      };
    });
    assert.deepEqual(outcome, { distinctClasses: true, registered: true, upgradedAsFirst: true, boxes: 4 });
    assert.deepEqual(problems, { consoleErrors: [], pageErrors: [], failedRequests: [] });
    // Each copy loads its entry and its own chunks (lazy pieces split off), from its own build.
    const scripts = server.requests.filter((p) => p.endsWith('.js'));
    const of = (prefix: string) => scripts.filter((p) => p.startsWith(prefix)).map((p) => p.slice(prefix.length)).sort();
    assert.ok(of('/copy-a/').includes('define-copy.js') && of('/copy-b/').includes('define-copy.js'), scripts.join(' '));
    assert.deepEqual(of('/copy-a/'), of('/copy-b/'));
    assert.equal(scripts.length, of('/copy-a/').length * 2);
    await page.close();
  });
});
