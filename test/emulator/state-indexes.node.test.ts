// Lookups that run on every login or OTP go through indexes, and pruning of old records stops
// at the first one it keeps, so neither grows with the state: get_sub_org_ids by contact, name,
// key and credential; the tables' storage order (inOrder, also after a reload) and live size;
// used verification tokens dropped once expired; the outbox capped, oldest out first.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Store } from '../../demo/emulator/state/store.ts';
import { Table, TableTx } from '../../demo/emulator/state/table.ts';
import { OUTBOX_LIMIT, sendToOutbox } from '../../demo/emulator/otp/outbox.ts';
import { ROOT_USER_NAME } from '../../demo/emulator/bootstrap.ts';
import { startFixture, newTestKey, resultOf } from './support/emulator-fixture.ts';
import { otpSignupAndLogin } from './support/otp-flow.ts';
import type { EmulatorContext } from '../../demo/emulator/context.ts';
import type { Fixture } from './support/emulator-fixture.ts';

interface Row {
  id: string;
  group: string;
  createdAt: number;
  updatedAt: number;
}

const row = (id: string, group: string, createdAt = 0): Row => ({ id, group, createdAt, updatedAt: createdAt });
const ids = (rows: Iterable<Row>) => [...rows].map((r) => r.id);

describe('table storage order and size', () => {
  it('a table lists records in the order they were stored; a record put again moves last', () => {
    const table = new Table<Row>('rows').index('group', (r) => r.group);
    for (const id of ['c', 'a', 'b']) table.applyPut(row(id, 'g'));
    assert.deepEqual(ids(table.inOrder()), ['c', 'a', 'b']);
    table.applyPut(row('c', 'h'));
    assert.deepEqual(ids(table.inOrder()), ['a', 'b', 'c']);
    assert.deepEqual(ids(table.findBy('group', 'g')), ['a', 'b']);
    assert.equal(table.size, 3);
  });

  it('an index follows puts, moves and deletions, one record or many under a key, in insertion order', () => {
    const table = new Table<Row>('rows').index('group', (r) => (r.group === 'none' ? undefined : r.group));
    table.applyPut(row('a', 'g'));
    assert.deepEqual(ids(table.findBy('group', 'g')), ['a']);
    table.applyPut(row('b', 'g'));
    table.applyPut(row('c', 'g'));
    table.applyPut(row('n', 'none'));
    assert.deepEqual(ids(table.findBy('group', 'g')), ['a', 'b', 'c']);
    table.applyDelete('b');
    assert.deepEqual(ids(table.findBy('group', 'g')), ['a', 'c']);
    table.applyPut(row('a', 'h')); // a moves to another key
    assert.deepEqual(ids(table.findBy('group', 'g')), ['c']);
    assert.deepEqual(ids(table.findBy('group', 'h')), ['a']);
    table.applyPut(row('d', 'g'));
    assert.deepEqual(ids(table.findBy('group', 'g')), ['c', 'd']);
    table.applyPut(row('c', 'g')); // put again under the same key: still listed once
    assert.deepEqual(ids(table.findBy('group', 'g')), ['d', 'c']);
    for (const id of ['c', 'd', 'a']) table.applyDelete(id);
    assert.deepEqual(table.findBy('group', 'g'), []);
    assert.deepEqual(table.findBy('group', 'h'), []);
    assert.deepEqual(table.findBy('group', 'none'), []);
    assert.deepEqual(ids(table.inOrder()), ['n']);
  });

  it("a transaction's view: stored records first (minus its deletions), then its own puts; size counts both", () => {
    const table = new Table<Row>('rows');
    for (const id of ['a', 'b', 'c']) table.applyPut(row(id, 'g'));
    const tx = new TableTx(table);
    tx.put(row('d', 'g'));
    tx.put(row('a', 'changed'));
    tx.delete('b');
    tx.delete('nothing-here');
    assert.deepEqual(ids(tx.inOrder()), ['c', 'd', 'a']);
    assert.equal(tx.size, 3);
    // Deleting while iterating (how pruning works) skips what it deleted and changes no table.
    for (const record of tx.inOrder()) if (record.id !== 'a') tx.delete(record.id);
    assert.deepEqual(ids(tx.inOrder()), ['a']);
    assert.equal(tx.size, 1);
    assert.deepEqual(ids(table.inOrder()), ['a', 'b', 'c']);
  });

  it('a reloaded store keeps the order records were made in, not the order of their ids', () => {
    const first = new Store();
    const made = [
      { id: 'zz', createdAt: 1, updatedAt: 1, expiresAt: 10 },
      { id: 'aa', createdAt: 2, updatedAt: 2, expiresAt: 20 },
      { id: 'mm', createdAt: 3, updatedAt: 3, expiresAt: 30 },
    ];
    for (const use of made) first.tables.tokenUses.applyPut({ ...use });
    const dumped = first.dump();
    assert.deepEqual(dumped.tokenUses.map((r) => r.id), ['aa', 'mm', 'zz'], 'the file lists records by id');
    const second = new Store();
    second.load(JSON.parse(JSON.stringify(dumped)));
    assert.deepEqual([...second.read.tokenUses.inOrder()].map((r) => r.id), ['zz', 'aa', 'mm']);
  });
});

