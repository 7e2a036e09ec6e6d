// Requests an attacker builds to drain an account while the sheet looks harmless, each built
// with viem (encodeFunctionData, hashTypedData, createSiweMessage from viem/siwe) as the
// attacker would, and the warnings the review must carry for it, exactly (none missing, none
// spurious), with the rows that say what it does. Typed data is checked against viem's
// hashTypedData: the kit's digest of what the dapp sends is the digest of what the review reads
// (a zero-padded hex integer is the integer the signature covers). The kit's EIP-4361 reader is
// held to viem's parseSiweMessage.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  encodeFunctionData, erc20Abi, erc721Abi, getTypesForEIP712Domain, hashTypedData, keccak256, maxUint256, parseAbi, toHex, type Hex,
} from 'viem';
import { createSiweMessage, parseSiweMessage as viemParseSiwe } from 'viem/siwe';
import { reviewEvmRequest, type EvmReviewContext } from '../../../src/review/evm-review.ts';
import { MAX_ROWS } from '../../../src/review/evm-typed-data.ts';
import { parseSiweMessage } from '../../../src/review/siwe-message.ts';
import { typedDataDigest, type TypedData } from '../../../src/signing/typed-data-digest.ts';
import type { RequestReview, ReviewRow, ReviewSection, ReviewWarning } from '../../../src/review/request-review.ts';
import { PERMIT2, USDC, eip2612Permit, permitSingle } from '../../support/permit-typed-data.ts';

const ACCOUNT = '0x9999999999999999999999999999999999999999';
const ATTACKER = '0xa77ac4e8a77ac4e8a77ac4e8a77ac4e8a77ac4e8';
const NFT = '0xbc4ca0eda7647a8ab7c2061c2e118a18a936f13d';
const DAI = '0x6b175474e89094c44da98b954eedeac495271d0f';
const MULTICALL3 = '0xca11bde05977b3631167028862be2a173976ca11';
const SAFE = '0x5afe5afe5afe5afe5afe5afe5afe5afe5afe5afe';
const SEAPORT = '0x0000000000000068F116a894984e2DB1123eB395';
const NOW = Date.parse('2026-12-07T12:00:00Z');
const CTX: EvmReviewContext = { origin: 'https://dapp.example', account: ACCOUNT, chainId: 1n, now: NOW };

const safeAbi = parseAbi([
  'function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures) returns (bool)',
]);
// Multicall3's own ABI (viem's multicall3Abi has aggregate3 only).
const multicall3Abi = parseAbi([
  'struct Call { address target; bytes callData; }',
  'struct Call3 { address target; bool allowFailure; bytes callData; }',
  'struct Result { bool success; bytes returnData; }',
  'function aggregate(Call[] calls) payable returns (uint256 blockNumber, bytes[] returnData)',
  'function aggregate3(Call3[] calls) payable returns (Result[] returnData)',
  'function tryAggregate(bool requireSuccess, Call[] calls) payable returns (Result[] returnData)',
  'struct Call3Value { address target; bool allowFailure; uint256 value; bytes callData; }',
  'function aggregate3Value(Call3Value[] calls) payable returns (Result[] returnData)',
]);
const permit2Abi = parseAbi(['function approve(address token, address spender, uint160 amount, uint48 expiration)']);
const increaseAllowanceAbi = parseAbi(['function increaseAllowance(address spender, uint256 addedValue) returns (bool)']);

const approve = (spender: string, amount: bigint) => encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender as Hex, amount] });
const execSafe = (to: string, data: Hex, operation = 0) =>
  encodeFunctionData({ abi: safeAbi, functionName: 'execTransaction', args: [to as Hex, 0n, data, operation, 0n, 0n, 0n, `0x${'0'.repeat(40)}`, `0x${'0'.repeat(40)}`, `0x${'ab'.repeat(65)}`] });

