/**
 * Stellar account ids ("G…"): the StrKey encoding of an Ed25519 public key (SEP-0023). The
 * version byte 6 << 3 makes the first base32 character a G; the checksum is CRC-16/XMODEM of
 * version byte and key, appended least significant byte first; base32 (RFC 4648) without
 * padding, which 35 bytes never need.
 */
import { base32nopad } from '@scure/base';
import { crc16Xmodem } from './crc16-xmodem.ts';

const ACCOUNT_ID_VERSION = 6 << 3;

export function stellarAddress(ed25519PublicKey: Uint8Array): string {
  const payload = new Uint8Array(35);
  payload[0] = ACCOUNT_ID_VERSION;
  payload.set(ed25519PublicKey, 1);
  const crc = crc16Xmodem(payload.subarray(0, 33));
  payload[33] = crc & 0xff;
  payload[34] = crc >> 8;
  return base32nopad.encode(payload);
}
