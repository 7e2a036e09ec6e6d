// The Ethereum request reviews against viem, which this project did not write: calldata built by
// viem's encodeFunctionData (erc20Abi, erc721Abi) and read back by its decodeFunctionData must
// give the same rows the review shows; selectors are viem's toFunctionSelector of each signature;
// typed data is what viem's serializeTypedData sends to eth_signTypedData_v4, and every permit
// shape hashes the same in viem (hashTypedData) and in the kit's digest (so it is real typed
// data, not a shape only the review reads); ETH and gwei are viem's formatEther / formatGwei.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  decodeFunctionData, encodeFunctionData, erc20Abi, erc721Abi, formatEther, formatGwei, hashTypedData, maxUint256, parseAbi,
  getTypesForEIP712Domain, parseEther, serializeTypedData, toFunctionSelector, toHex, type Hex,
} from 'viem';
import { reviewEvmRequest, type EvmReviewContext } from '../../../src/review/evm-review.ts';
import { reviewCalldata } from '../../../src/review/evm-calldata.ts';
import { typedDataDigest, type TypedData } from '../../../src/signing/typed-data-digest.ts';
import type { RequestReview, ReviewRow, ReviewSection } from '../../../src/review/request-review.ts';
import { MAIL } from '../../support/eip712-mail.ts';
import { DEADLINE, OWNER, PERMIT2, ROUTER, USDC, WETH, eip2612Permit, permitBatch, permitSingle, permitTransferFrom } from '../../support/permit-typed-data.ts';

const ACCOUNT = '0x9999999999999999999999999999999999999999';
const TOKEN = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const SPENDER = '0x3333333333333333333333333333333333333333';
const CTX: EvmReviewContext = { origin: 'https://app.example', account: ACCOUNT, chainId: 1n };
const increaseAllowanceAbi = parseAbi(['function increaseAllowance(address spender, uint256 addedValue) returns (bool)']);

const section = (review: RequestReview, title: ReviewSection['title']): ReviewSection => {
  const found = review.sections.find((s) => s.title === title);
  assert.ok(found, `a ${title} section in ${JSON.stringify(review.sections.map((s) => s.title))}`);
  return found;
};
const byLabel = (rows: readonly ReviewRow[]) => Object.fromEntries(rows.filter((r) => r.label).map((r) => [r.label!, r.value]));
const byName = (rows: readonly ReviewRow[]) => Object.fromEntries(rows.filter((r) => r.name).map((r) => [r.name!, r.value]));
const send = (tx: object, ctx = CTX) => reviewEvmRequest({ method: 'eth_sendTransaction', params: [tx] }, ctx)!;

