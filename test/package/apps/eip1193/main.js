// A page that hands a dapp library the kit's EIP-1193 provider: the provider, its errors and the
// EIP-6963 announcement load at once; the confirmation sheet and the request decoders only with
// the first request that signs or sends.
import { announceEip1193Provider, createEip1193Provider, ProviderRpcError } from 'latchkey/eip1193';

window.latchkeyEip1193 = { announceEip1193Provider, createEip1193Provider, ProviderRpcError };
