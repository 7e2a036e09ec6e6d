// Crypto speed in Chromium (npm run bench): Latchkey against the hosted SDK in ONE page, ONE
// run, same inputs (published vectors), so both sides share the browser, its WebCrypto and the
// machine's load. The page is served from 127.0.0.1 (a secure context: WebCrypto and IndexedDB
// behave as on a real HTTPS site). Bounded: each side of each operation runs at most
// `maxIterations` times or `maxMs`, whichever comes first.
import { build, type BuildOptions, type BuildResult } from 'esbuild';
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import puppeteer, { type Browser } from 'puppeteer-core';
import { COMPARE_DIR, PINNED, ROOT, ensureComparisons } from './install-comparisons.ts';
import type { BenchInputs, OperationResult } from './crypto-page/page.ts';

export interface SpeedRow {
  operation: string;
  ours: string;
  theirs: string;
  latchkeyOpsPerSecond?: number;
  hostedOpsPerSecond?: number;
  /**
   * ours / theirs, above 1 when Latchkey is faster: the median of the ratios of each round's
   * two sides, which ran back to back, so a slow spell of a shared machine divides out.
   */
  ratio?: number;
  goal?: string;
  notMeasured?: string;
}

export interface CryptoSpeedJson {
  browser?: string;
  versions: Record<string, string>;
  operations: SpeedRow[];
  /** Why the hosted side is missing from every row (install, bundle or load failure). */
  hostedError?: string;
  /** Why nothing at all was measured. */
  error?: string;
}

export interface CryptoSpeedOptions {
  maxIterations?: number;
  maxMs?: number;
  warmUp?: number;
  /** Only these operations (by name), e.g. `['decrypt a credential bundle']` for `--only=decrypt`. */
  only?: string[];
}

// The goals: stamping and bundle decryption at least 3× faster than the hosted SDK. Decryption
// was 4× while the bundles' HPKE was hand-written; through @hpke/core (issue 26) it is 3× again.
const GOALS: Record<string, number> = { 'stamp a 1 KB body': 3, 'decrypt a credential bundle': 3 };

const vector = (name: string): Record<string, unknown> => JSON.parse(readFileSync(join(ROOT, 'test', 'vectors', name), 'utf8')) as Record<string, unknown>;

