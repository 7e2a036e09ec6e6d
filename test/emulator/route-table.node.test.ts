// Issue 38, item 5: the emulator README's table of every route — each route of the hosted public
// API answered or not (and why not), the emulator's own routes, the auth proxy's endpoints — is
// the one support/route-table.ts makes from the registries and the hosted client. A route added
// or removed without the README following fails here. LATCHKEY_WRITE_ROUTE_TABLE=1 rewrites the
// README's section instead (then look at the diff before committing it).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { END, START, hostedRoutes, routeTable } from './support/route-table.ts';
import { activityRegistry } from '../../demo/emulator/activities/registry.ts';

const README = new URL('../../demo/emulator/README.md', import.meta.url);

describe("the emulator README's route table", () => {
  it('is the one the registries make', async () => {
    const table = await routeTable();
    const text = readFileSync(README, 'utf8');
    const start = text.indexOf(START);
    const end = text.indexOf(END);
    assert.ok(start >= 0 && end > start, 'the README has the route table markers');
    if (process.env.LATCHKEY_WRITE_ROUTE_TABLE === '1') {
      writeFileSync(README, text.slice(0, start) + table + text.slice(end + END.length));
      return;
    }
    assert.equal(text.slice(start, end + END.length), table, 'the README route table is stale: run this test with LATCHKEY_WRITE_ROUTE_TABLE=1');
  });

  it('lists what a wallet app calls as answered, and reads the hosted list it is checked against', async () => {
    const hosted = hostedRoutes();
    // The hosted client's list is read, not assumed: a broken reader would make an empty table pass.
    assert.ok(hosted.length > 150, `${hosted.length} hosted routes`);
    const table = await routeTable();
    for (const name of ['delete_wallets', 'delete_wallet_accounts', 'update_wallet', 'update_user', 'delete_users', 'create_policy', 'sign_raw_payload']) {
      assert.ok(activityRegistry().has(name), name);
      assert.ok(table.includes(`| \`submit/${name}\` | yes |`), name);
    }
    assert.ok(table.includes('| `submit/execute_swap` | no: needs a swap provider (third party) |'));
    assert.ok(table.includes('- `GET /__keys`') && table.includes('- `POST /__faucet`'), "the emulator's own routes are listed");
  });
});
