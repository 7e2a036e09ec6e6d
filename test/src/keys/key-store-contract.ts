// The behaviour every KeyStore must have, run against each implementation by its own test file.
import { describe, it, expect, afterEach } from '../../support/harness.ts';
import { expectLatchError } from '../../support/expect-latch-error.ts';
import type { KeyStore } from '../../../src/keys/key-store.ts';
import { compressPublicKey, decompressPublicKey } from '../../../src/crypto/p256.ts';
import { fromHex, toHex } from '../../../src/encoding/hex.ts';
import { toArrayBuffer, utf8Encode } from '../../../src/encoding/utf8.ts';

const ECDSA = { name: 'ECDSA', namedCurve: 'P-256' };
const SIGN = { name: 'ECDSA', hash: 'SHA-256' };
const message = toArrayBuffer(utf8Encode('stamp me'));

export async function rawPublicHex(publicKey: CryptoKey): Promise<string> {
  return toHex(compressPublicKey(new Uint8Array(await crypto.subtle.exportKey('raw', publicKey))));
}

/** A non-extractable pair made by importing, as a decrypted credential bundle would be. */
export async function importedPair(): Promise<CryptoKeyPair> {
  const source = await crypto.subtle.generateKey(ECDSA, true, ['sign', 'verify']);
  const jwk = await crypto.subtle.exportKey('jwk', source.privateKey);
  const privateKey = await crypto.subtle.importKey('jwk', jwk, ECDSA, false, ['sign']);
  return { privateKey, publicKey: source.publicKey };
}

async function rejects(promise: Promise<unknown>): Promise<boolean> {
  try {
    await promise;
    return false;
  } catch {
    return true;
  }
}

export interface ContractFixture {
  make(): Promise<KeyStore>;
  /** A second store instance over the same storage, when the store persists. */
  reopen?(): Promise<KeyStore>;
  cleanup(): Promise<void>;
}

