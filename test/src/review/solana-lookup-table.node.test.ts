// An address lookup table account as simulate-solana.ts parses it (parseLookupTable), held to
// @solana/web3.js' own reader (AddressLookupTableAccount.deserialize) on the same bytes; what is
// not a table (another owner, an uninitialized account, a body not a whole number of addresses,
// a header cut short) is none, so its entries stay `table[index]` with 'unresolved-address'.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { AddressLookupTableAccount, Keypair } from '@solana/web3.js';
import { LOOKUP_TABLE_PROGRAM, parseLookupTable } from '../../../src/review/simulate-solana.ts';

const addresses = Array.from({ length: 3 }, () => Keypair.generate().publicKey);
/** The program's layout: u32 state (1 = table), u64 deactivation slot, u64 last extended slot, u8 start index, Option<authority>, padding to 56; then the addresses. */
function table(state = 1, body = addresses.map((a) => a.toBytes())): Uint8Array {
  const data = new Uint8Array(56 + body.length * 32);
  const view = new DataView(data.buffer);
  view.setUint32(0, state, true);
  view.setBigUint64(4, 2n ** 64n - 1n, true);
  view.setBigUint64(12, 7n, true);
  data[21] = 1;
  data[22] = 1;
  data.set(Keypair.generate().publicKey.toBytes(), 23);
  body.forEach((a, i) => data.set(a, 56 + i * 32));
  return data;
}

it('a table\u2019s addresses, as web3.js reads the same bytes', () => {
  const data = table();
  const ours = parseLookupTable({ lamports: 1n, owner: LOOKUP_TABLE_PROGRAM, data });
  const theirs = AddressLookupTableAccount.deserialize(data).addresses.map(String);
  assert.deepEqual(ours, theirs);
  assert.deepEqual(ours, addresses.map(String));
});

it('not a table: another owner, uninitialized, a body of part of an address, a short header', () => {
  assert.equal(parseLookupTable({ lamports: 1n, owner: Keypair.generate().publicKey.toBase58(), data: table() }), undefined);
  assert.equal(parseLookupTable({ lamports: 1n, owner: LOOKUP_TABLE_PROGRAM, data: table(0) }), undefined);
  assert.equal(parseLookupTable({ lamports: 1n, owner: LOOKUP_TABLE_PROGRAM, data: new Uint8Array([...table(), 1, 2, 3]) }), undefined);
  assert.equal(parseLookupTable({ lamports: 1n, owner: LOOKUP_TABLE_PROGRAM, data: table().subarray(0, 40) }), undefined);
  assert.equal(parseLookupTable(null), undefined);
});
