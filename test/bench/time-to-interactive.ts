// Time to interactive of <latch-auth> (npm run bench): a page holding only
// `<latch-auth proxy-url config-id>` (test/bench/tti-page/), built for production by the e2e
// harness's Vite build, served from localhost under the strict CSP, against the e2e emulator, in
// Debian's Chromium driven by puppeteer-core. Measured in the page (tti-page/tti-probe.ts): from
// the script's first statement to the first input of the element being focusable with the
// config's methods shown, and from navigation start to the same moment.
//
// Cold: every load in a new incognito context (empty HTTP cache, no code cache, no connections),
// after one unmeasured load that starts the browser's own services.
// Warm: new tabs in one context after two unmeasured loads, hashed assets cached as a host would
// cache them (immutable), the HTML revalidated, the kit's kept config cleared before each load.
// Returning: the same, with the wallet_kit_config the last load kept (src/kit/config-cache.ts):
// the element renders from it before the answer. Its figure is navigation → interactive minus
// navigation → script start, which is the script start → interactive column.
// Floors (floor-page/): the same methods, parts, texts, logos and style sheets drawn with none of
// the kit's logic, once by lit elements and once by plain DOM calls, after the same request and
// the same kept-config read. Their loads alternate with the kit's, load by load, so that the
// machine's drift (±30% between quarter-hours here) moves all three alike: the kit's figure can
// be read against what lit alone, and the page alone, cost in the same minutes.
// Bounded: each load gives up after 15 s. Browser, server, build and emulator always close.
import { readFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from 'puppeteer-core';
import { orderLoginMethods } from '../../src/kit/login-methods.ts';
import { launchBrowser, watch, type Browser, type PageProblems } from '../e2e/support/browser.ts';
import { buildPages, type BuiltPages } from '../e2e/support/build-pages.ts';
import { strictCsp } from '../e2e/support/csp.ts';
import { startE2eEmulator, type E2eEmulator } from '../e2e/support/e2e-emulator.ts';
import { serveStatic, type StaticServer } from '../e2e/support/static-server.ts';
import type { TtiResult, TtiSample } from './tti-page/tti-probe.ts';

const PAGE_DIR = fileURLToPath(new URL('./tti-page/', import.meta.url));
const FLOOR_DIR = fileURLToPath(new URL('./floor-page/', import.meta.url));
/** The floors' pages in floor-page/, by name. */
const FLOORS = ['lit', 'plain'] as const;
export type FloorName = (typeof FLOORS)[number];
const CONFIG_ID = 'demo';
const LOAD_TIMEOUT_MS = 15_000;
/** Unmeasured loads before the warm series: Chromium keeps a script's code cache from its third load. */
const WARM_UP_LOADS = 2;

export interface TimeToInteractiveOptions {
  /** Measured loads per series (default 20). */
  loads?: number;
  /** Also measure warm and returning loads (default true). */
  warm?: boolean;
  /** Also measure the floors, their loads alternating with the kit's (default true). */
  floors?: boolean;
}

/** One page's series. */
export interface TtiSeriesSet {
  cold?: TtiSeries;
  warm?: TtiSeries;
  returning?: TtiSeries;
}

export interface Spread {
  median: number;
  p90: number;
  min: number;
  max: number;
}

export interface TtiSeries {
  /** Loads that reached interactive with the config's methods and a clean console. */
  measured: number;
  /** Script start → interactive (the issue's figure), ms. */
  scriptToReadyMs?: Spread;
  /** Navigation start → interactive, ms. */
  navigationToReadyMs?: Spread;
  /** Navigation start → script start (HTML and bundle fetched, compiled), ms. */
  navigationToScriptMs?: Spread;
  /** Navigation start → wallet_kit_config answered, ms (loads that saw the answer before interactive). */
  navigationToConfigMs?: Spread;
  /** Script start → the wallet_kit_config request left (Resource Timing's start), ms. */
  scriptToConfigRequestMs?: Spread;
  /** wallet_kit_config answered → interactive, ms (likewise). */
  configToReadyMs?: Spread;
  /** Loads interactive before the wallet_kit_config answer had arrived. */
  readyBeforeConfig: number;
  /** Why each failed load failed (a timeout, a page error, other methods than the config's…). */
  failures: string[];
}

export interface TimeToInteractiveJson {
  browser?: string;
  loads: number;
  configId: string;
  /** The methods the config enables, in the order the drop-in shows them. */
  methods?: string[];
  /** Initial JavaScript the page loads (the entry chunk), bytes as served. */
  entryBytes?: number;
  cold?: TtiSeries;
  warm?: TtiSeries;
  returning?: TtiSeries;
  /** The same series for the floors (lit elements, plain DOM), measured alongside. */
  floors?: Partial<Record<FloorName, TtiSeriesSet>>;
  /**
   * The machine's one-minute load average before and after, and its cores: timings measured
   * while other work shares the cores spread wide, and this says how busy they were.
   */
  machine?: { cores: number; loadBefore: number; loadAfter: number };
  /** Why nothing was measured. */
  error?: string;
}

const round = (n: number): number => Math.round(n * 10) / 10;

/** Median (mean of the middle two for an even count), nearest-rank p90, min and max. */
export function spread(values: number[]): Spread | undefined {
  if (!values.length) return undefined;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length / 2;
  const median = s.length % 2 ? s[Math.floor(mid)]! : (s[mid - 1]! + s[mid]!) / 2;
  return { median: round(median), p90: round(s[Math.ceil(0.9 * s.length) - 1]!), min: round(s[0]!), max: round(s[s.length - 1]!) };
}

/** The config's methods as the emulator answers them, in the drop-in's default order. */
async function configMethods(emu: E2eEmulator): Promise<string[]> {
  const answer = await fetch(`${emu.urls.proxyUrl}/v1/wallet_kit_config`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-auth-proxy-config-id': CONFIG_ID },
    body: '{}',
  });
  if (!answer.ok) throw new Error(`wallet_kit_config answered ${answer.status}`);
  const { enabledProviders } = (await answer.json()) as { enabledProviders: string[] };
  return orderLoginMethods(enabledProviders);
}

