// App Proofs from the emulator, verified end to end by the core over real HTTP: wallets made
// with generateAppProofs, sign-up with a wallet through the proxy, get_boot_proof and
// list_app_proofs; trusted only when the kit is told to trust the emulator's test root.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifyAppProofs } from '../../../src/proofs/index.ts';
import { verifyAppProof } from '../../../src/proofs/verify-app-proof.ts';
import { parseCertificate } from '../../../src/proofs/x509.ts';
import { LatchError } from '../../../src/errors/latch-error.ts';
import { sha256 } from '../../../src/crypto/webcrypto.ts';
import { toHex } from '../../../src/encoding/hex.ts';
import { clientFor } from '../policy/org-users.ts';
import { startFixture, getJson, newTestKey, subOrganizationWithKey } from '../support/emulator-fixture.ts';
import type { Fixture, TestKey } from '../support/emulator-fixture.ts';
import type { AppProof, AppProofVerification, BootProof } from '../../../src/proofs/proof-types.ts';
import type { ActivityClient } from '../../../src/clients/activity-client.ts';

const ETH = { curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' } as const;
const SOL = { curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/501'/0'/0'", addressFormat: 'ADDRESS_FORMAT_SOLANA' } as const;
const HOURS = 60 * 60 * 1000;

interface Keys {
  proofRootCertificate: string;
  proofRootSha256: string;
}

const addressProofs = (proofs: readonly AppProof[]) => proofs.filter((p) => p.proofPayload.includes('APP_PROOF_TYPE_ADDRESS_DERIVATION'));
const checkOf = (result: AppProofVerification, name: string) => result.checks.find((c) => c.name === name)!;

async function rejectsWith(promise: Promise<unknown>, code: string): Promise<void> {
  await assert.rejects(promise, (error: unknown) => error instanceof LatchError && error.code === code);
}

describe('App Proofs from the emulator', () => {
  let f: Fixture;
  let keys: Keys;
  let org: string;
  let key: TestKey;
  let client: ActivityClient;
  before(async () => {
    f = await startFixture();
    keys = (await getJson(`${f.urls.apiUrl}/__keys`)).json as unknown as Keys;
    key = await newTestKey();
    const created = await subOrganizationWithKey(f, key, 'proofs', 'petra');
    org = created.organizationId;
    client = clientFor(f, key);
  });
  after(() => f.stop());

  it('publishes its test root at /__keys: a self-signed P-384 CA whose DER SHA-256 is proofRootSha256', async () => {
    const der = Uint8Array.from(Buffer.from(keys.proofRootCertificate, 'base64'));
    assert.equal(toHex(await sha256(der)), keys.proofRootSha256);
    const root = parseCertificate(der);
    assert.equal(root.curve, 'P-384');
    assert.equal(root.isCa, true);
    assert.deepEqual(root.issuer, root.subject);
    assert.notEqual(keys.proofRootSha256.toUpperCase(), '641A0321A3E244EFE456463195D606317ED7CDCC3C1756E09893F3C68F79BB5B');
  });

  it('a wallet created with generateAppProofs: its proofs verify end to end when the emulator root is trusted', async () => {
    const activity = await client.submit('create_wallet', { organizationId: org, parameters: { walletName: 'proven', accounts: [ETH, SOL] }, generateAppProofs: true });
    const { walletId, addresses } = activity.result.createWalletResult as { walletId: string; addresses: string[] };
    const proofs = activity.appProofs!;
    // One address-derivation proof per account, and the policy engine's outcome.
    assert.equal(addressProofs(proofs).length, 2);
    assert.equal(proofs.length, 3);
    const result = await verifyAppProofs(proofs, { client, organizationId: org, expectedAddresses: addresses, trustedRootSha256: keys.proofRootSha256 });
    assert.equal(result.verified, true);
    assert.equal(result.addresses.outcome, 'passed');
    const [eth, sol, policy] = result.proofs as [AppProofVerification, AppProofVerification, AppProofVerification];
    assert.deepEqual(eth.payload.addressDerivationProof, { organizationId: org, walletId, derivationPath: ETH.path, address: addresses[0] });
    assert.deepEqual(sol.payload.addressDerivationProof, { organizationId: org, walletId, derivationPath: SOL.path, address: addresses[1] });
    assert.equal(policy.payload.type, 'APP_PROOF_TYPE_POLICY_OUTCOME');
    assert.equal(policy.payload.policyOutcomeProof!.outcome, 'OUTCOME_ALLOW');
    assert.equal(policy.payload.policyOutcomeProof!.organizationId, org);
    for (const r of result.proofs) {
      for (const name of ['app-proof-signature', 'attestation-signature', 'certificate-chain', 'manifest-digest', 'ephemeral-key', 'manifest-pcrs']) assert.equal(checkOf(r, name).outcome, 'passed', name);
      assert.match(checkOf(r, 'root-certificate').detail!, /not the AWS Nitro root/);
      assert.deepEqual({ ...r.enclave, pcrs: undefined, moduleId: undefined }, { deploymentLabel: 'emulator', enclaveApp: 'signer', owner: 'latchkey-emulator', namespace: 'emulator/signer', pcrs: undefined, moduleId: undefined });
      assert.ok(Math.abs(r.proofTime - f.now()) < 60_000);
    }
    // The namespace pin reads the emulator's manifest.
    await verifyAppProofs(proofs, { client, organizationId: org, trustedRootSha256: keys.proofRootSha256, expectedNamespace: 'emulator/signer' });
    await rejectsWith(verifyAppProofs(proofs, { client, organizationId: org, trustedRootSha256: keys.proofRootSha256, expectedNamespace: 'prod/signer' }), 'ERR_PROOF_MANIFEST');
  });

  it('B4 prod-refuses-dev-trust-roots: refuses the same proofs with the production trust settings (ERR_PROOF_ROOT)', async () => {
    const activity = await client.submit('create_wallet', { organizationId: org, parameters: { walletName: 'untrusted', accounts: [ETH] }, generateAppProofs: true });
    await rejectsWith(verifyAppProofs(activity.appProofs!, { client, organizationId: org }), 'ERR_PROOF_ROOT');
    const bootProof = await client.getBootProof(org, activity.appProofs![0]!.publicKey);
    await rejectsWith(verifyAppProof(activity.appProofs![0]!, bootProof), 'ERR_PROOF_ROOT');
  });

  it('a received address without its proof, or a proof for another address: ERR_PROOF_ADDRESS', async () => {
    const activity = await client.submit('create_wallet', { organizationId: org, parameters: { walletName: 'checked', accounts: [ETH] }, generateAppProofs: true });
    const [address] = (activity.result.createWalletResult as { addresses: string[] }).addresses;
    const options = { client, organizationId: org, trustedRootSha256: keys.proofRootSha256 };
    await rejectsWith(verifyAppProofs(activity.appProofs!, { ...options, expectedAddresses: ['0x' + '11'.repeat(20)] }), 'ERR_PROOF_ADDRESS');
    await rejectsWith(verifyAppProofs(activity.appProofs!, { ...options, expectedAddresses: [address!, '0x' + '11'.repeat(20)] }), 'ERR_PROOF_ADDRESS');
  });

  it('create_wallet_accounts with generateAppProofs proves the new addresses; list_app_proofs answers the same proofs', async () => {
    const wallet = await client.submit('create_wallet', { organizationId: org, parameters: { walletName: 'growing', accounts: [ETH] } });
    assert.equal(wallet.appProofs, undefined);
    const walletId = (wallet.result.createWalletResult as { walletId: string }).walletId;
    const more = await client.submit('create_wallet_accounts', {
      organizationId: org,
      parameters: { walletId, accounts: [{ ...ETH, path: "m/44'/60'/0'/0/1" }] },
      generateAppProofs: true,
    });
    const addresses = (more.result.createWalletAccountsResult as { addresses: string[] }).addresses;
    const result = await verifyAppProofs(more.appProofs!, { client, organizationId: org, expectedAddresses: addresses, trustedRootSha256: keys.proofRootSha256 });
    assert.deepEqual(result.proofs[0]!.payload.addressDerivationProof, { organizationId: org, walletId, derivationPath: "m/44'/60'/0'/0/1", address: addresses[0] });
    assert.deepEqual(await client.listAppProofs(org, more.id), more.appProofs);
  });

  it('a policy-outcome proof comes with any activity that asked for proofs', async () => {
    const wallet = await client.submit('create_wallet', { organizationId: org, parameters: { walletName: 'signing', accounts: [ETH] } });
    const [address] = (wallet.result.createWalletResult as { addresses: string[] }).addresses;
    const signed = await client.submit('sign_raw_payload', {
      organizationId: org,
      parameters: { signWith: address!, payload: 'ab'.repeat(32), encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NO_OP' },
      generateAppProofs: true,
    });
    assert.equal(signed.appProofs!.length, 1);
    const [result] = (await verifyAppProofs(signed.appProofs!, { client, organizationId: org, trustedRootSha256: keys.proofRootSha256 })).proofs;
    assert.equal(result!.payload.policyOutcomeProof!.decisionContextDigest, signed.fingerprint.replace(/^sha256:/, ''));
  });

  it('get_boot_proof for a key the enclave never had: not found', async () => {
    await rejectsWith(client.getBootProof(org, '04' + '00'.repeat(129)), 'ERR_SERVICE_NOT_FOUND');
  });

  it('a new boot every three hours: a new ephemeral key, each proof verified against its own boot proof', async () => {
    const before = await client.submit('create_wallet', { organizationId: org, parameters: { walletName: 'early', accounts: [ETH] }, generateAppProofs: true });
    f.advance(3 * HOURS + 1000);
    const later = await client.submit('create_wallet', { organizationId: org, parameters: { walletName: 'late', accounts: [ETH] }, generateAppProofs: true });
    const earlyProof = before.appProofs![0]!;
    const lateProof = later.appProofs![0]!;
    assert.notEqual(earlyProof.publicKey, lateProof.publicKey);
    const fetched: string[] = [];
    const counting = { getBootProof: (o: string, k: string): Promise<BootProof> => (fetched.push(k), client.getBootProof(o, k)) };
    const result = await verifyAppProofs([...before.appProofs!, ...later.appProofs!], { client: counting, organizationId: org, trustedRootSha256: keys.proofRootSha256 });
    assert.equal(result.proofs.length, 4);
    assert.deepEqual(new Set(fetched), new Set([earlyProof.publicKey, lateProof.publicKey]));
    assert.equal(fetched.length, 2);
    // Each attestation leaf covers only its own boot: checked at another time, it is expired.
    const earlyBoot = await client.getBootProof(org, earlyProof.publicKey);
    await rejectsWith(verifyAppProof(earlyProof, earlyBoot, { trustedRootSha256: keys.proofRootSha256, validationTime: f.now() }), 'ERR_PROOF_CERT_EXPIRED');
    // A proof against another boot's proof: the keys differ.
    await rejectsWith(verifyAppProof(lateProof, earlyBoot, { trustedRootSha256: keys.proofRootSha256, validationTime: Number(JSON.parse(earlyProof.proofPayload).timestampMs) }), 'ERR_PROOF_KEY_MISMATCH');
  });
});

describe('App Proofs through the proxy sign-up', () => {
  let f: Fixture;
  let keys: Keys;
  before(async () => {
    f = await startFixture();
    keys = (await getJson(`${f.urls.apiUrl}/__keys`)).json as unknown as Keys;
  });
  after(() => f.stop());

  it('sign-up with a wallet returns proofs that verify against the returned addresses', async () => {
    const key = await newTestKey();
    const answer = await f.proxy('signup', {
      userName: 'sigrid',
      apiKeys: [{ apiKeyName: 'k', publicKey: key.id, curveType: 'API_KEY_CURVE_P256', expirationSeconds: '900' }],
      authenticators: [],
      oauthProviders: [],
      wallet: { walletName: 'Main', accounts: [ETH, SOL] },
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.json));
    const organizationId = answer.json.organizationId as string;
    const wallet = answer.json.wallet as { walletId: string; addresses: string[] };
    const appProofs = answer.json.appProofs as AppProof[];
    assert.equal(addressProofs(appProofs).length, 2);
    const client = clientFor(f, key);
    const result = await verifyAppProofs(appProofs, { client, organizationId, expectedAddresses: wallet.addresses, trustedRootSha256: keys.proofRootSha256 });
    assert.equal(result.addresses.outcome, 'passed');
    for (const r of result.proofs.filter((p) => p.payload.addressDerivationProof)) {
      assert.equal(r.payload.addressDerivationProof!.organizationId, organizationId);
      assert.equal(r.payload.addressDerivationProof!.walletId, wallet.walletId);
    }
    await rejectsWith(verifyAppProofs(appProofs, { client, organizationId }), 'ERR_PROOF_ROOT');
    await rejectsWith(verifyAppProofs(appProofs, { client, organizationId, expectedAddresses: [wallet.addresses[0]!], trustedRootSha256: keys.proofRootSha256 }), 'ERR_PROOF_ADDRESS');
  });

  it('sign-up without a wallet asks for no proofs', async () => {
    const key = await newTestKey();
    const answer = await f.proxy('signup', { userName: 'nils', apiKeys: [{ apiKeyName: 'k', publicKey: key.id, curveType: 'API_KEY_CURVE_P256', expirationSeconds: '900' }], authenticators: [], oauthProviders: [] });
    assert.equal(answer.status, 200, JSON.stringify(answer.json));
    assert.deepEqual(answer.json.appProofs, []);
  });
});

describe('App Proofs across a restart (data file)', () => {
  it('the same test root and the old boot proofs after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'latchkey-proofs-'));
    const dataFile = join(dir, 'state.json');
    try {
      const first = await startFixture({ dataFile });
      const firstKeys = (await getJson(`${first.urls.apiUrl}/__keys`)).json as unknown as Keys;
      const key = await newTestKey();
      const created = await subOrganizationWithKey(first, key, 'persisted', 'rita');
      const org = created.organizationId;
      const activity = await clientFor(first, key).submit('create_wallet', { organizationId: org, parameters: { walletName: 'kept', accounts: [ETH] }, generateAppProofs: true });
      await first.stop();

      // A later start: another boot slot is current, the old key is found through the stored proofs.
      const second = await startFixture({ dataFile, now: () => Date.now() + 7 * HOURS });
      try {
        const secondKeys = (await getJson(`${second.urls.apiUrl}/__keys`)).json as unknown as Keys;
        assert.equal(secondKeys.proofRootSha256, firstKeys.proofRootSha256);
        const client = clientFor(second, key);
        const result = await verifyAppProofs(activity.appProofs!, { client, organizationId: org, trustedRootSha256: secondKeys.proofRootSha256 });
        assert.equal(result.verified, true);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
