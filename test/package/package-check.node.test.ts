// The package budgets (scripts/package-check.mjs) can fail. Each bundler builds three small
// consumers in a scratch folder: one that loads a large module lazily, one that imports it
// statically, and one that imports it statically while a lazy chunk imports it too (the case
// where esbuild moves it into a chunk of its own that the entry imports). The bundlers' own
// account of their output decides what is initial; the large module must count in the last two
// and not in the first, in every bundler. The checker itself is fed results over each budget,
// a failed build and a login page with wallet code, and must fail each. The CDN page sizer is
// fed a hand-made CDN folder.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APPS, BUNDLERS, CDN_PAGE, buildWith, measureCdn, verdicts } from '../../scripts/package-check.mjs';

const KB = 1000;
// Random base64: brotli cannot shrink it much, so 12 000 characters stay well above 5 KB.
const LARGE = `export const large = ${JSON.stringify(randomBytes(9000).toString('base64'))};\n`;
const SMALL_BUDGET = 5 * KB;

/** The three consumers: index.html + main.js, and the modules they load. */
const VARIANTS = {
  lazy: `import('./large.js').then((m) => { window.large = m.large; });\n`,
  static: `import { large } from './large.js';\nwindow.large = large;\n`,
  shared: `import { large } from './large.js';\nwindow.large = large;\nimport('./later.js').then((m) => { window.later = m.later; });\n`,
};

