// --data FILE: restarts keep everything acknowledged (also after SIGKILL mid-traffic, thanks to
// atomic replacement), a corrupt file is refused and left untouched; the CLI's arguments.
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ActivityClient } from '../../src/clients/activity-client.ts';
import { ApiKeyStamper } from '../../src/stamp/api-key-stamper.ts';
import { createEmulator } from '../../demo/emulator/emulator.ts';
import { parseCliArgs } from '../../demo/emulator/cli-args.ts';
import { startFixture, getJson, plainPost } from './support/emulator-fixture.ts';
import { otpSignupAndLogin, proxyClient } from './support/otp-flow.ts';
import { assertServiceError } from './support/assertions.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-emulator-'));
  dirs.push(dir);
  return dir;
}

describe('persistence', () => {
  after(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps users, sessions and keys across a restart', async () => {
    const file = join(tempDir(), 'state.json');
    const first = await startFixture({ dataFile: file });
    const login = await otpSignupAndLogin(first, 'persist@example.com');
    const keysBefore = (await getJson(`${first.urls.apiUrl}/__keys`)).json;
    await first.stop();

    const second = await startFixture({ dataFile: file });
    try {
      assert.deepEqual((await getJson(`${second.urls.apiUrl}/__keys`)).json.notarizerPublicKey, keysBefore.notarizerPublicKey);
      assert.equal(second.demoOrgId, first.demoOrgId);
      const account = await proxyClient(second).account({ filterType: 'EMAIL', filterValue: 'persist@example.com' });
      assert.equal(account.organizationId, login.organizationId);
      // The session key registered before the restart still stamps.
      const client = new ActivityClient({ apiBaseUrl: second.urls.apiUrl, stamper: new ApiKeyStamper(login.key) });
      assert.equal((await client.query('whoami', { organizationId: login.organizationId })).organizationId, login.organizationId);
    } finally {
      await second.stop();
    }
  });

  it('a full disk: the write fails, the request gets the service\'s error, nothing changes in memory, the file stays readable', async () => {
    const file = join(tempDir(), 'state.json');
    const f = await startFixture({ dataFile: file });
    try {
      await otpSignupAndLogin(f, 'before.full@example.com');
      const onDisk = readFileSync(file, 'utf8');
      const inMemory = f.emulator.state.snapshot();
      // The emulator writes `.state.json.<pid>.tmp` and renames it: pointing that name at
      // /dev/full makes every write fail with ENOSPC, as on a full disk.
      const temp = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
      symlinkSync('/dev/full', temp);
      const refused = await f.proxy('otp_init', { otpType: 'OTP_TYPE_EMAIL', contact: 'during.full@example.com' });
      assertServiceError(refused, 500, 13, 'DATA_FILE_WRITE_FAILED');
      assert.equal(f.emulator.state.snapshot(), inMemory, 'the failed change was undone in memory');
      assert.equal(readFileSync(file, 'utf8'), onDisk, 'the data file is the last complete version');
      JSON.parse(readFileSync(file, 'utf8'));
      // Space again: the same request now succeeds and is saved.
      rmSync(temp);
      assert.equal((await f.proxy('otp_init', { otpType: 'OTP_TYPE_EMAIL', contact: 'during.full@example.com' })).status, 200);
      assert.match(readFileSync(file, 'utf8'), /during\.full@example\.com/);
    } finally {
      await f.stop();
    }
  });

  it('stays in memory without --data', async () => {
    const dir = tempDir();
    const f = await startFixture();
    await otpSignupAndLogin(f, 'memory@example.com');
    await f.stop();
    assert.deepEqual(readdirSync(dir), []);
  });

  it('refuses a corrupt or foreign data file and never overwrites it', async () => {
    const dir = tempDir();
    const good = join(dir, 'good.json');
    const f = await startFixture({ dataFile: good });
    await otpSignupAndLogin(f, 'corrupt@example.com');
    await f.stop();
    const text = readFileSync(good, 'utf8');
    const cases = {
      truncated: text.slice(0, Math.floor(text.length / 2)),
      garbage: '\u0000\u0001 not json',
      empty: '',
      foreign: JSON.stringify({ hello: 'world' }),
      future: JSON.stringify({ ...JSON.parse(text), version: 99 }),
      badTable: JSON.stringify({ ...JSON.parse(text), tables: { ...JSON.parse(text).tables, users: {} } }),
      unknownTable: JSON.stringify({ ...JSON.parse(text), tables: { nonsense: [] } }),
    };
    for (const [name, content] of Object.entries(cases)) {
      const file = join(dir, `${name}.json`);
      writeFileSync(file, content);
      const emulator = createEmulator({ port: 0, dataFile: file, quiet: true, log: () => undefined });
      await assert.rejects(emulator.start(), (error: Error & { code?: string }) => {
        assert.equal(error.code, 'ERR_CONFIG_INVALID', name);
        assert.match(error.message, /Refusing to start/);
        assert.ok(error.message.includes(file), 'the message names the file');
        return true;
      });
      await emulator.stop();
      assert.equal(readFileSync(file, 'utf8'), content, `${name} was left untouched`);
    }
  });

  it('loses nothing acknowledged when killed mid-traffic (SIGKILL), and the file stays valid', async () => {
    const file = join(tempDir(), 'killed.json');
    const bin = fileURLToPath(new URL('../../demo/emulator/bin.js', import.meta.url));
    const child = spawn(process.execPath, [bin, '--port', '0', '--data', file, '--quiet'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const acknowledged: string[] = [];
    try {
      const proxyUrl = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /auth proxy\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (match) resolve(match[1]!);
        });
        child.once('exit', (code) => reject(new Error(`emulator exited early (${code})`)));
      });
      let killed = false;
      const send = async (i: number) => {
        try {
          const answer = await plainPost(`${proxyUrl}/v1/otp_init`, { otpType: 'OTP_TYPE_EMAIL', contact: `kill${i}@example.com` }, { 'X-Auth-Proxy-Config-Id': 'demo' });
          if (answer.status === 200) acknowledged.push(answer.json.otpId as string);
        } catch {
          // The connection died with the process: not acknowledged.
        }
        if (!killed && acknowledged.length >= 25) {
          killed = true;
          child.kill('SIGKILL');
        }
      };
      await Promise.all(Array.from({ length: 80 }, (_, i) => send(i)));
      assert.ok(killed, 'the process was killed mid-traffic');
      await new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)));
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    assert.ok(acknowledged.length >= 25);
    assert.ok(existsSync(file));
    JSON.parse(readFileSync(file, 'utf8'));
    const restarted = createEmulator({ port: 0, dataFile: file, quiet: true, log: () => undefined });
    const urls = await restarted.start();
    try {
      const outbox = (await getJson(`${urls.apiUrl}/__outbox`)).json.messages as { otpId: string }[];
      const stored = new Set(outbox.map((m) => m.otpId));
      for (const id of acknowledged) assert.ok(stored.has(id), `acknowledged OTP ${id} survived the kill`);
    } finally {
      await restarted.stop();
    }
  });

  it('exits with a clear message on a bad --config (2) or a corrupt --data (1), touching nothing', async () => {
    const dir = tempDir();
    const bin = fileURLToPath(new URL('../../demo/emulator/bin.js', import.meta.url));
    const run = (args: string[]) =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, [bin, '--port', '0', '--quiet', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('exit', (code) => resolve({ code, stderr }));
      });
    const config = join(dir, 'config.json');
    writeFileSync(config, JSON.stringify([{ id: 'x', allowedOrigins: ['https://*.example'] }]));
    const bad = await run(['--config', config]);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /allowedOrigins/);
    writeFileSync(config, '{"not": "an array"}');
    assert.equal((await run(['--config', config])).code, 2);
    const data = join(dir, 'data.json');
    writeFileSync(data, 'garbage');
    const corrupt = await run(['--data', data]);
    assert.equal(corrupt.code, 1);
    assert.match(corrupt.stderr, /Refusing to start/);
    assert.equal(readFileSync(data, 'utf8'), 'garbage');
    assert.equal((await run(['--port', 'eighty'])).code, 2);
  });

  it('parses the CLI arguments', () => {
    assert.deepEqual(parseCliArgs([]), { help: false, host: '127.0.0.1', port: 8787, devOrigins: [], quiet: false, stepUpCredentials: false, apiKeys: [], chains: 'all' });
    const args = parseCliArgs(['--port', '9000', '--proxy-port', '9100', '--data', 'x.json', '--config', 'c.json', '--dev-fixed-otp', '123456', '--host', '0.0.0.0', '--dev-origin', 'http://localhost:5173', '--dev-origin', 'http://localhost:3000', '--quiet', '--step-up-minutes', '5', '--step-up-credentials', '--chains', 'evm', '--api-key', '02' + 'Ab'.repeat(32), '--api-key', '03' + '00'.repeat(32)]);
    assert.deepEqual(args, { help: false, host: '0.0.0.0', port: 9000, proxyPort: 9100, dataFile: 'x.json', configFile: 'c.json', devFixedOtp: '123456', devOrigins: ['http://localhost:5173', 'http://localhost:3000'], quiet: true, stepUpMinutes: 5, stepUpCredentials: true, apiKeys: ['02' + 'ab'.repeat(32), '03' + '00'.repeat(32)], chains: 'evm' });
    assert.equal(parseCliArgs(['--step-up-minutes', '0']).stepUpMinutes, 0);
    for (const bad of [['--port'], ['--port', 'x'], ['--port', '70000'], ['--data'], ['--data', '--quiet'], ['--dev-fixed-otp', '12'], ['--dev-origin'], ['--nope'], ['--step-up-minutes'], ['--step-up-minutes', 'ten'], ['--step-up-minutes', '-1'], ['--chains'], ['--chains', 'bitcoin'], ['--api-key'], ['--api-key', '04' + 'ab'.repeat(32)], ['--api-key', '02' + 'ab'.repeat(31)], ['--api-key', '02' + 'zz'.repeat(32)]]) {
      assert.throws(() => parseCliArgs(bad), { code: 'ERR_CONFIG_INVALID' }, bad.join(' '));
    }
  });
});