/** What viem's signTypedData sends (the domain's type listed), bigints as decimal strings. */
function asSent(typed: { types: Record<string, readonly { name: string; type: string }[]>; domain: Record<string, unknown>; primaryType: string; message: Record<string, unknown> }): string {
  const types = { EIP712Domain: getTypesForEIP712Domain({ domain: typed.domain as never }), ...typed.types };
  return JSON.stringify({ ...typed, types }, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

interface Case {
  name: string;
  request: { method: string; params: unknown[] };
  ctx?: Partial<EvmReviewContext>;
  /** Exactly the review's warnings, most serious first. */
  warnings: ReviewWarning[];
  /** viem's typed data, whose hashTypedData the kit's digest of the sent JSON must equal. */
  viemTyped?: Parameters<typeof hashTypedData>[0];
  check?: (review: RequestReview) => void;
}

const send = (tx: Record<string, unknown>) => ({ method: 'eth_sendTransaction', params: [{ from: ACCOUNT, ...tx }] });
const signTyped = (json: string) => ({ method: 'eth_signTypedData_v4', params: [ACCOUNT, json] });
const sign = (message: string) => ({ method: 'personal_sign', params: [message, ACCOUNT] });

const rowsOf = (s: ReviewSection) => s.rows.map((r) => [r.label ?? r.name, r.value] as const);
const labelled = (rows: readonly ReviewRow[], label: string) => rows.filter((r) => r.label === label).map((r) => r.value);
/** The one section carrying `warning`, which must also hold the rows that say whom and how much. */
function carrying(review: RequestReview, warning: ReviewWarning, index = 0): ReviewSection {
  const found = review.sections.filter((s) => s.warnings?.includes(warning));
  assert.ok(found[index], `a section carrying ${warning} in ${JSON.stringify(review.sections.map((s) => [s.title, s.warnings]))}`);
  return found[index]!;
}
function delegationTo(review: RequestReview, spender: string, amount: string, index = 0): void {
  const section = carrying(review, 'delegation', index);
  const rows = Object.fromEntries(section.rows.filter((r) => r.label).map((r) => [r.label, r.value]));
  assert.equal((rows.spender ?? rows.operator)?.toLowerCase(), spender.toLowerCase(), JSON.stringify(rows));
  if (amount) assert.equal(rows.amount, amount);
}

// Seaport 1.6 OrderComponents, as OpenSea's front end asks for a listing.
const SEAPORT_TYPES = {
  OrderComponents: [
    { name: 'offerer', type: 'address' }, { name: 'zone', type: 'address' }, { name: 'offer', type: 'OfferItem[]' },
    { name: 'consideration', type: 'ConsiderationItem[]' }, { name: 'orderType', type: 'uint8' }, { name: 'startTime', type: 'uint256' },
    { name: 'endTime', type: 'uint256' }, { name: 'zoneHash', type: 'bytes32' }, { name: 'salt', type: 'uint256' },
    { name: 'conduitKey', type: 'bytes32' }, { name: 'counter', type: 'uint256' },
  ],
  OfferItem: [
    { name: 'itemType', type: 'uint8' }, { name: 'token', type: 'address' }, { name: 'identifierOrCriteria', type: 'uint256' },
    { name: 'startAmount', type: 'uint256' }, { name: 'endAmount', type: 'uint256' },
  ],
  ConsiderationItem: [
    { name: 'itemType', type: 'uint8' }, { name: 'token', type: 'address' }, { name: 'identifierOrCriteria', type: 'uint256' },
    { name: 'startAmount', type: 'uint256' }, { name: 'endAmount', type: 'uint256' }, { name: 'recipient', type: 'address' },
  ],
} as const;
const ZERO = `0x${'0'.repeat(40)}` as const;
const order = (tokenId: bigint, price: bigint, to: string) => ({
  offerer: ACCOUNT, zone: ZERO,
  offer: [{ itemType: 2, token: NFT, identifierOrCriteria: tokenId, startAmount: 1n, endAmount: 1n }],
  consideration: [{ itemType: 0, token: ZERO, identifierOrCriteria: 0n, startAmount: price, endAmount: price, recipient: to }],
  orderType: 0, startTime: 1_796_083_200n, endTime: 1_827_619_200n, zoneHash: `0x${'0'.repeat(64)}`, salt: 7n, conduitKey: `0x${'0'.repeat(64)}`, counter: 0n,
});
const seaportListing = {
  types: SEAPORT_TYPES, primaryType: 'OrderComponents', domain: { name: 'Seaport', version: '1.6', chainId: 1, verifyingContract: SEAPORT }, message: order(4242n, 1n, ATTACKER),
} as const;
const seaportBulk = {
  types: { BulkOrder: [{ name: 'tree', type: 'OrderComponents[2]' }], ...SEAPORT_TYPES },
  primaryType: 'BulkOrder', domain: seaportListing.domain, message: { tree: [order(1n, 1n, ATTACKER), order(2n, 10n ** 18n, ACCOUNT)] },
} as const;

const DAI_PERMIT = {
  types: {
    Permit: [
      { name: 'holder', type: 'address' }, { name: 'spender', type: 'address' }, { name: 'nonce', type: 'uint256' },
      { name: 'expiry', type: 'uint256' }, { name: 'allowed', type: 'bool' },
    ],
  },
  primaryType: 'Permit',
  domain: { name: 'Dai Stablecoin', version: '1', chainId: 1, verifyingContract: DAI },
  message: { holder: ACCOUNT, spender: ATTACKER, nonce: 0n, expiry: 0n, allowed: true },
} as const;

/** 200 filler fields before the two that matter. */
const FILLER_TYPES = {
  Order: [...Array.from({ length: 200 }, (_, i) => ({ name: `note${i}`, type: 'string' })), { name: 'recipient', type: 'address' }, { name: 'amount', type: 'uint256' }],
};
const filler = {
  types: FILLER_TYPES, primaryType: 'Order', domain: { name: 'Harmless', version: '1', chainId: 1, verifyingContract: '0x1111111111111111111111111111111111111111' },
  message: { ...Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`note${i}`, 'thank you'])), recipient: ATTACKER, amount: 10n ** 24n },
} as const;

