// Finds a Chromium or Chrome binary for the browser tests, in this order: CHROME_PATH, Debian's
// chromium, an installed Chrome. As root (CI, fresh project machines) it installs Debian's
// `chromium` package when none is found; browser builds downloaded by tools fail on these
// machines, so nothing else is tried.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/opt/google/chrome/chrome',
];

export function findChrome() {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return CANDIDATES.find((path) => existsSync(path));
}

/** Returns a usable browser path or throws an Error whose message is a one-line instruction. */
export function ensureChrome({ log = console.log } = {}) {
  const found = findChrome();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new Error('No Chromium found: run `sudo apt-get install -y chromium` or set CHROME_PATH to a Chrome/Chromium binary.');
  }
  log('Chromium not found: installing Debian package `chromium` (about a minute)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env });
  const installed = findChrome();
  if (!installed) throw new Error('Installing Debian `chromium` did not provide /usr/bin/chromium; set CHROME_PATH.');
  return installed;
}

/** Flags that work headless as root with no network (TOOLCHAIN.md). */
export const CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(ensureChrome());
}
