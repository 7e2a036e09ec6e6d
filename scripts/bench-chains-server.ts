// The emulator in its own process for `npm run bench -- --only=chains`: started with the chains
// given as the first argument (`all` or `off`) and the root API keys that follow; prints one
// JSON line (its URLs, the demo organization, how long createEmulator + start took, the
// anvil children's pids), then serves until killed. Over IPC it answers {type: 'stats'} with
// its own RSS and each anvil child's (VmRSS from /proc: Linux), for the memory figure.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createEmulator } from '../demo/emulator/emulator.ts';
import type { ChainsOption } from '../demo/emulator/chains/chains.ts';

const [chains, ...rootApiKeys] = process.argv.slice(2) as [ChainsOption, ...string[]];
const started = performance.now();
const emulator = createEmulator({ host: '127.0.0.1', port: 0, proxyPort: 0, quiet: true, log: () => undefined, rootApiKeys, chains });
const urls = await emulator.start();
const startMs = performance.now() - started;
const anvilPids = emulator.context.chains?.evmChains().map((chain) => chain.pid) ?? [];
const demoOrgId = emulator.state.read.proxyBindings.get('demo')!.organizationId;
process.stdout.write(`${JSON.stringify({ urls, demoOrgId, startMs, anvilPids })}\n`);

/** A process's resident set in bytes, from /proc (undefined where there is none). */
function rssOf(pid: number): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'latin1'))?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

process.on('message', (message: { type?: string }) => {
  if (message?.type !== 'stats') return;
  process.send?.({ type: 'stats', rss: process.memoryUsage().rss, heapUsed: process.memoryUsage().heapUsed, anvilRss: anvilPids.map(rssOf) });
});
process.on('SIGTERM', () => {
  void emulator.stop().then(() => process.exit(0));
});
