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
const tap = join(results, `node-${process.pid}.tap`);
const res = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-timeout=60000',
    '--test-reporter=spec', '--test-reporter-destination=stdout',
    '--test-reporter=tap', `--test-reporter-destination=${tap}`, ...files],
  { cwd: ROOT, stdio: 'inherit' },
);
const text = readFileSync(tap, 'utf8');
rmSync(tap, { force: true });
const count = (name) => Number(text.match(new RegExp(`^# ${name} (\\d+)$`, 'm'))?.[1] ?? 0);
const counts = { passed: count('pass'), failed: count('fail') + count('cancelled'), skipped: count('skipped') + count('todo') };
if (files.length === 0 || (res.status !== 0 && counts.failed === 0)) counts.failed += 1;
writeFileSync(join(results, 'node.json'), JSON.stringify(counts));
console.log(`node tests: ${counts.passed} passed, ${counts.failed} failed`);
process.exit(res.status ?? 1);
