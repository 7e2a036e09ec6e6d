// The three browser engines the browser suite runs in, all from Debian's packages (docs/toolchain.md
// "Firefox and WebKit from Debian"): Chromium (`chromium`), Firefox (`firefox-esr`, driven by
// puppeteer over WebDriver BiDi) and WebKit (`webkit2gtk-driver`: WebKitWebDriver and its
// MiniBrowser, under Xvfb from `xvfb`). A browser a tool downloads does not run on these machines,
// so nothing else is tried. As root, ensureEngines installs whatever is missing in one apt call.
import { existsSync, readdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { findChrome } from './find-chrome.mjs';

export const ENGINES = ['chromium', 'firefox', 'webkit'];

const FIREFOX_CANDIDATES = ['/usr/bin/firefox-esr', '/usr/bin/firefox'];
const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
const XVFB_RUN = '/usr/bin/xvfb-run';

export function findFirefox() {
  const fromEnv = process.env.FIREFOX_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return FIREFOX_CANDIDATES.find((path) => existsSync(path));
}

/** MiniBrowser lives under the multiarch library folder (x86_64-linux-gnu, aarch64-linux-gnu…). */
export function findMiniBrowser() {
  const fromEnv = process.env.WEBKIT_MINIBROWSER;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  let arches = [];
  try {
    arches = readdirSync('/usr/lib').filter((name) => name.endsWith('-linux-gnu'));
  } catch {
    return undefined;
  }
  return arches.map((arch) => `/usr/lib/${arch}/webkit2gtk-4.1/MiniBrowser`).find((path) => existsSync(path));
}

/** What each engine needs, as paths (undefined when missing) and the Debian packages giving them. */
function probe() {
  return {
    chromium: { paths: { chrome: findChrome() }, packages: ['chromium'] },
    firefox: { paths: { firefox: findFirefox() }, packages: ['firefox-esr'] },
    webkit: {
      paths: { driver: existsSync(WEBKIT_DRIVER) ? WEBKIT_DRIVER : undefined, miniBrowser: findMiniBrowser(), xvfbRun: existsSync(XVFB_RUN) ? XVFB_RUN : undefined },
      packages: ['webkit2gtk-driver', 'xvfb', 'xauth'],
    },
  };
}

const missing = (found) => Object.values(found.paths).some((path) => !path);

/**
 * Returns `{ chromium: { chrome }, firefox: { firefox }, webkit: { driver, miniBrowser, xvfbRun } }`
 * for the engines asked for, installing missing Debian packages when run as root. Throws an Error
 * whose message is a one-line instruction when an engine cannot be had.
 */
export function ensureEngines(engines = ENGINES, { log = console.log } = {}) {
  let found = probe();
  const lacking = engines.filter((engine) => missing(found[engine]));
  if (lacking.length > 0) {
    const packages = [...new Set(lacking.flatMap((engine) => found[engine].packages))];
    const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    if (!isRoot) {
      throw new Error(`Browser engines missing (${lacking.join(', ')}): run \`sudo apt-get install -y ${packages.join(' ')}\`.`);
    }
    log(`Installing Debian packages for ${lacking.join(', ')}: ${packages.join(' ')} (a minute or two)…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { stdio: 'inherit', env });
    found = probe();
    const still = engines.filter((engine) => missing(found[engine]));
    if (still.length > 0) throw new Error(`Installing ${packages.join(' ')} did not provide ${still.join(', ')}.`);
  }
  return Object.fromEntries(engines.map((engine) => [engine, found[engine].paths]));
}

/** The engines a run covers: LATCHKEY_ENGINES=chromium,firefox narrows it; default all three. */
export function enginesFromEnv(value = process.env.LATCHKEY_ENGINES) {
  if (!value) return ENGINES;
  const asked = value.split(',').map((name) => name.trim()).filter(Boolean);
  const unknown = asked.filter((name) => !ENGINES.includes(name));
  if (unknown.length > 0) throw new Error(`Unknown engine ${unknown.join(', ')}: choose from ${ENGINES.join(', ')}.`);
  return asked;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(ensureEngines(enginesFromEnv()), null, 2));
}
