/**
 * A stamper whose key is an external Ethereum wallet's (EIP-1193): the hosted service's wallet
 * stamp, `X-Stamp` = base64url JSON `{publicKey, scheme: "SIGNATURE_SCHEME_TK_API_SECP256K1_EIP191",
 * signature}` (as `@turnkey/wallet-stamper` makes it). The wallet signs the body with
 * `personal_sign` (EIP-191); `publicKey` is the wallet's compressed secp256k1 key, recovered from
 * that signature (wallets never hand out their public key); `signature` is DER of r and s.
 *
 * The body goes to the wallet as 0x-hex of its UTF-8 bytes, the form EIP-1193 wallets define for
 * `personal_sign` (the hosted stamper passes the text itself, which wallets read as UTF-8: the
 * same bytes are signed either way). The recovered key must be the connected account's (its
 * Keccak address): a wallet that signed with another account is refused here, before the
 * service is asked. Errors: see walletError.
 */
import { LatchError } from '../errors/latch-error.ts';
import { rawToDerHex } from '../crypto/der.ts';
import { fromHex, toHex } from '../encoding/hex.ts';
import { textToBase64Url } from '../encoding/base64url.ts';
import { utf8Encode } from '../encoding/utf8.ts';
import { ethereumMessageDigest } from '../signing/message-digest.ts';
import type { Eip1193Requester } from '../providers/discover-wallets.ts';
import type { Stamp, Stamper } from './stamper.ts';

export const WALLET_STAMP_SCHEME_EIP191 = 'SIGNATURE_SCHEME_TK_API_SECP256K1_EIP191';

/** EIP-1193 error codes the login tells apart (others are ERR_WALLET_FAILED). */
const WRONG_CHAIN = [4901, 4902];

/**
 * A wallet's rejection as a LatchError: 4001 (the user said no) is ERR_WALLET_REJECTED; 4901 /
 * 4902 (not on that chain) ERR_WALLET_WRONG_CHAIN; a LatchError passes through; anything else is
 * ERR_WALLET_FAILED. The wallet's own error is the cause (its message is the wallet's, never shown).
 */
export function walletError(error: unknown): LatchError {
  if (error instanceof LatchError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 4001) return new LatchError('ERR_WALLET_REJECTED', 'The request was rejected in the wallet.', { cause: error });
  if (typeof code === 'number' && WRONG_CHAIN.includes(code)) return new LatchError('ERR_WALLET_WRONG_CHAIN', 'The wallet is not on the required chain.', { cause: error });
  return new LatchError('ERR_WALLET_FAILED', 'The wallet could not complete the request.', { cause: error });
}

/** Calls the wallet; its errors become LatchErrors (walletError). */
export async function walletRequest(provider: Eip1193Requester, method: string, params?: readonly unknown[]): Promise<unknown> {
  try {
    return await provider.request(params ? { method, params } : { method });
  } catch (error) {
    throw walletError(error);
  }
}

/** The Ethereum address (lowercase 0x-hex) of an uncompressed secp256k1 public key. */
async function addressOf(uncompressed: Uint8Array): Promise<string> {
  const { keccak_256 } = await import('@noble/hashes/sha3.js');
  return `0x${toHex(keccak_256(uncompressed.subarray(1)).subarray(12))}`;
}

export class EthereumWalletStamper implements Stamper {
  readonly #provider: Eip1193Requester;
  readonly #address: string;
  /** The wallet's compressed secp256k1 key (hex), known after the first stamp. */
  publicKey = '';

  /** `address`: the connected account (from `eth_requestAccounts`), 0x-hex. */
  constructor(provider: Eip1193Requester, address: string) {
    if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new LatchError('ERR_WALLET_FAILED', 'The wallet gave no valid account address.');
    this.#provider = provider;
    this.#address = address;
  }

  async stamp(body: string): Promise<Stamp> {
    const signed = await walletRequest(this.#provider, 'personal_sign', [`0x${toHex(utf8Encode(body))}`, this.#address]);
    const refused = (cause?: unknown) => new LatchError('ERR_WALLET_STAMP_REFUSED', 'The wallet\'s signature is not its account\'s.', { cause });
    if (typeof signed !== 'string' || !/^0x[0-9a-fA-F]{130}$/.test(signed)) throw refused();
    const bytes = fromHex(signed.slice(2).toLowerCase());
    const v = bytes[64]!;
    // r || s || v with v 27/28 (or 0/1 from some wallets): noble's recovered form is v || r || s.
    const recovery = v >= 27 ? v - 27 : v;
    if (recovery > 1) throw refused();
    const { secp256k1 } = await import('../crypto/secp256k1.ts');
    const digest = await ethereumMessageDigest(body);
    let point;
    try {
      const compressed = secp256k1.recoverPublicKey(Uint8Array.of(recovery, ...bytes.subarray(0, 64)), digest, { prehash: false });
      point = secp256k1.Point.fromBytes(compressed);
    } catch (cause) {
      throw refused(cause);
    }
    if ((await addressOf(point.toBytes(false))) !== this.#address.toLowerCase()) throw refused();
    this.publicKey = toHex(point.toBytes(true));
    const stamp = { publicKey: this.publicKey, scheme: WALLET_STAMP_SCHEME_EIP191, signature: rawToDerHex(bytes.subarray(0, 64)) };
    return { stampHeaderName: 'X-Stamp', stampHeaderValue: textToBase64Url(JSON.stringify(stamp)) };
  }
}
