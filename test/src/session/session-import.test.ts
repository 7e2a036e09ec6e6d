// Importing a private key sealed in the page: the (fake) service hands out an import target
// signed by its enclave, the session seals the key to it with HPKE, and the service side
// (the emulator's own bundle code) opens exactly the key that was given.
import { describe, it, expect, expectCode, afterEach } from '../../support/harness.ts';
import { SigningSession } from '../../../src/session/signing-session.ts';
import { importPrivateKey } from '../../../src/session/session-import.ts';
import { MemorySessionStore } from '../../../src/session/session-store.ts';
import { noSessionChannel } from '../../../src/session/session-channel.ts';
import { processLocks } from '../../../src/session/session-locks.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { createImportTarget, decryptImportBundle } from '../../../src/bundles/import-bundle.ts';
import type { EnvelopeSigner } from '../../../src/bundles/enclave-envelope.ts';
import { toHex } from '../../../src/encoding/hex.ts';
import { FakeService, ORG, USER, makeNotarizer, mintJwt } from './session-fixtures.ts';

async function makeEnclave(): Promise<EnvelopeSigner> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
  return { privateKey: pair.privateKey, publicKeyHex: toHex(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey))) };
}

let session: SigningSession | undefined;
afterEach(() => session?.dispose());

/** A session over a fake service whose import target is signed by `enclave` for `targetOrg`/`targetUser`. */
async function setup(options: { targetOrg?: string; targetUser?: string } = {}) {
  const notarizer = await makeNotarizer();
  const enclave = await makeEnclave();
  const service = new FakeService(notarizer);
  const target = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
  const targetPublicKeyHex = toHex(new Uint8Array(await crypto.subtle.exportKey('raw', target.publicKey)));
  const opened: string[] = [];
  service.results.init_import_private_key = async () => ({
    importBundle: await createImportTarget({ targetPublicKeyHex, organizationId: options.targetOrg ?? ORG, userId: options.targetUser ?? USER }, enclave),
  });
  service.results.import_private_key = async (p) => {
    opened.push(toHex(await decryptImportBundle(p.encryptedBundle as string, target)));
    return { privateKeyId: 'pk-new', addresses: [{ format: 'ADDRESS_FORMAT_ETHEREUM', address: '0xabc' }] };
  };
  const keyStore = new MemoryKeyStore();
  const key = await keyStore.create();
  session = await SigningSession.fromJwt(await mintJwt(notarizer, { public_key: key.id, exp: Math.floor(Date.now() / 1000) + 900 }), {
    keyStore,
    sessionStore: new MemorySessionStore(),
    channel: noSessionChannel,
    locks: processLocks,
    notarizerPublicKey: notarizer.publicKeyHex,
    createClient: service.createClient,
  });
  return { service, enclave, opened, session };
}

const key = (): Uint8Array => crypto.getRandomValues(new Uint8Array(32));

