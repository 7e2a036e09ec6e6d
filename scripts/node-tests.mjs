// Node tests: the shared core tests (test/src/**/*.test.ts, which also run in Chromium) and
// the Node-only ones (**/*.node.test.ts), through node:test with tsx. Writes its counts to
// .test-results/node.json for scripts/test.mjs.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from './ensure-deps.mjs';

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : [path];
  });
}

const files = walk(join(ROOT, 'test'))
  .map((path) => relative(ROOT, path))
  .filter((path) => path.endsWith('.node.test.ts') || (path.startsWith('test/src/') && path.endsWith('.test.ts') && !path.endsWith('.browser.test.ts') && !path.endsWith('.webauthn.test.ts')))
  .filter((path) => process.argv.length <= 2 || process.argv.slice(2).some((arg) => path.includes(arg)))
  .sort();

const results = join(ROOT, '.test-results');
mkdirSync(results, { recursive: true });

/**
 * Runs one batch of files through node:test and returns its counts. End-to-end files each drive
 * Chromium and build pages: they run one at a time with a longer budget, the rest two at once.
 */
function runBatch(batch, { concurrency, timeoutMs }) {
  if (batch.length === 0) return { passed: 0, failed: 0, skipped: 0, status: 0, failures: [] };
  const tap = join(results, `node-${process.pid}-${concurrency}.tap`);
  const res = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, `--test-timeout=${timeoutMs}`,
      '--test-reporter=spec', '--test-reporter-destination=stdout',
      '--test-reporter=tap', `--test-reporter-destination=${tap}`, ...batch],
    { cwd: ROOT, stdio: 'inherit' },
  );
  const text = readFileSync(tap, 'utf8');
  rmSync(tap, { force: true });
  const count = (name) => Number(text.match(new RegExp(`^# ${name} (\\d+)$`, 'm'))?.[1] ?? 0);
  const counts = { passed: count('pass'), failed: count('fail') + count('cancelled'), skipped: count('skipped') + count('todo'), status: res.status ?? 1 };
  counts.failures = failedNames(text);
  if (counts.status !== 0 && counts.failed === 0) {
    counts.failed += 1;
    counts.failures.push(`node:test exited with ${counts.status} without a failed test (${batch.length} files)`);
  }
  return counts;
}

/** The failed tests in a TAP report: "file: suite › test", with their parents. */
function failedNames(tap) {
  const names = [];
  const parents = [];
  const lines = tap.split('\n');
  for (const [index, line] of lines.entries()) {
    // node:test announces each test as "# Subtest: name" before its result, nested by indent.
    const subtest = line.match(/^( *)# Subtest: (.*)$/);
    if (subtest) {
      parents.length = subtest[1].length / 4;
      parents.push(subtest[2]);
      continue;
    }
    const failed = line.match(/^( *)not ok \d+ - (.*?)(?: # .*)?$/);
    if (!failed) continue;
    const depth = failed[1].length / 4;
    const name = [...parents.slice(0, depth), failed[2]].join(' › ');
    // A suite fails when a test in it fails: name only the innermost failures.
    if (names.some((known) => known.includes(`${name} › `))) continue;
    // The YAML block under the result says where the test is.
    const location = lines.slice(index + 1, index + 6).join('\n').match(/location: '(?:file:\/\/)?([^':]+)/)?.[1];
    names.push(`${location ? `${relative(ROOT, location)}: ${name}` : name}${failureDetail(lines, index + 1, failed[1].length + 2)}`);
  }
  return names;
}

/**
 * What a failure said, from the YAML block after its result: the error's first lines and where
 * in a test file it was thrown. A CI log is read from its tail, where the summary is; a flaky
 * failure must say why there, since its run cannot be repeated.
 */
function failureDetail(lines, start, indent) {
  const pad = ' '.repeat(indent);
  const block = [];
  for (const line of lines.slice(start, start + 400)) {
    if (line === `${pad}...` || /^ *(?:not )?ok \d+ /.test(line) || /^ *# Subtest:/.test(line)) break;
    block.push(line);
  }
  const field = (key) => {
    const at = block.findIndex((line) => line.startsWith(`${pad}${key}:`));
    if (at < 0) return [];
    const inline = block[at].slice(pad.length + key.length + 1).trim();
    if (inline && inline !== '|-' && inline !== '|' && inline !== '>-') return [inline.replace(/^'(.*)'$/, '$1')];
    const body = [];
    for (const line of block.slice(at + 1)) {
      if (!line.startsWith(`${pad}  `) && line.trim() !== '') break;
      body.push(line.slice(pad.length + 2));
    }
    return body;
  };
  const error = field('error').filter((line) => line.trim() !== '').slice(0, 8).join(' ⏎ ').slice(0, 600);
  const frame = field('stack').find((line) => /\/test\//.test(line))?.trim();
  return [error && `\n      ${error}`, frame && `\n      at ${frame}`].filter(Boolean).join('');
}

const isE2e = (path) => path.startsWith('test/e2e/');
const batches = [
  // The limit is per file (node --test runs each file as one test). 120 s: the slowest files
  // (persistence.node.test.ts starts emulator processes) take 8-20 s alone and once passed
  // 60 s at a load average of 17. `npm run fuzz` runs far longer than any test should: it
  // lifts the limit.
  runBatch(files.filter((f) => !isE2e(f)), { concurrency: 2, timeoutMs: Number(process.env.LATCHKEY_TEST_TIMEOUT_MS ?? 120_000) }),
  runBatch(files.filter(isE2e), { concurrency: 1, timeoutMs: Number(process.env.LATCHKEY_E2E_TIMEOUT_MS ?? 240_000) }),
];
const counts = { passed: 0, failed: files.length === 0 ? 1 : 0, skipped: 0, failures: [] };
for (const batch of batches) {
  counts.passed += batch.passed;
  counts.failed += batch.failed;
  counts.skipped += batch.skipped;
  counts.failures.push(...batch.failures);
}
// LATCHKEY_NODE_RESULTS names the counts file when npm test runs the end-to-end files again in another engine.
writeFileSync(join(results, process.env.LATCHKEY_NODE_RESULTS ?? 'node.json'), JSON.stringify(counts));
console.log(`node tests: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`);
process.exit(batches.every((b) => b.status === 0) && files.length > 0 ? 0 : 1);
