// A WTR reporter that counts passed / failed / skipped tests over every session and writes them
// to a JSON file for scripts/test.mjs. A session that failed without test results (a file that
// did not load, a browser error) counts as one failure, so nothing fails silently. The names of
// the failed tests go into the same file: npm test prints them beside its summary, where a CI
// log's tail still shows them.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

function countSuite(suite, counts, path) {
  for (const test of suite.tests ?? []) {
    if (test.skipped) counts.skipped += 1;
    else if (test.passed) counts.passed += 1;
    else {
      counts.failed += 1;
      counts.failures.push(`${[...path, test.name].join(' › ')}: ${test.error?.message?.split('\n')[0] ?? 'failed'}`);
    }
  }
  for (const child of suite.suites ?? []) countSuite(child, counts, [...path, child.name]);
}

export function summaryReporter({ engine = 'chromium', file }) {
  return {
    stop({ sessions }) {
      const counts = { passed: 0, failed: 0, skipped: 0, failures: [] };
      for (const session of sessions) {
        const before = counts.failed;
        const file = session.testFile.replace(`${process.cwd()}/`, '');
        if (session.testResults) countSuite(session.testResults, counts, [file]);
        const sessionFailed = !session.passed || (session.errors?.length ?? 0) > 0;
        if (sessionFailed && counts.failed === before) {
          counts.failed += 1;
          counts.failures.push(`${file}: ${session.errors?.[0]?.message?.split('\n')[0] ?? 'the file failed without test results'}`);
        }
      }
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(counts));
      // Skips are tests this engine lacks a feature for; each names the feature (test/support/engine.ts).
      console.log(`browser tests in ${engine}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
    },
  };
}
