import { describe, it, expect, afterEach } from '../../support/harness.ts';
import { openKeyStore } from '../../../src/keys/open-key-store.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { LatchKit } from '../../../src/kit/latch-kit.ts';
import { MemorySessionStore } from '../../../src/session/session-store.ts';
import { BroadcastSessionChannel } from '../../../src/session/session-channel.ts';
import { deleteDatabase, factoryThatCannotCloneCryptoKeys, factoryWhoseOpenThrows, holdOpen, recordsIn, uniqueDbName } from './fake-indexed-db.ts';

declare global {
  interface Window {
    __LATCHKEY_EMULATOR__: { apiUrl: string; proxyUrl: string; oauthUrl: string } | null;
  }
}

describe('openKeyStore (browser failures)', () => {
  let dbName = uniqueDbName();
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await deleteDatabase(dbName);
    dbName = uniqueDbName();
  });

  it('falls back when open throws', async () => {
    const opened = await openKeyStore({ dbName, indexedDB: factoryWhoseOpenThrows });
    expect(opened.persistent).to.equal(false);
    expect(opened.reason?.code).to.equal('ERR_STORE_UNAVAILABLE');
  });

  it('C2 idb-dataclone-cryptokey: where the browser cannot store CryptoKeys, falls back to memory, an OTP login works, and no key is written', async () => {
    // The browser's own structured clone refuses the record (a browser without CryptoKey
    // cloning): the DataCloneError is the engine's, not one the test throws.
    const opened = await openKeyStore({ dbName, indexedDB: factoryThatCannotCloneCryptoKeys() });
    expect(opened.persistent, 'the probe key could not be stored: not persistent').to.equal(false);
    expect(opened.store).to.be.instanceOf(MemoryKeyStore);
    expect(opened.reason?.code).to.equal('ERR_STORE_DATA_CLONE');
    expect((opened.reason?.cause as DOMException | undefined)?.name).to.equal('DataCloneError');

    // Login still works, on the fallback store, against the emulator.
    const urls = window.__LATCHKEY_EMULATOR__!;
    expect(urls, 'the test runner started an emulator').to.not.equal(null);
    const keys = (await (await fetch(`${urls.apiUrl}/__keys`)).json()) as { notarizerPublicKey: string; enclavePublicKey: string };
    const sessionChannel = new BroadcastSessionChannel({ name: `latchkey-test-${crypto.randomUUID()}` });
    const kit = new LatchKit({
      proxyUrl: urls.proxyUrl,
      configId: 'demo',
      apiBaseUrl: urls.apiUrl,
      ...keys,
      keyStore: opened.store,
      sessionStore: new MemorySessionStore(),
      sessionChannel,
      magicLinks: false,
    });
    cleanups.push(() => sessionChannel.close(), () => kit.dispose());
    const contact = `dataclone.${crypto.randomUUID()}@example.com`;
    const { otpId } = await kit.startOtp('OTP_TYPE_EMAIL', contact);
    const outbox = (await (await fetch(`${urls.apiUrl}/__outbox?to=${encodeURIComponent(contact)}`)).json()) as { messages: { code: string }[] };
    expect(outbox.messages.length, 'one code sent').to.equal(1);
    const login = await kit.completeOtp({ otpType: 'OTP_TYPE_EMAIL', contact, otpId, otpCode: outbox.messages[0]!.code });
    expect((await login.session.whoami()).organizationId).to.equal(login.session.summary!.organizationId);
    const held = await opened.store.list();
    expect(held.map((k) => k.id)).to.deep.equal([login.session.publicKey]);
    expect(held[0]!.privateKey.extractable).to.equal(false);

    // Nothing was written to IndexedDB, in any form (no exported key beside the refused one).
    expect(await recordsIn(dbName, 'keys')).to.deep.equal([]);
    await kit.logout();
  });

  it('falls back when another tab blocks the upgrade', async () => {
    const holder = await holdOpen(dbName, 1);
    const opened = await openKeyStore({ dbName, blockedTimeoutMs: 100 });
    holder.close();
    expect(opened.persistent).to.equal(false);
    expect(opened.reason?.code).to.equal('ERR_STORE_BLOCKED');
  });
});
