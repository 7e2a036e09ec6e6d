// Size of the hosted service's packages, built exactly as scripts/size.mjs builds our entries
// (bundled with every dependency, minified, ESM, browser, code-split, production NODE_ENV;
// initial = entry chunk + the chunks it imports statically), so the ratios are like for like.
// Each entry re-exports what a page of that kind imports, as our entries do.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleEntry, type Bytes } from '../../scripts/size.mjs';
import { COMPARE_DIR, PINNED, ensureComparisons } from './install-comparisons.ts';

export type { Bytes };

export interface Comparison {
  name: string;
  source: string;
  /** Left out of the bundle (a page that already ships them pays nothing more). */
  external?: string[];
  note?: string;
}

export interface ComparisonSize {
  name: string;
  note?: string;
  initial?: Bytes;
  /** CSS in the initial bytes (counted as text, as our components carry theirs in JS). */
  cssMin?: number;
  lazy?: Bytes;
  lazyChunks?: number;
  /** Why there is no figure. */
  notMeasured?: string;
}

const REACT = ['react', 'react-dom', 'react/*', 'react-dom/*'];
// The kit refuses to render properly without its stylesheet ("You must import … styles.css"),
// and `createRoot` is how any React page mounts the provider.
const REACT_KIT = `export { TurnkeyProvider, useTurnkey } from '@turnkey/react-wallet-kit';
export { default as turnkeyStyles } from '@turnkey/react-wallet-kit/styles.css';
export { createRoot } from 'react-dom/client';`;

export const COMPARISONS: Comparison[] = [
  { name: '@turnkey/react-wallet-kit (React included)', source: REACT_KIT, note: 'with react + react-dom and the required styles.css' },
  { name: '@turnkey/react-wallet-kit (React external)', source: REACT_KIT, external: REACT, note: 'react/react-dom left out; styles.css included' },
  { name: '@turnkey/core', source: `export { TurnkeyClient } from '@turnkey/core';` },
  { name: '@turnkey/sdk-browser', source: `export { Turnkey } from '@turnkey/sdk-browser';` },
  {
    name: '@turnkey/crypto + @turnkey/api-key-stamper',
    source: `export { ApiKeyStamper } from '@turnkey/api-key-stamper';
export { decryptCredentialBundle } from '@turnkey/crypto';`,
  },
];

async function measureOne(comparison: Comparison, index: number): Promise<ComparisonSize> {
  // Entries live inside the comparison folder so its node_modules resolve first.
  const file = join(COMPARE_DIR, 'entries', `entry-${index}.js`);
  writeFileSync(file, comparison.source + '\n');
  try {
    const sized = await bundleEntry({
      file,
      outdir: join(COMPARE_DIR, 'out', String(index)),
      external: comparison.external ?? [],
      loader: { '.css': 'text' },
    });
    const cssMin = sized.initialOutputs.reduce((total, out) => {
      const inputs = Object.entries(sized.metafile.outputs[out]?.inputs ?? {});
      return total + inputs.filter(([path]) => path.endsWith('.css')).reduce((n, [, input]) => n + input.bytesInOutput, 0);
    }, 0);
    return { name: comparison.name, note: comparison.note, initial: sized.initial, cssMin, lazy: sized.lazy, lazyChunks: sized.lazyChunks };
  } catch (error) {
    const errors = (error as { errors?: { text: string }[] }).errors ?? [];
    return { name: comparison.name, note: comparison.note, notMeasured: `build failed: ${errors.map((e) => e.text).join('; ') || String(error)}` };
  }
}

const kb = (n: number): string => (n / 1000).toFixed(2);

export function comparisonTable(results: ComparisonSize[]): string {
  const rows = [
    '| comparison | min KB | gzip KB | brotli KB | of which CSS (min KB) | lazy chunks (brotli KB) | note |',
    '|---|---:|---:|---:|---:|---:|---|',
  ];
  for (const r of results) {
    if (!r.initial) rows.push(`| ${r.name} | — | — | — | — | — | not measured: ${r.notMeasured} |`);
    else rows.push(`| ${r.name} | ${kb(r.initial.min)} | ${kb(r.initial.gzip)} | ${kb(r.initial.brotli)} | ${kb(r.cssMin ?? 0)} | ${r.lazyChunks} (${kb(r.lazy?.brotli ?? 0)}) | ${r.note ?? ''} |`);
  }
  return rows.join('\n');
}

/** One of our entries as scripts/size.mjs `measure()` returns it (only what we read). */
export interface OwnSize {
  name: string;
  initial?: Bytes;
  error?: string;
}

