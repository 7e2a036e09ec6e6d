// `npm test`: every check the project has, in one command, ending with one line
// `N passed, N failed` that sums every suite. Each whole-tree check (type-check, lint, build,
// each size budget) counts as one test; test runners contribute their own counts.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ensureDeps, ROOT } from './ensure-deps.mjs';
import { ensureEngines, enginesFromEnv } from './engines.mjs';

const RESULTS = join(ROOT, '.test-results');
const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
const failures = [];

// Wall time of the last step run, shown beside its counts: the suite's time budget is kept per
// step (a phase that grows is visible in any CI log's summary).
let lastSeconds;

function run(label, cmd, args, env = {}) {
  console.log(`\n▶ ${label}: ${[cmd, ...args].join(' ')}`);
  const started = performance.now();
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  lastSeconds = (performance.now() - started) / 1000;
  return res.status === 0;
}

function record(label, counts) {
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped ?? 0;
  const seconds = lastSeconds === undefined ? '' : ` (${lastSeconds.toFixed(0)} s)`;
  lastSeconds = undefined;
  lines.push(`${label}: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}${seconds}`);
  for (const name of counts.failures ?? []) failures.push(`${label}: ${name}`);
}

function check(label, cmd, args, env) {
  const ok = run(label, cmd, args, env);
  record(label, { passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
}

/** A runner that writes its own counts to a JSON file; a crash without counts is one failure. */
function suite(label, cmd, args, countsFile, env) {
  rmSync(countsFile, { force: true });
  const ok = run(label, cmd, args, env);
  let counts;
  try {
    counts = JSON.parse(readFileSync(countsFile, 'utf8'));
  } catch {
    counts = { passed: 0, failed: 1, skipped: 0 };
  }
  if (!ok && counts.failed === 0) counts.failed = 1;
  record(label, counts);
}

const suiteStarted = performance.now();
ensureDeps();
console.log(`installing what is missing took ${((performance.now() - suiteStarted) / 1000).toFixed(0)} s`);
mkdirSync(RESULTS, { recursive: true });
// Chromium, Firefox and WebKit from Debian, installed here when missing and run as root.
let engines;
let chrome;
try {
  engines = enginesFromEnv();
  chrome = ensureEngines([...new Set(['chromium', ...engines])]).chromium.chrome;
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const bin = (name) => join(ROOT, 'node_modules', '.bin', name);
check('type-check', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
check('lint', bin('eslint'), ['--max-warnings', '0', '.']);
// Node tests get the browser too: end-to-end tests drive Chromium from Node.
suite('node tests', process.execPath, [join(ROOT, 'scripts/node-tests.mjs')], join(RESULTS, 'node.json'), { CHROME_PATH: chrome });
// The browser suite in each engine; a test an engine cannot run is skipped there, by name, and
// counted per engine in the summary.
for (const engine of engines) {
  const env = { CHROME_PATH: chrome, LATCHKEY_ENGINE: engine };
  suite(`browser tests, ${engine}`, bin('web-test-runner'), [], join(RESULTS, `browser-${engine}-main.json`), { ...env, LATCHKEY_WTR_PART: 'main' });
  // Passkey files alone afterwards: WebAuthn needs window focus, which a concurrent page can take.
  suite(`browser tests, ${engine} (passkeys)`, bin('web-test-runner'), [], join(RESULTS, `browser-${engine}-webauthn.json`), { ...env, LATCHKEY_WTR_PART: 'webauthn' });
}
// The end-to-end files (Node driving a browser over puppeteer) again in Firefox, over WebDriver
// BiDi. WebKit has no puppeteer driver: its engine runs the browser suite above.
if (engines.includes('firefox')) {
  suite('end-to-end tests, firefox', process.execPath, [join(ROOT, 'scripts/node-tests.mjs'), 'test/e2e/'], join(RESULTS, 'node-e2e-firefox.json'), {
    LATCHKEY_ENGINE: 'firefox',
    LATCHKEY_NODE_RESULTS: 'node-e2e-firefox.json',
  });
}
// The library (vite) and its type declarations (tsc), as `npm run build` makes them.
check('build', bin('vite'), ['build', '--logLevel', 'warn']);
check('type declarations', bin('tsc'), ['-p', 'tsconfig.build.json']);
check('CDN build', process.execPath, [join(ROOT, 'scripts/build-cdn.mjs')]);
check('custom elements manifest', process.execPath, [join(ROOT, 'scripts/manifest.mjs')]);
check('framework typings', process.execPath, [join(ROOT, 'scripts/framework-types.mjs')]);
// The generated typings in use: a TSX page and a Vue SFC with every element (test/typings/).
check('React typings in a TSX page', bin('tsc'), ['-p', 'test/typings/tsconfig.json']);
check('Vue typings in an SFC', bin('vue-tsc'), ['-p', 'test/typings/tsconfig.vue.json']);
// The EIP-1193 provider where viem and wagmi want one, with no cast (the pinned viem and @wagmi/core).
check('provider typings with viem and wagmi', bin('tsc'), ['-p', 'test/typings/tsconfig.providers.json']);
suite('size budgets', process.execPath, [join(ROOT, 'scripts/size.mjs'), '--check'], join(RESULTS, 'size.json'));
// The same budgets on what ships: the packed tarball installed into consumer apps built by Vite,
// esbuild, webpack 5 and Rspack, and the CDN page.
suite('package budgets', process.execPath, [join(ROOT, 'scripts/package-check.mjs'), '--check'], join(RESULTS, 'package.json'));
// What installing the packed kit brings into an empty project (no build tool, no native addon, no
// install script, at most 25 MB), the packed emulator installed outside the repository with the
// kit logging in through it, and the README's quick start in a fresh Vite app from both tarballs,
// again now that dist/ is built: the Node tests above ran them before (skipping what needs dist/).
suite('installed package', process.execPath, [join(ROOT, 'scripts/node-tests.mjs'), 'test/package/installed-footprint', 'test/package/emulator-package', 'test/package/quick-start-vite'], join(RESULTS, 'installed-footprint.json'), {
  LATCHKEY_NODE_RESULTS: 'installed-footprint.json',
});

// CI: a fresh clone stays clean through npm test (no rewritten lock file, nothing generated
// outside git-ignored folders). Locally, uncommitted work is normal, so only CI checks it.
if (process.env.CI) {
  const status = spawnSync('git', ['status', '--porcelain'], { cwd: ROOT, encoding: 'utf8' });
  const dirty = status.status === 0 ? status.stdout.trim() : 'git status failed';
  if (dirty) console.log(`\n✗ the clone is not clean after npm test:\n${dirty}`);
  record('clean clone after the tests', { passed: dirty ? 0 : 1, failed: dirty ? 1 : 0 });
}

// The failed tests by name, next to the summary: a CI log is often read from its tail.
if (failures.length > 0) {
  console.log('\nFailed');
  for (const name of failures.slice(0, 40)) console.log(`  ✗ ${name}`);
  if (failures.length > 40) console.log(`  … and ${failures.length - 40} more`);
}
console.log('\nSummary');
for (const line of lines) console.log(`  ${line}`);
console.log(`  (all of npm test: ${((performance.now() - suiteStarted) / 1000).toFixed(0)} s)`);
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed === 0 ? 0 : 1);
