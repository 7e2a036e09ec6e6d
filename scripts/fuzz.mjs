// `npm run fuzz [runs]`: the fuzz tests (test/fuzz/) with a random seed and, by default, 100,000
// runs per parser (emulator endpoints take a tenth of that each: they go over HTTP). Prints the
// seed first and again at the end, so a failure can be replayed:
//   LATCHKEY_FUZZ_SEED=<seed> LATCHKEY_FUZZ_RUNS=<runs> node scripts/node-tests.mjs test/fuzz/
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './ensure-deps.mjs';

const runs = Number(process.argv[2] ?? process.env.LATCHKEY_FUZZ_RUNS ?? 100_000);
const seed = Number(process.env.LATCHKEY_FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
if (!Number.isSafeInteger(runs) || runs < 1) {
  console.error('Usage: npm run fuzz [runs per parser]');
  process.exit(2);
}
console.log(`fuzz: seed ${seed}, ${runs} runs per parser`);
const started = Date.now();
const res = spawnSync(process.execPath, [join(ROOT, 'scripts/node-tests.mjs'), 'test/fuzz/'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, LATCHKEY_FUZZ_RUNS: String(runs), LATCHKEY_FUZZ_SEED: String(seed), LATCHKEY_TEST_TIMEOUT_MS: String(6 * 3600_000), LATCHKEY_NODE_RESULTS: 'fuzz.json' },
});
console.log(`fuzz: seed ${seed}, ${runs} runs per parser, ${Math.round((Date.now() - started) / 1000)} s: ${res.status === 0 ? 'nothing found' : 'FAILED (replay with the seed above)'}`);
process.exit(res.status ?? 1);
