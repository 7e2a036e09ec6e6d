// Real permit shapes, as dapps send them to eth_signTypedData_v4: EIP-2612's Permit (the struct
// of the EIP, domain of the token itself) and Uniswap Permit2's AllowanceTransfer (PermitSingle,
// PermitBatch) and SignatureTransfer (PermitTransferFrom) structs, with Permit2's domain (name
// 'Permit2', no version, its canonical address). Values are what a swap front end asks for.

export const PERMIT2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3';
export const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
export const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
export const ROUTER = '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD';
export const OWNER = '0x1111111111111111111111111111111111111111';
/** 2026-12-01T00:00:00Z. */
export const DEADLINE = 1_796_083_200n;

const PERMIT_DETAILS = [
  { name: 'token', type: 'address' },
  { name: 'amount', type: 'uint160' },
  { name: 'expiration', type: 'uint48' },
  { name: 'nonce', type: 'uint48' },
] as const;

export function eip2612Permit(value: bigint, chainId = 1) {
  return {
    types: {
      Permit: [
        { name: 'owner', type: 'address' },
        { name: 'spender', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
      ],
    },
    primaryType: 'Permit',
    domain: { name: 'USD Coin', version: '2', chainId, verifyingContract: USDC },
    message: { owner: OWNER, spender: ROUTER, value, nonce: 0n, deadline: DEADLINE },
  } as const;
}

export function permitSingle(amount: bigint, chainId = 1) {
  return {
    types: {
      PermitSingle: [
        { name: 'details', type: 'PermitDetails' },
        { name: 'spender', type: 'address' },
        { name: 'sigDeadline', type: 'uint256' },
      ],
      PermitDetails: PERMIT_DETAILS,
    },
    primaryType: 'PermitSingle',
    domain: { name: 'Permit2', chainId, verifyingContract: PERMIT2 },
    message: { details: { token: USDC, amount, expiration: 1_798_761_600, nonce: 0 }, spender: ROUTER, sigDeadline: DEADLINE },
  } as const;
}

export function permitBatch(amounts: readonly [bigint, bigint], chainId = 1) {
  return {
    types: {
      PermitBatch: [
        { name: 'details', type: 'PermitDetails[]' },
        { name: 'spender', type: 'address' },
        { name: 'sigDeadline', type: 'uint256' },
      ],
      PermitDetails: PERMIT_DETAILS,
    },
    primaryType: 'PermitBatch',
    domain: { name: 'Permit2', chainId, verifyingContract: PERMIT2 },
    message: {
      details: [
        { token: USDC, amount: amounts[0], expiration: 1_798_761_600, nonce: 0 },
        { token: WETH, amount: amounts[1], expiration: 1_798_761_600, nonce: 3 },
      ],
      spender: ROUTER,
      sigDeadline: DEADLINE,
    },
  } as const;
}

export function permitTransferFrom(amount: bigint, chainId = 1) {
  return {
    types: {
      PermitTransferFrom: [
        { name: 'permitted', type: 'TokenPermissions' },
        { name: 'spender', type: 'address' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
      ],
      TokenPermissions: [
        { name: 'token', type: 'address' },
        { name: 'amount', type: 'uint256' },
      ],
    },
    primaryType: 'PermitTransferFrom',
    domain: { name: 'Permit2', chainId, verifyingContract: PERMIT2 },
    message: { permitted: { token: WETH, amount }, spender: ROUTER, nonce: 7n, deadline: DEADLINE },
  } as const;
}
