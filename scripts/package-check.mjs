// What ships is what is measured: packs the package (`npm pack`, from the `dist/` that
// `npm run build` made), installs the tarball into small consumer apps in a scratch folder
// (.package-check/, git-ignored), builds each app with Vite at production settings, and sizes
// the JavaScript the built page loads first: its entry chunk and every chunk that one imports
// statically (what the browser fetches before the page runs), brotli. Framework code (React,
// Vue) goes to a chunk of its own and is reported apart, not counted against the budget.
// `--check` enforces the budgets (and the "no wallet on a login page" check) and writes
// .test-results/package.json for `npm test`; `--json` prints only JSON (for `npm run bench`).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { ROOT } from './ensure-deps.mjs';

const KB = 1000;
const SCRATCH = join(ROOT, '.package-check');
const APPS_SOURCE = join(ROOT, 'test', 'package', 'apps');
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|vue|@vue)[\\/]/;

/** Each consumer app, its budget (brotli bytes of initial JS, framework excluded) and what it is. */
export const APPS = [
  { name: 'plain', about: 'Vite, plain HTML + the README snippet (drop-in login)', budget: 25 * KB, loginOnly: true },
  { name: 'react', about: 'Vite + React 19 page with <latch-auth>', budget: 25 * KB, loginOnly: true },
  { name: 'vue', about: 'Vite + Vue 3 page with <latch-auth>', budget: 25 * KB, loginOnly: true },
  { name: 'signing', about: 'logged-in signing path (key store, stamper, session, Activity client)', budget: 10.25 * KB },
];

/** Elements a login-only page must never download, not even lazily. */
// <latch-wallet>'s sections are elements of their own: each is checked by its tag too.
const NOT_ON_A_LOGIN_PAGE = [
  'latch-wallet',
  'latch-wallet-accounts',
  'latch-wallet-sign',
  'latch-wallet-send',
  'latch-wallet-export',
  'latch-wallet-import',
  'latch-wallet-add-account',
  'latch-wallet-create',
  'latch-onramp',
  'latch-tx-status',
];

const compress = (bytes) => ({
  min: bytes.length,
  gzip: gzipSync(bytes, { level: 9 }).length,
  brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
});
const sum = (parts) => parts.reduce((a, b) => ({ min: a.min + b.min, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli }), { min: 0, gzip: 0, brotli: 0 });

const rootPackage = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

