// SECURITY.md B4: the emulator's trust anchors (its notarizer key, enclave key and proof root)
// are accepted only where development happens. Each artifact is real: a session token from
// stamp_login, an export bundle from export_wallet and an App Proof from create_wallet, all
// made by the emulator. A page on a production origin refuses them with ERR_CONFIG_INVALID;
// the same calls succeed on a loopback page and outside a page (Node).
import { describe, it, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { verifySessionJwt, HOSTED_NOTARIZER_PUBLIC_KEY } from '../../src/tokens/session-jwt.ts';
import { decryptExportBundle, decodeExportedMnemonic, HOSTED_ENCLAVE_PUBLIC_KEY } from '../../src/bundles/export-bundle.ts';
import { generateTargetKeyPair } from '../../src/bundles/hpke-suite.ts';
import { verifyAppProof } from '../../src/proofs/verify-app-proof.ts';
import { LatchError } from '../../src/errors/latch-error.ts';
import { toCompressedHex } from '../../src/crypto/p256.ts';
import { startFixture, getJson, newTestKey, resultOf, stampedPost, subOrganizationWithKey } from './support/emulator-fixture.ts';
import type { Fixture, TestKey } from './support/emulator-fixture.ts';
import type { AppProof, BootProof } from '../../src/proofs/proof-types.ts';

const ETH = { curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' };

interface Keys {
  notarizerPublicKey: string;
  enclavePublicKey: string;
  proofRootSha256: string;
}

/** Runs with `globalThis.location` as a page at `href` would see it (undefined: no page). */
function onPage(href: string | undefined): void {
  if (href === undefined) Reflect.deleteProperty(globalThis, 'location');
  else Object.defineProperty(globalThis, 'location', { value: new URL(href), configurable: true, writable: true });
}

const refusedAsDevelopmentTrust = (error: unknown) => error instanceof LatchError && error.code === 'ERR_CONFIG_INVALID' && /loopback/.test(error.message);

describe('B4 prod-refuses-dev-trust-roots', () => {
  let f: Fixture;
  let keys: Keys;
  let key: TestKey;
  let org: string;
  let jwt: string;
  let bundle: string;
  let target: Awaited<ReturnType<typeof generateTargetKeyPair>>;

  before(async () => {
    f = await startFixture();
    keys = (await getJson(`${f.urls.apiUrl}/__keys`)).json as unknown as Keys;
    key = await newTestKey();
    const created = await subOrganizationWithKey(f, key, 'trust', 'tess');
    org = created.organizationId;
    jwt = resultOf(await f.submit('stamp_login', org, { publicKey: (await newTestKey()).id, expirationSeconds: '900' }, key)).session as string;
    const wallet = await f.submit('create_wallet', org, { walletName: 'proven', accounts: [ETH] }, key);
    const walletId = resultOf(wallet).walletId as string;
    target = await generateTargetKeyPair();
    bundle = resultOf(await f.submit('export_wallet', org, { walletId, targetPublicKey: target.publicKeyHex }, key)).exportBundle as string;
  });
  afterEach(() => onPage(undefined));
  after(() => f.stop());

  it('the emulator anchors are not the hosted ones (else this test would prove nothing)', () => {
    assert.notEqual(keys.notarizerPublicKey.toLowerCase(), HOSTED_NOTARIZER_PUBLIC_KEY);
    assert.notEqual(keys.enclavePublicKey.toLowerCase(), HOSTED_ENCLAVE_PUBLIC_KEY);
  });

  it('a session token signed by the emulator notarizer: accepted in Node and on loopback pages, refused on https://shop.example', async () => {
    const options = { notarizerPublicKey: keys.notarizerPublicKey };
    assert.equal((await verifySessionJwt(jwt, options)).organization_id, org);
    for (const href of ['http://localhost:5173/', 'http://127.0.0.1:8080/', 'http://[::1]:3000/', 'http://app.localhost/']) {
      onPage(href);
      assert.equal((await verifySessionJwt(jwt, options)).organization_id, org, href);
    }
    for (const href of ['https://shop.example/', 'https://localhost.example/', 'http://127.0.0.1.nip.example/']) {
      onPage(href);
      await assert.rejects(verifySessionJwt(jwt, options), refusedAsDevelopmentTrust, href);
    }
    // The refusal names what is not trusted there.
    await assert.rejects(verifySessionJwt(jwt, options), (error: Error) => /^A notarizer key other than the hosted service's/.test(error.message));
  });

  it('the hosted notarizer key, given explicitly in either spelling, is never refused for the origin', async () => {
    onPage('https://shop.example/');
    // Not signed by the hosted notarizer: the signature check fails, not the origin check.
    await assert.rejects(verifySessionJwt(jwt, { notarizerPublicKey: HOSTED_NOTARIZER_PUBLIC_KEY.toUpperCase() }), { code: 'ERR_JWT_SIGNATURE' });
    await assert.rejects(verifySessionJwt(jwt, { notarizerPublicKey: toCompressedHex(HOSTED_NOTARIZER_PUBLIC_KEY) }), { code: 'ERR_JWT_SIGNATURE' });
    await assert.rejects(verifySessionJwt(jwt), { code: 'ERR_JWT_SIGNATURE' });
  });

  it('an export bundle signed by the emulator enclave: decrypted on a loopback page, refused on a production page', async () => {
    const options = { target: target.keyPair, organizationId: org, enclavePublicKey: keys.enclavePublicKey };
    onPage('http://localhost:5173/');
    assert.equal(decodeExportedMnemonic(await decryptExportBundle(bundle, options)).split(' ').length, 12);
    onPage('https://shop.example/');
    await assert.rejects(decryptExportBundle(bundle, options), refusedAsDevelopmentTrust);
    // With the hosted key the origin is fine and the signer check refuses the emulator's bundle.
    await assert.rejects(decryptExportBundle(bundle, { ...options, enclavePublicKey: HOSTED_ENCLAVE_PUBLIC_KEY }), { code: 'ERR_BUNDLE_SIGNER' });
  });

  it('an App Proof under the emulator test root: verified on a loopback page, refused on a production page', async () => {
    // generateAppProofs sits beside parameters, so the body is built here rather than by submit.
    const body = f.body('create_wallet', org, { walletName: 'proofs', accounts: [ETH] }, { generateAppProofs: true });
    const created = await stampedPost(`${f.urls.apiUrl}/public/v1/submit/create_wallet`, body, key);
    const appProof = (created.json.activity as { appProofs: AppProof[] }).appProofs[0]!;
    const bootProof = (await f.query('get_boot_proof', { organizationId: org, ephemeralKey: appProof.publicKey }, key)).json.bootProof as BootProof;
    const options = { trustedRootSha256: keys.proofRootSha256 };
    onPage('http://127.0.0.1:8080/');
    assert.equal((await verifyAppProof(appProof, bootProof, options)).verified, true);
    onPage('https://shop.example/');
    await assert.rejects(verifyAppProof(appProof, bootProof, options), (error: Error) => refusedAsDevelopmentTrust(error) && /^A proof root other than/.test(error.message));
    // The AWS root is never refused for the origin: the chain check refuses the emulator's proof.
    await assert.rejects(verifyAppProof(appProof, bootProof), (error: unknown) => error instanceof LatchError && error.code !== 'ERR_CONFIG_INVALID');
  });
});