describe('importPrivateKey (session-import)', () => {
  it('seals the key to the verified target and imports it for the session user; the given bytes are zeroed', async () => {
    const t = await setup();
    const privateKey = key();
    const hex = toHex(privateKey);
    const result = await importPrivateKey(t.session, {
      privateKey,
      curve: 'CURVE_SECP256K1',
      addressFormats: ['ADDRESS_FORMAT_ETHEREUM'],
      privateKeyName: 'Imported',
      enclavePublicKey: t.enclave.publicKeyHex,
    });
    expect(result).to.deep.equal({ privateKeyId: 'pk-new', addresses: [{ format: 'ADDRESS_FORMAT_ETHEREUM', address: '0xabc' }] });
    expect(t.opened).to.deep.equal([hex]);
    expect(privateKey.every((b) => b === 0)).to.equal(true);
    expect(t.service.calls.map((c) => c.operation)).to.deep.equal(['init_import_private_key', 'import_private_key']);
    expect(t.service.calls[0]!.request.parameters).to.deep.equal({ userId: USER });
    const parameters = t.service.calls[1]!.request.parameters as Record<string, unknown>;
    expect(parameters.userId).to.equal(USER);
    expect(parameters.privateKeyName).to.equal('Imported');
    expect(parameters.curve).to.equal('CURVE_SECP256K1');
    expect(parameters.addressFormats).to.deep.equal(['ADDRESS_FORMAT_ETHEREUM']);
    expect(String(parameters.encryptedBundle)).to.not.include(hex);
  });

  it('refuses a target signed by an unpinned enclave, or for another organization or user, and never seals', async () => {
    for (const [options, pinned, code] of [
      [{}, 'unpinned', 'ERR_BUNDLE_SIGNER'],
      [{ targetOrg: 'org-other' }, 'own', 'ERR_BUNDLE_ORGANIZATION'],
      [{ targetUser: 'user-other' }, 'own', 'ERR_BUNDLE_ORGANIZATION'],
    ] as const) {
      const t = await setup(options);
      const enclavePublicKey = pinned === 'own' ? t.enclave.publicKeyHex : (await makeEnclave()).publicKeyHex;
      const privateKey = key();
      await expectCode(
        () => importPrivateKey(t.session, { privateKey, curve: 'CURVE_SECP256K1', addressFormats: ['ADDRESS_FORMAT_ETHEREUM'], privateKeyName: 'k', enclavePublicKey }),
        code,
      );
      expect(t.opened).to.deep.equal([]);
      expect(t.service.calls.map((c) => c.operation)).to.deep.equal(['init_import_private_key']);
      expect(privateKey.every((b) => b === 0)).to.equal(true);
      t.session.dispose();
    }
  });

  it('refuses a key that is not 32 bytes (or all zero) and an empty format list before sending anything', async () => {
    const t = await setup();
    const base = { curve: 'CURVE_SECP256K1', privateKeyName: 'k', enclavePublicKey: t.enclave.publicKeyHex } as const;
    await expectCode(() => importPrivateKey(t.session, { ...base, privateKey: new Uint8Array(31).fill(1), addressFormats: ['ADDRESS_FORMAT_ETHEREUM'] }), 'ERR_INPUT_INVALID');
    await expectCode(() => importPrivateKey(t.session, { ...base, privateKey: new Uint8Array(32), addressFormats: ['ADDRESS_FORMAT_ETHEREUM'] }), 'ERR_INPUT_INVALID');
    const unused = key();
    await expectCode(() => importPrivateKey(t.session, { ...base, privateKey: unused, addressFormats: [] }), 'ERR_INPUT_INVALID');
    expect(unused.every((b) => b === 0)).to.equal(true);
    expect(t.service.calls).to.deep.equal([]);
  });

  it('says why it refuses, and refuses a key that is no byte array without touching it', async () => {
    const t = await setup();
    const base = { curve: 'CURVE_SECP256K1', privateKeyName: 'k', enclavePublicKey: t.enclave.publicKeyHex } as const;
    const refused = async (options: Parameters<typeof importPrivateKey>[1], message: string) => {
      let caught: unknown;
      await importPrivateKey(t.session, options).catch((error: unknown) => (caught = error));
      expect((caught as { code?: string }).code).to.equal('ERR_INPUT_INVALID');
      expect((caught as Error).message).to.equal(message);
    };
    await refused({ ...base, privateKey: new Uint8Array(31).fill(1), addressFormats: ['ADDRESS_FORMAT_ETHEREUM'] }, 'A private key is 32 bytes, not all zero.');
    await refused({ ...base, privateKey: 'ab'.repeat(32) as never, addressFormats: ['ADDRESS_FORMAT_ETHEREUM'] }, 'A private key is 32 bytes, not all zero.');
    const plain = Array.from({ length: 32 }, () => 7);
    await refused({ ...base, privateKey: plain as never, addressFormats: ['ADDRESS_FORMAT_ETHEREUM'] }, 'A private key is 32 bytes, not all zero.');
    expect(plain.every((b) => b === 7)).to.equal(true); // not ours to zero
    await refused({ ...base, privateKey: key(), addressFormats: [] }, 'Choose at least one address format.');
    expect(t.service.calls).to.deep.equal([]);
  });

  it('refuses when logged out', async () => {
    const t = await setup();
    await t.session.logout();
    t.service.calls.length = 0; // the logout's own requests (it ends the key on the service)
    await expectCode(
      () => importPrivateKey(t.session, { privateKey: key(), curve: 'CURVE_SECP256K1', addressFormats: ['ADDRESS_FORMAT_ETHEREUM'], privateKeyName: 'k', enclavePublicKey: t.enclave.publicKeyHex }),
      'ERR_SESSION_MISSING',
    );
    expect(t.service.calls).to.deep.equal([]);
  });
});