const SAFE_TX = {
  types: {
    SafeTx: [
      { name: 'to', type: 'address' }, { name: 'value', type: 'uint256' }, { name: 'data', type: 'bytes' }, { name: 'operation', type: 'uint8' },
      { name: 'safeTxGas', type: 'uint256' }, { name: 'baseGas', type: 'uint256' }, { name: 'gasPrice', type: 'uint256' },
      { name: 'gasToken', type: 'address' }, { name: 'refundReceiver', type: 'address' }, { name: 'nonce', type: 'uint256' },
    ],
  },
  primaryType: 'SafeTx',
  domain: { chainId: 1, verifyingContract: SAFE },
  message: { to: USDC, value: 0n, data: approve(ATTACKER, maxUint256), operation: 0, safeTxGas: 0n, baseGas: 0n, gasPrice: 0n, gasToken: ZERO, refundReceiver: ZERO, nonce: 3n },
} as const;

const siwe = (over: Partial<Parameters<typeof createSiweMessage>[0]> = {}) =>
  createSiweMessage({ domain: 'dapp.example', address: ACCOUNT, uri: 'https://dapp.example/login', version: '1', chainId: 1, nonce: 'n0nce1234', issuedAt: new Date('2026-12-07T11:59:00Z'), ...over });

/** 2^256 − 1 written as the digest also reads it: zero-padded hex past 64 digits, and a zero-padded decimal. */
const PADDED_HEX = `0x${'0'.repeat(30)}${'f'.repeat(64)}`;
const PADDED_DECIMAL = `000000${maxUint256}`;
const withValue = (value: string) => {
  const sent = JSON.parse(asSent(eip2612Permit(0n))) as TypedData;
  sent.message.value = value;
  sent.message.spender = ATTACKER;
  return JSON.stringify(sent);
};
const viemPermitTo = (value: bigint) => ({ ...eip2612Permit(value), message: { ...eip2612Permit(value).message, spender: ATTACKER } }) as Parameters<typeof hashTypedData>[0];

/** aggregate3 around one call. */
const aggregate3 = (target: string, callData: Hex) => encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate3', args: [[{ target: target as Hex, allowFailure: false, callData }]] });
/** An approve whose spender word has high bits set: no address (the contract would revert or read another). */
const dirtyApprove = `${approve(ATTACKER, maxUint256).slice(0, 10)}ff${approve(ATTACKER, maxUint256).slice(12)}` as Hex;

