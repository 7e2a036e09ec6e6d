// LatchKit.getBootProof against a real emulator: the kit, with a session, is the Boot Proof
// source verifyAppProofs needs (what <latch-proof-badge> uses); without a session it refuses.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { LatchKit } from '../../../src/kit/latch-kit.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { MemorySessionStore } from '../../../src/session/session-store.ts';
import { isLatchError } from '../../../src/errors/latch-error.ts';
import { verifyAppProofs } from '../../../src/proofs/index.ts';
import type { AppProof } from '../../../src/clients/activity-types.ts';
import { endFlow } from '../../../src/state/flow-state.ts';
import { setSession } from '../../../src/state/session-state.ts';
import { ETH_WALLET, latestCode, record, startEmulator, type TestEmulator } from './kit-emulator-support.ts';

let t: TestEmulator;
let proofRootSha256: string;

describe('LatchKit.getBootProof against the emulator', () => {
  before(async () => {
    t = await startEmulator();
    ({ proofRootSha256 } = (await (await fetch(`${t.urls.apiUrl}/__keys`)).json()) as { proofRootSha256: string });
  });
  after(async () => {
    endFlow();
    setSession(null);
    await t.emulator.stop();
  });

  it("verifies a sign-up's App Proofs with the kit as the Boot Proof source, and refuses once logged out", async () => {
    const kit = new LatchKit({
      proxyUrl: t.urls.proxyUrl,
      configId: 'demo',
      apiBaseUrl: t.urls.apiUrl,
      notarizerPublicKey: t.keys.notarizerPublicKey,
      enclavePublicKey: t.keys.enclavePublicKey,
      keyStore: new MemoryKeyStore(),
      sessionStore: new MemorySessionStore(),
    });
    const events = record(kit);
    const contact = `kit.bootproof.${Date.now()}@example.com`;
    const { otpId } = await kit.startOtp('OTP_TYPE_EMAIL', contact);
    const outcome = await kit.completeOtp({ otpType: 'OTP_TYPE_EMAIL', contact, otpId, otpCode: await latestCode(t.urls, contact), signup: { wallet: { ...ETH_WALLET, accounts: [...ETH_WALLET.accounts] } } });
    const proofs = (outcome.signup?.appProofs ?? []) as AppProof[];
    const addresses = outcome.signup?.wallet?.addresses ?? [];
    assert.equal(addresses.length, 1);
    assert.ok(proofs.length >= 1, 'a sign-up with a wallet answers with App Proofs');
    const organizationId = outcome.session.summary!.organizationId;

    const boot = await kit.getBootProof(organizationId, proofs[0]!.publicKey);
    assert.equal(boot.ephemeralPublicKeyHex.toLowerCase(), proofs[0]!.publicKey.toLowerCase());
    const result = await verifyAppProofs(proofs, { client: kit, organizationId, expectedAddresses: addresses, trustedRootSha256: proofRootSha256 });
    assert.equal(result.verified, true);
    assert.equal(result.proofs.length, proofs.length);
    assert.equal(result.addresses.outcome, 'passed');

    await kit.logout();
    await assert.rejects(kit.getBootProof(organizationId, proofs[0]!.publicKey), (error) => isLatchError(error) && error.code === 'ERR_SESSION_MISSING');
    assert.deepEqual(
      events.filter((e) => e.type === 'error').map((e) => (e.detail as { code: string }).code),
      ['ERR_SESSION_MISSING'],
      'the refusal is reported like every kit failure',
    );
  });
});
