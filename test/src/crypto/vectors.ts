// Loads a JSON file from test/vectors in both runtimes. The browser test server serves the
// repository root, and esbuild drops `with { type: 'json' }` when transpiling for es2022, so
// JSON modules cannot be imported directly there: fetch in the browser, read the file in Node.
import { runtime } from '../../support/harness.ts';

export async function loadVector<T>(name: string): Promise<T> {
  const url = new URL(`../../vectors/${name}`, import.meta.url);
  if (runtime === 'browser') {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`Cannot load test vector ${name}`);
    return (await response.json()) as T;
  }
  // A computed specifier keeps the browser test server from resolving a Node built-in.
  const specifier = 'node:fs/promises';
  const fs = (await import(/* @vite-ignore */ specifier)) as { readFile(path: URL, encoding: 'utf8'): Promise<string> };
  return JSON.parse(await fs.readFile(url, 'utf8')) as T;
}

/** Wycheproof's common layout (testvectors_v1). */
export interface WycheproofTest {
  tcId: number;
  comment: string;
  flags: string[];
  result: 'valid' | 'invalid' | 'acceptable';
  [field: string]: unknown;
}

export interface WycheproofFile<G> {
  algorithm: string;
  testGroups: Array<G & { tests: WycheproofTest[] }>;
}
