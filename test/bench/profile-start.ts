// Where <latch-auth>'s cold start goes: the time-to-interactive page (tti-page/, production build
// with source maps) loaded cold (a new incognito context each time) under a Chromium trace, and
// from each trace, between the page's `latch-script-start` and `latch-interactive` marks:
// - the main thread's top-level tasks by kind (module compile / evaluation, microtasks, style,
//   layout, paint, timers, animation frames) and the idle time between them (waiting);
// - the V8 CPU profile's self time per function and per source file, mapped through the source
//   maps (lit, the kit, the element, i18n, styles…);
// - the network requests the page made in that window (chunks, wallet_kit_config), from when to when.
// `--returning`: the loads are a returning visitor's instead (new tabs in one context after two
// unmeasured loads: cached assets, code cache and the kept config).
// Averages over `--loads` (default 10) loads. Run: `npx tsx test/bench/profile-start.ts [--loads N]`
// under the heavy-work lock. Prints markdown.
import { readFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SourceMapConsumer } from 'source-map-js';
import { launchBrowser } from '../e2e/support/browser.ts';
import { buildPages } from '../e2e/support/build-pages.ts';
import { strictCsp } from '../e2e/support/csp.ts';
import { startE2eEmulator } from '../e2e/support/e2e-emulator.ts';
import { serveStatic } from '../e2e/support/static-server.ts';

const PAGE_DIR = fileURLToPath(new URL('./tti-page/', import.meta.url));
const loadsArg = process.argv.indexOf('--loads');
const LOADS = loadsArg > 0 ? Number(process.argv[loadsArg + 1]) : 10;
const RETURNING = process.argv.includes('--returning');

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { data: TraceData };
}

interface TraceData {
  startTime: number;
  url: string;
  requestId: string;
  cpuProfile?: { nodes?: { id: number; parent?: number; callFrame: { functionName: string; url?: string; lineNumber: number; columnNumber: number } }[]; samples?: number[] };
  timeDeltas?: number[];
}

const add = (map: Map<string, number>, key: string, value: number): void => void map.set(key, (map.get(key) ?? 0) + value);

const loadBefore = loadavg()[0]!;
const emu = await startE2eEmulator();
const built = await buildPages({ root: PAGE_DIR, entries: ['index.html'], sourcemap: true });
const html = (await readFile(join(built.outDir, 'index.html'), 'utf8')).replaceAll('__LATCH_PROXY_URL__', emu.urls.proxyUrl).replaceAll('__LATCH_CONFIG_ID__', 'demo');
const server = await serveStatic({
  mounts: { '/': built.outDir },
  headers: { 'content-security-policy': strictCsp(emu.urls), 'cache-control': 'public, max-age=31536000, immutable' },
  handle: (_req, res, path) => {
    if (path !== '/' && path !== '/index.html') return false;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    res.end(html);
    return true;
  },
});
const browser = await launchBrowser();
const maps = new Map<string, SourceMapConsumer | null>();
async function mapOf(url: string): Promise<SourceMapConsumer | null> {
  if (!maps.has(url)) {
    const path = new URL(url).pathname;
    const map = await readFile(join(built.outDir, `${path}.map`), 'utf8').catch(() => undefined);
    maps.set(url, map ? new SourceMapConsumer(JSON.parse(map)) : null);
  }
  return maps.get(url)!;
}
const short = (source: string): string => source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '');

const tasks = new Map<string, number>();
const selfByFunction = new Map<string, number>();
const selfByFile = new Map<string, number>();
const requests = new Map<string, { start: number[]; end: number[] }>();
const phases = ['script start → config request sent', 'request in flight', 'answer → interactive'].map((name) => ({ name, wall: [] as number[], busy: [] as number[] }));
let windowTotal = 0;
let measured = 0;

