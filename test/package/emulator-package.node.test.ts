// latchkey-emulator as someone else's project gets it: `npm pack` of demo/emulator (its prepack
// builds dist/), installed with npm into a fresh project in the system's temporary folder, far
// from this repository's node_modules and src/. There it must run as it is: built JavaScript
// whose every relative import stays inside the package and whose every package import is
// declared, no TypeScript and no tsx in its tree, `npx latchkey-emulator` up with its banner; and
// the kit, installed from its own tarball into another fresh project, logs in through it by
// email OTP and signs with the new wallet (the signature checked here with viem). An older Node
// is told what it needs. Sizes and the install time are reported as diagnostics (and in the
// emulator's README).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { recoverAddress, serializeSignature, type Hex } from 'viem';
import { USAGE } from '../../demo/emulator/cli-args.ts';
import { duBytes, footprint, pack } from './support/installed-footprint.ts';
import { installDev, packWithScripts, startInstalledEmulator, tarballFigures, type Packed } from './support/installed-emulator.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const EMULATOR = join(ROOT, 'demo', 'emulator');
const KIT_BUILT = existsSync(join(ROOT, 'dist', 'src', 'index.js'));
const MB = 1_000_000;
const mb = (bytes: number) => `${(bytes / MB).toFixed(2)} MB`;

interface Manifest {
  name: string;
  engines?: Record<string, string>;
  bin?: Record<string, string>;
  exports?: Record<string, unknown>;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  private?: boolean;
}

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

/** The module specifiers a JavaScript or declaration file names: import/export from, import(), import '…', require(), require.resolve(). */
function specifiers(code: string): string[] {
  // Quoted with ' or " (what esbuild and tsc write), so that prose in comments, which quotes
  // with backticks, is not read as an import.
  const found = code.matchAll(/(?:\b(?:from|import)\s*|\bimport\s*\(\s*|\brequire(?:\.resolve)?\s*\(\s*)(["'])([^"'\s]+)\1/g);
  return [...found].map((match) => match[2]!);
}

const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
const isBuiltin = (specifier: string) => specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0]!);

/**
 * What, in the package installed at `packageDir`, imports something it cannot have: a relative
 * path that leaves the package or names no file in it, or a package it does not declare.
 * `allowed` lists "file: specifier" exceptions, each with its reason at the call.
 */
function strayImports(packageDir: string, manifest: Manifest, allowed: string[]): string[] {
  const declared = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.optionalDependencies ?? {})]);
  const stray: string[] = [];
  for (const file of filesUnder(packageDir)) {
    if (!/\.(m?js|d\.ts)$/.test(file)) continue;
    for (const specifier of specifiers(readFileSync(join(packageDir, file), 'utf8'))) {
      if (allowed.includes(`${file}: ${specifier}`)) continue;
      if (specifier.startsWith('.')) {
        const target = resolve(dirname(join(packageDir, file)), file.endsWith('.d.ts') ? specifier.replace(/\.(ts|js)$/, '.d.ts') : specifier);
        if (!target.startsWith(packageDir + sep)) stray.push(`${file}: ${specifier} (outside the package)`);
        else if (!existsSync(target)) stray.push(`${file}: ${specifier} (no such file in the package)`);
      } else if (!isBuiltin(specifier) && !declared.has(packageOf(specifier))) {
        stray.push(`${file}: ${specifier} (not a dependency)`);
      }
    }
  }
  return stray;
}


/** The page's part, in Node: the kit from its installed tarball, an email OTP sign-up with a wallet, a whoami and a signature. */
const LOGIN_SCRIPT = `
import { LatchKit } from 'latchkey';
import { MemoryKeyStore, MemorySessionStore } from 'latchkey/signing';

const [apiUrl, proxyUrl] = process.argv.slice(2);
const keys = await (await fetch(apiUrl + '/__keys')).json();
const kit = new LatchKit({
  proxyUrl, configId: 'demo', apiBaseUrl: apiUrl,
  notarizerPublicKey: keys.notarizerPublicKey, enclavePublicKey: keys.enclavePublicKey,
  keyStore: new MemoryKeyStore(), sessionStore: new MemorySessionStore(),
});
const contact = 'someone.' + Date.now() + '@example.com';
const { otpId } = await kit.startOtp('OTP_TYPE_EMAIL', contact);
const { messages } = await (await fetch(apiUrl + '/__outbox?to=' + encodeURIComponent(contact))).json();
const wallet = { walletName: 'Main', accounts: [{ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }] };
const outcome = await kit.completeOtp({ otpType: 'OTP_TYPE_EMAIL', contact, otpId, otpCode: messages[0].code, signup: { wallet } });
const whoami = await outcome.session.whoami();
const [account] = await outcome.session.listWalletAccounts();
const digest = '0x' + 'ab'.repeat(32);
const signature = await outcome.session.signRawPayload({ signWith: account.address, payload: digest, encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NO_OP' });
console.log(JSON.stringify({ kitFrom: import.meta.resolve('latchkey'), created: outcome.created, claims: outcome.session.claims, whoami, address: account.address, digest, signature }));
`;

