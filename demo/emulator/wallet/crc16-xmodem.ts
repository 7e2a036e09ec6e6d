/**
 * CRC-16/XMODEM (polynomial 0x1021, initial value 0, no reflection, no final XOR): the checksum
 * of Stellar's StrKey (SEP-0023) and of TON's user-friendly addresses (TEP-2, where it is
 * called CRC16-CCITT). Its standard check value is 0x31c3 for the ASCII bytes "123456789".
 */
export function crc16Xmodem(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}
