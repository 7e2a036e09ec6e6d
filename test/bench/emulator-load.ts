// Emulator load (npm run bench): stamped sign_raw_payload activities per second and full OTP
// sign-up-and-login flows per second, with p50 / p99 latency, against an emulator running in its
// own process on 127.0.0.1. Bounded: a fixed number of requests, a fixed concurrency. Also each
// side's CPU time per operation (steadier than rates when other work shares the cores), the
// throughput of the first and last tenth (state that grows shows as decay), and the emulator's
// heap growth over the sign_raw_payload run, read after a full GC.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ActivityClient, activityResult } from '../../src/clients/activity-client.ts';
import { ProxyClient } from '../../src/clients/proxy-client.ts';
import { ApiKeyStamper } from '../../src/stamp/api-key-stamper.ts';
import { MemoryKeyStore } from '../../src/keys/memory-key-store.ts';
import type { StoredKey } from '../../src/keys/key-store.ts';
import { startOtp, completeOtp } from '../../src/flows/otp-flow.ts';

export interface LoadFigures {
  operations: number;
  concurrency: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
  /**
   * CPU time (user + system) the emulator's process spent per operation, ms. Unlike perSecond,
   * this hardly moves when other work shares the cores: 1000 / serverCpuMsPerOp is what one
   * idle core would serve.
   */
  serverCpuMsPerOp: number;
  /** The same for the load generator (the kit's clients, this process), ms per operation. */
  clientCpuMsPerOp: number;
  /** TCP connections the emulator accepted during the run: about `concurrency` with keep-alive. */
  connectionsOpened: number;
  /**
   * Throughput over the second and the ninth tenth of the run (the first ramps up, the last
   * drains): a late rate well below the early one shows work that grows with the state.
   */
  perSecondEarly: number;
  perSecondLate: number;
}

export interface MemoryFigures {
  /** Activities stored between the two readings (the sign_raw_payload run). */
  activities: number;
  /** Heap used by the emulator after a full GC (when `collected`), before and after, MB. */
  heapBeforeMb: number;
  heapAfterMb: number;
  growthMb: number;
  /** Growth per stored activity: the activity log is kept (get_activity finds any of them). */
  bytesPerActivity: number;
  rssAfterMb: number;
  collected: boolean;
}

export interface EmulatorLoadResult {
  signRawPayload: LoadFigures;
  otpFlows: LoadFigures;
  memory: MemoryFigures;
  withData: DataFileFigures;
}

/** The emulator with `--data FILE` (issue 14, item 4). */
export interface DataFileFigures {
  /** 100 OTP sign-ups + logins at once: each person got their own organization and key. */
  parallelSignups: LoadFigures & { distinctOrganizations: number; distinctKeys: number };
  /** kill -9 during stamped load, then a restart from the same file. */
  kill: { acknowledged: number; lost: number; duplicated: number; restartMs: number; fileBytes: number };
}

export interface EmulatorLoadOptions {
  /** Stamped sign_raw_payload activities measured (default 10,000), after a short warm-up. */
  activities?: number;
  /** OTP sign-up + login flows measured (default 200). */
  flows?: number;
  /** Extra node flags for the emulator's process, e.g. ['--cpu-prof', '--cpu-prof-dir=DIR']. */
  serverNodeFlags?: readonly string[];
}

interface ServerStats {
  cpuUser: number;
  cpuSystem: number;
  heapUsed: number;
  rss: number;
  connections: number;
  collected: boolean;
}

interface Server {
  urls: { apiUrl: string; proxyUrl: string };
  stats(gc: boolean): Promise<ServerStats>;
  stop(): void;
  /** kill -9. */
  kill(): void;
}

const WARM_UP = 200;
const round = (n: number, places = 1) => Math.round(n * 10 ** places) / 10 ** places;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const cpuMs = (s: ServerStats) => (s.cpuUser + s.cpuSystem) / 1000;
const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** Throughput between the completions `from` and `to` (indexes into the sorted end times). */
function rate(ends: number[], startedAt: number, from: number, to: number): number {
  if (ends.length === 0) return 0;
  const t0 = from === 0 ? startedAt : ends[from - 1]!;
  const t1 = ends[Math.min(to, ends.length) - 1]!;
  return t1 > t0 ? ((Math.min(to, ends.length) - from) * 1000) / (t1 - t0) : 0;
}

