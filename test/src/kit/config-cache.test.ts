// configCache: one entry per (proxy, configuration id), written normalized, read back through the
// same normalization; a storage that throws is a cold start, never an error.
import { describe, expect, it } from '../../support/harness.ts';
import { normalizeWalletKitConfig } from '../../../src/clients/wallet-kit-config.ts';
import { configCache, configCacheKey } from '../../../src/kit/config-cache.ts';
import { mapStorage, throwingStorage } from '../../support/storage-stand-ins.ts';

const answer = normalizeWalletKitConfig({ enabledProviders: ['email', 'google'], otpLength: 6, sessionExpirationSeconds: '900', organizationId: 'org', oauthClientIds: { google: 'client' } });

describe('configCache', () => {
  it('keeps the normalized config under its (proxy, configuration) key and reads it back', () => {
    const storage = mapStorage();
    const cache = configCache('https://proxy.example/', 'demo', storage);
    expect(cache.read()).to.equal(null);
    cache.write(answer);
    expect([...storage.entries.keys()]).to.deep.equal([configCacheKey('https://proxy.example', 'demo')]);
    expect(cache.read()).to.deep.equal(answer);
    cache.forget();
    expect(cache.read()).to.equal(null);
  });

  it('an entry that is not a config (edited, another version) reads as none', () => {
    const storage = mapStorage();
    const cache = configCache(undefined, 'demo', storage);
    storage.entries.set(configCacheKey(undefined, 'demo'), '{"enabledProviders": 7');
    expect(cache.read()).to.equal(null);
    storage.entries.set(configCacheKey(undefined, 'demo'), 'null');
    expect(cache.read()).to.equal(null);
  });

  it('a storage that throws: no entry, no error', () => {
    const cache = configCache(undefined, 'demo', throwingStorage);
    expect(cache.read()).to.equal(null);
    expect(() => cache.write(answer)).to.not.throw();
    expect(() => cache.forget()).to.not.throw();
  });
});
