// A page that registers the kit's Wallet Standard wallet for Solana dapps: the wallet and its
// registration load at once; the confirmation sheet and the request decoders only with the first
// request that signs or sends.
import { registerSolanaWallet, SolanaSendError } from 'latchkey/solana';

window.latchkeySolana = { registerSolanaWallet, SolanaSendError };