/** Makes the Node running the preloaded bin say it is `version` (process.versions.node). */
const PRETEND_NODE = `const version = process.env.PRETEND_NODE_VERSION;
Object.defineProperty(process, 'versions', { value: { ...process.versions, node: version } });
Object.defineProperty(process, 'version', { value: 'v' + version });
`;

describe('latchkey-emulator installed from its tarball into a project outside the repository', { timeout: 600_000 }, () => {
  const scratch = mkdtempSync(join(tmpdir(), 'latchkey-emulator-package-'));
  const app = join(scratch, 'app');
  const kitApp = join(scratch, 'kit-app');
  let packed: Packed;
  let installed: { ms: number; stderr: string };
  let packageDir: string;
  let manifest: Manifest;
  let running: Awaited<ReturnType<typeof startInstalledEmulator>> | undefined;

  before(() => {
    packed = packWithScripts(EMULATOR, scratch);
    installed = installDev(packed.tarball, app);
    packageDir = join(app, 'node_modules', 'latchkey-emulator');
    manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as Manifest;
  });
  after(() => {
    // The emulator's process group: npx, and the node it started.
    if (running?.child.pid) process.kill(-running.child.pid, 'SIGTERM');
    rmSync(scratch, { recursive: true, force: true });
  });

  it('ships built JavaScript only: its bin, dist/ and the README, no TypeScript source', (t) => {
    t.diagnostic(`latchkey-emulator tarball: ${mb(packed.size)} packed, ${mb(packed.unpackedSize)} unpacked, ${packed.files.length} files`);
    assert.deepEqual(packed.files.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts')), []);
    assert.deepEqual(packed.files.filter((file) => !/^(bin\.js|package\.json|README\.md|dist\/.+\.(js|d\.ts))$/.test(file)), []);
    assert.ok(packed.files.includes('dist/cli.js') && packed.files.includes('dist/index.js'), 'the CLI and the programmatic entry are built');
    assert.deepEqual(manifest.bin, { 'latchkey-emulator': './bin.js' });
    assert.deepEqual(manifest.exports?.['.'], { types: './dist/types/demo/emulator/emulator.d.ts', import: './dist/index.js' });
    assert.equal(manifest.private, true, 'npm publish refuses it until it is meant to be published');
  });

  it("imports nothing outside its package and no package it does not declare (every .js and .d.ts of the installed copy)", () => {
    // bin.js imports tsx only when cli.ts sits beside it: in a checkout of the repository. The
    // package has no cli.ts, so installed it never does.
    assert.equal(existsSync(join(packageDir, 'cli.ts')), false);
    assert.deepEqual(strayImports(packageDir, manifest, ['bin.js: tsx/esm/api']), []);
  });

  it('brings no TypeScript and no tsx into the project', (t) => {
    const tree = footprint(join(app, 'node_modules'));
    t.diagnostic(`installed: ${tree.packages.length} packages, ${mb(tree.diskBytes)} on disk, npm install -D took ${(installed.ms / 1000).toFixed(1)} s`);
    t.diagnostic(`build tools in the tree: ${tree.buildTools.join(', ') || 'none'}; npm on stderr: ${installed.stderr.trim().split('\n').filter((line) => /EBADENGINE|ERR/.test(line)).join(' | ') || 'no engine warning'}`);
    assert.equal(tree.diskBytes, duBytes(join(app, 'node_modules')));
    for (const name of ['tsx', 'typescript']) assert.ok(!tree.packages.includes(name), `${name} is installed`);
  });

  it('`npx latchkey-emulator --help` prints the flags of the sources it was built from', () => {
    const help = execFileSync('npx', ['--no-install', 'latchkey-emulator', '--help'], { cwd: app, encoding: 'utf8' });
    assert.equal(help.trimEnd(), USAGE);
  });

  it("its types: a TypeScript consumer of createEmulator type-checks against the installed declarations (NodeNext, no skipLibCheck)", () => {
    // The repository's tsc and @types/node, pointed at the project: neither is installed there.
    const consumer = join(app, 'consumer.mts');
    writeFileSync(
      consumer,
      [
        "import { createEmulator, type EmulatorOptions, type EmulatorUrls } from 'latchkey-emulator';",
        'const options: EmulatorOptions = { port: 0, quiet: true, devFixedOtp: "123456" };',
        'const emulator = createEmulator(options);',
        'const urls: EmulatorUrls = await emulator.start();',
        'const apiUrl: string = urls.apiUrl;',
        'console.log(apiUrl, emulator.state.snapshot());',
        '// @ts-expect-error the port is a number: createEmulator is typed, not any',
        "createEmulator({ port: 'eighty' });",
        'await emulator.stop();',
        '',
      ].join('\n'),
    );
    const compilerOptions = { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: false, types: ['node'], typeRoots: [join(ROOT, 'node_modules', '@types')] };
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['consumer.mts'] }));
    const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(app, 'tsconfig.json')], { cwd: app, encoding: 'utf8' });
    assert.equal(tsc.status, 0, tsc.stdout + tsc.stderr);
  });

  it('on a Node older than 20.19 it says which Node it needs, and runs from 20.19', () => {
    assert.deepEqual(manifest.engines, { node: '>=20.19' });
    const preload = join(scratch, 'pretend-node.mjs');
    writeFileSync(preload, PRETEND_NODE);
    const run = (version: string) =>
      spawnSync(process.execPath, ['--import', pathToFileURL(preload).href, join(packageDir, 'bin.js'), '--help'], {
        cwd: app,
        encoding: 'utf8',
        env: { ...process.env, PRETEND_NODE_VERSION: version },
      });
    for (const version of ['18.20.4', '20.18.3']) {
      const old = run(version);
      assert.equal(old.status, 1, `Node ${version}: ${old.stdout}${old.stderr}`);
      assert.match(old.stderr, new RegExp(`latchkey-emulator needs Node\\.js 20\\.19 or later; this is Node\\.js ${version.replace(/\./g, '\\.')}\\.`));
      assert.equal(old.stdout, '');
    }
    for (const version of ['20.19.0', '22.12.0']) {
      const supported = run(version);
      assert.equal(supported.status, 0, `Node ${version}: ${supported.stderr}`);
      assert.match(supported.stdout, /^Usage: latchkey-emulator/);
    }
  });

  it('`npx latchkey-emulator --port 0` serves, and the kit installed from its tarball logs in through it by email OTP', { skip: !KIT_BUILT && "the kit's dist/ is missing: run `npm run build` (npm test runs this file again after its build)" }, async (t) => {
    const kitTarball = pack(ROOT, scratch);
    const kitPacked = tarballFigures(kitTarball);
    const kitInstall = installDev(kitTarball, kitApp);
    const kitTree = footprint(join(kitApp, 'node_modules'));
    t.diagnostic(`latchkey tarball: ${mb(kitPacked.size)} packed, ${mb(kitPacked.unpackedSize)} unpacked, ${kitPacked.files.length} files; installed: ${kitTree.packages.length} packages, ${mb(kitTree.diskBytes)} on disk, npm install -D took ${(kitInstall.ms / 1000).toFixed(1)} s`);

    running = await startInstalledEmulator(app, ['--port', '0']);
    t.diagnostic(running.banner.trim());
    const keys = (await (await fetch(`${running.apiUrl}/__keys`)).json()) as { notarizerPublicKey: string };
    assert.match(keys.notarizerPublicKey, /^04[0-9a-f]{128}$/);

    writeFileSync(join(kitApp, 'login.mjs'), LOGIN_SCRIPT);
    const login = spawnSync(process.execPath, ['login.mjs', running.apiUrl, running.proxyUrl], { cwd: kitApp, encoding: 'utf8' });
    assert.equal(login.status, 0, login.stderr);
    const result = JSON.parse(login.stdout.trim().split('\n').pop()!) as {
      kitFrom: string;
      created: boolean;
      claims: { user_id?: string; organization_id?: string } & Record<string, unknown>;
      whoami: { userId: string; organizationId: string };
      address: Hex;
      digest: Hex;
      signature: { r: string; s: string; v: string };
    };
    // The kit came from the project's node_modules, not from this repository.
    assert.ok(fileURLToPath(result.kitFrom).startsWith(join(kitApp, 'node_modules', 'latchkey') + sep), result.kitFrom);
    assert.equal(result.created, true);
    assert.match(result.whoami.userId, /\S/);
    assert.match(result.address, /^0x[0-9a-fA-F]{40}$/);
    // The new wallet's key signed, checked with viem.
    const { r, s, v } = result.signature;
    const recovered = await recoverAddress({ hash: result.digest, signature: serializeSignature({ r: `0x${r}`, s: `0x${s}`, yParity: Number.parseInt(v, 16) }) });
    assert.equal(recovered.toLowerCase(), result.address.toLowerCase());
  });
});

describe("the emulator's README", () => {
  it('shows every flag of `--help` in its quick start', () => {
    const readme = readFileSync(join(EMULATOR, 'README.md'), 'utf8');
    const running = readme.slice(readme.indexOf('## Running it\n'), readme.indexOf('\n## Origins and endpoints'));
    const flags = [...USAGE.matchAll(/^\s+(--[a-z-]+)/gm)].map((match) => match[1]!);
    assert.ok(flags.length >= 10, `flags read from the usage: ${flags.join(' ')}`);
    assert.deepEqual(flags.filter((flag) => !running.includes(flag)), []);
  });
});
