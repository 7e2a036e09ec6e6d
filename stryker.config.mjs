// `npm run mutation` (never part of `npm test`): StrykerJS over the security-critical core,
// folder by folder as the work grows (issue 26), starting with src/encoding and src/tokens.
// Each mutant runs the matching node:test files through the tap runner, with tsx loading the
// TypeScript. One at a time, niced by the npm script: the machines are shared.
// LATCHKEY_MUTATE=stamp,crypto picks folders of src/ (default: the ones reported so far); their
// Node-runnable tests (test/src/<folder>/*.test.ts but the browser-only ones) run each mutant.
const folders = (process.env.LATCHKEY_MUTATE ?? 'encoding,tokens').split(',').map((f) => f.trim()).filter(Boolean);

// Node tests outside test/src/<folder> that check a folder's code against an outside truth and
// are light enough to run for each mutant. The Wycheproof ECDSA DER vectors behind the stamp
// verifier are the truth for src/crypto/der.ts and p256.ts. Left out: the fuzz file
// (test/fuzz/parsers.node.test.ts, ~6 s a run) and the emulator's tests, which start servers.
const alsoRun = {
  crypto: ['test/src/stamp/verify-stamp-wycheproof.test.ts'],
  // The development trust (B4) acts only on a page that is not loopback, which the tokens' own
  // tests cannot be; this file fakes one and starts one emulator (for its few covering mutants).
  tokens: ['test/emulator/development-trust.node.test.ts'],
};

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'tap',
  plugins: ['@stryker-mutator/tap-runner'],
  mutate: folders.map((f) => `src/${f}/**/*.ts`),
  tap: {
    testFiles: folders.flatMap((f) => [`test/src/${f}/!(*.browser|*.webauthn).test.ts`, ...(alsoRun[f] ?? [])]),
    nodeArgs: ['--import', 'tsx', '--test-reporter=tap', '-r', '{{hookFile}}', '{{testFile}}'],
    forceBail: true,
  },
  coverageAnalysis: 'perTest',
  concurrency: 1,
  timeoutMS: 20_000,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  ignorePatterns: ['dist', 'reports', '.test-results', 'coverage', '.bench', 'bench-results', '.gallery', '.package-check'],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
