// Types for scripts/package-check.mjs, for the tests that feed its checker.
import type { Bytes } from './size.d.mts';

export type Bundler = 'vite' | 'esbuild' | 'webpack' | 'rspack';

export interface ConsumerApp {
  name: string;
  about: string;
  budget: number;
  loginOnly?: boolean;
  bundlers: Bundler[];
}

export interface CdnPage {
  name: string;
  about: string;
  scripts: string[];
  budget: number;
  loginOnly: boolean;
}

export interface OutputFile {
  file: string;
  initial: boolean;
  framework: boolean;
}

export interface Sized {
  initial: Bytes;
  initialFiles: number;
  framework: Bytes;
  lazy: Bytes;
  lazyChunks: number;
}

export interface PackageResult extends Partial<Sized> {
  name: string;
  about: string;
  bundler: string;
  budget: number;
  loginOnly?: boolean;
  bled?: string[];
  buildMs?: number;
  error?: string;
}

export interface PackageMeasurement {
  tarball?: { file: string; packedBytes: number; unpackedBytes: number; files: number };
  results: PackageResult[];
  cdn?: PackageResult;
}

export const BUNDLERS: Bundler[];
export const APPS: ConsumerApp[];
export const CDN_PAGE: CdnPage;
export const NOT_ON_A_LOGIN_PAGE: string[];
export function buildWith(bundler: Bundler, appDir: string, outDir: string, scratch?: string): Promise<Sized & { files: OutputFile[] }>;
export function sizeFiles(outDir: string, files: OutputFile[]): Sized;
export function measureCdn(cdnDir: string, page?: CdnPage): Promise<PackageResult & Sized & { bled: string[] }>;
export function measurePackage(apps?: ConsumerApp[]): Promise<Required<PackageMeasurement>>;
export function verdicts(measurement: PackageMeasurement): { ok: boolean; text: string }[];
export function packageTable(measurement: Required<PackageMeasurement>): string;
export function bundlerMatrix(measurement: Required<PackageMeasurement>): string;
export function sourceVersusPackageTable(sourceSizes: unknown[], measurement: PackageMeasurement): string;
