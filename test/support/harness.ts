// One test API for both runners: the shared core tests under test/src run in Chromium
// (@web/test-runner, mocha globals) and in Node (node:test), proving that src/ works in both.
// The package's `main` does not exist: import its ESM build by path so Node resolves it too.
import { expect } from '@esm-bundle/chai/esm/chai.js';

type Body = () => void | Promise<void>;
type Define = (name: string, body: Body) => void;
type Hook = (body: Body) => void;

interface Api {
  describe: Define;
  it: Define;
  before: Hook;
  after: Hook;
  beforeEach: Hook;
  afterEach: Hook;
}

const globals = globalThis as unknown as Partial<Api> & { mocha?: unknown };

async function load(): Promise<Api> {
  if (typeof globals.describe === 'function' && globals.mocha) return globals as Api;
  // A computed specifier keeps the browser test server from trying to resolve a Node built-in.
  const specifier = 'node:test';
  const t = (await import(/* @vite-ignore */ specifier)) as Api;
  return { describe: t.describe, it: t.it, before: t.before, after: t.after, beforeEach: t.beforeEach, afterEach: t.afterEach };
}

const api = await load();
export const { describe, it, before, after, beforeEach, afterEach } = api;
export const runtime: 'browser' | 'node' = globals.mocha ? 'browser' : 'node';
export { expect };

/** The refusal `expectCode` caught: its message and cause can be read on. */
export type Refusal = Error & { code?: string; cause?: unknown };

/** Asserts that `fn` rejects with a LatchError carrying `code`, and returns that error. */
export async function expectCode(fn: () => unknown, code: string): Promise<Refusal> {
  let caught: unknown;
  try {
    await fn();
  } catch (error) {
    caught = error;
  }
  expect(caught, `expected a LatchError with code ${code}`).to.be.instanceOf(Error);
  expect((caught as { code?: string }).code).to.equal(code);
  return caught as Refusal;
}
