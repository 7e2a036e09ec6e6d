// Types for scripts/size.mjs, for the TypeScript benches that reuse it.
import type { Metafile } from 'esbuild';

export interface Bytes {
  min: number;
  gzip: number;
  brotli: number;
}

export interface BundledEntry {
  initial: Bytes;
  lazy: Bytes;
  lazyChunks: number;
  initialOutputs: string[];
  metafile: Metafile;
}

export function bundleEntry(options: {
  file: string;
  outdir: string;
  external?: string[];
  loader?: Record<string, 'text' | 'js' | 'ts' | 'css' | 'empty'>;
  tsconfig?: string;
}): Promise<BundledEntry>;

export interface SizeEntry {
  name: string;
  about?: string;
  source: string;
  budget?: number;
}

export interface SizeResult {
  name: string;
  about?: string;
  budget?: number;
  initial?: Bytes;
  lazy?: Bytes;
  lazyChunks?: number;
  inputs?: string[];
  error?: string;
}

export const ENTRIES: SizeEntry[];
export function measure(entries?: SizeEntry[]): Promise<SizeResult[]>;
export function sizeTable(results: SizeResult[]): string;
