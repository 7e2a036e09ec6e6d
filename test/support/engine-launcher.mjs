// One WTR browser launcher per engine, each driving a browser from Debian's packages
// (scripts/engines.mjs, docs/toolchain.md "Firefox and WebKit from Debian"):
// - chromium: puppeteer-core over CDP (the default launcher of @web/test-runner-chrome);
// - firefox: the same launcher with puppeteer-core over WebDriver BiDi and firefox-esr;
// - webkit: @web/test-runner-webdriver against WebKitWebDriver driving MiniBrowser, which needs
//   an X display, so the driver runs under `xvfb-run -a`. It is started here and stopped (with
//   everything it spawned: the WebKit web process can outlive its driver) when the runner exits.
import { spawn } from 'node:child_process';
import { createServer, connect } from 'node:net';
import { chromeLauncher, puppeteerCore } from '@web/test-runner-chrome';
import { CHROME_FLAGS } from '../../scripts/find-chrome.mjs';
import { ensureEngines } from '../../scripts/engines.mjs';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port, child, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited with code ${child.exitCode}`);
    const open = await new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`WebKitWebDriver did not listen on port ${port} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Starts `xvfb-run -a WebKitWebDriver` on a free loopback port; stops its process group on exit. */
async function startWebKitDriver({ driver, xvfbRun }) {
  const port = await freePort();
  // detached: its own process group, so one signal ends xvfb-run, Xvfb, the driver and MiniBrowser.
  const child = spawn(xvfbRun, ['-a', driver, `--port=${port}`, '--host=127.0.0.1'], { detached: true, stdio: ['ignore', 'ignore', 'inherit'] });
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  process.once('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      stop();
      process.exit(130);
    });
  }
  await waitForPort(port, child);
  return port;
}

// W3C WebDriver key values for the key names tests press (WebDriver spec, "Keyboard actions").
const WEBDRIVER_KEYS = {
  Backspace: '\uE003', Tab: '\uE004', Enter: '\uE007', Shift: '\uE008', Control: '\uE009', Alt: '\uE00A',
  Escape: '\uE00C', PageUp: '\uE00E', PageDown: '\uE00F', End: '\uE010', Home: '\uE011', ArrowLeft: '\uE012',
  ArrowUp: '\uE013', ArrowRight: '\uE014', ArrowDown: '\uE015', Delete: '\uE017', Meta: '\uE03D',
};

/**
 * Presses each key down and up before the next. webdriverio's `keys` (what the WebDriver launcher
 * uses) holds every key down, then lifts them all, and WebKit drops a repeated key that is still
 * held: "1795545" typed as "179545". A name joined with "+" ("Shift+Tab") is a chord.
 */
async function sendKeysOneByOne(driver, keys) {
  const actions = [];
  for (const key of keys) {
    const chord = (key.length > 1 && key.includes('+') ? key.split('+') : [key]).map((name) => WEBDRIVER_KEYS[name] ?? name);
    for (const value of chord) actions.push({ type: 'keyDown', value });
    for (const value of [...chord].reverse()) actions.push({ type: 'keyUp', value });
  }
  await driver.performActions([{ type: 'key', id: 'latchkey-keyboard', actions }]);
  await driver.releaseActions();
}

/** `{ launcher, singleWindow }` for the engine; singleWindow means one test page at a time. */
export async function engineLauncher(engine) {
  const paths = ensureEngines([engine])[engine];
  if (engine === 'chromium') {
    return {
      singleWindow: false,
      launcher: chromeLauncher({
        launchOptions: { executablePath: paths.chrome, headless: true, args: CHROME_FLAGS },
        // Two test pages run at once, as two tabs: the one behind is not focused, and there
        // Chromium moves focus to an element without firing focus events, so code that starts on
        // focus (the phone field's chunk) never started and its file ran out of time. Each page
        // behaves as the focused one, as a person's open window is.
        createPage: async ({ context }) => {
          const page = await context.newPage();
          const cdp = await page.createCDPSession();
          await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: true });
          return page;
        },
      }),
    };
  }
  if (engine === 'firefox') {
    const launcher = chromeLauncher({
      puppeteer: puppeteerCore,
      // A window of its own per test file: Firefox throttles the timers of background tabs (a
      // file waited tens of seconds), and a window that has lost focus (to a popup a test opened,
      // say) stays unfocused, where Enter on a focused button no longer clicks it.
      createPage: ({ context }) => context.newPage({ type: 'window' }),
      launchOptions: {
        browser: 'firefox',
        executablePath: paths.firefox,
        headless: true,
        protocol: 'webDriverBiDi',
        // No telemetry, updates or first-run pages on a machine without internet.
        extraPrefsFirefox: {
          'datareporting.policy.dataSubmissionEnabled': false,
          'app.update.enabled': false,
          'browser.shell.checkDefaultBrowser': false,
        },
      },
    });
    const stopSession = launcher.stopSession.bind(launcher);
    launcher.stopSession = async (sessionId) => {
      const page = launcher.activePages.get(sessionId);
      const result = await stopSession(sessionId);
      launcher.inactivePages = launcher.inactivePages.filter((inactive) => inactive !== page);
      await page?.puppeteerPage.close().catch(() => undefined);
      return result;
    };
    // One test page at a time: two windows would take focus from each other mid-test.
    return { singleWindow: true, launcher };
  }
  if (engine === 'webkit') {
    const { webdriverLauncher } = await import('@web/test-runner-webdriver');
    const port = await startWebKitDriver(paths);
    const launcher = webdriverLauncher({
        hostname: '127.0.0.1',
        port,
        path: '/',
        logLevel: 'error',
        capabilities: {
          browserName: 'MiniBrowser',
          // webdriverio 9 asks for WebDriver BiDi by default; WebKitWebDriver speaks classic WebDriver.
          'wdio:enforceWebDriverClassic': true,
          'webkitgtk:browserOptions': { binary: paths.miniBrowser, args: ['--automation'] },
        },
    });
    launcher.sendKeys = (_sessionId, keys) => sendKeysOneByOne(launcher.driver, keys);
    return { singleWindow: true, launcher };
  }
  throw new Error(`Unknown engine ${engine}`);
}