/** npm pack into the scratch folder; returns the tarball's file name. */
function pack() {
  if (!existsSync(join(ROOT, 'dist', 'src', 'index.js'))) throw new Error('dist/ is missing: run `npm run build` first');
  const out = execFileSync('npm', ['pack', '--pack-destination', SCRATCH, '--json'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const [info] = JSON.parse(out);
  return { file: info.filename, packedBytes: info.size, unpackedBytes: info.unpackedSize, files: info.entryCount };
}

/** A scratch project that depends on the tarball and the frameworks, at the root's pinned versions. */
function install(tarball) {
  const dev = rootPackage.devDependencies;
  const manifest = {
    name: 'latchkey-consumer-apps',
    private: true,
    type: 'module',
    dependencies: { latchkey: `file:./${tarball}`, react: dev.react, 'react-dom': dev['react-dom'], vue: dev.vue },
  };
  writeFileSync(join(SCRATCH, 'package.json'), JSON.stringify(manifest, null, 2));
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--no-package-lock', '--ignore-scripts', '--loglevel=error'], {
    cwd: SCRATCH,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Builds one app with Vite (the root's copy, production settings) and sizes what its page loads. */
async function buildApp(app) {
  const { build } = await import('vite');
  const appDir = join(SCRATCH, 'apps', app.name);
  cpSync(join(APPS_SOURCE, app.name), appDir, { recursive: true });
  const outDir = join(appDir, 'dist');
  await build({
    configFile: false,
    root: appDir,
    // Errors only: warnings (such as @hpke/common's dead `import("crypto")` Node fallback, under
    // the bundles' @hpke/core) would repeat in every app.
    logLevel: 'error',
    mode: 'production',
    build: {
      outDir,
      emptyOutDir: true,
      manifest: true,
      rollupOptions: { output: { manualChunks: (id) => (FRAMEWORK.test(id) ? 'framework' : undefined) } },
    },
  });
  const chunks = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'));
  const entry = Object.keys(chunks).find((key) => chunks[key].isEntry);
  const initial = new Set();
  const visit = (key) => {
    if (initial.has(key)) return;
    initial.add(key);
    for (const imported of chunks[key].imports ?? []) visit(imported);
  };
  visit(entry);
  const isFramework = (key) => chunks[key].name === 'framework';
  const sizeOf = (key) => compress(readFileSync(join(outDir, chunks[key].file)));
  const jsFiles = readdirSync(join(outDir, 'assets')).filter((f) => f.endsWith('.js'));
  const initialFiles = new Set([...initial].map((key) => chunks[key].file.replace(/^assets\//, '')));
  const lazyFiles = jsFiles.filter((f) => !initialFiles.has(f));
  const bled = app.loginOnly
    ? NOT_ON_A_LOGIN_PAGE.filter((tag) => jsFiles.some((f) => readFileSync(join(outDir, 'assets', f), 'utf8').match(new RegExp(`["'\`]${tag}["'\`]`))))
    : [];
  return {
    name: app.name,
    about: app.about,
    budget: app.budget,
    initial: sum([...initial].filter((k) => !isFramework(k)).map(sizeOf)),
    framework: sum([...initial].filter(isFramework).map(sizeOf)),
    lazy: sum(lazyFiles.map((f) => compress(readFileSync(join(outDir, 'assets', f))))),
    lazyChunks: lazyFiles.length,
    bled,
  };
}

/** Packs, installs and builds every app. Returns the tarball's figures and one result per app. */
export async function measurePackage(apps = APPS) {
  rmSync(SCRATCH, { recursive: true, force: true });
  mkdirSync(SCRATCH, { recursive: true });
  const tarball = pack();
  install(tarball.file);
  const results = [];
  for (const app of apps) {
    try {
      results.push(await buildApp(app));
    } catch (error) {
      results.push({ name: app.name, about: app.about, budget: app.budget, error: String(error.message ?? error).split('\n')[0] });
    }
  }
  return { tarball, results };
}

export function packageTable({ tarball, results }) {
  const kb = (n) => (n / KB).toFixed(2);
  const rows = [
    `Packed: ${tarball.file}, ${kb(tarball.packedBytes)} KB packed, ${kb(tarball.unpackedBytes)} KB unpacked, ${tarball.files} files.`,
    '',
    '| consumer app (built from the tarball) | initial min KB | gzip KB | brotli KB | budget (brotli) | framework brotli KB (apart) | lazy chunks (brotli KB) |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of results) {
    if (r.error) {
      rows.push(`| ${r.name}: ${r.about} | — | — | — | ${kb(r.budget)} | — | build failed: ${r.error} |`);
      continue;
    }
    const ok = r.initial.brotli <= r.budget ? '✓' : '✗';
    const framework = r.framework.min ? kb(r.framework.brotli) : '';
    rows.push(`| ${r.name}: ${r.about} | ${kb(r.initial.min)} | ${kb(r.initial.gzip)} | ${kb(r.initial.brotli)} | ${kb(r.budget)} ${ok} | ${framework} | ${r.lazyChunks} (${kb(r.lazy.brotli)}) |`);
  }
  return rows.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = new Set(process.argv.slice(2));
  const measured = await measurePackage();
  console.log(args.has('--json') ? JSON.stringify(measured, null, 2) : packageTable(measured));
  if (args.has('--check')) {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    const verdict = (ok, text) => {
      counts[ok ? 'passed' : 'failed'] += 1;
      console.log(`${ok ? '✓' : '✗'} ${text}`);
    };
    for (const r of measured.results) {
      if (r.error) {
        verdict(false, `${r.name}: does not build from the tarball (${r.error})`);
        continue;
      }
      verdict(r.initial.brotli <= r.budget, `${r.name}: ${r.initial.brotli} B brotli initial from the tarball, budget ${r.budget} B`);
      if (r.bled.length || APPS.find((a) => a.name === r.name)?.loginOnly) verdict(r.bled.length === 0, `${r.name}: a login-only page loads none of ${NOT_ON_A_LOGIN_PAGE.join(', ')}${r.bled.length ? ` (found ${r.bled.join(', ')})` : ''}`);
    }
    mkdirSync(join(ROOT, '.test-results'), { recursive: true });
    writeFileSync(join(ROOT, '.test-results', 'package.json'), JSON.stringify(counts));
    if (counts.failed) process.exitCode = 1;
  }
}

/** Source-level entries (scripts/size.mjs) beside what the packed package gives an app, so a gap shows. */
const SOURCE_FOR_APP = { plain: '<latch-auth>', react: '<latch-auth>', vue: '<latch-auth>', signing: 'signing session' };

export function sourceVersusPackageTable(sourceSizes, { results }) {
  const kb = (n) => (n / KB).toFixed(2);
  const rows = ['| what | from the sources (brotli KB) | from the packed package in an app (brotli KB) | package ÷ sources |', '|---|---:|---:|---:|'];
  for (const r of results) {
    const source = sourceSizes.find((s) => s.name === SOURCE_FOR_APP[r.name]);
    if (r.error || !source || source.error) continue;
    rows.push(`| ${r.name} app vs ${source.name} | ${kb(source.initial.brotli)} | ${kb(r.initial.brotli)} | ${(r.initial.brotli / source.initial.brotli).toFixed(2)} |`);
  }
  return rows.join('\n');
}