const CASES: Case[] = [
  {
    name: 'ERC-20 approve of 2^256 − 1 to the attacker',
    request: send({ to: USDC, data: approve(ATTACKER, maxUint256) }),
    warnings: ['unlimited-amount', 'delegation'],
    check: (r) => delegationTo(r, ATTACKER, maxUint256.toString()),
  },
  {
    name: 'approve of u256::MAX − 1 (dodges an exact-max check)',
    request: send({ to: USDC, data: approve(ATTACKER, maxUint256 - 1n) }),
    warnings: ['unlimited-amount', 'delegation'],
    check: (r) => delegationTo(r, ATTACKER, (maxUint256 - 1n).toString()),
  },
  {
    name: 'approve of just under 2^160',
    request: send({ to: USDC, data: approve(ATTACKER, (1n << 160n) - 2n) }),
    warnings: ['unlimited-amount', 'delegation'],
  },
  {
    name: 'approve of 10^30 of a 6-decimal token: in its units (below 2^128, not unlimited)',
    request: send({ to: USDC, data: approve(ATTACKER, 10n ** 30n) }),
    ctx: { tokens: { [USDC.toLowerCase()]: { decimals: 6, symbol: 'USDC' } } },
    warnings: ['delegation'],
    check: (r) => delegationTo(r, ATTACKER, `1000000000000000000000000 USDC (${10n ** 30n})`),
  },
  {
    name: 'a transfer of a token whose symbol hides a right-to-left override',
    request: send({ to: USDC, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [ATTACKER, 1_000_000n] }) }),
    ctx: { tokens: { [USDC.toLowerCase()]: { decimals: 6, symbol: 'US\u202eDC' } } },
    warnings: ['hidden-characters'],
    check: (r) => assert.deepEqual(labelled(r.sections[1]!.rows, 'amount'), ['1 US⟦U+202E⟧DC (1000000)']),
  },
  {
    name: 'approve of 2^128 with the decimals the provider read',
    request: send({ to: USDC, data: approve(ATTACKER, 1n << 128n) }),
    ctx: { tokenDecimals: 6 },
    warnings: ['unlimited-amount', 'delegation'],
    check: (r) => delegationTo(r, ATTACKER, `340282366920938463463374607431768.211456 (${1n << 128n})`),
  },
  {
    name: 'increaseAllowance to the attacker',
    request: send({ to: USDC, data: encodeFunctionData({ abi: increaseAllowanceAbi, functionName: 'increaseAllowance', args: [ATTACKER, 5_000_000n] }) }),
    warnings: ['delegation'],
    check: (r) => delegationTo(r, ATTACKER, '5000000'),
  },
  {
    name: 'setApprovalForAll(attacker, true) on a collection',
    request: send({ to: NFT, data: encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [ATTACKER, true] }) }),
    warnings: ['approval-for-all', 'delegation'],
    check: (r) => delegationTo(r, ATTACKER, ''),
  },
  {
    name: 'Permit2 on-chain approve of uint160 max',
    request: send({ to: PERMIT2, data: encodeFunctionData({ abi: permit2Abi, functionName: 'approve', args: [USDC, ATTACKER, (1n << 160n) - 1n, 1_900_000_000] }) }),
    warnings: ['unlimited-amount', 'delegation'],
    check: (r) => {
      delegationTo(r, ATTACKER, ((1n << 160n) - 1n).toString());
      assert.equal(labelled(carrying(r, 'delegation').rows, 'token')[0], USDC.toLowerCase());
    },
  },
  {
    name: 'Multicall3 aggregate3 around an unlimited approve: decoded, not "unreadable"',
    request: send({
      to: MULTICALL3,
      data: encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate3', args: [[{ target: ZERO, allowFailure: true, callData: '0x' }, { target: USDC, allowFailure: false, callData: approve(ATTACKER, maxUint256) }]] }),
    }),
    warnings: ['unlimited-amount', 'delegation'],
    check: (r) => {
      delegationTo(r, ATTACKER, maxUint256.toString());
      assert.equal(labelled(carrying(r, 'delegation').rows, 'token')[0], USDC.toLowerCase());
      assert.equal(r.sections.find((s) => s.title === 'call')!.heading, 'aggregate3((address,bool,bytes)[])');
    },
  },
  {
    name: 'Multicall3 tryAggregate: a transfer out and a setApprovalForAll',
    request: send({
      to: MULTICALL3,
      data: encodeFunctionData({
        abi: multicall3Abi, functionName: 'tryAggregate',
        args: [false, [
          { target: USDC, callData: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [ATTACKER, 1_000_000n] }) },
          { target: NFT, callData: encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [ATTACKER, true] }) },
        ]],
      }),
    }),
    warnings: ['approval-for-all', 'delegation'],
    check: (r) => {
      assert.deepEqual(r.sections.filter((s) => s.title === 'call').map((s) => s.heading), ['tryAggregate(bool,(address,bytes)[])', 'transfer(address,uint256)', 'setApprovalForAll(address,bool)']);
      delegationTo(r, ATTACKER, '');
    },
  },
  {
    name: 'Multicall3 aggregate with a call it cannot read: that one is unreadable, the approve is not',
    request: send({
      to: MULTICALL3,
      data: encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate', args: [[{ target: ATTACKER, callData: '0xdeadbeef' }, { target: USDC, callData: approve(ATTACKER, 1n) }]] }),
    }),
    warnings: ['delegation', 'unreadable-data'],
    check: (r) => {
      const unreadable = carrying(r, 'unreadable-data');
      assert.equal(labelled(unreadable.rows, 'to')[0], ATTACKER);
      delegationTo(r, ATTACKER, '1');
    },
  },
  {
    name: 'Multicall3 aggregate3Value: 1 ETH out to the attacker beside an approve',
    request: send({
      to: MULTICALL3, value: '0xde0b6b3a7640000',
      data: encodeFunctionData({
        abi: multicall3Abi, functionName: 'aggregate3Value',
        args: [[{ target: ATTACKER, allowFailure: false, value: 10n ** 18n, callData: '0x' }, { target: USDC, allowFailure: false, value: 0n, callData: approve(ATTACKER, 7n) }]],
      }),
    }),
    warnings: ['delegation'],
    check: (r) => {
      assert.deepEqual(rowsOf(r.sections[2]!), [['to', ATTACKER], ['value', '1 ETH']]);
      delegationTo(r, ATTACKER, '7');
    },
  },
  {
    name: 'Multicall3 around an approve whose spender word is no address: that call unreadable, never guessed',
    request: send({ to: MULTICALL3, data: aggregate3(USDC, dirtyApprove) }),
    warnings: ['unreadable-data'],
    check: (r) => assert.equal(labelled(carrying(r, 'unreadable-data').rows, 'data')[0], dirtyApprove),
  },
  {
    name: 'an unlimited approve with a word appended (the token ignores it): still a delegation, and the rest unreadable',
    request: send({ to: USDC, data: `${approve(ATTACKER, maxUint256)}${'00'.repeat(31)}01` }),
    warnings: ['unlimited-amount', 'delegation', 'unreadable-data'],
    check: (r) => delegationTo(r, ATTACKER, maxUint256.toString()),
  },
  {
    name: 'Multicall3 whose array offset points past the data: all of it unreadable',
    request: send({ to: MULTICALL3, data: `${aggregate3(USDC, approve(ATTACKER, 1n)).slice(0, 10)}${'f'.repeat(64)}${aggregate3(USDC, approve(ATTACKER, 1n)).slice(74)}` }),
    warnings: ['unreadable-data'],
    check: (r) => assert.equal(r.sections.filter((s) => s.title === 'call').length, 1),
  },
  {
    name: 'Safe execTransaction with an operation that is neither call nor delegatecall: unreadable',
    request: send({ to: SAFE, data: execSafe(USDC, approve(ATTACKER, 1n), 2) }),
    warnings: ['unreadable-data'],
  },
  {
    name: 'Safe execTransaction carrying an unlimited approve',
    request: send({ to: SAFE, data: execSafe(USDC, approve(ATTACKER, maxUint256)) }),
    warnings: ['unlimited-amount', 'delegation'],
    check: (r) => {
      delegationTo(r, ATTACKER, maxUint256.toString());
      assert.equal(labelled(r.sections.find((s) => s.heading?.startsWith('execTransaction'))!.rows, 'operation')[0], 'call');
    },
  },
  {
    name: 'Safe execTransaction (delegatecall) to Multicall3 carrying a setApprovalForAll',
    request: send({
      to: SAFE,
      data: execSafe(MULTICALL3, encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate3', args: [[{ target: NFT, allowFailure: false, callData: encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [ATTACKER, true] }) }]] }), 1),
    }),
    warnings: ['approval-for-all', 'delegation'],
    check: (r) => assert.equal(labelled(r.sections[1]!.rows, 'operation')[0], 'delegatecall'),
  },
  {
    name: 'a transaction without `to`: a contract creation',
    request: send({ data: '0x6080604052348015600f57600080fd5b50' }),
    warnings: ['contract-creation'],
    check: (r) => assert.deepEqual(r.sections.map((s) => s.title), ['transaction']),
  },
  {
    name: 'EIP-2612 permit whose value is zero-padded hex (the digest reads 2^256 − 1)',
    request: signTyped(withValue(PADDED_HEX)),
    warnings: ['unlimited-amount', 'permit', 'delegation'],
    viemTyped: viemPermitTo(maxUint256),
    check: (r) => delegationTo(r, ATTACKER, maxUint256.toString()),
  },
  {
    name: 'EIP-2612 permit whose value is a zero-padded decimal string',
    request: signTyped(withValue(PADDED_DECIMAL)),
    warnings: ['unlimited-amount', 'permit', 'delegation'],
    viemTyped: viemPermitTo(maxUint256),
    check: (r) => delegationTo(r, ATTACKER, maxUint256.toString()),
  },
  {
    name: 'EIP-2612 permit of 2.5 USDC, in its units',
    request: signTyped(asSent(viemPermitTo(2_500_000n) as never)),
    ctx: { tokens: { [USDC.toLowerCase()]: { decimals: 6, symbol: 'USDC' } } },
    warnings: ['permit', 'delegation'],
    viemTyped: viemPermitTo(2_500_000n),
    check: (r) => delegationTo(r, ATTACKER, '2.5 USDC (2500000)'),
  },
  {
    name: 'EIP-2612 permit whose domain type does not sign verifyingContract: the token is not shown as signed',
    request: signTyped(JSON.stringify({ ...JSON.parse(asSent(viemPermitTo(1n) as never)), types: { ...JSON.parse(asSent(viemPermitTo(1n) as never)).types, EIP712Domain: [{ name: 'name', type: 'string' }] } })),
    warnings: ['permit', 'delegation'],
    check: (r) => {
      assert.deepEqual(labelled(carrying(r, 'delegation').rows, 'token'), ['?']);
      assert.deepEqual(rowsOf(r.sections.find((s) => s.title === 'domain')!), [['domain-name', 'USD Coin']]);
    },
  },
  {
    name: 'DAI permit (holder, spender, nonce, expiry, allowed: true), no value',
    request: signTyped(asSent(DAI_PERMIT)),
    warnings: ['unlimited-amount', 'permit', 'delegation'],
    viemTyped: DAI_PERMIT as never,
    check: (r) => delegationTo(r, ATTACKER, ''),
  },
  {
    name: 'Permit2 PermitSingle of uint160 max',
    request: signTyped(asSent(permitSingle((1n << 160n) - 1n) as never)),
    warnings: ['unlimited-amount', 'permit', 'delegation'],
    viemTyped: permitSingle((1n << 160n) - 1n) as never,
  },
  {
    name: 'Seaport listing: an NFT for 1 wei, paid to the attacker',
    request: signTyped(asSent(seaportListing as never)),
    warnings: ['listing'],
    viemTyped: seaportListing as never,
    check: (r) => {
      const listing = carrying(r, 'listing');
      assert.deepEqual(rowsOf(listing), [
        ['from', ACCOUNT], ['offer', `ERC-721 ${NFT} #4242`], ['consideration', '0.000000000000000001 ETH'], ['paid-to', ATTACKER], ['deadline', '2027-12-01T00:00:00Z'],
      ]);
    },
  },
  {
    name: 'Seaport bulk order: each order its own listing',
    request: signTyped(asSent(seaportBulk as never)),
    warnings: ['listing'],
    viemTyped: seaportBulk as never,
    check: (r) => {
      assert.equal(r.sections.filter((s) => s.title === 'listing').length, 2);
      assert.deepEqual(labelled(carrying(r, 'listing', 1).rows, 'consideration'), ['1 ETH']);
      assert.deepEqual(labelled(carrying(r, 'listing', 0).rows, 'paid-to'), [ATTACKER]);
    },
  },
  {
    name: '200 filler rows before recipient and amount: they come first, the cut is said',
    request: signTyped(asSent(filler as never)),
    warnings: ['unknown-type', 'truncated'],
    viemTyped: filler as never,
    check: (r) => {
      const fields = r.sections.find((s) => s.title === 'fields')!;
      assert.deepEqual(fields.rows.slice(0, 2).map((x) => [x.name, x.value]), [['recipient', ATTACKER], ['amount', (10n ** 24n).toString()]]);
      assert.equal(fields.rows.length, MAX_ROWS);
      assert.deepEqual(fields.warnings, ['truncated']);
    },
  },
  {
    name: 'a domain field the domain type does not sign is not shown',
    request: signTyped(JSON.stringify({
      types: { EIP712Domain: [{ name: 'name', type: 'string' }], Claim: [{ name: 'to', type: 'address' }] },
      primaryType: 'Claim', domain: { name: 'Airdrop', verifyingContract: USDC, chainId: 1 }, message: { to: ATTACKER },
    })),
    warnings: ['unknown-type'],
    check: (r) => assert.deepEqual(rowsOf(r.sections.find((s) => s.title === 'domain')!), [['domain-name', 'Airdrop']]),
  },
  {
    name: 'zero-width and right-to-left characters in domain, type, field names and values',
    request: signTyped(JSON.stringify({
      types: { EIP712Domain: [{ name: 'name', type: 'string' }], 'Log\u200bin': [{ name: 'ac\u202ecount', type: 'string' }] },
      primaryType: 'Log\u200bin', domain: { name: 'Uni\u200bswap' }, message: { 'ac\u202ecount': 'main\u2066' },
    })),
    warnings: ['unknown-type', 'hidden-characters'],
    check: (r) => {
      assert.equal(r.sections.find((s) => s.title === 'domain')!.rows[0]!.value, 'Uni⟦U+200B⟧swap');
      const fields = r.sections.find((s) => s.title === 'fields')!;
      assert.equal(fields.heading, 'Log⟦U+200B⟧in');
      assert.deepEqual(rowsOf(fields), [['ac⟦U+202E⟧count', 'main⟦U+2066⟧']]);
    },
  },
  {
    name: 'a Safe transaction (SafeTx) to sign, carrying an unlimited approve',
    request: signTyped(asSent(SAFE_TX as never)),
    warnings: ['unlimited-amount', 'delegation'],
    viemTyped: SAFE_TX as never,
    check: (r) => delegationTo(r, ATTACKER, maxUint256.toString()),
  },
  {
    name: 'sign-in for another site, with zero-width and right-to-left marks',
    request: sign(toHex(siwe({ domain: 'bank.example' }).replace('bank.example', 'bank.example\u200b').replace('Nonce', '\u200fNonce'))),
    warnings: ['origin-mismatch', 'hidden-characters'],
    check: (r) => {
      assert.equal(labelled(r.sections[0]!.rows, 'website')[0], 'bank.example⟦U+200B⟧');
      assert.match(r.message!.text!, /⟦U\+200F⟧Nonce/);
    },
  },
  {
    name: 'sign-in for another site, plainly',
    request: sign(toHex(siwe({ domain: 'bank.example', uri: 'https://bank.example' }))),
    warnings: ['origin-mismatch'],
  },
  {
    name: 'sign-in on another chain',
    request: sign(siwe({ chainId: 8453 })),
    warnings: ['chain-mismatch'],
  },
  {
    name: 'sign-in that has expired, and one not valid yet',
    request: sign(siwe({ expirationTime: new Date('2026-12-07T11:00:00Z'), notBefore: new Date('2026-12-08T00:00:00Z') })),
    warnings: ['sign-in-expired', 'sign-in-not-yet-valid'],
  },
  {
    name: 'a 32-byte hash as personal_sign (a Safe owner signature of a transaction)',
    request: sign(hashTypedData(SAFE_TX as never)),
    warnings: ['hash-signature'],
  },
];

