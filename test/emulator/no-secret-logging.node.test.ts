// SECURITY.md E7 no-secret-logging: through a whole OTP sign-up and login, a wrong code, a
// wallet export decrypted by the core and a tampered export, nothing secret (the one-time codes,
// the mnemonic, the bundle's ciphertext, the session token) reaches the console, the emulator's
// log, or any error's message, cause or JSON, of the kit or of the emulator's answers.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { holdsSecret, holdsWordRun } from '../support/secret-probes.ts';
import { inspect } from 'node:util';
import { ActivityClient } from '../../src/clients/activity-client.ts';
import { ApiKeyStamper } from '../../src/stamp/api-key-stamper.ts';
import { decryptExportBundle, decodeExportedMnemonic } from '../../src/bundles/export-bundle.ts';
import { generateTargetKeyPair } from '../../src/bundles/hpke-suite.ts';
import { startFixture, getJson, newTestKey } from './support/emulator-fixture.ts';
import { latestCodeFor, otpSignupAndLogin, proxyClient } from './support/otp-flow.ts';
import type { Fixture } from './support/emulator-fixture.ts';

const CONSOLE_METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;

/** Everything an error exposes when logged or serialized: message, causes, JSON, inspection. */
function errorText(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error, depth = 0; e !== undefined && e !== null && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    parts.push(String(e), inspect(e, { depth: 4 }));
    try {
      parts.push(JSON.stringify(e));
    } catch {
      // A cycle: inspect above already covered it.
    }
  }
  return parts.join('\n');
}

describe('E7 no-secret-logging', () => {
  let f: Fixture;
  const emulatorLines: string[] = [];
  const consoleLines: string[] = [];
  const errors: string[] = [];
  const secrets: Record<string, string> = {};
  const originals = new Map<string, (...args: unknown[]) => void>();

  before(async () => {
    for (const method of CONSOLE_METHODS) {
      originals.set(method, console[method]);
      console[method] = (...args: unknown[]) => void consoleLines.push(args.map((a) => (typeof a === 'string' ? a : inspect(a, { depth: 4 }))).join(' '));
    }
    f = await startFixture({ quiet: false, log: (line) => emulatorLines.push(line) });
  });
  after(async () => {
    for (const [method, original] of originals) console[method as (typeof CONSOLE_METHODS)[number]] = original;
    await f.stop();
  });

  it('runs the secret-bearing flows, and no secret appears in any log or error', async () => {
    const email = 'quiet.user@example.com';
    const login = await otpSignupAndLogin(f, email);
    secrets.session = login.session;
    const outbox = (await getJson(`${f.urls.apiUrl}/__outbox`)).json.messages as { otpId: string; code: string }[];
    outbox.forEach((m, i) => (secrets[`code ${i}`] = m.code));

    // A wrong code: the refusal must not echo what was typed (nor the right one).
    const client = proxyClient(f);
    const { otpId } = await client.otpInit({ otpType: 'OTP_TYPE_EMAIL', contact: email });
    secrets['code wrong'] = (await latestCodeFor(f, otpId)) === '918273' ? '827364' : '918273';
    secrets['code current'] = await latestCodeFor(f, otpId);
    await client.otpVerify({ otpId, otpCode: secrets['code wrong'], publicKey: (await newTestKey()).id }).then(
      () => assert.fail('a wrong code was accepted'),
      (error: unknown) => errors.push(errorText(error)),
    );

    // An export the core decrypts, then the same bundle tampered with.
    const activities = new ActivityClient({ apiBaseUrl: f.urls.apiUrl, stamper: new ApiKeyStamper(login.key) });
    const organizationId = login.organizationId;
    const created = await activities.submit('create_wallet', { organizationId, parameters: { walletName: 'quiet', accounts: [] } });
    const walletId = (created.result.createWalletResult as { walletId: string }).walletId;
    const target = await generateTargetKeyPair();
    const exported = await activities.submit('export_wallet', { organizationId, parameters: { walletId, targetPublicKey: target.publicKeyHex } });
    const bundle = (exported.result.exportWalletResult as { exportBundle: string }).exportBundle;
    const enclavePublicKey = (await getJson(`${f.urls.apiUrl}/__keys`)).json.enclavePublicKey as string;
    const options = { target: target.keyPair, organizationId, enclavePublicKey };
    secrets.mnemonic = decodeExportedMnemonic(await decryptExportBundle(bundle, options));
    const envelope = JSON.parse(bundle) as { data: string };
    const inner = JSON.parse(Buffer.from(envelope.data, 'hex').toString('utf8')) as { ciphertext: string };
    secrets.ciphertext = inner.ciphertext;
    const flipped = envelope.data.slice(0, 200) + (envelope.data[200] === '0' ? '1' : '0') + envelope.data.slice(201);
    await decryptExportBundle(JSON.stringify({ ...envelope, data: flipped }), options).then(
      () => assert.fail('a tampered bundle was accepted'),
      (error: unknown) => errors.push(errorText(error)),
    );
    // A bundle for another organization: refused after the signature, with the plaintext at hand.
    await decryptExportBundle(bundle, { ...options, organizationId: 'another-organization' }).then(
      () => assert.fail('a bundle for another organization was accepted'),
      (error: unknown) => errors.push(errorText(error)),
    );

    assert.ok(emulatorLines.some((l) => l.startsWith('OTP ')), 'the emulator did log (else this proves nothing)');
    assert.equal(errors.length, 3);
    assert.ok(Object.keys(secrets).length >= 6);
    const words = secrets.mnemonic!.split(' ');
    for (const [source, text] of [['emulator log', emulatorLines.join('\n')], ['console', consoleLines.join('\n')], ['errors', errors.join('\n')]] as const) {
      // A short secret (the code) whole, a long one anywhere: the code's digits inside a time or
      // an id are chance, not a leak.
      for (const [name, secret] of Object.entries(secrets)) assert.ok(!holdsSecret(text, secret), `${source} contains the ${name}`);
      // Not even a run of three mnemonic words in order, whatever separates them.
      assert.ok(!holdsWordRun(text, words), `${source} contains mnemonic words`);
    }
  });
});
