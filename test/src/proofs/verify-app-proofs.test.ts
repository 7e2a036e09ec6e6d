import { describe, it, expect, expectCode, before } from '../../support/harness.ts';
import { verifyAppProof, verifyAppProofs } from '../../../src/proofs/index.ts';
import { LatchError } from '../../../src/errors/latch-error.ts';
import { loadAppProofVector } from './proof-fixtures.ts';
import type { AppProofVector } from './proof-fixtures.ts';
import type { BootProof } from '../../../src/proofs/proof-types.ts';

const ADDRESS = '0xb84b4730Cd81Bc82Ee6B1dE6c343Ebd7928138DC';

function fakeClient(bootProof: BootProof | Error) {
  const calls: Array<[string, string]> = [];
  return {
    calls,
    async getBootProof(organizationId: string, ephemeralKey: string): Promise<BootProof> {
      calls.push([organizationId, ephemeralKey]);
      if (bootProof instanceof Error) throw bootProof;
      return bootProof;
    },
  };
}

describe('verifyAppProofs (the lazy public entry)', () => {
  let v: AppProofVector;
  before(async () => {
    v = await loadAppProofVector();
  });

  it('fetches one boot proof per distinct enclave key and verifies every proof', async () => {
    const client = fakeClient(v.bootProof);
    const upper = { ...v.appProof, publicKey: v.appProof.publicKey.toUpperCase() };
    const result = await verifyAppProofs([v.appProof, upper, v.appProof], { client, organizationId: 'org-1' });
    expect(client.calls).to.deep.equal([['org-1', v.appProof.publicKey]]);
    expect(result.verified).to.equal(true);
    expect(result.proofs).to.have.length(3);
    expect(result.addresses).to.deep.include({ name: 'addresses', outcome: 'not-performed' });
  });

  it('checks address-derivation proofs against the addresses the kit received', async () => {
    const client = fakeClient(v.bootProof);
    const result = await verifyAppProofs([v.appProof], { client, organizationId: 'org-1', expectedAddresses: [ADDRESS] });
    expect(result.addresses.outcome).to.equal('passed');
    // A proof for an address the kit did not receive, and an address without a proof.
    await expectCode(() => verifyAppProofs([v.appProof], { client, organizationId: 'org-1', expectedAddresses: [ADDRESS.toLowerCase()] }), 'ERR_PROOF_ADDRESS');
    await expectCode(() => verifyAppProofs([v.appProof], { client, organizationId: 'org-1', expectedAddresses: [ADDRESS, '0x0000000000000000000000000000000000000001'] }), 'ERR_PROOF_ADDRESS');
    await expectCode(() => verifyAppProofs([v.appProof], { client, organizationId: 'org-1', expectedAddresses: [] }), 'ERR_PROOF_ADDRESS');
  });

  it('passes verification options through (trust and pins)', async () => {
    const client = fakeClient(v.bootProof);
    await expectCode(() => verifyAppProofs([v.appProof], { client, organizationId: 'org-1', trustedRootSha256: 'ab'.repeat(32) }), 'ERR_PROOF_ROOT');
    await expectCode(() => verifyAppProofs([v.appProof], { client, organizationId: 'org-1', expectedNamespace: 'prod/signer' }), 'ERR_PROOF_MANIFEST');
  });

  it('fails with the first failing proof’s own code', async () => {
    const client = fakeClient(v.bootProof);
    const tampered = { ...v.appProof, signature: v.appProof.signature.replace(/^../, '00') };
    await expectCode(() => verifyAppProofs([v.appProof, tampered], { client, organizationId: 'org-1' }), 'ERR_PROOF_SIGNATURE');
    const otherBoot = fakeClient({ ...v.bootProof, ephemeralPublicKeyHex: '04' + v.bootProof.ephemeralPublicKeyHex.slice(2, 128) + '00' });
    await expectCode(() => verifyAppProofs([v.appProof], { client: otherBoot, organizationId: 'org-1' }), 'ERR_PROOF_KEY_MISMATCH');
  });

  it("passes on the client's own error, and refuses an empty list or a proof without a key", async () => {
    const failure = new LatchError('ERR_SERVICE_NOT_FOUND', 'No boot proof.');
    let caught: unknown;
    try {
      await verifyAppProofs([v.appProof], { client: fakeClient(failure), organizationId: 'org-1' });
    } catch (error) {
      caught = error;
    }
    expect(caught).to.equal(failure);
    await expectCode(() => verifyAppProofs([], { client: fakeClient(v.bootProof), organizationId: 'org-1' }), 'ERR_INPUT_INVALID');
    await expectCode(() => verifyAppProofs([null as never], { client: fakeClient(v.bootProof), organizationId: 'org-1' }), 'ERR_PROOF_PAYLOAD');
    await expectCode(() => verifyAppProofs([{ ...v.appProof, publicKey: 7 as never }], { client: fakeClient(v.bootProof), organizationId: 'org-1' }), 'ERR_PROOF_PAYLOAD');
  });

  it('verifyAppProof from the lazy entry is the same verifier', async () => {
    expect((await verifyAppProof(v.appProof, v.bootProof)).proofTime).to.equal(1758058763571);
  });
});