try {
  const shared = RETURNING ? await browser.createBrowserContext() : undefined;
  for (let i = RETURNING ? -2 : -1; i < LOADS; i++) {
    const context = shared ?? (await browser.createBrowserContext());
    const page = await context.newPage();
    await page.tracing.start({
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'disabled-by-default-v8.cpu_profiler', 'netlog', 'loading'],
    });
    await page.goto(`${server.origin}/`, { waitUntil: 'load' });
    const result = (await page.evaluate('window.__tti')) as { ok: boolean; error?: string };
    const trace = JSON.parse(Buffer.from((await page.tracing.stop())!).toString("utf8")) as { traceEvents: TraceEvent[] };
    if (shared) await page.close();
    else await context.close();
    if (i < 0) continue;
    if (!result.ok) throw new Error(`load ${i}: ${result.error}`);
    const events = trace.traceEvents;
    const mark = (name: string) => events.find((e) => e.name === name && e.cat.includes('blink.user_timing'));
    const start = mark('latch-script-start');
    const end = mark('latch-interactive');
    if (!start || !end) throw new Error('no latch-script-start / latch-interactive marks in the trace');
    // The interactive mark is taken with an explicit startTime: its args carry it when ts does not.
    const t0 = start.ts;
    const t1 = end.ts;
    const main = events.filter((e) => e.pid === start.pid && e.tid === start.tid);
    windowTotal += (t1 - t0) / 1000;
    measured += 1;
    // Top-level tasks on the main thread (ThreadControllerImpl::RunTask / RunTask wrap them: their children are named).
    const complete = main.filter((e) => e.ph === 'X' && e.dur !== undefined && e.ts < t1 && e.ts + e.dur! > t0).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
    const taskNames = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
    let busy = 0;
    for (const task of complete.filter((e) => taskNames.has(e.name))) {
      const from = Math.max(task.ts, t0);
      const to = Math.min(task.ts + task.dur!, t1);
      busy += to - from;
      const inner = complete.filter((e) => !taskNames.has(e.name) && e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur!);
      // The outermost named event inside the task says what kind of task it was.
      const kind = inner[0]?.name ?? 'other task';
      const detail = kind === 'v8.evaluateModule' || kind === 'EvaluateScript' || kind === 'v8.compileModule' ? kind : kind;
      add(tasks, detail, (to - from) / 1000);
    }
    add(tasks, '(idle: nothing on the main thread)', (t1 - t0 - busy) / 1000);
    // What waits for what: the main thread's busy time before the config request is sent, while
    // it is in flight, and after its answer.
    const send = events.find((e) => e.name === 'ResourceSendRequest' && e.pid === start.pid && e.args?.data.url.endsWith('/v1/wallet_kit_config'));
    const finish = send && events.find((e) => e.name === 'ResourceFinish' && e.args?.data.requestId === send.args!.data.requestId);
    if (send && finish) {
      const marks = [t0, send.ts, finish.ts, t1];
      for (let k = 0; k < 3; k++) {
        const [from, to] = [marks[k]!, Math.max(marks[k]!, marks[k + 1]!)];
        let phaseBusy = 0;
        for (const task of complete.filter((e) => taskNames.has(e.name))) phaseBusy += Math.max(0, Math.min(task.ts + task.dur!, to) - Math.max(task.ts, from));
        phases[k]!.wall.push((to - from) / 1000);
        phases[k]!.busy.push(phaseBusy / 1000);
      }
    }
    // The CPU profile: ProfileChunk events carry nodes, samples and time deltas.
    const nodes = new Map<number, { url: string; line: number; column: number; name: string; parent?: number }>();
    const clocks = new Map<string, number>();
    for (const e of events.filter((x) => (x.name === 'Profile' || x.name === 'ProfileChunk') && x.pid === start.pid)) {
      if (e.name === 'Profile') {
        clocks.set(e.id!, e.args!.data.startTime);
        continue;
      }
      let sampleTime = clocks.get(e.id!) ?? 0;
      const data = e.args!.data;
      for (const node of data.cpuProfile?.nodes ?? []) {
        nodes.set(node.id, { url: node.callFrame.url ?? '', line: node.callFrame.lineNumber, column: node.callFrame.columnNumber, name: node.callFrame.functionName, parent: node.parent });
      }
      const samples: number[] = data.cpuProfile?.samples ?? [];
      const deltas: number[] = data.timeDeltas ?? [];
      for (let s = 0; s < samples.length; s++) {
        sampleTime += deltas[s] ?? 0;
        clocks.set(e.id!, sampleTime);
        const dt = (deltas[s + 1] ?? 0) / 1000;
        if (sampleTime < t0 || sampleTime > t1) continue;
        const node = nodes.get(samples[s]!);
        if (!node) continue;
        let file = node.url ? node.url.replace(server.origin, '') : `(${node.name.replace(/[()]/g, '')})`;
        let fn = node.name || '(anonymous)';
        const map = node.url.startsWith(server.origin) ? await mapOf(node.url) : null;
        if (map) {
          const original = map.originalPositionFor({ line: node.line + 1, column: node.column });
          if (original.source) {
            file = short(original.source);
            fn = `${original.name ?? node.name ?? '(anonymous)'} ${file}:${original.line}`;
          }
        }
        if (fn === '(idle)') continue;
        // A native call (appendChild, fetch…) is named with the mapped function that made it.
        const caller = !node.url && node.parent !== undefined ? nodes.get(node.parent) : undefined;
        if (caller?.url) {
          const map = caller.url.startsWith(server.origin) ? await mapOf(caller.url) : null;
          const original = map?.originalPositionFor({ line: caller.line + 1, column: caller.column });
          fn += ` ← ${original?.source ? `${original.name ?? caller.name} ${short(original.source)}:${original.line}` : caller.name || '(anonymous)'}`;
        }
        add(selfByFunction, fn, dt);
        add(selfByFile, file, dt);
      }
    }
    // Requests: send → finish, relative to the script's start.
    const sent = new Map<string, { url: string; ts: number }>();
    for (const e of events) {
      if (e.name === 'ResourceSendRequest' && e.pid === start.pid) sent.set(e.args!.data.requestId, { url: e.args!.data.url, ts: e.ts });
      if (e.name === 'ResourceFinish' && sent.has(e.args!.data.requestId)) {
        const request = sent.get(e.args!.data.requestId)!;
        const name = new URL(request.url).pathname.replace(/-[\w-]{8}\.js$/, '.js');
        const entry = requests.get(name) ?? { start: [], end: [] };
        entry.start.push((request.ts - t0) / 1000);
        entry.end.push((e.ts - t0) / 1000);
        requests.set(name, entry);
      }
    }
  }
} finally {
  await browser.close().catch(() => undefined);
  await server.close();
  await emu.stop();
  await built.remove();
}