describe('adversarial EVM requests: each carries its warnings', () => {
  it(`at least 20 cases (${CASES.length})`, () => assert.ok(CASES.length >= 20));
  for (const c of CASES) {
    it(c.name, async () => {
      if (c.viemTyped) {
        const sent = JSON.parse(c.request.params[1] as string) as TypedData;
        assert.equal(toHex(await typedDataDigest(sent)), hashTypedData(c.viemTyped), 'the kit signs what viem hashes');
      }
      const review = reviewEvmRequest(c.request, { ...CTX, ...c.ctx });
      assert.ok(review);
      assert.deepEqual(review.warnings, c.warnings);
      c.check?.(review);
    });
  }

  it('the same requests made honest carry none of these warnings', () => {
    const honest = [
      sign(toHex(siwe({ statement: 'Sign in to the dapp.' }))),
      send({ to: USDC, data: approve(ATTACKER, 0n) }),
      send({ to: USDC, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [ATTACKER, 1n] }) }),
      sign(toHex('Hello, مرحبا')),
    ];
    for (const request of honest) assert.deepEqual(reviewEvmRequest(request, CTX)!.warnings, [], JSON.stringify(request));
  });
});

describe('EIP-4361: the kit reads what viem reads', () => {
  const messages = [
    siwe(),
    siwe({ statement: 'I accept the terms.', expirationTime: new Date('2027-01-01T00:00:00Z'), notBefore: new Date('2026-01-01T00:00:00Z'), requestId: 'req-1', resources: ['https://dapp.example/a', 'ipfs://bafy'] }),
    siwe({ domain: 'localhost:8443', uri: 'https://localhost:8443', scheme: 'https' }),
  ];
  for (const message of messages) {
    it(JSON.stringify(message.split('\n')[0]), () => {
      const ours = parseSiweMessage(message)!;
      const theirs = viemParseSiwe(message);
      assert.ok(ours);
      assert.equal(ours.domain, theirs.domain);
      assert.equal(ours.address, theirs.address);
      assert.equal(ours.statement, theirs.statement);
      assert.equal(ours.uri, theirs.uri);
      assert.equal(ours.chainId, BigInt(theirs.chainId!));
      assert.equal(ours.nonce, theirs.nonce);
      assert.equal(Date.parse(ours.issuedAt), theirs.issuedAt!.getTime());
      assert.equal(ours.expirationTime && Date.parse(ours.expirationTime), theirs.expirationTime?.getTime());
      assert.equal(ours.notBefore && Date.parse(ours.notBefore), theirs.notBefore?.getTime());
      assert.equal(ours.requestId, theirs.requestId);
      assert.deepEqual(ours.resources, theirs.resources);
      assert.equal(ours.scheme, theirs.scheme);
    });
  }

  it('text that is no sign-in message is none', () => {
    for (const text of ['hello', `${siwe()}\nextra`, siwe().replace('Nonce: ', 'Nonse: '), siwe().replace(ACCOUNT, '0x1234')]) assert.equal(parseSiweMessage(text), undefined, text);
  });

  it('the asking page at a port: its host and port, and its scheme when the message names one', () => {
    const review = (message: string, origin: string) => reviewEvmRequest(sign(message), { ...CTX, origin })!.warnings;
    assert.deepEqual(review(siwe({ domain: 'localhost:8443', scheme: 'https' }), 'https://localhost:8443'), []);
    assert.deepEqual(review(siwe({ domain: 'localhost:8443', scheme: 'http' }), 'https://localhost:8443'), ['origin-mismatch']);
    assert.deepEqual(review(siwe({ domain: 'localhost:8443' }), 'https://localhost:9000'), ['origin-mismatch']);
    assert.deepEqual(review(siwe(), ''), ['origin-mismatch']);
  });

  it('a 32-byte message that is text is text; 31 or 33 bytes are not hashes', () => {
    assert.deepEqual(reviewEvmRequest(sign(toHex('0123456789abcdef0123456789abcdef')), CTX)!.warnings, []);
    const hash = keccak256('0x01');
    assert.deepEqual(reviewEvmRequest(sign(hash.slice(0, -2)), CTX)!.warnings, ['message-not-text']);
    assert.deepEqual(reviewEvmRequest(sign(`${hash}ff`), CTX)!.warnings, ['message-not-text']);
  });
});