/** A built page's HTML with the emulator's proxy URL and the config id written in. */
async function pageHtml(built: BuiltPages, emu: E2eEmulator, file: string): Promise<string> {
  const html = await readFile(join(built.outDir, file), 'utf8');
  if (!html.includes('__LATCH_PROXY_URL__')) throw new Error('the built page has no proxy-url placeholder');
  return html.replaceAll('__LATCH_PROXY_URL__', emu.urls.proxyUrl).replaceAll('__LATCH_CONFIG_ID__', CONFIG_ID);
}

async function entryBytes(built: BuiltPages, html: string): Promise<number | undefined> {
  const src = /<script type="module"[^>]*src="\/?([^"]+)"/.exec(html)?.[1];
  return src ? (await readFile(join(built.outDir, src))).length : undefined;
}

/** Serves `built` on an origin of its own, `pages` (path → HTML) revalidated, its hashed assets cached for good; returns the origin. */
async function serve(built: BuiltPages, emu: E2eEmulator, pages: Record<string, string>, cleanups: (() => Promise<unknown>)[]): Promise<string> {
  const server: StaticServer = await serveStatic({
    mounts: { '/': built.outDir },
    // Vite's assets carry a content hash: a host caches them for good (what the warm series uses).
    headers: { 'content-security-policy': strictCsp(emu.urls), 'cache-control': 'public, max-age=31536000, immutable' },
    handle: (_req, res, path) => {
      const html = pages[path];
      if (html === undefined) return false;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
      res.end(html);
      return true;
    },
  });
  cleanups.push(() => server.close());
  return server.origin;
}

function problemText(problems: PageProblems): string | undefined {
  const all = [...problems.pageErrors, ...problems.consoleErrors, ...problems.failedRequests];
  return all.length ? all.slice(0, 3).join(' | ') : undefined;
}

