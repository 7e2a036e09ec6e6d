// Policies over sign_transaction, submitted by a non-root user (so policies decide): the
// operation is PRIVATE_KEY / SIGN, and an Ethereum transaction's unsigned fields are its
// `eth.tx` (to, value, data, chain_id, nonce, gas, fees; from = the signer), decoded from the
// bytes viem serialized. So a DENY on eth.tx catches a transaction whether it is sent through
// eth_send_transaction or signed here to be broadcast elsewhere, and an ALLOW on eth.tx covers
// only what it names.
import { describe, it, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { serializeTransaction } from 'viem';
import { startFixture, resultOf } from '../support/emulator-fixture.ts';
import { assertNoStateChange, assertServiceError } from '../support/assertions.ts';
import { createPolicies, createUser } from './org-users.ts';
import type { Answer, Fixture } from '../support/emulator-fixture.ts';
import type { OrgUser } from './org-users.ts';

const GOOD = '0x1111111111111111111111111111111111111111';
const BAD = '0x3333333333333333333333333333333333333333';
const SIGN = "activity.resource == 'PRIVATE_KEY' && activity.action == 'SIGN'";

describe('policies over sign_transaction', () => {
  let f: Fixture;
  let user: OrgUser;
  let ethAddress: string;
  let policyIds: string[] = [];

  const eip1559 = (to: `0x${string}`, value: bigint, chainId = 1) =>
    serializeTransaction({ type: 'eip1559', chainId, nonce: 0, maxFeePerGas: 10n, maxPriorityFeePerGas: 1n, gas: 21_000n, to, value });
  const legacy = (to: `0x${string}`, value: bigint) => serializeTransaction({ type: 'legacy', chainId: 1, nonce: 0, gasPrice: 5n, gas: 21_000n, to, value });
  const sign = (unsignedTransaction: string) =>
    f.submit('sign_transaction', f.demoOrgId, { signWith: ethAddress, unsignedTransaction, type: 'TRANSACTION_TYPE_ETHEREUM' }, user.key);
  const signed = (answer: Answer) => {
    assert.equal(answer.status, 200, JSON.stringify(answer.json));
    assert.equal((answer.json.activity as { status: string }).status, 'ACTIVITY_STATUS_COMPLETED');
  };
  const refused = async (unsignedTransaction: string, message: string) => {
    await assertNoStateChange(f.emulator, async () => assertServiceError(await sign(unsignedTransaction), 403, 7, 'FORBIDDEN', message));
  };

  before(async () => {
    f = await startFixture();
    user = await createUser(f, f.demoOrgId, 'signer');
    const wallet = resultOf(
      await f.submit('create_wallet', f.demoOrgId, {
        walletName: 'policed',
        accounts: [{ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }],
      }),
    ) as { addresses: string[] };
    ethAddress = wallet.addresses[0]!;
  });
  afterEach(async () => {
    for (const policyId of policyIds) resultOf(await f.submit('delete_policy', f.demoOrgId, { policyId }));
    policyIds = [];
  });
  after(() => f.stop());

  it('is PRIVATE_KEY / SIGN: refused without a policy, signed with one', async () => {
    await refused(eip1559(GOOD, 1n), 'No policy allows');
    policyIds = await createPolicies(f, f.demoOrgId, [{ policyName: 'signing', effect: 'EFFECT_ALLOW', condition: SIGN }]);
    signed(await sign(eip1559(GOOD, 1n)));
  });

  it('a DENY on eth.tx.to catches a transaction signed to be broadcast elsewhere (EIP-1559 and legacy)', async () => {
    policyIds = await createPolicies(f, f.demoOrgId, [
      { policyName: 'signing', effect: 'EFFECT_ALLOW', condition: SIGN },
      { policyName: 'never BAD', effect: 'EFFECT_DENY', condition: `eth.tx.to == '${BAD}'` },
    ]);
    signed(await sign(eip1559(GOOD, 1n)));
    await refused(eip1559(BAD, 1n), 'A policy denies');
    await refused(legacy(BAD, 1n), 'A policy denies');
  });

  it('an ALLOW on eth.tx covers only the transactions it names (to, value, chain, the signer as from)', async () => {
    policyIds = await createPolicies(f, f.demoOrgId, [
      { policyName: 'small to GOOD on chain 1', effect: 'EFFECT_ALLOW', condition: `eth.tx.to == '${GOOD}' && eth.tx.value <= 100 && eth.tx.chain_id == 1 && eth.tx.from == '${ethAddress.toLowerCase()}' && eth.tx.gas == 21000` },
    ]);
    signed(await sign(eip1559(GOOD, 100n)));
    signed(await sign(legacy(GOOD, 5n)));
    await refused(eip1559(GOOD, 101n), 'No policy allows');
    await refused(eip1559(GOOD, 1n, 8453), 'No policy allows');
    await refused(eip1559(BAD, 1n), 'No policy allows');
  });
});
