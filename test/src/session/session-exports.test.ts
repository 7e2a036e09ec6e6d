// Exports decrypted in the page: the session makes a throwaway target key, the (fake) service
// seals to it with the emulator's bundle code, and the session opens it (HPKE loaded on demand).
import { describe, it, expect, expectCode, afterEach } from '../../support/harness.ts';
import { SigningSession, type SigningSessionOptions } from '../../../src/session/signing-session.ts';
import { MemorySessionStore } from '../../../src/session/session-store.ts';
import { noSessionChannel } from '../../../src/session/session-channel.ts';
import { processLocks } from '../../../src/session/session-locks.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { createExportBundle, type EnvelopeSigner } from '../../../src/bundles/export-bundle.ts';
import { toHex } from '../../../src/encoding/hex.ts';
import { utf8Encode } from '../../../src/encoding/utf8.ts';
import { FakeService, ORG, makeNotarizer, mintJwt } from './session-fixtures.ts';

const MNEMONIC = 'abandon ability able about above absent absorb abstract absurd abuse access accident';

async function makeEnclave(): Promise<EnvelopeSigner> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
  return { privateKey: pair.privateKey, publicKeyHex: toHex(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey))) };
}

let session: SigningSession | undefined;
afterEach(() => session?.dispose());

async function setup(bundleOrg = ORG, pinned?: string) {
  const notarizer = await makeNotarizer();
  const enclave = await makeEnclave();
  const service = new FakeService(notarizer);
  const privateKey = crypto.getRandomValues(new Uint8Array(32));
  service.results.export_wallet = async (p) => ({ walletId: p.walletId, exportBundle: await createExportBundle(utf8Encode(MNEMONIC), p.targetPublicKey as string, enclave, bundleOrg) });
  service.results.export_private_key = async (p) => ({ privateKeyId: p.privateKeyId, exportBundle: await createExportBundle(privateKey, p.targetPublicKey as string, enclave, bundleOrg) });
  const keyStore = new MemoryKeyStore();
  const key = await keyStore.create();
  const options: SigningSessionOptions = {
    keyStore,
    sessionStore: new MemorySessionStore(),
    channel: noSessionChannel,
    locks: processLocks,
    notarizerPublicKey: notarizer.publicKeyHex,
    enclavePublicKey: pinned ?? enclave.publicKeyHex,
    createClient: service.createClient,
  };
  session = await SigningSession.fromJwt(await mintJwt(notarizer, { public_key: key.id, exp: Math.floor(Date.now() / 1000) + 900 }), options);
  return { service, privateKey, session };
}

describe('SigningSession exports', () => {
  it('exports a wallet mnemonic, sealed to a fresh uncompressed target key', async () => {
    const t = await setup();
    expect(await t.session.exportWallet('wallet-1')).to.equal(MNEMONIC);
    const [call] = t.service.calls;
    expect(call!.operation).to.equal('export_wallet');
    const parameters = call!.request.parameters as Record<string, string>;
    expect(parameters.walletId).to.equal('wallet-1');
    expect(parameters.targetPublicKey).to.match(/^04[0-9a-f]{128}$/);
    await t.session.exportWallet('wallet-1', 'MNEMONIC_LANGUAGE_FRENCH');
    const second = t.service.calls[1]!.request.parameters as Record<string, string>;
    expect(second.language).to.equal('MNEMONIC_LANGUAGE_FRENCH');
    expect(second.targetPublicKey).to.not.equal(parameters.targetPublicKey); // one target per export
  });

  it('exports a private key as raw bytes', async () => {
    const t = await setup();
    expect(toHex(await t.session.exportPrivateKey('pk-1'))).to.equal(toHex(t.privateKey));
    expect((t.service.calls[0]!.request.parameters as Record<string, string>).privateKeyId).to.equal('pk-1');
  });

  it('refuses a bundle for another organization or from an unpinned enclave', async () => {
    const other = await setup('org-someone-else');
    await expectCode(() => other.session.exportWallet('wallet-1'), 'ERR_BUNDLE_ORGANIZATION');
    other.session.dispose();
    const unpinned = await setup(ORG, (await makeEnclave()).publicKeyHex);
    await expectCode(() => unpinned.session.exportPrivateKey('pk-1'), 'ERR_BUNDLE_SIGNER');
  });
});
