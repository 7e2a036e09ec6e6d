// Installs npm dependencies when node_modules is missing or older than the lock file, so that
// `npm start` and `npm test` work on a fresh clone with nothing but Node and npm. One install at
// the root covers the kit and its workspaces (the emulator's package, demo/emulator).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The workspaces' package names: npm links each into node_modules when it installs them. */
function workspaceNames() {
  const { workspaces = [] } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  return workspaces.map((dir) => JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')).name);
}

export function ensureDeps({ log = console.log } = {}) {
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  const lock = join(ROOT, 'package-lock.json');
  const stale =
    !existsSync(marker) ||
    (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000) ||
    // node_modules from before a workspace existed (the emulator was in the kit's package once).
    workspaceNames().some((name) => !existsSync(join(ROOT, 'node_modules', name)));
  if (!stale) return;
  log('Installing npm dependencies…');
  // `npm install`, not `npm ci`: with this machine's npm settings the lock file leaves out other
  // platforms' optional packages (e.g. @rollup/rollup-*), which `npm ci` then calls out of sync.
  // `npm install` still takes every version the lock file pins.
  execSync('npm install --no-audit --no-fund', { cwd: ROOT, stdio: 'inherit' });
}
