// What a logged-in page loads to stamp (scripts/size.mjs's "signing session" entry, bundled
// the way the size budget measures it): signing, not verifying. Public key decompression
// (a BigInt square root) and the ECDSA verifiers load only with the code that verifies tokens
// or opens bundles, which keeps the entry inside its 10 KB budget with room to spare.
import { after, before, describe, expect, it } from '../../support/harness.ts';
import type { BundledEntry } from '../../../scripts/size.mjs';

describe('signing session initial bundle', () => {
  let work: string;
  let bundle: BundledEntry;
  let initialInputs: string[];
  let lazyInputs: string[];

  before(async () => {
    const fs = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { ENTRIES, bundleEntry } = await import('../../../scripts/size.mjs');
    const ROOT = join(import.meta.dirname, '..', '..', '..');
    const entry = ENTRIES.find((e) => e.name === 'signing session')!;
    work = fs.mkdtempSync(join(tmpdir(), 'signing-session-bundle-'));
    const file = join(work, 'entry.ts');
    fs.writeFileSync(file, entry.source.replaceAll("'@/", `'${ROOT}/`) + '\n');
    bundle = await bundleEntry({ file, outdir: join(work, 'out') });
    const { outputs } = bundle.metafile;
    const inputsOf = (out: string): string[] => Object.keys(outputs[out]?.inputs ?? {});
    initialInputs = bundle.initialOutputs.flatMap(inputsOf);
    lazyInputs = Object.keys(outputs).filter((out) => !bundle.initialOutputs.includes(out)).flatMap(inputsOf);
  });

  after(async () => (await import('node:fs')).rmSync(work, { recursive: true, force: true }));

  it('signs (sign-p256, compression for key ids) but carries no decompression or verifiers', () => {
    for (const needed of [/src\/stamp\/sign-p256\.ts$/, /src\/stamp\/create-stamp\.ts$/, /src\/crypto\/p256-point\.ts$/]) {
      expect(initialInputs.some((input) => needed.test(input)), String(needed)).to.equal(true);
    }
    for (const lazy of [/src\/crypto\/p256\.ts$/, /src\/stamp\/ecdsa\.ts$/, /src\/tokens\/session-jwt\.ts$/]) {
      expect(initialInputs.filter((input) => lazy.test(input)), String(lazy)).to.deep.equal([]);
      // Present in the lazy chunks: the check looks at a bundle that does use them.
      expect(lazyInputs.some((input) => lazy.test(input)), String(lazy)).to.equal(true);
    }
  });
});