async function run(server: Server, total: number, concurrency: number, once: (i: number) => Promise<void>): Promise<LoadFigures> {
  const latencies: number[] = [];
  const ends: number[] = [];
  let next = 0;
  let failures = 0;
  const serverBefore = await server.stats(false);
  const clientBefore = ownCpuMs();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        try {
          await once(i);
          const t1 = performance.now();
          latencies.push(t1 - t0);
          ends.push(t1);
        } catch {
          failures += 1;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const clientCpu = ownCpuMs() - clientBefore;
  const serverAfter = await server.stats(false);
  latencies.sort((a, b) => a - b);
  const tenth = Math.max(1, Math.floor(ends.length / 10));
  return {
    operations: total,
    concurrency,
    perSecond: round(latencies.length / seconds),
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    failures,
    serverCpuMsPerOp: round((cpuMs(serverAfter) - cpuMs(serverBefore)) / total, 3),
    clientCpuMsPerOp: round(clientCpu / total, 3),
    connectionsOpened: serverAfter.connections - serverBefore.connections,
    perSecondEarly: round(rate(ends, started, tenth, 2 * tenth)),
    perSecondLate: round(rate(ends, started, 8 * tenth, 9 * tenth)),
  };
}

async function startServer(rootKeyId: string, nodeFlags: readonly string[], dataFile?: string): Promise<Server> {
  const script = fileURLToPath(new URL('./emulator-server.ts', import.meta.url));
  const child = spawn(process.execPath, ['--expose-gc', ...nodeFlags, '--import', 'tsx', script, rootKeyId], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: { ...process.env, ...(dataFile ? { LATCHKEY_BENCH_DATA: dataFile } : {}) },
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`emulator exited with ${code}`)));
  });
  let asked = 0;
  const waiting = new Map<number, (stats: ServerStats) => void>();
  child.on('message', (message: { type?: string; id?: number; stats?: ServerStats }) => {
    if (message?.type === 'stats' && message.id !== undefined && message.stats) waiting.get(message.id)?.(message.stats);
  });
  const stats = (gc: boolean) =>
    new Promise<ServerStats>((resolve, reject) => {
      const id = ++asked;
      const timer = setTimeout(() => reject(new Error('the emulator did not answer a stats request')), 30_000);
      waiting.set(id, (value) => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve(value);
      });
      child.send({ type: 'stats', id, gc });
    });
  return { urls: JSON.parse(line), stats, stop: () => child.kill('SIGTERM'), kill: () => child.kill('SIGKILL') };
}

