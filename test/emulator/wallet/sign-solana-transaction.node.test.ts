// sign_transaction (TRANSACTION_TYPE_SOLANA) against the emulator over HTTP, checked with code
// this project did not write: wire transactions built by @solana/kit (legacy and v0 messages,
// one and two signers) are signed by the wallet's Solana accounts; @solana/kit decodes the answer
// (the message unchanged) and each signature verifies over the message with the signer's key;
// signers sign in turn, each its own slot. Bad input is 400 with no state change.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  AccountRole,
  address,
  appendTransactionMessageInstruction,
  blockhash,
  compileTransaction,
  createTransactionMessage,
  getAddressEncoder,
  getTransactionDecoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';
import { ed25519 } from '@noble/curves/ed25519.js';
import { fromHex, toHex } from '../../../src/encoding/hex.ts';
import { startFixture, resultOf, type Fixture } from '../support/emulator-fixture.ts';
import { assertNoStateChange, assertServiceError } from '../support/assertions.ts';
import { senderWallet } from '../onramp/send-v2-bodies.ts';

describe('sign_transaction (Solana) in the emulator', () => {
  let f: Fixture;
  let payer: string;
  let second: string;
  const sign = (unsignedTransaction: string, signWith: string) => f.submit('sign_transaction', f.demoOrgId, { signWith, unsignedTransaction, type: 'TRANSACTION_TYPE_SOLANA' });

  before(async () => {
    f = await startFixture();
    [, payer, second] = await senderWallet(f, 'solana signer');
  });
  after(() => f?.stop());

  /** An unsigned wire transaction built by @solana/kit: `signers` must sign, the first pays. */
  function unsigned(signers: string[], version: 0 | 'legacy') {
    const [feePayer, ...others] = signers.map((s) => address(s));
    const instruction = {
      programAddress: address('11111111111111111111111111111111'),
      accounts: [
        { address: feePayer!, role: AccountRole.WRITABLE_SIGNER },
        ...others.map((a) => ({ address: a, role: AccountRole.READONLY_SIGNER })),
        { address: address('SysvarRent111111111111111111111111111111111'), role: AccountRole.READONLY },
      ],
      data: Uint8Array.of(2, 0, 0, 0, 64, 66, 15, 0, 0, 0, 0, 0),
    };
    const message = pipe(
      createTransactionMessage({ version }),
      (m) => setTransactionMessageFeePayer(feePayer!, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: blockhash('4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZAMdL4VZHirAn'), lastValidBlockHeight: 100n }, m),
      (m) => appendTransactionMessageInstruction(instruction, m),
    );
    const transaction = compileTransaction(message);
    return { transaction, hex: toHex(new Uint8Array(getTransactionEncoder().encode(transaction))) };
  }

  const verifies = (signature: ArrayLike<number> | null | undefined, messageBytes: ArrayLike<number>, signer: string) =>
    signature !== null && signature !== undefined && ed25519.verify(Uint8Array.from(signature), Uint8Array.from(messageBytes), new Uint8Array(getAddressEncoder().encode(address(signer))));

  it('fills the signer\u2019s slot of a legacy and a v0 transaction; @solana/kit decodes it and the signature verifies over its message', async () => {
    for (const version of ['legacy', 0] as const) {
      const { transaction, hex } = unsigned([payer], version);
      const signed = resultOf(await sign(hex, payer)).signedTransaction as string;
      assert.match(signed, /^[0-9a-f]+$/);
      const decoded = getTransactionDecoder().decode(fromHex(signed));
      assert.deepEqual([...decoded.messageBytes], [...transaction.messageBytes], `${version}: the message is unchanged`);
      assert.ok(verifies(decoded.signatures[address(payer)], decoded.messageBytes, payer), `${version}: the fee payer's signature verifies`);
      const tampered = Uint8Array.from(decoded.messageBytes);
      tampered[tampered.length - 1]! ^= 1;
      assert.ok(!verifies(decoded.signatures[address(payer)], tampered, payer), `${version}: not over another message`);
    }
  });

  it('two signers sign in turn, each its own slot, the other kept', async () => {
    const { hex } = unsigned([payer, second], 0);
    const once = resultOf(await sign(hex, second)).signedTransaction as string;
    const partly = getTransactionDecoder().decode(fromHex(once));
    assert.equal(partly.signatures[address(payer)], null, 'the fee payer has not signed yet');
    assert.ok(verifies(partly.signatures[address(second)], partly.messageBytes, second));
    const twice = getTransactionDecoder().decode(fromHex(resultOf(await sign(once, payer)).signedTransaction as string));
    assert.ok(verifies(twice.signatures[address(payer)], twice.messageBytes, payer));
    assert.ok(verifies(twice.signatures[address(second)], twice.messageBytes, second));
  });

  it('refuses what it cannot sign, changing nothing', async () => {
    const { hex } = unsigned([payer], 0);
    const bytes = fromHex(hex);
    const ethAddress = (await senderWallet(f, 'eth'))[0];
    await assertNoStateChange(f.emulator, async () => {
      for (const [name, tx] of [
        ['not hex', 'zz'],
        ['trailing bytes', `${hex}00`],
        ['cut short', hex.slice(0, -2)],
        ['two slots for one signer', `02${'00'.repeat(64)}${hex.slice(2)}`],
        ['a message version 1', toHex(Uint8Array.from([...bytes.subarray(0, 65), 0x81, ...bytes.subarray(66)]))],
      ] as const) {
        const answer = await sign(tx, payer);
        assert.equal(answer.status, 400, `${name}: ${JSON.stringify(answer.json)}`);
        assertServiceError(answer, 400, 3, 'REQUEST_INVALID');
      }
      assertServiceError(await sign(hex, second), 400, 3, 'REQUEST_INVALID', 'required signers');
      assertServiceError(await sign(hex, ethAddress), 400, 3, 'REQUEST_INVALID', 'Ed25519');
    });
  });
});