export function keyStoreContract(name: string, fixture: ContractFixture): void {
  describe(`${name}: KeyStore contract`, () => {
    afterEach(() => fixture.cleanup());

    it('creates keys named by their compressed public key, with metadata', async () => {
      const store = await fixture.make();
      const before = Date.now();
      const key = await store.create({ purpose: 'session', expiresAt: 1234 });
      expect(key.id).to.match(/^0[23][0-9a-f]{64}$/);
      expect(key.id).to.equal(await rawPublicHex(key.publicKey));
      expect(key.purpose).to.equal('session');
      expect(key.expiresAt).to.equal(1234);
      expect(key.createdAt).to.be.at.least(before);
      const plain = await store.create();
      expect(plain.purpose).to.equal(undefined);
      expect(plain.id).to.not.equal(key.id);
    });

    it('gets, lists in creation order, deletes one and clears all', async () => {
      const store = await fixture.make();
      const a = await store.create({ purpose: 'a' });
      const b = await store.create({ purpose: 'b' });
      const c = await store.create({ purpose: 'c' });
      expect((await store.get(b.id))?.purpose).to.equal('b');
      expect((await store.get(b.id.toUpperCase()))?.id).to.equal(b.id);
      expect(await store.get('02' + '11'.repeat(32))).to.equal(undefined);
      expect((await store.list()).map((k) => k.id)).to.deep.equal([a.id, b.id, c.id]);
      await store.delete(b.id);
      expect(await store.get(b.id)).to.equal(undefined);
      expect((await store.list()).map((k) => k.id)).to.deep.equal([a.id, c.id]);
      await store.delete(b.id); // deleting twice is harmless
      await store.clear();
      expect(await store.list()).to.deep.equal([]);
    });

    it('refuses malformed ids', async () => {
      const store = await fixture.make();
      await expectLatchError(() => store.get('not-a-key'), 'ERR_KEY_FORMAT');
      await expectLatchError(() => store.delete('04' + '11'.repeat(64)), 'ERR_KEY_FORMAT');
      const id = (await store.create()).id;
      // Anchored both ends, and a string: an id with more around it, or an array that would
      // stringify to one, names no key.
      for (const bad of [`${id}0`, `0${id}`, ` ${id}`, `${id}\n`, [id], 42, undefined]) {
        await expectLatchError(() => store.get(bad as unknown as string), 'ERR_KEY_FORMAT');
      }
    });

    it('lists by creation time: keys made in the same millisecond keep their order, and a key stored again moves last', async () => {
      const store = await fixture.make();
      const now = Date.now;
      Date.now = () => 1_700_000_000_000; // one frozen millisecond for every key below
      try {
        const a = await store.put(await importedPair());
        const b = await store.create();
        const c = await store.create();
        expect(b.createdAt).to.be.greaterThan(a.createdAt);
        expect(c.createdAt).to.be.greaterThan(b.createdAt);
        expect((await store.list()).map((k) => k.id)).to.deep.equal([a.id, b.id, c.id]);
        const again = await store.put({ privateKey: a.privateKey, publicKey: a.publicKey }, { purpose: 'again' });
        expect(again.createdAt).to.be.greaterThan(c.createdAt);
        const listed = await store.list();
        expect(listed.map((k) => k.id)).to.deep.equal([b.id, c.id, a.id]);
        expect(listed[2]!.purpose).to.equal('again');
      } finally {
        Date.now = now;
      }
    });

    it('keeps private keys non-extractable, and they sign what the id verifies', async () => {
      const store = await fixture.make();
      const created = await store.create();
      const key = (await store.get(created.id))!;
      expect(key.privateKey.extractable).to.equal(false);
      expect(await rejects(crypto.subtle.exportKey('pkcs8', key.privateKey))).to.equal(true);
      expect(await rejects(crypto.subtle.exportKey('jwk', key.privateKey))).to.equal(true);
      const signature = await crypto.subtle.sign(SIGN, key.privateKey, message);
      expect(await crypto.subtle.verify(SIGN, key.publicKey, signature, message)).to.equal(true);
      // The id alone (what the service knows) verifies the signature: it names this key.
      const fromId = await crypto.subtle.importKey('raw', toArrayBuffer(decompressPublicKey(fromHex(key.id))), ECDSA, false, ['verify']);
      expect(await crypto.subtle.verify(SIGN, fromId, signature, message)).to.equal(true);
      const tampered = new Uint8Array(signature);
      tampered[5] ^= 1;
      expect(await crypto.subtle.verify(SIGN, fromId, tampered, message)).to.equal(false);
    });

    it('stores an imported non-extractable pair under its id', async () => {
      const store = await fixture.make();
      const pair = await importedPair();
      const key = await store.put(pair, { purpose: 'bundle' });
      expect(key.id).to.equal(await rawPublicHex(pair.publicKey));
      const back = (await store.get(key.id))!;
      expect(back.purpose).to.equal('bundle');
      const signature = await crypto.subtle.sign(SIGN, back.privateKey, message);
      expect(await crypto.subtle.verify(SIGN, back.publicKey, signature, message)).to.equal(true);
    });

    it('refuses an extractable private key and writes nothing', async () => {
      const store = await fixture.make();
      const pair = await crypto.subtle.generateKey(ECDSA, true, ['sign', 'verify']);
      await expectLatchError(() => store.put(pair), 'ERR_STORE_EXTRACTABLE');
      expect(await store.list()).to.deep.equal([]);
    });

    it('refuses a private key under another key\'s public key, and non-ECDSA pairs', async () => {
      const store = await fixture.make();
      const a = await importedPair();
      const b = await importedPair();
      await expectLatchError(() => store.put({ privateKey: a.privateKey, publicKey: b.publicKey }), 'ERR_KEY_MISMATCH');
      const ecdh = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);
      // Refused for what the pair is, before anything tries to sign with it or name it.
      const notEcdsa = await expectLatchError(() => store.put(ecdh), 'ERR_KEY_FORMAT', { message: /ECDSA P-256/ });
      expect(notEcdsa.cause).to.equal(undefined);
      await expectLatchError(() => store.put({ privateKey: a.publicKey, publicKey: a.publicKey } as CryptoKeyPair), 'ERR_KEY_FORMAT');
      await expectLatchError(() => store.put({ privateKey: a.privateKey, publicKey: a.privateKey } as CryptoKeyPair), 'ERR_KEY_FORMAT');
      // An ECDH pair is P-256 but not ECDSA; an ECDSA P-384 pair is ECDSA but not P-256.
      const p384 = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-384' }, false, ['sign', 'verify']);
      const notP256 = await expectLatchError(() => store.put(p384), 'ERR_KEY_FORMAT', { message: /ECDSA P-256/ });
      expect(notP256.cause).to.equal(undefined);
      for (const partial of [{ publicKey: a.publicKey }, { privateKey: a.privateKey }, null]) {
        await expectLatchError(() => store.put(partial as unknown as CryptoKeyPair), 'ERR_KEY_FORMAT');
      }
      // A public half that may not verify (no 'verify' usage): the pair cannot prove itself.
      const raw = await crypto.subtle.exportKey('raw', a.publicKey);
      const noVerify = await crypto.subtle.importKey('raw', raw, ECDSA, true, []);
      await expectLatchError(() => store.put({ privateKey: a.privateKey, publicKey: noVerify }), 'ERR_KEY_FORMAT', { cause: true });
      // A public half that cannot be exported cannot name the key.
      const hidden = await crypto.subtle.importKey('raw', raw, ECDSA, false, ['verify']);
      await expectLatchError(() => store.put({ privateKey: a.privateKey, publicKey: hidden }), 'ERR_KEY_FORMAT', { cause: true });
      expect(await store.list()).to.deep.equal([]);
    });

    if (fixture.reopen) {
      const reopen = fixture.reopen;
      it('keeps keys across store instances (a reload)', async () => {
        const first = await fixture.make();
        const key = await first.create({ purpose: 'session' });
        const second = await reopen();
        const back = await second.get(key.id);
        expect(back?.id).to.equal(key.id);
        expect(back?.purpose).to.equal('session');
        expect(back?.privateKey.extractable).to.equal(false);
        const signature = await crypto.subtle.sign(SIGN, back!.privateKey, message);
        expect(await crypto.subtle.verify(SIGN, key.publicKey, signature, message)).to.equal(true);
        await second.delete(key.id);
        expect(await first.get(key.id)).to.equal(undefined);
      });
    }
  });
}