describe('outbox cap', () => {
  it(`keeps the newest ${OUTBOX_LIMIT} messages, dropping the oldest first`, async () => {
    const store = new Store();
    const ctx = { quiet: true, log: () => undefined } as unknown as EmulatorContext;
    const sent: string[] = [];
    for (let i = 0; i < OUTBOX_LIMIT + 5; i++) {
      const record = await store.transact((tx) =>
        sendToOutbox(ctx, tx, { otpId: `otp-${i}`, organizationId: 'org', channel: 'EMAIL', to: `u${i % 7}@example.com`, code: '123456', customization: { appName: 'App' }, expiresInSeconds: 300 }, 1000 + i),
      );
      sent.push(record.id);
    }
    assert.equal(store.read.outbox.size, OUTBOX_LIMIT);
    assert.deepEqual(ids(store.read.outbox.inOrder() as Iterable<Row>), sent.slice(5));
    for (const id of sent.slice(0, 5)) assert.equal(store.read.outbox.get(id), undefined);
    // The index by recipient follows the deletions.
    const toU0 = store.read.outbox.findBy('to', 'u0@example.com');
    assert.ok(toU0.length > 0 && toU0.every((m) => m.to === 'u0@example.com' && sent.indexOf(m.id) >= 5));
  });
});

describe('indexed lookups over HTTP', () => {
  let f: Fixture;
  before(async () => {
    f = await startFixture();
  });
  after(() => f.stop());

  const subOrg = async (parent: string, name: string, user: Record<string, unknown>) => {
    const owner = await newTestKey();
    const created = resultOf(
      await f.submit(
        'create_sub_organization',
        parent,
        {
          subOrganizationName: name,
          rootQuorumThreshold: 1,
          rootUsers: [{ apiKeys: [{ apiKeyName: 'owner', publicKey: owner.id, curveType: 'API_KEY_CURVE_P256' }], authenticators: [], oauthProviders: [], ...user }],
        },
      ),
    );
    return { org: created.subOrganizationId as string, owner };
  };

  const lookup = async (filterType: string, filterValue: string, organizationId = f.demoOrgId) => {
    const answer = await f.query('get_sub_org_ids', { organizationId, filterType, filterValue });
    assert.equal(answer.status, 200, JSON.stringify(answer.json));
    return answer.json.organizationIds as string[];
  };

  it('get_sub_org_ids finds direct sub-organizations by email (any case), phone, user name, name and key, oldest first', async () => {
    const a = await subOrg(f.demoOrgId, 'idx-shop', { userName: 'idx-ann', userEmail: 'Ann.Idx@Example.com', userPhoneNumber: '+15555550111' });
    f.advance(5); // b is strictly younger, so "oldest first" has one answer
    const b = await subOrg(f.demoOrgId, 'idx-shop', { userName: 'idx-bob', userEmail: 'ann.idx@example.com' });
    assert.deepEqual(await lookup('EMAIL', 'ANN.IDX@example.com'), [a.org, b.org]);
    assert.deepEqual(await lookup('PHONE_NUMBER', '+15555550111'), [a.org]);
    assert.deepEqual(await lookup('USERNAME', 'idx-bob'), [b.org]);
    assert.deepEqual(await lookup('NAME', 'idx-shop'), [a.org, b.org]);
    assert.deepEqual(await lookup('PUBLIC_KEY', b.owner.id.toUpperCase()), [b.org]);
    assert.deepEqual(await lookup('EMAIL', 'nobody.idx@example.com'), []);
    // Only sub-organizations count: an organization's own users and keys are not its children.
    assert.deepEqual(await lookup('PUBLIC_KEY', f.root.id), []);
    assert.deepEqual(await lookup('USERNAME', ROOT_USER_NAME), []);
    assert.deepEqual(await lookup('EMAIL', 'ann.idx@example.com', a.org), []);
  });

  it('drops uses of expired verification tokens as new tokens are used, keeping live ones', async () => {
    await otpSignupAndLogin(f, 'idx.first@example.com');
    const firstUses = f.emulator.state.read.tokenUses.values().map((u) => u.id);
    assert.ok(firstUses.length >= 2, 'sign-up and login are both remembered');
    f.advance(601_000);
    try {
      await otpSignupAndLogin(f, 'idx.second@example.com');
      const now = f.now();
      const uses = f.emulator.state.read.tokenUses.values();
      for (const id of firstUses) assert.ok(!uses.some((u) => u.id === id), 'an expired use is gone');
      assert.ok(uses.length >= 2 && uses.every((u) => u.expiresAt > now), 'the live uses stay');
    } finally {
      f.advance(-601_000);
    }
  });
});