export async function emulatorLoad(options: EmulatorLoadOptions = {}): Promise<EmulatorLoadResult> {
  const keyStore = new MemoryKeyStore();
  const root = await keyStore.create({ purpose: 'bench-root' });
  const server = await startServer(root.id, options.serverNodeFlags ?? []);
  const { urls } = server;
  try {
    const proxy = new ProxyClient({ authProxyUrl: urls.proxyUrl, configId: 'demo' });
    const { organizationId } = await proxy.walletKitConfig({});
    const client = new ActivityClient({ apiBaseUrl: urls.apiUrl, stamper: new ApiKeyStamper(root) });
    const wallet = await client.submit('create_wallet', {
      organizationId,
      parameters: { walletName: 'bench', accounts: [{ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }] },
    });
    const address = activityResult(wallet).addresses[0]!;
    // Each payload differs: identical bodies would be one (idempotent) activity.
    const sign = (i: number) =>
      client.submit('sign_raw_payload', {
        organizationId,
        parameters: { signWith: address, payload: i.toString(16).padStart(64, '0'), encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NO_OP' },
      });
    // Warm-up (JIT, lazily built tables), not measured; its payloads are not reused below.
    for (let i = 0; i < WARM_UP; i += 8) await Promise.all(Array.from({ length: 8 }, (_, j) => sign(Number.MAX_SAFE_INTEGER - i - j)));
    const activities = options.activities ?? 10_000;
    const before = await server.stats(true);
    const signRawPayload = await run(server, activities, 32, async (i) => {
      await sign(i);
    });
    const after = await server.stats(true);
    const growth = after.heapUsed - before.heapUsed;
    const memory: MemoryFigures = {
      activities: activities - signRawPayload.failures,
      heapBeforeMb: round(before.heapUsed / 2 ** 20),
      heapAfterMb: round(after.heapUsed / 2 ** 20),
      growthMb: round(growth / 2 ** 20),
      bytesPerActivity: Math.round(growth / Math.max(1, activities - signRawPayload.failures)),
      rssAfterMb: round(after.rss / 2 ** 20),
      collected: before.collected && after.collected,
    };
    const otpFlows = await run(server, options.flows ?? 200, 16, async (i) => {
      const contact = `bench.${i}.${Date.now()}@example.com`;
      const { otpId } = await startOtp({ proxy }, { otpType: 'OTP_TYPE_EMAIL', contact });
      const outbox = (await (await fetch(`${urls.apiUrl}/__outbox?to=${encodeURIComponent(contact)}`)).json()) as { messages: { code: string }[] };
      await completeOtp({ proxy, keyStore: new MemoryKeyStore() }, { otpType: 'OTP_TYPE_EMAIL', contact, otpId, otpCode: outbox.messages[0]!.code });
    });
    return { signRawPayload, otpFlows, memory, withData: await dataFileLoad(root) };
  } finally {
    server.stop();
  }
}

/** One OTP sign-up and login through the kit's own flow; returns the organization and key. */
async function otpSignup(urls: { apiUrl: string; proxyUrl: string }, contact: string): Promise<{ organizationId: string; keyId: string }> {
  const proxy = new ProxyClient({ authProxyUrl: urls.proxyUrl, configId: 'demo' });
  const { otpId } = await startOtp({ proxy }, { otpType: 'OTP_TYPE_EMAIL', contact });
  const outbox = (await (await fetch(`${urls.apiUrl}/__outbox?to=${encodeURIComponent(contact)}`)).json()) as { messages: { code: string }[] };
  const login = await completeOtp({ proxy, keyStore: new MemoryKeyStore() }, { otpType: 'OTP_TYPE_EMAIL', contact, otpId, otpCode: outbox.messages[0]!.code });
  return { organizationId: login.organizationId, keyId: login.key.id };
}

async function dataFileLoad(root: StoredKey): Promise<DataFileFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-bench-data-'));
  const file = join(dir, 'state.json');
  try {
    let server = await startServer(root.id, [], file);
    const outcomes: { organizationId: string; keyId: string }[] = [];
    const stamp = Date.now();
    const parallel = await run(server, 100, 100, async (i) => {
      outcomes.push(await otpSignup(server.urls, `parallel.${i}.${stamp}@example.com`));
    });
    const parallelSignups = { ...parallel, distinctOrganizations: new Set(outcomes.map((o) => o.organizationId)).size, distinctKeys: new Set(outcomes.map((o) => o.keyId)).size };

    // Stamped activities, 16 at a time, until kill -9 at a random moment 0.5 to 1.5 s in.
    const proxy = new ProxyClient({ authProxyUrl: server.urls.proxyUrl, configId: 'demo' });
    const { organizationId } = await proxy.walletKitConfig({});
    const client = new ActivityClient({ apiBaseUrl: server.urls.apiUrl, stamper: new ApiKeyStamper(root) });
    const acknowledged = new Map<string, string>();
    let stop = false;
    const worker = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const payload = `${w}-${i}-${stamp}`;
        try {
          const activity = await client.submitRaw('create_users', { organizationId, parameters: { users: [{ userName: payload, userTags: [], apiKeys: [], authenticators: [], oauthProviders: [] }] } });
          acknowledged.set(activity.id, payload);
        } catch {
          // Refused or cut off by the kill: not acknowledged, so not counted.
        }
      }
    };
    const workers = Array.from({ length: 16 }, (_, w) => worker(w));
    await new Promise((resolve) => setTimeout(resolve, 500 + Math.random() * 1000));
    server.kill();
    stop = true;
    await Promise.all(workers);
    const fileBytes = statSync(file).size;
    const restarted = performance.now();
    server = await startServer(root.id, [], file);
    const restartMs = round(performance.now() - restarted);
    try {
      const after = new ActivityClient({ apiBaseUrl: server.urls.apiUrl, stamper: new ApiKeyStamper(root) });
      let lost = 0;
      for (const id of acknowledged.keys()) {
        try {
          await after.query('get_activity', { organizationId, activityId: id });
        } catch {
          lost += 1;
        }
      }
      const users = (await after.query('list_users', { organizationId })) as { users?: { userName: string }[] };
      const names = (users.users ?? []).map((u) => u.userName).filter((name) => name.endsWith(`-${stamp}`));
      const duplicated = names.length - new Set(names).size;
      return { parallelSignups, kill: { acknowledged: acknowledged.size, lost, duplicated, restartMs, fileBytes } };
    } finally {
      server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
