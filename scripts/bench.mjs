// `npm run bench`: the measurements that never belong in tests, each side by side with its
// comparison measured in the same run: the size of each entry (min, gzip, brotli) against the
// hosted service's own packages (installed on demand into .bench/compare, never into the
// project), crypto speed in one Chromium page against the hosted SDK, and the emulator's load
// figures (stamped activities at a fixed offered rate of 1,000 a second and as fast as it
// answers, OTP flows per second, p50 / p99, memory growth), and the time to interactive of
// <latch-auth> against the emulator (median of 20 loads), and the local chains' figures.
// Markdown on stdout, JSON in .bench/results.json; `--json` prints only the JSON.
// `--only=stamped` runs only the stamped sign_raw_payload workloads (a minute, not ten; for
// work on the emulator's hot path), prints their table and writes nothing. `--only=decrypt` runs
// only the crypto page's credential bundle decryption row against the hosted SDK, likewise.
// `--only=startup` runs only <latch-auth>'s time to interactive with its floors (a few minutes;
// `--loads=N`, default 20), likewise: the kit ÷ lit floor ratios of one run, for start-up work.
// `--only=chains` runs only the local chains' figures (scripts/bench-chains.ts: send to INCLUDED
// p50 / p99 on the EVM chain and the Solana cluster, cold start with and without the chains,
// memory with them), likewise.
import { execSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDeps, ROOT } from './ensure-deps.mjs';

ensureDeps();
const jsonOnly = process.argv.includes('--json');
const stampedOnly = process.argv.includes('--only=stamped');
const decryptOnly = process.argv.includes('--only=decrypt');
const startupOnly = process.argv.includes('--only=startup');
const chainsOnly = process.argv.includes('--only=chains');

/** " (3 ERR_NETWORK_TIMEOUT, …)" when a workload had failures: what they were. */
const failureCodes = (f) => {
  const codes = Object.entries(f.failureCodes ?? {});
  return codes.length === 0 ? '' : ` (${codes.map(([code, count]) => `${count} ${code}`).join(', ')})`;
};

