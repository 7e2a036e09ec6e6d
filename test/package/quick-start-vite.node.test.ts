// The README's "Against the local emulator" quick start, done as its reader does it (issue 38's
// Done means): a fresh Vite app in the system's temporary folder, far from this repository; the
// kit and the emulator installed there from their packed tarballs (what `npm i latchkey` and
// `npm i -D latchkey-emulator` would fetch); `npx latchkey-emulator` and `npm run dev` run there;
// the README's index.html copied as it is; a person in Chromium logs in by email OTP with the
// code from the emulator's outbox. Only two things differ from the README, both said here: the
// tarballs stand for the published packages, and the emulator and Vite take free ports (the
// README's 8787 and 5173 may be taken on a test machine), the page's emulator URL following.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import type { Browser } from 'puppeteer-core';
import { describeProblems, hasProblems, launchBrowser, openPage } from '../e2e/support/browser.ts';
import { click, typeInto } from '../e2e/support/page-helpers.ts';
import { pack } from './support/installed-footprint.ts';
import { packWithScripts, startInstalledEmulator } from './support/installed-emulator.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const KIT_BUILT = existsSync(join(ROOT, 'dist', 'src', 'index.js'));
/** The Vite this repository builds with: a version npm's cache holds, so the install stays offline. */
const VITE = JSON.parse(readFileSync(join(ROOT, 'node_modules', 'vite', 'package.json'), 'utf8')).version as string;

/** The README's quick start: its shell block and its index.html, as written. */
function readmeQuickStart(): { shell: string; html: string } {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('### Against the local emulator (development)'));
  const shell = section.match(/```sh\n([\s\S]*?)```/)?.[1];
  const html = section.match(/`index\.html`:\s*```html\n([\s\S]*?)```/)?.[1];
  assert.ok(shell && html, 'the README has a quick start with a shell block and an index.html');
  return { shell, html };
}

function npm(args: string[], cwd: string): void {
  const result = spawnSync('npm', [...args, '--prefer-offline', '--no-audit', '--no-fund'], { cwd, encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
}

/** `npm run dev -- --port 0` in `app`; resolves with the URL Vite prints. */
function startVite(app: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn('npm', ['run', 'dev', '--', '--port', '0', '--strictPort'], { cwd: app, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      // Vite colours its banner: the URL is read with the escape codes taken out.
      out += stripVTControlCharacters(chunk.toString());
      const url = out.match(/Local:\s+(http:\/\/localhost:\d+\/)/)?.[1];
      if (url) resolve({ child, url });
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => reject(new Error(`npm run dev exited (${code}) before serving:\n${out}`)));
  });
}

const stopGroup = (child: ChildProcess | undefined) => {
  if (child?.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
};

describe("the README's quick start in a fresh Vite app outside the repository", { timeout: 600_000, skip: !KIT_BUILT && "the kit's dist/ is missing: run `npm run build` (npm test runs this file again after its build)" }, () => {
  const scratch = mkdtempSync(join(tmpdir(), 'latchkey-quick-start-'));
  const app = join(scratch, 'my-app');
  let emulator: Awaited<ReturnType<typeof startInstalledEmulator>> | undefined;
  let vite: Awaited<ReturnType<typeof startVite>> | undefined;
  let browser: Browser | undefined;

  before(() => {
    const { shell } = readmeQuickStart();
    // The commands the tarballs stand in for are the README's own.
    for (const command of ['npm i latchkey', 'npm i -D latchkey-emulator', 'npx latchkey-emulator', 'npm run dev']) assert.ok(shell.includes(command), `the README's quick start runs ${command}`);
    const kitTarball = pack(ROOT, scratch);
    const emulatorTarball = packWithScripts(join(ROOT, 'demo', 'emulator'), scratch).tarball;
    // What `npm create vite@latest my-app -- --template vanilla` leaves that matters here.
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'my-app', private: true, version: '0.0.0', type: 'module', scripts: { dev: 'vite', build: 'vite build' } }, null, 2));
    npm(['install', '--save-exact', '-D', `vite@${VITE}`], app);
    npm(['install', kitTarball], app);
    npm(['install', '-D', emulatorTarball], app);
  });

  after(async () => {
    await browser?.close();
    stopGroup(vite?.child);
    stopGroup(emulator?.child);
    rmSync(scratch, { recursive: true, force: true });
  });

  it('logs in by email OTP: the account is created and shown', async (t) => {
    emulator = await startInstalledEmulator(app, ['--port', '0']);
    const port = new URL(emulator.apiUrl).port;
    const { html } = readmeQuickStart();
    assert.ok(html.includes("emulator: 'http://localhost:8787'"), 'the page names the emulator as the README says');
    writeFileSync(join(app, 'index.html'), html.replace('http://localhost:8787', `http://localhost:${port}`));
    vite = await startVite(app);
    t.diagnostic(`Vite ${VITE} at ${vite.url}, the emulator at ${emulator.apiUrl}`);

    browser = await launchBrowser();
    const { page, problems } = await openPage(browser);
    const served: string[] = [];
    page.on('response', (response) => served.push(response.url()));
    await page.goto(vite.url);
    await page.waitForSelector('latch-auth >>> [part~="methods"]', { visible: true, timeout: 60_000 });

    const contact = `quick.start.${Date.now()}@example.com`;
    await typeInto(page, 'latch-auth >>> input#email', contact);
    await click(page, 'latch-auth >>> form[data-method="email"] [part~="submit"]');
    const boxes = 'latch-auth >>> latch-otp-input >>> input';
    await page.waitForSelector(boxes, { visible: true });
    const outbox = (await (await fetch(`${emulator.apiUrl}/__outbox?to=${encodeURIComponent(contact)}`)).json()) as { messages: { code: string }[] };
    assert.equal(outbox.messages.length, 1, 'one code went to the address typed');
    const first = await page.waitForSelector(boxes, { visible: true });
    await first!.click();
    await first!.type(outbox.messages[0]!.code);
    await first!.dispose();

    // Logged in: the drop-in shows who, and the emulator has the new user.
    const account = await page.waitForSelector('latch-auth >>> [part~="account"]', { visible: true, timeout: 30_000 });
    assert.ok(account, describeProblems(problems));
    const shown = await page.$eval('latch-auth', (el) => el.shadowRoot!.querySelector('[part~="account"]')!.textContent ?? '');
    assert.ok(shown.includes(contact), `the account view names ${contact}: ${shown}`);
    // The kit the page ran is the one installed in the app (Vite's optimized copy of node_modules/latchkey).
    assert.ok(served.some((url) => /\/node_modules\/\.vite\/deps\/latchkey[_.]/.test(url)), served.filter((url) => url.includes('latchkey')).join('\n'));
    // The README's page has no icon, so Chromium's request for /favicon.ico is Vite's 404: the
    // app's, not the kit's. Anything else logged as an error fails the test.
    problems.consoleErrors = problems.consoleErrors.filter((line) => !/ 404 \(Not Found\) @ http:\/\/localhost:\d+\/favicon\.ico$/.test(line));
    assert.equal(hasProblems(problems), false, describeProblems(problems));
  });
});
