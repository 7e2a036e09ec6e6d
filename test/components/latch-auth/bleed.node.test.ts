// The drop-in's initial JavaScript, bundled the way a page loads it (scripts/size.mjs's
// bundleEntry: everything bundled, minified, code-split): what a page must download before
// `<latch-auth>` with every login method shows. HPKE, App Proof verification and the @noble
// curves must not be in it (they load when a flow needs them), nor WebAuthn, the OAuth popup
// code or the one-time-code input; and it must stay within the 25 KB brotli budget.
//
// Node only; a browser run given this folder's glob loads it harmlessly (Node modules are
// imported inside the Node branch).
import type { readFileSync as ReadFileSync } from 'node:fs';
import type { join as Join } from 'node:path';
import type { BundledEntry } from '../../../scripts/size.mjs';
import { after, before, describe, expect, it, runtime } from '../../support/harness.ts';

const BUDGET = 25_000;

if (runtime === 'node') describe('<latch-auth> initial bundle (bleed check)', () => {
  let work: string;
  let bundle: BundledEntry;
  let initialInputs: string[];
  let lazyInputs: string[];
  let initialText: string;

  let readFileSync: typeof ReadFileSync;
  let join: typeof Join;
  let ROOT: string;

  before(async () => {
    const fs = await import('node:fs');
    const { tmpdir } = await import('node:os');
    ({ join } = await import('node:path'));
    const { bundleEntry } = await import('../../../scripts/size.mjs');
    readFileSync = fs.readFileSync;
    ROOT = join(import.meta.dirname, '..', '..', '..');
    work = fs.mkdtempSync(join(tmpdir(), 'latch-auth-bleed-'));
    const file = join(work, 'entry.ts');
    fs.writeFileSync(file, `import { LatchAuth } from '${ROOT}/components/latch-auth/latch-auth.ts';\nLatchAuth.define();\n`);
    bundle = await bundleEntry({ file, outdir: join(work, 'out') });
    const { outputs } = bundle.metafile;
    const inputsOf = (out: string): string[] => Object.keys(outputs[out]?.inputs ?? {});
    initialInputs = bundle.initialOutputs.flatMap(inputsOf);
    lazyInputs = Object.keys(outputs).filter((out) => !bundle.initialOutputs.includes(out)).flatMap(inputsOf);
    initialText = bundle.initialOutputs.map((out) => readFileSync(join(ROOT, out), 'utf8')).join('\n');
  });

  after(async () => (await import('node:fs')).rmSync(work, { recursive: true, force: true }));

  const initialMatching = (pattern: RegExp): string[] => initialInputs.filter((input) => pattern.test(input));

  it('has no HPKE (the suite, src/bundles/hpke-suite.ts, nor any @hpke/* package): @hpke/core is a lazy chunk, loaded with the first bundle', () => {
    expect(initialMatching(/node_modules\/@hpke\//)).to.deep.equal([]);
    expect(initialMatching(/src\/bundles\/hpke-suite\.ts$/)).to.deep.equal([]);
    // The check looks at a bundle that does contain them, lazily.
    for (const lazy of [/node_modules\/@hpke\/core\//, /src\/bundles\/hpke-suite\.ts$/]) {
      expect(lazyInputs.some((input) => lazy.test(input)), String(lazy)).to.equal(true);
    }
  });

  it('has no App Proof verification (src/proofs/verify-*)', () => {
    expect(initialMatching(/src\/proofs\/verify-/)).to.deep.equal([]);
    expect(initialMatching(/src\/proofs\//)).to.deep.equal([]);
  });

  it('has no @noble/* code', () => {
    expect(initialMatching(/node_modules\/@noble\//)).to.deep.equal([]);
  });

  it('has no WebAuthn library, OAuth popup code, login flows or one-time-code input: they load on use', () => {
    expect(initialMatching(/node_modules\/@simplewebauthn\//)).to.deep.equal([]);
    expect(initialMatching(/src\/flows\/(oauth-popup|oauth-flow|passkey-flow|otp-flow)\.ts$/)).to.deep.equal([]);
    expect(initialMatching(/components\/latch-otp-input\//)).to.deep.equal([]);
    // They are in the lazy chunks: the check above looks at a bundle that does contain them.
    for (const lazy of [/node_modules\/@simplewebauthn\//, /src\/flows\/oauth-popup\.ts$/, /src\/flows\/passkey-flow\.ts$/, /components\/latch-otp-input\/latch-otp-input\.ts$/]) {
      expect(lazyInputs.some((input) => lazy.test(input)), String(lazy)).to.equal(true);
    }
  });

  it('has no captcha code nor its messages: they load only with the kit\'s captcha option, on use', () => {
    expect(initialMatching(/src\/captcha\//)).to.deep.equal([]);
    expect(initialMatching(/components\/latch-auth\/captcha-messages\.ts$/)).to.deep.equal([]);
    expect(initialText).to.not.contain('challenges.cloudflare.com');
    for (const lazy of [/src\/captcha\/captcha\.ts$/, /src\/captcha\/turnstile\.ts$/, /components\/latch-auth\/captcha-messages\.ts$/]) {
      expect(lazyInputs.some((input) => lazy.test(input)), String(lazy)).to.equal(true);
    }
  });

  it('does contain the drop-in, both buttons, lit and the kit (the check sees the real entry)', () => {
    for (const needed of [/components\/latch-auth\/latch-auth\.ts$/, /components\/latch-oauth-button\/latch-oauth-button\.ts$/, /components\/latch-passkey-button\/latch-passkey-button\.ts$/, /node_modules\/lit-html\//, /src\/kit\/latch-kit\.ts$/]) {
      expect(initialInputs.some((input) => needed.test(input)), String(needed)).to.equal(true);
    }
  });

  it("carries the login elements' English strings (registered by a call, whatever the package's sideEffects list says)", () => {
    expect(initialText).to.contain('Sending your code');
    expect(initialText).to.contain('Name for your account');
    // Spanish and Arabic are chunks of their own.
    expect(initialText).to.not.contain('Enviando tu código');
  });

  it(`is at most ${BUDGET / 1000} KB brotli`, () => {
    expect(bundle.initial.brotli).to.be.at.most(BUDGET);
  });
});
