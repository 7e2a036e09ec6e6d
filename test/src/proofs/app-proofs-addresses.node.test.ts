// verifyAppProofs over proofs signed in the test (synthetic-proof.ts): address-derivation
// proofs among proofs of other types, repeated addresses, and the options passed through.
import { describe, it, expect, expectCode, before } from '../../support/harness.ts';
import { verifyAppProofs } from '../../../src/proofs/verify-app-proofs.ts';
import { PROOF_TIME, makeWorld } from './synthetic-proof.ts';
import type { World } from './synthetic-proof.ts';
import type { BootProof } from '../../../src/proofs/proof-types.ts';

describe('verifyAppProofs: addresses among proofs of several types', () => {
  let w: World;
  let client: { calls: string[]; getBootProof(organizationId: string, key: string): Promise<BootProof> };
  const addressProof = (address: string) => w.appProof({ ...w.defaultPayload(), addressDerivationProof: { organizationId: 'org-1', address } });
  const policyProof = () => w.appProof({ type: 'APP_PROOF_TYPE_POLICY_OUTCOME', timestampMs: String(PROOF_TIME), policyOutcomeProof: { organizationId: 'org-1', outcome: 'ALLOW' } });

  before(() => {
    w = makeWorld();
    const boot = w.bootProof();
    client = {
      calls: [],
      async getBootProof(organizationId, key) {
        this.calls.push(`${organizationId} ${key}`);
        return boot;
      },
    };
  });

  it('a policy proof beside two address proofs: the addresses are exactly the proven ones, counted once each', async () => {
    const options = { client, organizationId: 'org-1', trustedRootSha256: w.rootSha256 };
    const proofs = [addressProof('addr-a'), policyProof(), addressProof('addr-b')];
    const result = await verifyAppProofs(proofs, { ...options, expectedAddresses: ['addr-b', 'addr-a', 'addr-a'] });
    expect(result.addresses).to.deep.equal({ name: 'addresses', outcome: 'passed', detail: '2 address(es), each with a proof' });
    expect(result.proofs.map((p) => p.payload.type)).to.deep.equal(['APP_PROOF_TYPE_ADDRESS_DERIVATION', 'APP_PROOF_TYPE_POLICY_OUTCOME', 'APP_PROOF_TYPE_ADDRESS_DERIVATION']);
    // Only policy proofs and no expected address: nothing to prove, nothing missing.
    expect((await verifyAppProofs([policyProof()], { ...options, expectedAddresses: [] })).addresses).to.deep.equal({ name: 'addresses', outcome: 'passed', detail: '0 address(es), each with a proof' });
    await expectCode(() => verifyAppProofs([policyProof()], { ...options, expectedAddresses: ['addr-a'] }), 'ERR_PROOF_ADDRESS');
    await expectCode(() => verifyAppProofs(proofs, { ...options, expectedAddresses: ['addr-a'] }), 'ERR_PROOF_ADDRESS');
    const none = await verifyAppProofs(proofs, options);
    expect(none.addresses).to.deep.equal({ name: 'addresses', outcome: 'not-performed', detail: 'no expected addresses were given' });
  });

  it('passes the verification options to each proof, and fetches the boot proof once', async () => {
    client.calls.length = 0;
    const options = { client, organizationId: 'org-9', trustedRootSha256: w.rootSha256 };
    await expectCode(() => verifyAppProofs([policyProof()], { ...options, validationTime: PROOF_TIME + 3 * 3_600_000 }), 'ERR_PROOF_CERT_EXPIRED');
    await expectCode(() => verifyAppProofs([policyProof()], { ...options, expectedDeploymentLabel: 'other' }), 'ERR_PROOF_MANIFEST');
    client.calls.length = 0;
    const result = await verifyAppProofs([policyProof(), policyProof()], { ...options, expectedDeploymentLabel: 'synthetic' });
    expect(client.calls).to.deep.equal([`org-9 ${w.appProof().publicKey}`]);
    expect(result.proofs.every((p) => p.checks.some((c) => c.name === 'deployment-label' && c.outcome === 'passed'))).to.equal(true);
    await expectCode(() => verifyAppProofs('proofs' as never, options), 'ERR_INPUT_INVALID');
  });

  it('when boot proofs for two keys both fail, the first failure is the answer and none is left unobserved', async () => {
    const unobserved: unknown[] = [];
    const onUnhandled = (reason: unknown) => unobserved.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const first = w.appProof();
      const second = { ...first, publicKey: first.publicKey.replace(/^04../, '04ff') };
      const failing = {
        async getBootProof(_organizationId: string, key: string): Promise<BootProof> {
          throw new Error(`no boot proof for ${key.slice(0, 6)}`);
        },
      };
      let caught: unknown;
      try {
        await verifyAppProofs([first, second], { client: failing, organizationId: 'org-1', trustedRootSha256: w.rootSha256 });
      } catch (error) {
        caught = error;
      }
      expect((caught as Error).message).to.equal(`no boot proof for ${first.publicKey.slice(0, 6)}`);
      // Unhandled rejections are reported after a turn of the event loop.
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
      expect(unobserved).to.deep.equal([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
