// Installs npm dependencies when node_modules is missing or older than the lock file, so that
// `npm start` and `npm test` work on a fresh clone with nothing but Node and npm.
import { existsSync, statSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export function ensureDeps({ log = console.log } = {}) {
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  const lock = join(ROOT, 'package-lock.json');
  const stale = !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000);
  if (!stale) return;
  log('Installing npm dependencies…');
  // `npm install`, not `npm ci`: with this machine's npm settings the lock file leaves out other
  // platforms' optional packages (e.g. @rollup/rollup-*), which `npm ci` then calls out of sync.
  // `npm install` still takes every version the lock file pins.
  execSync('npm install --no-audit --no-fund', { cwd: ROOT, stdio: 'inherit' });
}
