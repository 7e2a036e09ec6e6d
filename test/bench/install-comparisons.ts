// The hosted service's own packages, installed ONLY for `npm run bench` comparisons, into
// .bench/compare (git-ignored), never into the project's dependencies. Versions are pinned so
// two runs compare against the same code; bump them here on purpose, all together.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const COMPARE_DIR = join(ROOT, '.bench', 'compare');
export const COMPARE_MODULES = join(COMPARE_DIR, 'node_modules');

/** Chosen with `npm view <pkg> version` when this file was written. */
export const PINNED = {
  '@turnkey/react-wallet-kit': '2.4.3',
  '@turnkey/core': '2.8.1',
  '@turnkey/sdk-browser': '8.2.1',
  '@turnkey/crypto': '2.13.2',
  '@turnkey/api-key-stamper': '0.6.17',
  // The hosted storage for a browser-held key: compared with our IndexedDbKeyStore.
  '@turnkey/indexed-db-stamper': '1.3.6',
  // Peers of the React kit; pinned too so "with React" means the same bytes every run.
  react: '19.3.1',
  'react-dom': '19.3.1',
} as const;

export type Installed = { ok: true; dir: string; versions: Record<string, string> } | { ok: false; reason: string };

const installedVersion = (name: string): string | undefined => {
  const file = join(COMPARE_MODULES, name, 'package.json');
  if (!existsSync(file)) return undefined;
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version;
  } catch {
    return undefined;
  }
};

const missing = (): string[] => Object.entries(PINNED).filter(([name, version]) => installedVersion(name) !== version).map(([name]) => name);

/** npm's error code and first message line, without its stack trace and boilerplate. */
const npmReason = (stderr: string): string =>
  stderr
    .split('\n')
    .map((line) => line.replace(/^npm error\s*/, '').trim())
    .filter((line) => line && !/^(at |syscall|errno|\{|\}|A complete log|If you are behind)/.test(line))
    .slice(0, 2)
    .join(' — ')
    .slice(0, 240);

let pending: Promise<Installed> | undefined;

/**
 * Installs the pinned comparison packages unless they already are, once per process (both
 * benchmark modules share it). Never throws: a failure is returned as a reason to print.
 */
export function ensureComparisons({ timeoutMs = 10 * 60_000 } = {}): Promise<Installed> {
  pending ??= (async (): Promise<Installed> => {
    if (missing().length > 0) {
      mkdirSync(COMPARE_DIR, { recursive: true });
      // All in one command: with --no-save a later install would prune what an earlier one added.
      const specs = Object.entries(PINNED).map(([name, version]) => `${name}@${version}`);
      const args = ['install', '--prefix', COMPARE_DIR, '--no-save', '--no-audit', '--no-fund', '--loglevel', 'error', ...specs];
      const failure = await new Promise<string | undefined>((resolve) => {
        execFile('npm', args, { cwd: ROOT, timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 }, (error, _stdout, stderr) => {
          if (!error) return resolve(undefined);
          resolve(error.killed ? `npm install timed out after ${timeoutMs / 1000} s` : `npm install failed: ${npmReason(String(stderr)) || error.message}`);
        });
      });
      if (failure) return { ok: false, reason: failure };
      const still = missing();
      if (still.length > 0) return { ok: false, reason: `not installed at the pinned version: ${still.join(', ')}` };
    }
    return { ok: true, dir: COMPARE_DIR, versions: { ...PINNED } };
  })();
  return pending;
}