/** The emulator load table: one row per workload. */
function loadTable(load) {
  const lines = [
    '| workload | operations | offered per second | concurrency (peak in flight) | per second | p50 ms | p99 ms | failures | emulator CPU ms/op (main thread) | client CPU ms/op | per second early / late | connections |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const row = (name, f) =>
    lines.push(
      `| ${name} | ${f.operations} | ${f.offeredPerSecond ?? '(closed loop)'} | ${f.peakInFlight !== undefined ? `(${f.peakInFlight})` : f.concurrency} | ${f.perSecond} | ${f.p50Ms} | ${f.p99Ms} | ${f.failures}${failureCodes(f)} | ${f.serverCpuMsPerOp}${f.serverMainThreadCpuMsPerOp !== undefined ? ` (${f.serverMainThreadCpuMsPerOp})` : ''} | ${f.clientCpuMsPerOp} | ${f.perSecondEarly} / ${f.perSecondLate} | ${f.connectionsOpened} |`,
    );
  row('stamped sign_raw_payload, open loop: warm-up (not counted)', load.signRawPayloadOpenWarmUp);
  row('stamped sign_raw_payload, open loop', load.signRawPayloadOpen);
  row('stamped sign_raw_payload, closed loop', load.signRawPayload);
  if (load.otpFlows) row('OTP sign-up + login flow', load.otpFlows);
  if (load.withData) row('100 OTP sign-ups at once, --data', load.withData.parallelSignups);
  const o = load.signRawPayloadOpen;
  lines.push(
    '',
    `Open loop: ${o.operations} arrivals at ${o.offeredPerSecond} a second after ${load.signRawPayloadOpenWarmUp.operations} at the same rate to warm the emulator (its first row), scheduled by the clock whatever the answers; latency from each one's scheduled start, so queueing counts; at most ${o.maxInFlight} in flight (${o.cappedArrivals} arrivals waited for that cap). The load generator sent the rest within ${o.sendLagP99Ms} ms of schedule (p99). Its bodies were stamped ahead by the kit's ApiKeyStamper, so the generator's signing does not take the emulator's cores (${o.stampedAtSend ?? 0} stamped at send); the closed loop stamps at send.`,
  );
  return lines.join('\n');
}

if (stampedOnly) {
  const { register } = await import('tsx/esm/api');
  register();
  const { stampedLoad } = await import('../test/bench/emulator-load.ts');
  const load = await stampedLoad();
  if (jsonOnly) console.log(JSON.stringify(load, null, 2));
  else console.log(`${loadTable(load)}\n\nload average ${(await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  process.exit(0);
}

if (decryptOnly) {
  const { register } = await import('tsx/esm/api');
  register();
  const { cryptoSpeed } = await import('../test/bench/crypto-speed.ts');
  const speed = await cryptoSpeed({ only: ['decrypt a credential bundle'] });
  console.log(jsonOnly ? JSON.stringify(speed.json, null, 2) : speed.markdown);
  process.exit(0);
}

if (startupOnly) {
  const { register } = await import('tsx/esm/api');
  register();
  const { timeToInteractive } = await import('../test/bench/time-to-interactive.ts');
  const loads = Number(process.argv.find((a) => a.startsWith('--loads='))?.slice('--loads='.length) ?? 20);
  const tti = await timeToInteractive({ loads });
  console.log(jsonOnly ? JSON.stringify(tti.json, null, 2) : tti.markdown);
  process.exit(0);
}

if (chainsOnly) {
  const { register } = await import('tsx/esm/api');
  register();
  const { chainsBench } = await import('./bench-chains.ts');
  const chains = await chainsBench();
  console.log(jsonOnly ? JSON.stringify(chains.json, null, 2) : `${chains.markdown}\n\nload average ${(await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  process.exit(0);
}

const { measure, sizeTable } = await import('./size.mjs');
const sizes = await measure();
// What ships: the library as `npm run build` makes it, packed and built into consumer apps.
execSync('npm run build --silent', { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
const { bundlerMatrix, measurePackage, packageTable, sourceVersusPackageTable } = await import('./package-check.mjs');
const shipped = await measurePackage();
const { register } = await import('tsx/esm/api');
register();
const { comparisonSizes } = await import('../test/bench/comparison-sizes.ts');
const comparisons = await comparisonSizes(sizes);
const { cryptoSpeed } = await import('../test/bench/crypto-speed.ts');
const crypto = await cryptoSpeed();
const { timeToInteractive } = await import('../test/bench/time-to-interactive.ts');
const tti = await timeToInteractive();
const { emulatorLoad } = await import('../test/bench/emulator-load.ts');
const load = await emulatorLoad();
const { chainsBench } = await import('./bench-chains.ts');
const chains = await chainsBench();
const results = {
  date: new Date().toISOString(),
  node: process.version,
  cores: (await import('node:os')).cpus().length,
  sizes,
  packageSizes: shipped,
  comparisonSizes: comparisons.json,
  cryptoSpeed: crypto.json,
  timeToInteractive: tti.json,
  emulatorLoad: load,
  chains: chains.json,
};
mkdirSync(join(ROOT, '.bench'), { recursive: true });
writeFileSync(join(ROOT, '.bench', 'results.json'), JSON.stringify(results, null, 2));
if (jsonOnly) {
  console.log(JSON.stringify(results, null, 2));
} else {
  console.log('## Size (initial JavaScript, everything bundled, minified)\n');
  console.log(sizeTable(sizes));
  console.log('\n## What ships: the packed package in consumer apps, each bundler\'s production build\n');
  console.log('Initial JavaScript (the entry and every chunk it reaches statically), brotli, each file compressed on its own; budgets enforced by `npm test`.\n');
  console.log(bundlerMatrix(shipped));
  console.log('');
  console.log(packageTable(shipped));
  console.log('\n' + sourceVersusPackageTable(sizes, shipped));
  console.log('\n' + comparisons.markdown);
  console.log('\n' + crypto.markdown);
  console.log('\n' + tti.markdown);
  console.log('\n## Emulator load (own process, 127.0.0.1)\n');
  console.log(loadTable(load));
  const d = load.withData;
  console.log(`\nWith --data: the 100 parallel sign-ups got ${d.parallelSignups.distinctOrganizations} distinct organizations and ${d.parallelSignups.distinctKeys} distinct keys. kill -9 during stamped create_users load: ${d.kill.acknowledged} activities acknowledged, ${d.kill.lost} lost and ${d.kill.duplicated} duplicated after the restart (${d.kill.restartMs} ms to serve again from a ${Math.round(d.kill.fileBytes / 1024)} KB file). Each acknowledged change waits for its own durable write of the whole state, so a failed write (a full disk) can be undone.`);
  const m = load.memory;
  console.log(`\nEmulator heap over the ${m.activities} activities of the open loop${m.collected ? ' (after a full GC)' : ''}: ${m.heapBeforeMb} MB → ${m.heapAfterMb} MB (+${m.growthMb} MB, ${m.bytesPerActivity} bytes per activity), RSS ${m.rssAfterMb} MB.`);
  console.log('CPU ms/op is each process\'s CPU time per operation: steadier than the rates when other work shares the cores (heavy contention still inflates it).');
  console.log('\n' + chains.markdown);
  console.log(`\nJSON: ${join('.bench', 'results.json')}`);
}
