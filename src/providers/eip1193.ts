/**
 * `latchkey/eip1193`: an EIP-1193 provider for the kit's logged-in user (or over one signing
 * session): viem, ethers, wagmi and dapp libraries sign through the service; its errors, and EIP-6963 announcement. A package entry of
 * its own, so the core entry and every login page stay without it.
 */
export { createEip1193Provider, LatchEip1193Provider, READ_ONLY_METHODS } from './eip1193-provider.ts';
export type { Eip1193Chain, Eip1193Kit, Eip1193KitSession, Eip1193ProviderOptions, Eip1193RequestArguments, Eip1193Session } from './eip1193-provider.ts';
export { ProviderRpcError, ProviderRpcErrorCodes, isProviderRpcError } from './provider-rpc-error.ts';
export type { ProviderRpcErrorCode } from './provider-rpc-error.ts';
export { announceEip1193Provider } from './announce-eip1193-provider.ts';
export type { AnnounceEip1193ProviderOptions, Eip6963ProviderInfo } from './announce-eip1193-provider.ts';
export { serializeUnsignedTransaction } from './unsigned-transaction.ts';
export type { AccessListEntry, UnsignedEthereumTransaction } from './unsigned-transaction.ts';
