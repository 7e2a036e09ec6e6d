// `npm run mutation` (never part of `npm test`): StrykerJS over the security-critical core,
// folder by folder as the work grows (issue 26), starting with src/encoding and src/tokens.
// Each mutant runs the matching node:test files through the tap runner, with tsx loading the
// TypeScript. One at a time, niced by the npm script: the machines are shared.
// LATCHKEY_MUTATE=stamp,crypto picks folders of src/ (default: the ones reported so far), or
// `emulator` (the groups below), or `all`; their Node-runnable tests (test/src/<folder>/*.test.ts
// but the browser-only ones) run each mutant. LATCHKEY_TESTS=a.test.ts,b.test.ts runs only those
// files instead (a shorter run of one file's mutants with --mutate).
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

// Groups that are not a folder of src/: the emulator's verifiers (issue 39 item 3), each held by
// the emulator tests that attack it (in-process emulators, no browser) and the verifier sweep.
const groups = {
  emulator: {
    mutate: [
      'demo/emulator/api/stamp-check.ts',
      'demo/emulator/api/timestamp-window.ts',
      'demo/emulator/api/wallet-stamp.ts',
      'demo/emulator/api/attested-principal.ts',
      'demo/emulator/identity/nonce.ts',
      'demo/emulator/identity/oidc-token.ts',
      'demo/emulator/identity/verification.ts',
      'demo/emulator/identity/webauthn-assertion.ts',
      'demo/emulator/identity/webauthn-origin.ts',
      'demo/emulator/webhooks/webhook-signature.ts',
    ],
    tests: [
      'test/emulator/timestamp-window.node.test.ts',
      'test/emulator/stamp-verify-wycheproof.node.test.ts',
      'test/emulator/signature-shapes.node.test.ts',
      'test/emulator/wallet-stamp.node.test.ts',
      'test/emulator/stamp-attested.node.test.ts',
      'test/emulator/passkey.node.test.ts',
      'test/emulator/oauth.node.test.ts',
      'test/emulator/proxy-otp.node.test.ts',
      'test/emulator/webhooks/webhook-faults.node.test.ts',
      'test/security/emulator-verifier-sweep.node.test.ts',
    ],
  },
};

// LATCHKEY_MUTATE=all: the whole run, every folder issue 39 names and the emulator's verifiers.
if (folders.includes('all')) folders.splice(0, folders.length, 'stamp', 'bundles', 'tokens', 'proofs', 'session', 'keys', 'encoding', 'crypto', 'emulator');

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'tap',
  plugins: ['@stryker-mutator/tap-runner'],
  mutate: folders.flatMap((f) => groups[f]?.mutate ?? [`src/${f}/**/*.ts`]),
  tap: {
    testFiles: process.env.LATCHKEY_TESTS?.split(',').map((t) => t.trim()).filter(Boolean) ?? folders.flatMap((f) => groups[f]?.tests ?? [`test/src/${f}/!(*.browser|*.webauthn).test.ts`, ...(alsoRun[f] ?? [])]),
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
