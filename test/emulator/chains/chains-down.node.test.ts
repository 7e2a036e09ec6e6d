/**
 * A chain that cannot start, or dies under the emulator: the emulator keeps serving everything
 * else, `/__chains` says which chain is off and why, and a send to it is the service's error
 * ("chain unavailable") that changes nothing. And the default: `createEmulator()` starts no chain.
 */
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { startFixture, getJson } from '../support/emulator-fixture.ts';
import { assertNoStateChange, assertServiceError } from '../support/assertions.ts';
import type { Fixture } from '../support/emulator-fixture.ts';
import type { ChainsDocument } from '../../../demo/emulator/chains/chain-types.ts';

const SEPOLIA = 'eip155:11155111';
const RECIPIENT = '0x1111111111111111111111111111111111111111';

async function ethAccount(f: Fixture): Promise<string> {
  const answer = await f.submit('create_wallet', f.demoOrgId, {
    walletName: 'w',
    accounts: [{ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }],
  });
  assert.equal(answer.status, 200);
  return ((answer.json.activity as { result: { createWalletResult: { addresses: string[] } } }).result.createWalletResult.addresses)[0]!;
}

describe('chains off, missing or dead', () => {
  const fixtures: Fixture[] = [];
  after(() => Promise.all(fixtures.map((f) => f.stop())));

  it('createEmulator() starts no chain by default: /__chains is empty and sends settle in the sandbox', async () => {
    const f = await startFixture();
    fixtures.push(f);
    assert.equal(f.emulator.context.chains, undefined);
    assert.deepEqual((await getJson(`${f.urls.apiUrl}/__chains`)).json, { evm: [], solana: null });
    const from = await ethAccount(f);
    assert.equal((await f.submit('eth_send_transaction', f.demoOrgId, { from, caip2: 'eip155:1', to: RECIPIENT, value: '1' })).status, 200);
  });

  it('no anvil binary: the emulator serves the rest, /__chains says why, a send is "chain unavailable" and changes nothing', async () => {
    const f = await startFixture({ chains: 'evm', anvilBinary: '/nonexistent/anvil' });
    fixtures.push(f);
    const doc = (await getJson(`${f.urls.apiUrl}/__chains`)).json as unknown as ChainsDocument;
    assert.deepEqual(doc.evm, []);
    assert.equal(doc.down?.length, 1);
    assert.equal(doc.down![0]!.chain, 'evm');
    assert.match(doc.down![0]!.reason, /anvil/);
    const from = await ethAccount(f);
    const answer = await assertNoStateChange(f.emulator, () => f.submit('eth_send_transaction', f.demoOrgId, { from, caip2: SEPOLIA, to: RECIPIENT, value: '1' }));
    assertServiceError(answer, 400, 3, 'CHAIN_UNAVAILABLE', 'anvil');
  });

  it('anvil killed under the emulator: /__chains lists it as down, a send is refused, the rest still serves', async () => {
    const f = await startFixture({ chains: 'evm' });
    fixtures.push(f);
    const chains = f.emulator.context.chains!;
    const from = await ethAccount(f);
    const sepolia = chains.evm(SEPOLIA)!;
    const died = new Promise<string>((resolve) => sepolia.onDown(resolve));
    process.kill(sepolia.pid, 'SIGKILL');
    assert.equal(await died, 'anvil stopped by SIGKILL');
    const doc = (await getJson(`${f.urls.apiUrl}/__chains`)).json as unknown as ChainsDocument;
    assert.deepEqual(doc.evm.map((c) => c.caip2), ['eip155:84532']);
    assert.match(doc.down![0]!.reason, /eip155:11155111: anvil stopped by SIGKILL/);
    const answer = await assertNoStateChange(f.emulator, () => f.submit('eth_send_transaction', f.demoOrgId, { from, caip2: SEPOLIA, to: RECIPIENT, value: '1' }));
    assertServiceError(answer, 400, 3, 'CHAIN_UNAVAILABLE', 'SIGKILL');
    assert.equal((await ethAccount(f)).length, 42, 'the emulator still serves');
  });
});