describe('calldata', () => {
  const cases: { name: string; data: Hex; signature: string; warnings?: string[] }[] = [
    { name: 'ERC-20 transfer', data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [SPENDER, 1_500_000n] }), signature: 'transfer(address,uint256)' },
    { name: 'ERC-20 approve', data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, 42n] }), signature: 'approve(address,uint256)', warnings: ['delegation'] },
    { name: 'ERC-20 increaseAllowance', data: encodeFunctionData({ abi: increaseAllowanceAbi, functionName: 'increaseAllowance', args: [SPENDER, 7n] }), signature: 'increaseAllowance(address,uint256)', warnings: ['delegation'] },
    { name: 'ERC-20 transferFrom', data: encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [OWNER, SPENDER, 9n] }), signature: 'transferFrom(address,address,uint256)' },
    { name: 'ERC-721 setApprovalForAll', data: encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [SPENDER, false] }), signature: 'setApprovalForAll(address,bool)' },
  ];
  for (const { name, data, signature, warnings } of cases) {
    it(`${name}: viem's selector, and the arguments viem decodes`, () => {
      assert.equal(data.slice(0, 10), toFunctionSelector(`function ${signature}`));
      const call = section(send({ to: TOKEN, data }), 'call');
      assert.equal(call.heading, signature);
      const abi = name.includes('increaseAllowance') ? increaseAllowanceAbi : name.includes('721') ? erc721Abi : erc20Abi;
      const decoded = decodeFunctionData({ abi, data });
      const shown = call.rows.map((r) => r.value);
      assert.equal(shown[0], TOKEN, 'the token is the contract called');
      assert.deepEqual(
        shown.slice(1),
        (decoded.args as readonly unknown[]).map((a) => (typeof a === 'string' ? a.toLowerCase() : String(a))),
      );
      // Every approval is a delegation (its spender and amount in the same section).
      assert.deepEqual(call.warnings ?? [], warnings ?? []);
    });
  }

  it('labels: recipient and amount, spender, from, operator and approved', () => {
    const rows = (data: Hex) => call(data).rows.map((r) => r.label);
    const call = (data: Hex) => reviewCalldata(TOKEN, data)!.sections[0]!;
    assert.deepEqual(rows(cases[0]!.data), ['token', 'recipient', 'amount']);
    assert.deepEqual(rows(cases[1]!.data), ['token', 'spender', 'amount']);
    assert.deepEqual(rows(cases[3]!.data), ['token', 'from', 'recipient', 'amount']);
    assert.deepEqual(rows(cases[4]!.data), ['token', 'operator', 'approved']);
  });

  it('an unlimited amount warns: anything from 2^128 up (2^256-1, near-max, Permit2\'s 2^160-1); below, a delegation only; 0 revokes', () => {
    const approve = (amount: bigint) => send({ to: TOKEN, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, amount] }) });
    for (const amount of [maxUint256, maxUint256 - 1n, 1n << 160n, (1n << 160n) - 1n, (1n << 160n) - 2n, (1n << 200n) + 5n, 1n << 128n]) {
      const review = approve(amount);
      assert.deepEqual(review.warnings, ['unlimited-amount', 'delegation'], String(amount));
      assert.deepEqual(section(review, 'call').warnings, ['unlimited-amount', 'delegation']);
      assert.equal(byLabel(section(review, 'call').rows).amount, amount.toString());
    }
    for (const amount of [1n, 10n ** 30n, (1n << 128n) - 1n]) assert.deepEqual(approve(amount).warnings, ['delegation'], String(amount));
    assert.deepEqual(approve(0n).warnings, []);
    const transfer = send({ to: TOKEN, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [SPENDER, maxUint256] }) });
    assert.deepEqual(transfer.warnings, ['unlimited-amount']);
  });

  it('setApprovalForAll(operator, true) warns', () => {
    const review = send({ to: TOKEN, data: encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [SPENDER, true] }) });
    assert.deepEqual(review.warnings, ['approval-for-all', 'delegation']);
    assert.equal(byLabel(section(review, 'call').rows).approved, 'true');
  });

  it('with the token\'s decimals the amount is in its units too', () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [SPENDER, 1_500_000n] });
    assert.equal(byLabel(section(send({ to: TOKEN, data }, { ...CTX, tokenDecimals: 6 }), 'call').rows).amount, '1.5 (1500000)');
  });

  it('what it cannot read: the selector and the hex, with the warning', () => {
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [SPENDER, 1n] });
    const unknown = encodeFunctionData({ abi: parseAbi(['function swap(uint256 amountIn)']), functionName: 'swap', args: [5n] });
    const dirtyAddress = `${transfer.slice(0, 10)}ff${transfer.slice(12)}` as Hex;
    const bool2 = `${encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [SPENDER, true] }).slice(0, -1)}2` as Hex;
    for (const [what, data] of [['unknown selector', unknown], ['short', transfer.slice(0, -2)], ['high bits in an address', dirtyAddress], ['a bool of 2', bool2], ['3 bytes', '0xa9059c']] as const) {
      const review = send({ to: TOKEN, data });
      assert.deepEqual(review.warnings, ['unreadable-data'], what);
      const call = section(review, 'call');
      assert.deepEqual(call.warnings, ['unreadable-data']);
      const rows = byLabel(call.rows);
      assert.equal(rows.data, data.toLowerCase(), what);
      if (data.length >= 10) assert.equal(rows.selector, data.slice(0, 10), what);
      else assert.equal(rows.selector, undefined);
    }
    assert.equal(section(send({ to: TOKEN, data: unknown }), 'call').rows[0]!.value, toFunctionSelector('function swap(uint256)'));
    // Bytes after the arguments: the token reads its arguments and ignores them, so the call is
    // still read (an approve stays a delegation), and the rest is unreadable.
    const padded = send({ to: TOKEN, data: `${transfer}00` });
    assert.deepEqual(padded.warnings, ['unreadable-data']);
    assert.equal(section(padded, 'call').heading, 'transfer(address,uint256)');
    assert.deepEqual(section(padded, 'call').warnings, ['unreadable-data']);
  });
});