const per = (ms: number): string => (ms / measured).toFixed(1);
const median = (values: number[]): string => {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]!.toFixed(1) : '—';
};
const top = (map: Map<string, number>, n: number): string[] =>
  [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([name, ms]) => `| ${name} | ${per(ms)} |`);
console.log(`${RETURNING ? 'Returning visitor' : 'Cold start'} of <latch-auth>, ${measured} loads (Chromium), script start → interactive ${per(windowTotal)} ms on average.`);
console.log(`Machine: ${cpus().length} cores, load average ${loadBefore.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after.\n`);
console.log('| main-thread tasks in the window, by what they run | ms per load |\n|---|---:|');
console.log(top(tasks, 12).join('\n'));
console.log('\n| phase (medians) | wall ms | main thread busy ms |\n|---|---:|---:|');
for (const phase of phases) console.log(`| ${phase.name} | ${median(phase.wall)} | ${median(phase.busy)} |`);
console.log('\n| self time by source file (CPU profile) | ms per load |\n|---|---:|');
console.log(top(selfByFile, 20).join('\n'));
console.log('\n| self time by function | ms per load |\n|---|---:|');
console.log(top(selfByFunction, 25).join('\n'));
console.log('\n| request (ms after script start, median) | sent | finished |\n|---|---:|---:|');
for (const [name, r] of [...requests].sort((a, b) => Number(median(a[1].start)) - Number(median(b[1].start)))) console.log(`| ${name} | ${median(r.start)} | ${median(r.end)} |`);