export interface SizeRatio {
  ours: string;
  theirs: string;
  /** theirs / ours, brotli and gzip of the initial JavaScript; absent when either is missing. */
  brotli?: number;
  gzip?: number;
  goal?: string;
  notMeasured?: string;
}

const DROP_IN = '<latch-auth>';
// Until the drop-in has its own entry, the whole kit registered is an upper bound for it.
const DROP_IN_STAND_IN = 'define (latchkey/define)';

/**
 * The issue's size ratios (theirs / ours, so larger is better for us): the drop-in against the
 * hosted React kit (goal ≥ 10×), the signing session against @turnkey/core and against
 * @turnkey/crypto + api-key-stamper, the core against @turnkey/core and @turnkey/sdk-browser.
 */
export function sizeRatios(ours: OwnSize[], theirs: ComparisonSize[]): { json: SizeRatio[]; markdown: string } {
  const dropIn = ours.some((o) => o.name === DROP_IN) ? DROP_IN : DROP_IN_STAND_IN;
  const pairs: [string, string, string?][] = [
    [dropIn, COMPARISONS[0]!.name, '≥ 10×'],
    [dropIn, COMPARISONS[1]!.name],
    ['signing session', '@turnkey/core'],
    ['signing session', '@turnkey/crypto + @turnkey/api-key-stamper'],
    ['core (latchkey)', '@turnkey/core'],
    ['core (latchkey)', '@turnkey/sdk-browser'],
  ];
  const round = (n: number): number => Math.round(n * 10) / 10;
  const json = pairs.map(([ourName, theirName, goal]): SizeRatio => {
    const mine = ours.find((o) => o.name === ourName);
    const other = theirs.find((t) => t.name === theirName);
    const label = ourName === DROP_IN_STAND_IN ? `${ourName} (stand-in for ${DROP_IN}: no entry yet)` : ourName;
    if (!mine?.initial || !other?.initial) {
      const reason = !mine ? `no entry '${ourName}'` : !mine.initial ? `'${ourName}' did not build` : `'${theirName}' ${other?.notMeasured ?? 'missing'}`;
      return { ours: label, theirs: theirName, goal, notMeasured: reason };
    }
    return { ours: label, theirs: theirName, goal, brotli: round(other.initial.brotli / mine.initial.brotli), gzip: round(other.initial.gzip / mine.initial.gzip) };
  });
  const rows = ['| ours | theirs | × smaller (brotli) | × smaller (gzip) | goal |', '|---|---|---:|---:|---|'];
  for (const r of json) {
    if (r.brotli === undefined) rows.push(`| ${r.ours} | ${r.theirs} | — | — | not measured: ${r.notMeasured} |`);
    else rows.push(`| ${r.ours} | ${r.theirs} | ${r.brotli} | ${r.gzip} | ${r.goal ? `${r.goal} ${r.brotli >= 10 ? '✓' : '✗'}` : ''} |`);
  }
  return { json, markdown: `Size ratios (theirs ÷ ours, initial JavaScript)\n\n${rows.join('\n')}` };
}

/**
 * Installs the pinned hosted packages if needed, builds each comparison and returns the sizes;
 * given our own sizes (scripts/size.mjs `measure()`), also the ratios. Never throws for a
 * failed install or build: those become "not measured" rows.
 */
export async function comparisonSizes(ours?: OwnSize[]): Promise<{ json: { versions: Record<string, string>; sizes: ComparisonSize[]; ratios?: SizeRatio[] }; markdown: string }> {
  const installed = await ensureComparisons();
  let sizes: ComparisonSize[];
  if (!installed.ok) {
    sizes = COMPARISONS.map((c) => ({ name: c.name, note: c.note, notMeasured: installed.reason }));
  } else {
    rmSync(join(COMPARE_DIR, 'out'), { recursive: true, force: true });
    mkdirSync(join(COMPARE_DIR, 'entries'), { recursive: true });
    sizes = [];
    for (const [index, comparison] of COMPARISONS.entries()) sizes.push(await measureOne(comparison, index));
  }
  const heading = 'Hosted SDK sizes, built like our entries (initial JavaScript, everything bundled, minified)';
  let markdown = `${heading}\n\n${comparisonTable(sizes)}`;
  const json: { versions: Record<string, string>; sizes: ComparisonSize[]; ratios?: SizeRatio[] } = { versions: { ...PINNED }, sizes };
  if (ours) {
    const ratios = sizeRatios(ours, sizes);
    json.ratios = ratios.json;
    markdown += `\n\n${ratios.markdown}`;
  }
  return { json, markdown };
}