describe('transactions', () => {
  it('to, value in ETH and wei (viem\'s formatEther), chain, data, nonce; no call section without data', () => {
    const value = parseEther('1.25');
    const review = send({ from: ACCOUNT, to: SPENDER, value: toHex(value), nonce: '0x7' }, { ...CTX, chainId: 11155111n });
    assert.equal(review.action, 'send-transaction');
    assert.deepEqual(review.chain, { id: 'eip155:11155111', name: 'Sepolia' });
    assert.deepEqual(byLabel(section(review, 'transaction').rows), {
      to: SPENDER, value: `${formatEther(value)} ETH`, 'value-wei': value.toString(), chain: 'Sepolia (11155111)', nonce: '7',
    });
    assert.deepEqual(review.sections.map((s) => s.title), ['transaction']);
    assert.deepEqual(review.warnings, []);
  });

  it('fees from the request or filled from the chain (viem\'s formatGwei), the filled ones winning', () => {
    const review = reviewEvmRequest(
      { method: 'eth_signTransaction', params: [{ to: SPENDER, value: '0x0', gas: '0x5208', maxFeePerGas: '0x1' }] },
      { ...CTX, filled: { maxFeePerGas: 30_000_000_000n, maxPriorityFeePerGas: 1_500_000_000n } },
    )!;
    assert.equal(review.action, 'sign-transaction');
    assert.deepEqual(byLabel(section(review, 'fees').rows), {
      fee: `${formatEther(21_000n * 30_000_000_000n)} ETH`,
      gas: '21000',
      'max-fee': `${formatGwei(30_000_000_000n)} gwei`,
      'max-priority-fee': `${formatGwei(1_500_000_000n)} gwei`,
    });
    const legacy = send({ to: SPENDER, gas: '0x5208', gasPrice: '0x3b9aca00' });
    assert.deepEqual(byLabel(section(legacy, 'fees').rows), { fee: `${formatEther(21_000n * 1_000_000_000n)} ETH`, gas: '21000', 'gas-price': '1 gwei' });
  });

  it('a transaction naming another chain warns', () => {
    assert.deepEqual(send({ to: SPENDER, chainId: '0x5' }).warnings, ['chain-mismatch']);
  });
});

describe('messages', () => {
  const sign = (message: string) => reviewEvmRequest({ method: 'personal_sign', params: [message, ACCOUNT] }, CTX)!;

  it('UTF-8 text, as viem sends it (hex) or as text', () => {
    for (const message of [toHex('Sign in to app.example\nNonce: 42 — ✓'), 'Sign in to app.example\nNonce: 42 — ✓']) {
      const review = sign(message);
      assert.equal(review.action, 'sign-message');
      assert.deepEqual(review.message, { text: 'Sign in to app.example\nNonce: 42 — ✓', hex: toHex('Sign in to app.example\nNonce: 42 — ✓') });
      assert.deepEqual(review.warnings, []);
      assert.equal(review.origin, 'https://app.example');
      assert.equal(review.account, ACCOUNT);
    }
  });

  it('bytes that are not text, control characters and bidirectional overrides: hex, marked not text', () => {
    for (const hex of ['0xdeadbeef', toHex('pay \u202Eevil'), toHex('a\u0000b'), '0x']) {
      const review = sign(hex);
      assert.deepEqual(review.message, { hex }, hex);
      assert.deepEqual(review.warnings, ['message-not-text']);
    }
  });
});