/** A sign_raw_payload request body padded to exactly 1024 bytes, as a page would stamp. */
function oneKilobyteBody(): string {
  const shape = (payload: string): string =>
    JSON.stringify({
      type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
      timestampMs: '1700000000000',
      organizationId: '7c5e0a1b-2f4d-4e8a-9b3c-6d1f0e2a4b5c',
      parameters: { signWith: '0x5a7b1d9c3e2f4a6b8c0d1e2f3a4b5c6d7e8f9a0b', payload, encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_KECCAK256' },
    });
  return shape('ab'.repeat((1024 - shape('').length) / 2).padEnd(1024 - shape('').length, 'c'));
}

async function bundlePage(hostedReady: boolean): Promise<{ page: string; hosted?: string; hostedError?: string }> {
  // Built like a production page: minified, production NODE_ENV, one file per side.
  const common: BuildOptions = { bundle: true, format: 'esm', minify: true, target: 'es2022', platform: 'browser', write: false, logLevel: 'silent', define: { 'process.env.NODE_ENV': '"production"' }, external: ['crypto', 'node:*'] };
  const text = (result: BuildResult): string => result.outputFiles?.[0]?.text ?? '';
  const page = text(await build({ ...common, entryPoints: [join(ROOT, 'test', 'bench', 'crypto-page', 'page.ts')], absWorkingDir: ROOT, tsconfig: join(ROOT, 'tsconfig.json') }));
  if (!hostedReady) return { page };
  try {
    // Resolved inside the comparison install only; the page reads it from globalThis.
    const hosted = await build({
      ...common,
      // No `crypto` external here: a page must load, and api-key-stamper's own `browser` field
      // maps its Node-only branch's `crypto` to an empty module, as a browser bundler would.
      external: ['node:*'],
      stdin: {
        resolveDir: COMPARE_DIR,
        contents: `import { ApiKeyStamper } from '@turnkey/api-key-stamper';
import { IndexedDbStamper } from '@turnkey/indexed-db-stamper';
import { decryptCredentialBundle, generateP256KeyPair, verify } from '@turnkey/crypto';
globalThis.hostedSdk = { ApiKeyStamper, IndexedDbStamper, decryptCredentialBundle, generateP256KeyPair, verify };`,
      },
    });
    return { page, hosted: text(hosted) };
  } catch (error) {
    const errors = (error as { errors?: { text: string }[] }).errors ?? [];
    return { page, hostedError: `hosted bundle failed: ${errors.map((e) => e.text).join('; ') || String(error)}` };
  }
}

function serve(files: Record<string, string>): Promise<Server> {
  const server = createServer((request, response) => {
    const body = files[request.url ?? ''];
    if (body === undefined) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': request.url === '/' ? 'text/html' : 'text/javascript', 'cache-control': 'no-store' }).end(body);
  });
  return new Promise((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', () => resolve(server)));
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The median of ours[i] / theirs[i]: round i of each side ran back to back. */
export function pairedRatio(ours: number[], theirs: number[]): number {
  const pairs = Math.min(ours.length, theirs.length);
  return median(Array.from({ length: pairs }, (_, i) => ours[i]! / theirs[i]!));
}

export function speedTable(rows: SpeedRow[], heading: string): string {
  const lines = [heading, '', '| operation | Latchkey ops/s | hosted ops/s | × faster | goal | Latchkey | hosted | note |', '|---|---:|---:|---:|---|---|---|---|'];
  for (const r of rows) {
    const goal = r.goal && r.ratio !== undefined ? `${r.goal} ${r.ratio >= GOALS[r.operation]! ? '✓' : '✗'}` : (r.goal ?? '');
    const fmt = (n?: number): string => (n === undefined ? '—' : String(n));
    const note = r.notMeasured ? `not measured: ${r.notMeasured}` : '';
    lines.push(`| ${r.operation} | ${fmt(r.latchkeyOpsPerSecond)} | ${fmt(r.hostedOpsPerSecond)} | ${fmt(r.ratio)} | ${goal} | ${r.ours} | ${r.theirs} | ${note} |`);
  }
  return lines.join('\n');
}

/**
 * Runs the crypto comparison in headless Chromium and returns ops/s per operation and side,
 * with ratio = Latchkey / hosted. Installs the pinned hosted packages if needed; without them
 * only Latchkey is measured and each row says why. The browser and server always close.
 */
export async function cryptoSpeed(options: CryptoSpeedOptions = {}): Promise<{ json: CryptoSpeedJson; markdown: string }> {
  const { findChrome, CHROME_FLAGS } = await import('../../scripts/find-chrome.mjs');
  const heading = 'Crypto in Chromium (one page, one run, same inputs; ops/s, × faster = Latchkey ÷ hosted)';
  const versions = { '@turnkey/api-key-stamper': PINNED['@turnkey/api-key-stamper'], '@turnkey/crypto': PINNED['@turnkey/crypto'], '@turnkey/indexed-db-stamper': PINNED['@turnkey/indexed-db-stamper'] };
  const fail = (error: string): { json: CryptoSpeedJson; markdown: string } => ({
    json: { versions, operations: [], error },
    markdown: `${heading}\n\nnot measured: ${error}`,
  });

  const executablePath = findChrome();
  if (!executablePath) return fail('no Chromium found (set CHROME_PATH or run node scripts/engines.mjs as root)');
  const installed = await ensureComparisons();
  const bundles = await bundlePage(installed.ok);
  let hostedMissing = !installed.ok ? installed.reason : bundles.hostedError;

  const stamp = vector('stamp.json') as { fixtureKeyPair: BenchInputs['stampKey'] };
  const inputs: BenchInputs = {
    body: oneKilobyteBody(),
    stampKey: stamp.fixtureKeyPair,
    credential: vector('credential-bundle.json') as unknown as BenchInputs['credential'],
    proof: vector('app-proof-1.json') as unknown as BenchInputs['proof'],
    maxIterations: options.maxIterations ?? 20_000,
    maxMs: options.maxMs ?? 2000,
    warmUp: options.warmUp ?? 5,
    ...(options.only ? { only: options.only } : {}),
  };
  const scripts = bundles.hosted ? '<script type="module" src="/hosted.js"></script><script type="module" src="/page.js"></script>' : '<script type="module" src="/page.js"></script>';
  const files: Record<string, string> = { '/': `<!doctype html><meta charset="utf-8"><title>crypto bench</title>${scripts}`, '/page.js': bundles.page };
  if (bundles.hosted) files['/hosted.js'] = bundles.hosted;

  let server: Server | undefined;
  let browser: Browser | undefined;
  try {
    server = await serve(files);
    const { port } = server.address() as AddressInfo;
    browser = await puppeteer.launch({ executablePath, headless: true, args: [...CHROME_FLAGS, '--js-flags=--expose-gc'], timeout: 30_000, protocolTimeout: 300_000 });
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'load', timeout: 30_000 });
    await page.waitForFunction(() => 'runBench' in globalThis, { timeout: 10_000 }).catch(() => {
      throw new Error(`the page did not start: ${pageErrors.join('; ') || 'no runBench'}`);
    });
    if (!hostedMissing && !(await page.evaluate(() => 'hostedSdk' in globalThis))) {
      hostedMissing = `the hosted bundle did not load: ${pageErrors.join('; ') || 'no error reported'}`;
    }
    const results = (await page.evaluate((given) => (globalThis as unknown as { runBench(i: unknown): Promise<unknown> }).runBench(given), inputs)) as OperationResult[];
    const round = (n: number): number => Math.round(n * 100) / 100;
    const operations = results.map((r): SpeedRow => {
      const row: SpeedRow = { operation: r.operation, ours: r.ours, theirs: r.theirs, latchkeyOpsPerSecond: r.latchkey?.opsPerSecond, hostedOpsPerSecond: r.hosted?.opsPerSecond };
      if (r.latchkey && r.hosted) row.ratio = round(pairedRatio(r.latchkey.roundOpsPerSecond, r.hosted.roundOpsPerSecond));
      if (GOALS[r.operation]) row.goal = `≥ ${GOALS[r.operation]}×`;
      if (r.notMeasured) row.notMeasured = r.notMeasured;
      return row;
    });
    const markdown = speedTable(operations, heading) + (hostedMissing ? `\n\nHosted SDK not measured: ${hostedMissing}` : '');
    return { json: { browser: await browser.version(), versions, operations, ...(hostedMissing ? { hostedError: hostedMissing } : {}) }, markdown };
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  } finally {
    await browser?.close().catch(() => undefined);
    server?.closeAllConnections();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  }
}
