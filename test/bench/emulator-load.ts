// Emulator load (npm run bench): stamped sign_raw_payload activities, first open loop (arrivals
// at a fixed offered rate, 1,000 a second, scheduled by the clock and not by completions, so a
// slow answer does not slow the arrivals: queueing shows in the latency, measured from each
// request's scheduled start; its bodies stamped ahead, stamp-ahead.ts, after a warm-up at the same
// rate), then closed loop (a fixed concurrency, as fast as answers come, stamping at send),
// and full OTP sign-up-and-login flows per second, with p50 / p99 latency, against an emulator
// running in its own process on 127.0.0.1. Bounded: a fixed number of requests, a fixed
// concurrency or cap on requests in flight. Also each side's CPU time per operation (steadier
// than rates when other work shares the cores), the throughput of the first and last tenth
// (state that grows shows as decay), and the emulator's heap growth over the open-loop run, read
// after a full GC.
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
import { keepAliveFetch } from './keep-alive-fetch.ts';
import { StampAhead } from './stamp-ahead.ts';

export interface LoadFigures {
  operations: number;
  concurrency: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
  /** Failures by error code (a LatchError's, else the error's name), so a failure says what it was. */
  failureCodes: Record<string, number>;
  /**
   * CPU time (user + system) the emulator's process spent per operation, ms. Unlike perSecond,
   * this hardly moves when other work shares the cores: 1000 / serverCpuMsPerOp is what one
   * idle core would serve.
   */
  serverCpuMsPerOp: number;
  /**
   * The part of serverCpuMsPerOp spent on the emulator's main thread (HTTP, JSON, state; the
   * rest is its stamp-verification worker), where the system tells it (Linux, 10 ms ticks):
   * 1000 / this is what the single-threaded part would serve on one idle core.
   */
  serverMainThreadCpuMsPerOp?: number;
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

/** An open-loop run: `operations` arrivals `1000 / offeredPerSecond` ms apart. */
export interface OpenLoopFigures extends LoadFigures {
  offeredPerSecond: number;
  /**
   * Requests in flight at most; an arrival past it waits in this process (its latency still
   * counts from its scheduled start). Reaching it means the emulator fell behind the offered rate.
   */
  maxInFlight: number;
  /** The most requests that were in flight at once. */
  peakInFlight: number;
  /**
   * Requests of the open-loop runs (warm-up and measured) whose body was stamped at send
   * because no stamp was made ahead for it (stamp-ahead.ts): 0 unless the run took so long that
   * the client re-dated its bodies.
   */
  stampedAtSend?: number;
  /** Arrivals that found `maxInFlight` requests in flight and waited here for a slot. */
  cappedArrivals: number;
  /**
   * How late this process sent the other arrivals after their scheduled start, p99, ms: the
   * load generator's own lag (timers, its busy event loop). Small means the latencies are the
   * emulator's, not the generator's.
   */
  sendLagP99Ms: number;
}

export interface MemoryFigures {
  /** Activities stored between the two readings (the open-loop sign_raw_payload run). */
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

export interface StampedLoadResult {
  /**
   * The open loop's warm-up: its first seconds at the same rate, from a process that has served
   * only the short closed warm-up (JIT tiers, the worker, TCP connections still being made).
   * Reported, not counted in the figure below.
   */
  signRawPayloadOpenWarmUp: OpenLoopFigures;
  /** Open loop at `rate` a second after its warm-up: the figure (p99 under 50 ms at 1,000 a second). */
  signRawPayloadOpen: OpenLoopFigures;
  /** Closed loop at concurrency 32: the most the emulator serves. */
  signRawPayload: LoadFigures;
  memory: MemoryFigures;
}

export interface EmulatorLoadResult extends StampedLoadResult {
  otpFlows: LoadFigures;
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
  /** Stamped sign_raw_payload activities measured in each of the two runs (default 10,000), after a short warm-up. */
  activities?: number;
  /** Offered rate of the open-loop run, per second (default 1,000). */
  rate?: number;
  /** OTP sign-up + login flows measured (default 200). */
  flows?: number;
  /** Extra node flags for the emulator's process, e.g. ['--cpu-prof', '--cpu-prof-dir=DIR']. */
  serverNodeFlags?: readonly string[];
}

interface ServerStats {
  cpuUser: number;
  cpuSystem: number;
  mainThreadCpu?: number;
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
/**
 * Seconds of open loop at the offered rate before the measured one, as any load test warms a
 * server at the rate it measures: the first second from a nearly cold process answers at p99
 * of a few hundred ms (V8 still optimizing the hot path, a hundred new keep-alive connections
 * opened in a burst), which says how Node starts, not how the emulator serves 1,000 a second.
 */
const OPEN_LOOP_WARM_UP_SECONDS = 3;
/** Open loop: at 1,000 a second and a p99 under 50 ms about 50 are in flight; 256 leaves room for a slow spell and stays bounded. */
const OPEN_LOOP_MAX_IN_FLIGHT = 256;
const round = (n: number, places = 1) => Math.round(n * 10 ** places) / 10 ** places;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const cpuMs = (s: ServerStats) => (s.cpuUser + s.cpuSystem) / 1000;
/** Main-thread CPU ms per operation between two readings, when both have it. */
const mainThreadMsPerOp = (before: ServerStats, after: ServerStats, total: number): { serverMainThreadCpuMsPerOp?: number } =>
  before.mainThreadCpu === undefined || after.mainThreadCpu === undefined ? {} : { serverMainThreadCpuMsPerOp: round((after.mainThreadCpu - before.mainThreadCpu) / 1000 / total, 3) };
const codeOf = (error: unknown): string => {
  const e = error as { code?: unknown; name?: unknown; cause?: { code?: unknown } };
  const cause = typeof e?.cause?.code === 'string' ? ` (${e.cause.code})` : '';
  return `${typeof e?.code === 'string' ? e.code : typeof e?.name === 'string' ? e.name : 'unknown'}${cause}`;
};
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
  const failureCodes: Record<string, number> = {};
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
        } catch (error) {
          failures += 1;
          const code = codeOf(error);
          failureCodes[code] = (failureCodes[code] ?? 0) + 1;
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
    failureCodes,
    serverCpuMsPerOp: round((cpuMs(serverAfter) - cpuMs(serverBefore)) / total, 3),
    ...mainThreadMsPerOp(serverBefore, serverAfter, total),
    clientCpuMsPerOp: round(clientCpu / total, 3),
    connectionsOpened: serverAfter.connections - serverBefore.connections,
    perSecondEarly: round(rate(ends, started, tenth, 2 * tenth)),
    perSecondLate: round(rate(ends, started, 8 * tenth, 9 * tenth)),
  };
}

/**
 * Open loop: arrival i is due at `started + i * 1000 / perSecond`, whatever happened to the
 * ones before it. A timer sends every due arrival (up to `maxInFlight` at once; past that
 * they wait here, in order), and latency runs from the due time to the answer, so time spent
 * queued anywhere (here, in the sockets, in the emulator) counts.
 */
async function openLoop(server: Server, total: number, perSecond: number, maxInFlight: number, once: (i: number) => Promise<void>): Promise<OpenLoopFigures> {
  const interval = 1000 / perSecond;
  const latencies: number[] = [];
  const lags: number[] = [];
  const ends: number[] = [];
  let failures = 0;
  const failureCodes: Record<string, number> = {};
  let inFlight = 0;
  let peakInFlight = 0;
  let sent = 0;
  let settled = 0;
  // Set while due arrivals wait for the cap; cleared once every due arrival has been sent.
  let capped = false;
  let cappedArrivals = 0;
  const serverBefore = await server.stats(false);
  const clientBefore = ownCpuMs();
  const started = performance.now();
  const dueAt = (i: number) => started + i * interval;
  await new Promise<void>((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const send = (i: number, now: number) => {
      const due = dueAt(i);
      if (capped) cappedArrivals += 1;
      else lags.push(now - due);
      inFlight += 1;
      peakInFlight = Math.max(peakInFlight, inFlight);
      once(i).then(
        () => {
          const t1 = performance.now();
          latencies.push(t1 - due);
          ends.push(t1);
        },
        (error: unknown) => {
          failures += 1;
          const code = codeOf(error);
          failureCodes[code] = (failureCodes[code] ?? 0) + 1;
        },
      ).finally(() => {
        inFlight -= 1;
        settled += 1;
        if (settled === total) resolve();
        // A freed slot lets a waiting (overdue) arrival go at once.
        else pump();
      });
    };
    const pump = () => {
      const now = performance.now();
      while (sent < total && inFlight < maxInFlight && dueAt(sent) <= now) send(sent++, now);
      capped = sent < total && dueAt(sent) <= now;
      if (sent < total && inFlight < maxInFlight && timer === undefined) {
        timer = setTimeout(() => {
          timer = undefined;
          pump();
        }, Math.max(0, dueAt(sent) - performance.now()));
      }
    };
    pump();
  });
  const seconds = (performance.now() - started) / 1000;
  const clientCpu = ownCpuMs() - clientBefore;
  const serverAfter = await server.stats(false);
  latencies.sort((a, b) => a - b);
  lags.sort((a, b) => a - b);
  ends.sort((a, b) => a - b);
  const tenth = Math.max(1, Math.floor(ends.length / 10));
  return {
    operations: total,
    concurrency: peakInFlight,
    offeredPerSecond: perSecond,
    maxInFlight,
    peakInFlight,
    perSecond: round(latencies.length / seconds),
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    failures,
    failureCodes,
    serverCpuMsPerOp: round((cpuMs(serverAfter) - cpuMs(serverBefore)) / total, 3),
    ...mainThreadMsPerOp(serverBefore, serverAfter, total),
    clientCpuMsPerOp: round(clientCpu / total, 3),
    connectionsOpened: serverAfter.connections - serverBefore.connections,
    perSecondEarly: round(rate(ends, started, tenth, 2 * tenth)),
    perSecondLate: round(rate(ends, started, 8 * tenth, 9 * tenth)),
    cappedArrivals,
    sendLagP99Ms: round(percentile(lags, 99)),
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

/** The stamped sign_raw_payload runs against `server`, as the root key `root`. */
async function stampedWorkloads(server: Server, root: StoredKey, options: EmulatorLoadOptions): Promise<StampedLoadResult> {
  const { urls } = server;
  const proxy = new ProxyClient({ authProxyUrl: urls.proxyUrl, configId: 'demo' });
  const { organizationId } = await proxy.walletKitConfig({});
  // The kit's client over a keep-alive node:http transport (keep-alive-fetch.ts): the generator stays cheap.
  const client = new ActivityClient({ apiBaseUrl: urls.apiUrl, stamper: new ApiKeyStamper(root), fetch: keepAliveFetch() });
  const wallet = await client.submit('create_wallet', {
    organizationId,
    parameters: { walletName: 'bench', accounts: [{ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }] },
  });
  const address = activityResult(wallet).addresses[0]!;
  // Each payload differs: identical bodies would be one (idempotent) activity.
  const request = (i: number) => ({
    organizationId,
    parameters: { signWith: address, payload: i.toString(16).padStart(64, '0'), encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NO_OP' } as const,
  });
  const sign = (i: number) => client.submit('sign_raw_payload', request(i));
  // Warm-up (JIT, lazily built tables), not measured; its payloads are not reused below.
  for (let i = 0; i < WARM_UP; i += 8) await Promise.all(Array.from({ length: 8 }, (_, j) => sign(Number.MAX_SAFE_INTEGER - i - j)));
  const activities = options.activities ?? 10_000;
  const offered = options.rate ?? 1000;
  const warmUpArrivals = offered * OPEN_LOOP_WARM_UP_SECONDS;

  // The open loop's bodies, stamped before its clock starts (stamp-ahead.ts): each is what the
  // kit's client builds, so every body's timestampMs comes from one fixed clock reading. It is
  // set about mid-way through the open-loop runs: the client compares its clock with each
  // answer's Date and would re-date bodies (so miss their stamps) past a 30 s difference.
  const ahead = new StampAhead(new ApiKeyStamper(root));
  const openLoopClock = Date.now() + 10_000;
  const recording = new ActivityClient({ apiBaseUrl: urls.apiUrl, stamper: ahead.recorder, now: () => openLoopClock, retries: 0, fetch: () => Promise.reject(new Error('stamped ahead, not sent')) });
  const openClient = new ActivityClient({ apiBaseUrl: urls.apiUrl, stamper: ahead.stamper, now: () => openLoopClock, fetch: keepAliveFetch() });
  // Payloads after both measured runs' (0 .. 2 × activities) for the warm-up: every body is a new activity.
  const openPayloads = [...Array.from({ length: warmUpArrivals }, (_, i) => 2 * activities + i), ...Array.from({ length: activities }, (_, i) => i)];
  for (let i = 0; i < openPayloads.length; i += 64) {
    await Promise.all(openPayloads.slice(i, i + 64).map((payload) => recording.submitRaw('sign_raw_payload', request(payload)).catch(() => undefined)));
  }
  if (ahead.waiting !== openPayloads.length) throw new Error(`${ahead.waiting} of ${openPayloads.length} open-loop bodies were stamped ahead.`);
  const signAhead = (i: number) => openClient.submit('sign_raw_payload', request(i));

  const signRawPayloadOpenWarmUp = await openLoop(server, warmUpArrivals, offered, OPEN_LOOP_MAX_IN_FLIGHT, async (i) => {
    await signAhead(2 * activities + i);
  });
  const before = await server.stats(true);
  const signRawPayloadOpen = await openLoop(server, activities, offered, OPEN_LOOP_MAX_IN_FLIGHT, async (i) => {
    await signAhead(i);
  });
  signRawPayloadOpen.stampedAtSend = ahead.stampedAtSend;
  const after = await server.stats(true);
  const growth = after.heapUsed - before.heapUsed;
  const stored = activities - signRawPayloadOpen.failures;
  const memory: MemoryFigures = {
    activities: stored,
    heapBeforeMb: round(before.heapUsed / 2 ** 20),
    heapAfterMb: round(after.heapUsed / 2 ** 20),
    growthMb: round(growth / 2 ** 20),
    bytesPerActivity: Math.round(growth / Math.max(1, stored)),
    rssAfterMb: round(after.rss / 2 ** 20),
    collected: before.collected && after.collected,
  };
  // Payloads after the open loop's: every body is a new activity.
  const signRawPayload = await run(server, activities, 32, async (i) => {
    await sign(activities + i);
  });
  return { signRawPayloadOpenWarmUp, signRawPayloadOpen, signRawPayload, memory };
}

/** Only the stamped sign_raw_payload runs, in an emulator of their own (`npm run bench -- --only=stamped`). */
export async function stampedLoad(options: EmulatorLoadOptions = {}): Promise<StampedLoadResult> {
  const root = await new MemoryKeyStore().create({ purpose: 'bench-root' });
  const server = await startServer(root.id, options.serverNodeFlags ?? []);
  try {
    return await stampedWorkloads(server, root, options);
  } finally {
    server.stop();
  }
}

export async function emulatorLoad(options: EmulatorLoadOptions = {}): Promise<EmulatorLoadResult> {
  const keyStore = new MemoryKeyStore();
  const root = await keyStore.create({ purpose: 'bench-root' });
  const server = await startServer(root.id, options.serverNodeFlags ?? []);
  const { urls } = server;
  try {
    const stamped = await stampedWorkloads(server, root, options);
    const proxy = new ProxyClient({ authProxyUrl: urls.proxyUrl, configId: 'demo' });
    const otpFlows = await run(server, options.flows ?? 200, 16, async (i) => {
      const contact = `bench.${i}.${Date.now()}@example.com`;
      const { otpId } = await startOtp({ proxy }, { otpType: 'OTP_TYPE_EMAIL', contact });
      const outbox = (await (await fetch(`${urls.apiUrl}/__outbox?to=${encodeURIComponent(contact)}`)).json()) as { messages: { code: string }[] };
      await completeOtp({ proxy, keyStore: new MemoryKeyStore() }, { otpType: 'OTP_TYPE_EMAIL', contact, otpId, otpCode: outbox.messages[0]!.code });
    });
    return { ...stamped, otpFlows, withData: await dataFileLoad(root) };
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
