// A quiet emulator in its own process for the load bench (so the load generator does not share
// its event loop): prints one JSON line with its URLs, then serves until killed.
// Over the IPC channel (when spawned with one) it answers {type: 'stats', gc} with its CPU time
// and memory, after a full collection when asked and when started with --expose-gc: the bench
// reads them before and after a workload (server CPU per operation, heap growth).
import { subscribe } from 'node:diagnostics_channel';
import { readFileSync } from 'node:fs';
import { createEmulator } from '../../demo/emulator/emulator.ts';

export interface ServerStats {
  /** process.cpuUsage(): user and system CPU time, microseconds. */
  cpuUser: number;
  cpuSystem: number;
  /** The main thread's own CPU time (user + system), microseconds, where the system tells it (Linux); else undefined. */
  mainThreadCpu?: number;
  heapUsed: number;
  rss: number;
  /** TCP connections accepted so far (both listeners): few means clients kept them alive. */
  connections: number;
  /** Whether a full GC ran before the heap was read. */
  collected: boolean;
}

let connections = 0;
subscribe('net.server.socket', () => {
  connections += 1;
});

const rootApiKeys = process.argv.slice(2);
// LATCHKEY_BENCH_DATA: persist to that file, as `--data FILE` does (the bench's --data workloads).
const dataFile = process.env.LATCHKEY_BENCH_DATA;
const emulator = createEmulator({ host: '127.0.0.1', port: 0, proxyPort: 0, quiet: true, log: () => undefined, rootApiKeys, ...(dataFile ? { dataFile } : {}) });
const urls = await emulator.start();
process.stdout.write(JSON.stringify(urls) + '\n');

/** The main thread's CPU time from /proc (its thread id is the process id), microseconds. */
const tick = 1_000_000 / 100; // USER_HZ is 100 on Linux.
function mainThreadCpu(): number | undefined {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'latin1');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * tick;
  } catch {
    return undefined;
  }
}

const gc = (globalThis as { gc?: () => void }).gc;
process.on('message', (message: { type?: string; id?: number; gc?: boolean }) => {
  if (message?.type !== 'stats') return;
  const collected = Boolean(message.gc && gc);
  if (collected) {
    // Twice: the first pass may only queue finalizers whose targets the second frees.
    gc!();
    gc!();
  }
  const cpu = process.cpuUsage();
  const memory = process.memoryUsage();
  const stats: ServerStats = { cpuUser: cpu.user, cpuSystem: cpu.system, mainThreadCpu: mainThreadCpu(), heapUsed: memory.heapUsed, rss: memory.rss, connections, collected };
  process.send?.({ type: 'stats', id: message.id, stats });
});

const stop = () => void emulator.stop().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// The IPC channel keeps the process alive; the bench ends it with SIGTERM (or by exiting).
process.on('disconnect', stop);
