/**
 * TON wallet addresses. A TON account's address is the representation hash of its StateInit
 * (the contract's code and initial data), so a wallet's address follows from its public key:
 *
 *   StateInit = split_depth: nothing (0) | special: nothing (0) | code: ^Cell (1) | data: ^Cell (1)
 *               | library: nothing (0)                                          (block.tlb)
 *   v3r2 data = seqno:uint32 = 0 | subwallet_id:uint32 | public_key:bits256
 *   v4r2 data = the same | plugins: empty dictionary (0)
 *   v5r1 data = is_signature_allowed: 1 | seqno:uint32 = 0 | wallet_id:int32 | public_key:bits256
 *               | extensions: empty dictionary (0)          (wallet-contract-v5, contract_state)
 *
 * shown in TEP-2's user-friendly form: a flags byte, the workchain, the 32-byte hash and a
 * CRC-16/XMODEM of those 34 bytes (big-endian), in base64url (36 bytes: 48 characters).
 */
import { base64url } from '@scure/base';
import { crc16Xmodem } from './crc16-xmodem.ts';
import { CellBuilder, cellHash, type TonCell } from './ton-cell.ts';
import { tonWalletCode, type TonWalletVersion } from './ton-wallet-code.ts';

/** Workchain 0, the basechain, where wallets live (-1 is the masterchain). */
export const TON_BASECHAIN = 0;

/** The default subwallet id of v3 and v4 wallets on workchain 0: 698983191 + workchain. */
export const TON_DEFAULT_SUBWALLET_ID = 698983191;

/** The global id of TON's mainnet, which v5r1 folds into its wallet id (testnet is -3). */
export const TON_MAINNET_GLOBAL_ID = -239;

/**
 * The wallet id of a v5r1 wallet with the client context the standard library uses by default:
 * networkGlobalId XOR (1 bit "client context" = 1 | workchain:int8 | version:uint8 = 0 |
 * subwallet_number:uint15), the context read as a signed 32-bit integer. For mainnet,
 * workchain 0 and subwallet 0 this is 0x7fffff11 = 2147483409.
 */
export function tonV5R1WalletId(options: { networkGlobalId?: number; workchain?: number; subwalletNumber?: number } = {}): number {
  const { networkGlobalId = TON_MAINNET_GLOBAL_ID, workchain = TON_BASECHAIN, subwalletNumber = 0 } = options;
  const context = (1 << 31) | ((workchain & 0xff) << 23) | (0 << 15) | (subwalletNumber & 0x7fff);
  return networkGlobalId ^ context;
}

function walletData(version: TonWalletVersion, publicKey: Uint8Array): TonCell {
  const data = new CellBuilder();
  if (version === 'V5R1') {
    return data.bit(true).uint(0n, 32).int(BigInt(tonV5R1WalletId()), 32).bytes(publicKey).bit(false).end();
  }
  data.uint(0n, 32).uint(BigInt(TON_DEFAULT_SUBWALLET_ID + TON_BASECHAIN), 32).bytes(publicKey);
  if (version === 'V4R2') data.bit(false);
  return data.end();
}

/** The StateInit of a standard wallet of `version` for an Ed25519 public key. */
export function tonWalletStateInit(version: TonWalletVersion, publicKey: Uint8Array): TonCell {
  return new CellBuilder()
    .bit(false).bit(false).bit(true).bit(true).bit(false)
    .ref(tonWalletCode(version))
    .ref(walletData(version, publicKey))
    .end();
}

/**
 * TEP-2's user-friendly form of an address: flags 0x11 (bounceable) or 0x51 (non-bounceable),
 * plus 0x80 for a testnet-only address; then the workchain as a signed byte, the account id
 * and the checksum.
 */
export function tonUserFriendlyAddress(workchain: number, accountId: Uint8Array, options: { bounceable: boolean; testOnly?: boolean }): string {
  const bytes = new Uint8Array(36);
  bytes[0] = (options.bounceable ? 0x11 : 0x51) | (options.testOnly ? 0x80 : 0);
  bytes[1] = workchain & 0xff;
  bytes.set(accountId, 2);
  const crc = crc16Xmodem(bytes.subarray(0, 34));
  bytes[34] = crc >> 8;
  bytes[35] = crc & 0xff;
  return base64url.encode(bytes);
}

/**
 * The address of the standard `version` wallet of an Ed25519 public key on workchain 0, as the
 * service lists it. The hosted service's documentation does not say which user-friendly flag it
 * shows; we chose the non-bounceable form ("UQ…"), which TON's own guidance asks wallets to
 * display for their users' addresses (an uninitialized wallet must not bounce what it is sent)
 * and which current wallet apps and SDKs show. The bounceable form differs only in its flags
 * byte and checksum.
 */
export function tonWalletAddress(version: TonWalletVersion, publicKey: Uint8Array): string {
  return tonUserFriendlyAddress(TON_BASECHAIN, cellHash(tonWalletStateInit(version, publicKey)), { bounceable: false });
}
