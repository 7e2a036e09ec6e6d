// D6 stamp-throughput-no-leak: a key kept in IndexedDB signs 1,000 stamps one after another and
// 100 at once, each verifying (verifyStamp, the emulator's check) for exactly its own body,
// while the store keeps to the one connection it opened (the hosted web stamper opens the
// database per stamp). Speed is measured by `npm run bench`, not here.
import { describe, it, expect, afterEach } from '../../support/harness.ts';
import { IndexedDbKeyStore } from '../../../src/keys/indexed-db-key-store.ts';
import { ApiKeyStamper } from '../../../src/stamp/api-key-stamper.ts';
import { verifyStamp } from '../../../src/stamp/verify-stamp.ts';
import { countingFactory, deleteDatabase, uniqueDbName } from '../keys/fake-indexed-db.ts';

describe('D6 stamp-throughput-no-leak', () => {
  const dbName = uniqueDbName();
  let store: IndexedDbKeyStore | undefined;
  afterEach(async () => {
    await store?.close();
    await deleteDatabase(dbName);
  });

  it('D6 stamp-throughput-no-leak: 1,000 sequential and 100 parallel stamps all verify, over one IndexedDB connection', async () => {
    const counted = countingFactory();
    store = new IndexedDbKeyStore({ dbName, indexedDB: counted.factory });
    const created = await store.create({ purpose: 'session' });
    const stamper = new ApiKeyStamper((await store.get(created.id))!);
    const check = async (body: string): Promise<void> => {
      const stamp = await stamper.stamp(body);
      const verified = await verifyStamp(body, stamp.stampHeaderValue);
      if (verified.publicKey !== created.id) throw new Error(`stamp ${body} names another key`);
      // The same stamp over any other body fails.
      let other = 'verified';
      try {
        await verifyStamp(`${body} `, stamp.stampHeaderValue);
      } catch (error) {
        other = (error as { code?: string }).code ?? 'thrown';
      }
      if (other !== 'ERR_STAMP_SIGNATURE') throw new Error(`stamp ${body} also verified another body: ${other}`);
    };
    for (let i = 0; i < 1000; i++) await check(`{"sequential":${i}}`);
    await Promise.all(Array.from({ length: 100 }, (_, i) => check(`{"parallel":${i}}`)));
    // The store answers reads in between, still on its first connection.
    const reads = await Promise.all(Array.from({ length: 100 }, () => store!.get(created.id)));
    expect(reads.every((key) => key?.id === created.id)).to.equal(true);
    expect(counted.opens()).to.equal(1);
  });
});
