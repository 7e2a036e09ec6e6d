// Issue 39 item 3: the bundles' suite loads @hpke/core on first use; a load that fails (a page
// that went offline between chunks) must not be remembered, or every bundle after it fails too.
// Node fails the dynamic import the way a browser's network would, through a resolve hook
// (node:module's register) that refuses '@hpke/core' once. Its own file: the hook stays for the
// life of the process, and the suite must not have been loaded before it.
import { register } from 'node:module';
import { describe, it, expect } from '../../support/harness.ts';
import { bundleSuite, generateTargetKeyPair, hpkeOpen, hpkeSeal } from '../../../src/bundles/hpke-suite.ts';
import { fromHex } from '../../../src/encoding/hex.ts';

const hook = `
let refused = false;
export async function resolve(specifier, context, next) {
  if (specifier === '@hpke/core' && !refused) {
    refused = true;
    throw new Error('offline: @hpke/core not loaded (test)');
  }
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);

describe('the HPKE suite after a failed load', () => {
  it('the failed load goes out as it came, and the next call loads the suite and opens a bundle', async () => {
    let failure: unknown;
    await bundleSuite().then(
      () => undefined,
      (error: unknown) => void (failure = error),
    );
    expect((failure as Error | undefined)?.message).to.equal('offline: @hpke/core not loaded (test)');
    const suite = await bundleSuite();
    expect(suite.kem.id).to.equal(0x0010); // DHKEM(P-256, HKDF-SHA256), RFC 9180 §7.1
    expect(suite.aead.id).to.equal(0x0002); // AES-256-GCM
    expect(await bundleSuite()).to.equal(suite);
    const target = await generateTargetKeyPair();
    const sealed = await hpkeSeal(Uint8Array.of(1, 2, 3), fromHex(target.publicKeyHex));
    expect([...(await hpkeOpen(sealed, target.keyPair))]).to.deep.equal([1, 2, 3]);
  });
});
