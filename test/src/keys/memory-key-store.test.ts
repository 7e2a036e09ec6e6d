import { describe, it, expect } from '../../support/harness.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { keyStoreContract } from './key-store-contract.ts';

keyStoreContract('MemoryKeyStore', {
  make: async () => new MemoryKeyStore(),
  cleanup: async () => undefined,
});

describe('MemoryKeyStore', () => {
  it('keeps each instance separate (keys die with the store)', async () => {
    const a = new MemoryKeyStore();
    const key = await a.create();
    expect(await new MemoryKeyStore().get(key.id)).to.equal(undefined);
    expect((await a.get(key.id))?.id).to.equal(key.id);
  });
});
