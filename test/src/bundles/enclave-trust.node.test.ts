// B4 for envelopes, in Node: a page's origin is what assertDevelopmentTrust judges, and Node has
// none, so this file gives globalThis a `location` for one test at a time (browsers cannot
// redefine theirs). On a non-loopback page an envelope pinned to any key but the hosted enclave's
// is refused with ERR_CONFIG_INVALID before anything in it is trusted; pinned to the hosted key,
// the same page goes on to the envelope's own checks.
import { describe, it, afterEach } from '../../support/harness.ts';
import { expectLatchError } from '../../support/expect-latch-error.ts';
import { HOSTED_ENCLAVE_PUBLIC_KEY, verifyEnvelope } from '../../../src/bundles/enclave-envelope.ts';
import { createExportBundle } from '../../../src/bundles/export-bundle.ts';
import { generateTargetKeyPair } from '../../../src/bundles/hpke-suite.ts';
import { makeSigner } from './bundle-fixtures.ts';

const g = globalThis as { location?: unknown };

describe('enclave key trust on a page', () => {
  afterEach(() => {
    delete g.location;
  });

  it('a non-loopback page refuses an emulator enclave key, and still checks envelopes against the hosted one', async () => {
    const signer = await makeSigner();
    const target = await generateTargetKeyPair();
    const bundle = await createExportBundle(new Uint8Array([1, 2, 3]), target.publicKeyHex, signer, 'org');
    g.location = { hostname: 'wallet.example' };
    await expectLatchError(() => verifyEnvelope(bundle, signer.publicKeyHex), 'ERR_CONFIG_INVALID', { message: /wallet\.example/ });
    await expectLatchError(() => verifyEnvelope(bundle, HOSTED_ENCLAVE_PUBLIC_KEY), 'ERR_BUNDLE_SIGNER');
    await expectLatchError(() => verifyEnvelope(bundle), 'ERR_BUNDLE_SIGNER');
    g.location = { hostname: 'localhost' };
    await verifyEnvelope(bundle, signer.publicKeyHex);
  });
});