/** One load in a new tab of `context`: the page's sample, or why there is none. */
async function load(context: BrowserContext, url: string, expected: string[], forgetConfig = false): Promise<TtiSample | string> {
  const page = await context.newPage();
  // A string, not a function (see below). The page's origin only: what the kit kept there.
  if (forgetConfig) await page.evaluateOnNewDocument('try { localStorage.clear() } catch {}');
  const problems: PageProblems = { consoleErrors: [], pageErrors: [], failedRequests: [] };
  watch(page, problems);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => (timer = setTimeout(() => resolve(`no interactive element within ${LOAD_TIMEOUT_MS / 1000} s`), LOAD_TIMEOUT_MS)));
  const run = async (): Promise<TtiSample | string> => {
    await page.goto(url, { waitUntil: 'load', timeout: LOAD_TIMEOUT_MS });
    // A string, not a function: nothing of tsx's compiled helpers is carried into the page.
    const result = (await page.evaluate('window.__tti')) as TtiResult | undefined;
    // No probe: the page's script did not run (a failed request says why, if one did).
    if (!result) return problemText(problems) ?? 'the page ran no probe (no window.__tti)';
    if (!result.ok) return result.error;
    if (result.sample.methods.join() !== expected.join()) return `shows ${result.sample.methods.join(',')} instead of the config's ${expected.join(',')}`;
    return problemText(problems) ?? result.sample;
  };
  try {
    return await Promise.race([run().catch((error: unknown) => (error instanceof Error ? error.message : String(error))), timeout]);
  } finally {
    clearTimeout(timer);
    await page.close().catch(() => undefined);
  }
}

function series(samples: TtiSample[], failures: string[]): TtiSeries {
  const pick = (f: (s: TtiSample) => number | undefined): Spread | undefined => spread(samples.map(f).filter((n): n is number => n !== undefined));
  return {
    measured: samples.length,
    scriptToReadyMs: pick((s) => s.scriptToReadyMs),
    navigationToReadyMs: pick((s) => s.navigationToReadyMs),
    navigationToScriptMs: pick((s) => s.scriptStartMs),
    navigationToConfigMs: pick((s) => s.configResponseMs),
    scriptToConfigRequestMs: pick((s) => (s.configRequestMs === undefined ? undefined : s.configRequestMs - s.scriptStartMs)),
    configToReadyMs: pick((s) => (s.configResponseMs === undefined ? undefined : s.navigationToReadyMs - s.configResponseMs)),
    readyBeforeConfig: samples.filter((s) => s.configResponseMs === undefined).length,
    failures,
  };
}

/** A page to measure: the kit's or a floor's, at its URL. */
interface Measured {
  name: 'kit' | FloorName;
  url: string;
}

type SeriesOf = Record<Measured['name'], TtiSeries>;

/** Collects each page's samples and failures, then makes its series. */
function collector(pages: Measured[]) {
  const samples = new Map(pages.map((p) => [p.name, [] as TtiSample[]]));
  const failures = new Map(pages.map((p) => [p.name, [] as string[]]));
  return {
    add(page: Measured, result: TtiSample | string): void {
      if (typeof result === 'string') failures.get(page.name)!.push(result);
      else samples.get(page.name)!.push(result);
    },
    series: (): SeriesOf => Object.fromEntries(pages.map((p) => [p.name, series(samples.get(p.name)!, failures.get(p.name)!)])) as SeriesOf,
  };
}

async function cold(browser: Browser, pages: Measured[], expected: string[], loads: number): Promise<SeriesOf> {
  const collected = collector(pages);
  // One unmeasured load of each page first: a freshly launched browser's first navigation also
  // starts its network service and the like, which is no part of the page.
  for (let i = -1; i < loads; i++) {
    for (const page of pages) {
      const context = await browser.createBrowserContext();
      try {
        const result = await load(context, page.url, expected);
        if (i >= 0) collected.add(page, result);
      } finally {
        await context.close().catch(() => undefined);
      }
    }
  }
  return collected.series();
}

