// `npm run mutation` (never part of `npm test`): StrykerJS over the security-critical core,
// folder by folder as the work grows (issue 26), starting with src/encoding and src/tokens.
// Each mutant runs the matching node:test files through the tap runner, with tsx loading the
// TypeScript. One at a time, niced by the npm script: the machines are shared.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'tap',
  plugins: ['@stryker-mutator/tap-runner'],
  mutate: ['src/encoding/**/*.ts', 'src/tokens/**/*.ts'],
  tap: {
    testFiles: ['test/src/encoding/*.test.ts', 'test/src/tokens/*.test.ts'],
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
