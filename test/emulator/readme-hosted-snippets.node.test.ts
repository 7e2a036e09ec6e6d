// Issue 38, item 4: the emulator README's snippets for the hosted SDKs are run as they are written
// there, so the documentation cannot drift from what works. Each ```js block whose first line is
// `// backend….mjs` (@turnkey/http + @turnkey/api-key-stamper, @turnkey/sdk-server, @turnkey/core)
// is copied into a file beside this repository's node_modules (so its bare imports resolve to
// the pinned packages), the emulator's fixed URL replaced by the test emulator's, and run by a
// separate `node` with the README's environment variables, the key given as --api-key. The
// snippet's own variables are printed by one appended line; viem recovers the signer.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { generateP256KeyPair } from '@turnkey/crypto';
import { keccak256, recoverAddress, serializeSignature, toHex } from 'viem';
import { createEmulator, type Emulator } from '../../demo/emulator/emulator.ts';
import { parseCliArgs } from '../../demo/emulator/cli-args.ts';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../../', import.meta.url));
const README = join(repo, 'demo/emulator/README.md');
const README_URL = 'http://127.0.0.1:8787';

/** The README's ```js blocks named `// backend….mjs` on their first line, by name. */
function snippets(): Map<string, string> {
  const out = new Map<string, string>();
  for (const [, code] of readFileSync(README, 'utf8').matchAll(/```js\n([\s\S]*?)```/g)) {
    const name = /^\/\/ (backend[\w-]*\.mjs)/.exec(code!)?.[1];
    if (name) out.set(name, code!);
  }
  return out;
}

const keyPair = generateP256KeyPair();
let emulator: Emulator;
let apiUrl: string;
let dir: string;

async function runSnippet(name: string, printed: string): Promise<Record<string, unknown>> {
  const code = snippets().get(name);
  assert.ok(code, `the README has the ${name} snippet`);
  assert.ok(code.includes(README_URL), `${name} uses the emulator's default URL`);
  const file = join(dir, name);
  writeFileSync(file, `${code.replaceAll(README_URL, apiUrl)}\nconsole.log(JSON.stringify(${printed}));\n`);
  const { stdout } = await run(process.execPath, [file], { env: { ...process.env, API_PUBLIC_KEY: keyPair.publicKey, API_PRIVATE_KEY: keyPair.privateKey }, timeout: 60_000 });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
}

async function assertSignedHello(address: string, { r, s, v }: { r: string; s: string; v: string }): Promise<void> {
  const signer = await recoverAddress({ hash: keccak256(toHex('hello')), signature: serializeSignature({ r: `0x${r}`, s: `0x${s}`, yParity: Number.parseInt(v, 16) }) });
  assert.equal(signer.toLowerCase(), address.toLowerCase(), "the wallet's key signed keccak256(\"hello\")");
}

describe("the emulator README's hosted SDK snippets, run as written", () => {
  before(async () => {
    const args = parseCliArgs(['--api-key', keyPair.publicKey]);
    emulator = createEmulator({ host: '127.0.0.1', port: 0, proxyPort: 0, quiet: true, rootApiKeys: args.apiKeys });
    ({ apiUrl } = await emulator.start());
    // Inside the repository's node_modules: the snippets' bare imports resolve to the pinned packages.
    mkdirSync(join(repo, 'node_modules/.cache'), { recursive: true });
    dir = mkdtempSync(join(repo, 'node_modules/.cache/readme-snippets-'));
  });
  after(async () => {
    rmSync(dir, { recursive: true, force: true });
    await emulator.stop();
  });

  it('the README names all three', () => {
    assert.deepEqual([...snippets().keys()].sort(), ['backend-core.mjs', 'backend-sdk-server.mjs', 'backend.mjs']);
  });

  it('@turnkey/http + @turnkey/api-key-stamper (backend.mjs)', async () => {
    const out = (await runSnippet('backend.mjs', '{ me, address, r, s, v }')) as { me: { username: string }; address: string; r: string; s: string; v: string };
    assert.equal(out.me.username, 'Root User');
    await assertSignedHello(out.address, out);
  });

  it('@turnkey/sdk-server (backend-sdk-server.mjs)', async () => {
    const out = (await runSnippet('backend-sdk-server.mjs', '{ me, walletId, addresses, r, s, v }')) as { me: { username: string }; walletId: string; addresses: string[]; r: string; s: string; v: string };
    assert.equal(out.me.username, 'Root User');
    assert.ok(emulator.state.read.wallets.get(out.walletId), 'the wallet is in the emulator');
    await assertSignedHello(out.addresses[0]!, out);
  });

  it('@turnkey/core (backend-core.mjs)', async () => {
    const out = (await runSnippet('backend-core.mjs', '{ me, walletId, addresses, r, s, v }')) as { me: { username: string }; walletId: string; addresses: string[]; r: string; s: string; v: string };
    assert.equal(out.me.username, 'Root User');
    assert.ok(emulator.state.read.wallets.get(out.walletId), 'the wallet is in the emulator');
    await assertSignedHello(out.addresses[0]!, out);
  });
});