async function warm(browser: Browser, pages: Measured[], expected: string[], loads: number, keptConfig: boolean): Promise<SeriesOf> {
  const collected = collector(pages);
  // A context per page: each has its own HTTP cache, code cache and kept config.
  const contexts: BrowserContext[] = [];
  try {
    for (const _ of pages) contexts.push(await browser.createBrowserContext());
    for (let i = 0; i < WARM_UP_LOADS; i++) for (const [n, page] of pages.entries()) await load(contexts[n]!, page.url, expected, !keptConfig);
    for (let i = 0; i < loads; i++) {
      for (const [n, page] of pages.entries()) collected.add(page, await load(contexts[n]!, page.url, expected, !keptConfig));
    }
  } finally {
    for (const context of contexts) await context.close().catch(() => undefined);
  }
  return collected.series();
}

export function ttiMarkdown(json: TimeToInteractiveJson): string {
  const heading = `## Time to interactive of <latch-auth> (Chromium, production build, emulator on 127.0.0.1; ${json.loads} loads each)`;
  if (json.error) return `${heading}\n\nnot measured: ${json.error}`;
  const lines = [
    heading,
    '',
    `Config \`${json.configId}\` shows ${json.methods?.join(', ')}; entry chunk ${json.entryBytes === undefined ? '?' : `${(json.entryBytes / 1024).toFixed(1)} KB`} minified.`,
    '',
    '| loads | measured | script start → interactive: median | p90 | min | max | navigation → interactive: median | p90 | navigation → script start: median | navigation → config answered: median | config answered → interactive: median | interactive before the answer |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const cell = (n?: number): string => (n === undefined ? '—' : `${n} ms`);
  const rows = [
    ['cold (new incognito context)', json.cold],
    ['warm (cached assets, same context, no kept config)', json.warm],
    ['returning (cached assets and the kept config)', json.returning],
  ] as const;
  for (const [name, s] of rows) {
    if (!s) continue;
    lines.push(
      `| ${name} | ${s.measured} / ${s.measured + s.failures.length} | ${cell(s.scriptToReadyMs?.median)} | ${cell(s.scriptToReadyMs?.p90)} | ${cell(s.scriptToReadyMs?.min)} | ${cell(s.scriptToReadyMs?.max)} | ${cell(s.navigationToReadyMs?.median)} | ${cell(s.navigationToReadyMs?.p90)} | ${cell(s.navigationToScriptMs?.median)} | ${cell(s.navigationToConfigMs?.median)} | ${cell(s.configToReadyMs?.median)} | ${s.readyBeforeConfig} / ${s.measured} |`,
    );
  }
  const floors = json.floors;
  if (floors?.lit && floors.plain) {
    lines.push(
      '',
      'Floors (test/bench/floor-page/): the same methods, parts, texts, logos and style sheets after the same request and kept-config read, with none of the kit\'s logic, drawn by lit elements and by plain DOM calls; each load alternates with the kit\'s. Median (p90):',
      '',
      '| figure | <latch-auth> | lit floor | plain-DOM floor | <latch-auth> ÷ lit floor |',
      '|---|---:|---:|---:|---:|',
    );
    const both = (s?: Spread): string => (s ? `${s.median} ms (${s.p90})` : '—');
    const figures = [
      ['cold: script start → interactive', (set?: TtiSeriesSet) => set?.cold?.scriptToReadyMs],
      ['cold: config answered → interactive', (set?: TtiSeriesSet) => set?.cold?.configToReadyMs],
      ['cold: script start → config request sent', (set?: TtiSeriesSet) => set?.cold?.scriptToConfigRequestMs],
      ['warm: script start → interactive', (set?: TtiSeriesSet) => set?.warm?.scriptToReadyMs],
      ['warm: script start → config request sent', (set?: TtiSeriesSet) => set?.warm?.scriptToConfigRequestMs],
      ['returning: script start → interactive', (set?: TtiSeriesSet) => set?.returning?.scriptToReadyMs],
    ] as const;
    for (const [name, pick] of figures) {
      const [kit, lit, plain] = [pick(json), pick(floors.lit), pick(floors.plain)];
      if (kit === undefined && lit === undefined) continue;
      const ratio = kit && lit?.median ? `${(kit.median / lit.median).toFixed(2)}× (${lit.p90 ? (kit.p90 / lit.p90).toFixed(2) : '—'}×)` : '—';
      lines.push(`| ${name} | ${both(kit)} | ${both(lit)} | ${both(plain)} | ${ratio} |`);
    }
  }
  const floorFailures = Object.values(floors ?? {}).flatMap((set) => [...(set.cold?.failures ?? []), ...(set.warm?.failures ?? []), ...(set.returning?.failures ?? [])]);
  if (floorFailures.length) lines.push('', `Failed floor loads: ${[...new Set(floorFailures)].join('; ')}`);
  const failures = [...(json.cold?.failures ?? []), ...(json.warm?.failures ?? []), ...(json.returning?.failures ?? [])];
  if (failures.length) lines.push('', `Failed loads: ${[...new Set(failures)].join('; ')}`);
  const m = json.machine;
  if (m) lines.push('', `Machine: ${m.cores} cores, load average ${m.loadBefore} before and ${m.loadAfter} after (above the core count, the spread is mostly other work).`);
  lines.push('', 'Interactive: the first input in the element is connected, enabled, laid out and visible, and every method the config enables is rendered.');
  return lines.join('\n');
}

/**
 * Measures the time to interactive of `<latch-auth>` over `loads` cold loads (and as many warm
 * ones) and returns the JSON and a markdown table. Never throws: a set-up failure is reported in
 * `json.error`, a failed load in its series' `failures`.
 */
export async function timeToInteractive(options: TimeToInteractiveOptions = {}): Promise<{ json: TimeToInteractiveJson; markdown: string }> {
  const loads = options.loads ?? 20;
  const json: TimeToInteractiveJson = { loads, configId: CONFIG_ID };
  const loadBefore = round(loadavg()[0]!);
  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    const emu = await startE2eEmulator();
    cleanups.push(() => emu.stop());
    const built = await buildPages({ root: PAGE_DIR, entries: ['index.html'] });
    cleanups.push(() => built.remove());
    const html = await pageHtml(built, emu, 'index.html');
    json.methods = await configMethods(emu);
    json.entryBytes = await entryBytes(built, html);
    const pages: Measured[] = [{ name: 'kit', url: await serve(built, emu, { '/': html, '/index.html': html }, cleanups) }];
    if (options.floors !== false) {
      const floors = await buildPages({ root: FLOOR_DIR, entries: FLOORS.map((name) => `${name}.html`) });
      cleanups.push(() => floors.remove());
      const floorHtml = Object.fromEntries(await Promise.all(FLOORS.map(async (name) => [`/${name}.html`, await pageHtml(floors, emu, `${name}.html`)])));
      const origin = await serve(floors, emu, floorHtml, cleanups);
      for (const name of FLOORS) pages.push({ name, url: `${origin}/${name}.html` });
    }
    const browser = await launchBrowser();
    cleanups.push(() => browser.close());
    json.browser = await browser.version();
    const sets: Partial<Record<Measured['name'], TtiSeriesSet>> = Object.fromEntries(pages.map((p) => [p.name, {}]));
    const record = (kind: keyof TtiSeriesSet, measured: SeriesOf): void => pages.forEach((p) => (sets[p.name]![kind] = measured[p.name]));
    record('cold', await cold(browser, pages, json.methods, loads));
    if (options.warm !== false) {
      record('warm', await warm(browser, pages, json.methods, loads, false));
      record('returning', await warm(browser, pages, json.methods, loads, true));
    }
    Object.assign(json, sets.kit);
    if (pages.length > 1) json.floors = Object.fromEntries(FLOORS.map((name) => [name, sets[name]]));
    json.machine = { cores: cpus().length, loadBefore, loadAfter: round(loadavg()[0]!) };
  } catch (error) {
    json.error = error instanceof Error ? error.message : String(error);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  }
  return { json, markdown: ttiMarkdown(json) };
}