describe('typed data', () => {
  /** What viem's signTypedData sends: the domain's type added, addresses lowercased, bigints as decimal strings. */
  const asViemSends = (typed: Parameters<typeof serializeTypedData>[0]) =>
    serializeTypedData({ ...typed, types: { EIP712Domain: getTypesForEIP712Domain({ domain: typed.domain }), ...typed.types } } as Parameters<typeof serializeTypedData>[0]);
  const signTyped = (typed: Parameters<typeof serializeTypedData>[0], ctx = CTX) =>
    reviewEvmRequest({ method: 'eth_signTypedData_v4', params: [ACCOUNT, asViemSends(typed)] }, ctx)!;
  const lc = (rows: readonly (readonly string[])[]) => rows.map(([l, v]) => [l, v!.startsWith('0x') ? v!.toLowerCase() : v]);

  it('EIP-712\'s Mail: the domain, the primary type and each field, as viem serializes it', () => {
    const review = signTyped(MAIL);
    assert.equal(review.action, 'sign-typed-data');
    assert.deepEqual(review.sections.map((s) => s.title), ['domain', 'fields']);
    assert.deepEqual(byLabel(section(review, 'domain').rows), { 'domain-name': 'Ether Mail', 'domain-version': '1', chain: 'Ethereum (1)', contract: MAIL.domain.verifyingContract.toLowerCase() });
    const fields = section(review, 'fields');
    assert.equal(fields.heading, 'Mail');
    assert.deepEqual(Object.fromEntries(lc(Object.entries(byName(fields.rows)))), {
      'from.name': 'Cow', 'from.wallet': MAIL.message.from.wallet.toLowerCase(), 'to.name': 'Bob', 'to.wallet': MAIL.message.to.wallet.toLowerCase(), contents: 'Hello, Bob!',
    });
    // Mail is no type the sheet knows: what its signature allows is for the page to say.
    assert.deepEqual(review.warnings, ['unknown-type']);
  });

  it('a domain of another chain warns', () => {
    assert.deepEqual(signTyped(MAIL, { ...CTX, chainId: 5n }).warnings, ['unknown-type', 'chain-mismatch']);
  });

  const permits = [
    {
      name: 'EIP-2612 Permit', typed: eip2612Permit(1_000_000n), unlimited: eip2612Permit(maxUint256),
      rows: [['token', USDC], ['spender', ROUTER], ['amount', '1000000'], ['deadline', '2026-12-01T00:00:00Z']],
    },
    {
      name: 'Permit2 PermitSingle', typed: permitSingle(1_000_000n), unlimited: permitSingle((1n << 160n) - 1n),
      rows: [['spender', ROUTER], ['token', USDC], ['amount', '1000000'], ['expiration', '2027-01-01T00:00:00Z'], ['deadline', '2026-12-01T00:00:00Z']],
    },
    {
      name: 'Permit2 PermitBatch', typed: permitBatch([5n, 6n]), unlimited: permitBatch([5n, (1n << 160n) - 1n]),
      rows: [['spender', ROUTER], ['token', USDC], ['amount', '5'], ['expiration', '2027-01-01T00:00:00Z'], ['token', WETH], ['amount', '6'], ['expiration', '2027-01-01T00:00:00Z'], ['deadline', '2026-12-01T00:00:00Z']],
    },
    {
      name: 'Permit2 PermitTransferFrom', typed: permitTransferFrom(10n ** 18n), unlimited: permitTransferFrom(maxUint256),
      rows: [['spender', ROUTER], ['token', WETH], ['amount', '1000000000000000000'], ['deadline', '2026-12-01T00:00:00Z']],
    },
  ];
  for (const { name, typed, unlimited, rows } of permits) {
    it(`${name}: named a permit, with spender, token, amount and deadline; unlimited warns`, async () => {
      // Real typed data: viem and the kit's digest agree on it.
      const json = JSON.parse(asViemSends(typed)) as TypedData;
      assert.equal(toHex(await typedDataDigest(json)), hashTypedData(typed as Parameters<typeof hashTypedData>[0]));
      const review = signTyped(typed);
      const permit = section(review, 'permit');
      assert.equal(permit.heading, typed.primaryType);
      // viem lowercases the top-level addresses only: compared without case.
      assert.deepEqual(lc(permit.rows.map((r) => [r.label!, r.value])), lc(rows));
      assert.deepEqual(review.warnings, ['permit', 'delegation']);
      assert.deepEqual(review.sections.map((s) => s.title), ['permit', 'domain', 'fields']);
      assert.equal(section(review, 'fields').heading, typed.primaryType);
      const all = signTyped(unlimited);
      assert.deepEqual(all.warnings, ['unlimited-amount', 'permit', 'delegation']);
      assert.deepEqual(section(all, 'permit').warnings, ['permit', 'delegation', 'unlimited-amount']);
    });
  }

  it('Permit2\'s domain and the nested fields are listed too', () => {
    const review = signTyped(permitBatch([5n, 6n]));
    assert.deepEqual(byLabel(section(review, 'domain').rows), { 'domain-name': 'Permit2', chain: 'Ethereum (1)', contract: PERMIT2.toLowerCase() });
    const fields = byName(section(review, 'fields').rows);
    assert.equal(fields['details[1].token'], WETH);
    assert.equal(fields['details[1].nonce'], '3');
    assert.equal(fields.sigDeadline, DEADLINE.toString());
    assert.equal(fields.spender, ROUTER.toLowerCase());
  });
});

describe('chains', () => {
  it('switch: which chain', () => {
    const review = reviewEvmRequest({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] }, CTX)!;
    assert.equal(review.action, 'switch-chain');
    assert.deepEqual(review.sections, [{ title: 'chain', rows: [{ label: 'chain', value: 'Base (8453)', format: 'text' }] }]);
  });

  it('add: which chain, its name, RPC URL and currency', () => {
    const review = reviewEvmRequest({ method: 'wallet_addEthereumChain', params: [{ chainId: '0x1e240', chainName: 'Test Net', rpcUrls: ['https://rpc.test.example'], nativeCurrency: { name: 'Test', symbol: 'TST', decimals: 18 } }] }, CTX)!;
    assert.equal(review.action, 'add-chain');
    assert.deepEqual(byLabel(review.sections[0]!.rows), { chain: 'Test Net (123456)', 'rpc-url': 'https://rpc.test.example', currency: 'TST' });
  });

  it('methods that neither sign, send nor change the chain have no review', () => {
    assert.equal(reviewEvmRequest({ method: 'eth_accounts' }, CTX), undefined);
  });
});