describe('package budgets: what each bundler loads first, and the checker', { timeout: 180_000 }, () => {
  let scratch: string;

  before(() => {
    scratch = mkdtempSync(join(tmpdir(), 'latchkey-package-check-'));
    for (const [name, main] of Object.entries(VARIANTS)) {
      const dir = join(scratch, name);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'index.html'), '<!doctype html><html><body><script type="module" src="./main.js"></script></body></html>\n');
      writeFileSync(join(dir, 'main.js'), main);
      writeFileSync(join(dir, 'large.js'), LARGE);
      writeFileSync(join(dir, 'later.js'), `import { large } from './large.js';\nexport const later = large.length;\n`);
    }
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));

  for (const bundler of BUNDLERS) {
    it(`${bundler}: a lazily loaded module is not initial; imported statically, alone or shared with a lazy chunk, it is`, async () => {
      const sized: Record<string, Awaited<ReturnType<typeof buildWith>>> = {};
      for (const name of Object.keys(VARIANTS)) sized[name] = await buildWith(bundler, join(scratch, name), join(scratch, name, `dist-${bundler}`), scratch);
      const { lazy, static: direct, shared } = sized as Record<keyof typeof VARIANTS, Awaited<ReturnType<typeof buildWith>>>;
      // webpack and Rspack ship their chunk loader in the entry (about 1.1 KB).
    assert.ok(lazy.initial.brotli < 2 * KB, `lazy: ${lazy.initial.brotli} B initial`);
      assert.ok(lazy.lazy.brotli > SMALL_BUDGET, `lazy: the large module is a lazy chunk (${lazy.lazy.brotli} B)`);
      assert.ok(direct.initial.brotli > SMALL_BUDGET, `static: ${direct.initial.brotli} B initial`);
      assert.ok(shared.initial.brotli > SMALL_BUDGET, `shared: ${shared.initial.brotli} B initial in ${shared.initialFiles} files`);
      assert.ok(shared.lazyChunks >= 1, 'shared: later.js stays lazy');
      // The checker on these real builds: the first passes a 5 KB budget, the other two fail it.
      const results = Object.entries(sized).map(([name, r]) => ({ name, about: name, bundler, budget: SMALL_BUDGET, loginOnly: false, bled: [], ...r }));
      assert.deepEqual(
        verdicts({ results }).map((v) => v.ok),
        [true, false, false],
      );
    });
  }

  it('esbuild puts a module shared by the entry and a lazy chunk in a chunk of its own, and it is counted', async () => {
    const shared = await buildWith('esbuild', join(scratch, 'shared'), join(scratch, 'shared', 'dist-esbuild-2'), scratch);
    assert.ok(shared.initialFiles >= 2, `initial files: ${shared.initialFiles}`);
    assert.ok(shared.initial.brotli > SMALL_BUDGET);
  });

  it('a build that reads files outside the scratch project is refused in every bundler (it would measure the sources)', async () => {
    for (const bundler of BUNDLERS) {
      // Both modules of the static consumer are read (webpack lists the concatenated one apart).
      await assert.rejects(buildWith(bundler, join(scratch, 'static'), join(scratch, 'static', `dist-stray-${bundler}`), join(scratch, 'lazy')), /outside the installed tarball: \S+ and [1-9]/, bundler);
    }
  });

  it('the CDN page is its scripts and what they import statically, each file sized on its own', async () => {
    const cdn = join(scratch, 'cdn');
    mkdirSync(join(cdn, 'chunks'), { recursive: true });
    writeFileSync(join(cdn, 'auth.js'), `import { large } from './chunks/shared.js';\nwindow.large = large;\nimport('./chunks/later.js');\n`);
    writeFileSync(join(cdn, 'chunks', 'shared.js'), LARGE);
    writeFileSync(join(cdn, 'chunks', 'later.js'), `export const later = ${JSON.stringify(randomBytes(3000).toString('base64'))};\n`);
    writeFileSync(join(cdn, 'chunks', 'unused.js'), `export const unused = 1;\n`);
    const page = await measureCdn(cdn, { ...CDN_PAGE, budget: SMALL_BUDGET });
    assert.equal(page.initialFiles, 2);
    assert.ok(page.initial.brotli > SMALL_BUDGET);
    assert.equal(page.lazyChunks, 2, 'later.js and unused.js are not initial');
    assert.deepEqual(
      verdicts({ results: [], cdn: page }).map((v) => v.ok),
      [false, true],
    );
    // A CDN page that can reach a wallet element's module fails the login-only check.
    writeFileSync(join(cdn, 'chunks', 'later.js'), `export const tag = 'latch-wallet';\n`);
    const bled = await measureCdn(cdn, { ...CDN_PAGE, budget: 100 * KB });
    assert.deepEqual(bled.bled, ['latch-wallet']);
    assert.equal(verdicts({ results: [], cdn: bled }).filter((v) => !v.ok).length, 1);
  });

  it('the checker fails each budget of each bundler when it is exceeded by one byte, a failed build, and wallet code on a login page', () => {
    const bytes = (brotli: number) => ({ min: brotli * 3, gzip: brotli + 1, brotli });
    const result = (app: (typeof APPS)[number], bundler: string, brotli: number, bled: string[] = []) => ({
      name: app.name,
      about: app.about,
      bundler,
      budget: app.budget,
      loginOnly: Boolean(app.loginOnly),
      initial: bytes(brotli),
      initialFiles: 1,
      framework: bytes(0),
      lazy: bytes(0),
      lazyChunks: 0,
      bled,
    });
    const cases = APPS.flatMap((app) => app.bundlers.map((bundler) => ({ app, bundler })));
    assert.equal(cases.length, 5 * 4 + 2, 'five cases in four bundlers, React and Vue in Vite');
    const atBudget = cases.map(({ app, bundler }) => result(app, bundler, app.budget));
    const cdnAt = { ...result({ ...CDN_PAGE, bundlers: [] } as unknown as (typeof APPS)[number], 'esbuild (CDN build)', CDN_PAGE.budget), name: 'cdn' };
    assert.ok(verdicts({ results: atBudget, cdn: cdnAt }).every((v) => v.ok), 'every result exactly at its budget passes');
    for (const [index, { app, bundler }] of cases.entries()) {
      const over = atBudget.map((r, i) => (i === index ? result(app, bundler, app.budget + 1) : r));
      const failed = verdicts({ results: over, cdn: cdnAt }).filter((v) => !v.ok);
      assert.equal(failed.length, 1, `${app.name} in ${bundler}, one byte over`);
      assert.match(failed[0]!.text, new RegExp(`^${app.name} \\(${bundler}\\): ${app.budget + 1} B`));
    }
    const cdnOver = { ...cdnAt, initial: bytes(CDN_PAGE.budget + 1) };
    assert.equal(verdicts({ results: atBudget, cdn: cdnOver }).filter((v) => !v.ok).length, 1, 'the CDN page one byte over');
    const broken = [...atBudget.slice(1), { name: 'plain', about: '', bundler: 'webpack', budget: 25 * KB, error: 'Module parse failed' }];
    assert.equal(verdicts({ results: broken, cdn: cdnAt }).filter((v) => !v.ok).length, 1, 'a failed build');
    const walletOnLogin = atBudget.map((r) => (r.name === 'plain' && r.bundler === 'rspack' ? { ...r, bled: ['latch-wallet-send'] } : r));
    assert.equal(verdicts({ results: walletOnLogin, cdn: cdnAt }).filter((v) => !v.ok).length, 1, 'wallet code on a login page');
  });
});
