// A6 turnkey-bundle-kat: the published credential bundle (test/vectors/credential-bundle.json)
// opened by the core and by the hosted SDK's own @turnkey/crypto decryptCredentialBundle gives
// the same key, and the one the vector names; fresh bundles the emulator's sealer makes open to
// the same key in both too (a differential test against code this project did not write).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { decryptCredentialBundle as hostedDecrypt } from '@turnkey/crypto';
import { decryptCredentialBundle, encryptCredentialBundle } from '../../../src/bundles/credential-bundle.ts';
import { toHex } from '../../../src/encoding/hex.ts';
import { targetFromHex, type CredentialBundleVector } from './bundle-fixtures.ts';

const vector = JSON.parse(readFileSync(new URL('../../vectors/credential-bundle.json', import.meta.url), 'utf8')) as CredentialBundleVector;

describe('A6 turnkey-bundle-kat', () => {
  it('A6 turnkey-bundle-kat: the core and @turnkey/crypto open the published bundle to the published key', async () => {
    const target = await targetFromHex(vector.targetPrivateKeyHex, vector.targetPublicKeyCompressedHex);
    const ours = await decryptCredentialBundle(vector.bundle, target, { returnRawKey: true });
    assert.equal(toHex(ours.rawPrivateKey!), vector.expectedPlaintextHex);
    assert.equal(hostedDecrypt(vector.bundle, vector.targetPrivateKeyHex), vector.expectedPlaintextHex);
  });

  it('bundles sealed to the vector target open to the same key in both', async () => {
    const target = await targetFromHex(vector.targetPrivateKeyHex, vector.targetPublicKeyCompressedHex);
    for (let i = 0; i < 5; i++) {
      const key = crypto.getRandomValues(new Uint8Array(32));
      const bundle = await encryptCredentialBundle(key, vector.targetPublicKeyCompressedHex);
      assert.equal(hostedDecrypt(bundle, vector.targetPrivateKeyHex), toHex(key));
      assert.equal(toHex((await decryptCredentialBundle(bundle, target, { returnRawKey: true })).rawPrivateKey!), toHex(key));
    }
  });
});
