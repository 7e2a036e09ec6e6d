/**
 * What `solana:signMessage` may sign. The signature is Ed25519 over the bytes as given, the same
 * signature a Solana transaction carries over its message; so bytes that a Solana runtime would
 * take as a transaction's message make a message signature a transaction signature: a dapp could
 * have "Sign this message" move the person's SOL. Such bytes are refused before the person is
 * asked (ERR_WALLET_REQUEST_UNSAFE), never shown as something to approve.
 *
 * "Would take as a message" is read generously, so a refactor cannot narrow it without a test
 * failing: legacy and v0, anywhere the runtime's own checks let it pass (the header's counts, every
 * index in range), and:
 * - with bytes after it: the validators' signature check has verified a signature over the packet
 *   from the message's start to the packet's end, and the transaction is deserialized with
 *   trailing bytes allowed, so a prefix is enough;
 * - non-canonical compact-u16 lengths are read too (some readers accept them);
 * - a whole serialized transaction (signature count, signature slots, then a message): the
 *   signature would not verify over its message, but nothing legitimate asks for it either.
 *
 * Bytes that are not text are refused too (ERR_WALLET_REQUEST_UNSAFE): the Solana off-chain
 * message format, the only framing that keeps a message signature from being anything else, is
 * defined for text only (restricted ASCII or UTF-8), so there is no standard way to sign other
 * bytes safely, and raw bytes (a transaction message, a hash some program checks with the Ed25519
 * precompile) are exactly how a signature is turned into something the person did not mean.
 * Text is what a person can read and what sign-in (SIWS) messages are. Pure.
 */
import { LatchError } from '../errors/latch-error.ts';

/**
 * Where the message that starts at `at` ends, or -1 when no legacy or v0 message starts there.
 * Reads what the runtime's `sanitize` checks (at least one writable signer, the read-only counts
 * inside the keys, program and account indexes in range), nothing stricter.
 */
function messageEnd(bytes: Uint8Array, at: number): number {
  let i = at;
  const byte = (): number => (i < bytes.length ? bytes[i++]! : -1);
  // compact-u16, canonical or not: up to three bytes, seven bits each.
  const shortVec = (): number => {
    let value = 0;
    for (let n = 0; n < 3; n++) {
      const b = byte();
      if (b < 0) return -1;
      value |= (b & 0x7f) << (7 * n);
      if (!(b & 0x80)) return value;
    }
    return -1;
  };
  const skip = (n: number): boolean => n >= 0 && (i += n) <= bytes.length;
  const prefix = byte();
  if (prefix < 0) return -1;
  const versioned = (prefix & 0x80) !== 0;
  // The runtime reads legacy and v0; another version byte is no message today.
  if (versioned && prefix !== 0x80) return -1;
  const required = versioned ? byte() : prefix;
  const readonlySigned = byte();
  const readonlyUnsigned = byte();
  const keys = shortVec();
  if (readonlyUnsigned < 0 || keys < 0 || readonlySigned >= required || required + readonlyUnsigned > keys) return -1;
  if (!skip(keys * 32) || !skip(32)) return -1;
  const instructions: { program: number; accounts: number[] }[] = [];
  const count = shortVec();
  if (count < 0) return -1;
  for (let n = count; n > 0; n--) {
    const program = byte();
    const listed = shortVec();
    if (program < 0 || listed < 0 || i + listed > bytes.length) return -1;
    const accounts = [...bytes.subarray(i, (i += listed))];
    if (!skip(shortVec())) return -1;
    instructions.push({ program, accounts });
  }
  let total = keys;
  if (versioned) {
    const lookups = shortVec();
    if (lookups < 0) return -1;
    for (let n = lookups; n > 0; n--) {
      if (!skip(32)) return -1;
      for (let list = 0; list < 2; list++) {
        const indexes = shortVec();
        if (!skip(indexes)) return -1;
        total += indexes;
      }
    }
  }
  return instructions.every((ix) => ix.program < keys && ix.accounts.every((a) => a < total)) ? i : -1;
}

/** True when the bytes, or their start, read as a Solana transaction message or a serialized transaction. */
export function isSolanaTransactionBytes(bytes: Uint8Array): boolean {
  if (messageEnd(bytes, 0) >= 0) return true;
  // A serialized transaction: compact-u16 signature count (canonical or not), 64 bytes each, then the message.
  for (let width = 1, count = 0; width <= 3 && width <= bytes.length; width++) {
    const b = bytes[width - 1]!;
    count |= (b & 0x7f) << (7 * (width - 1));
    if (!(b & 0x80)) return count > 0 && messageEnd(bytes, width + count * 64) >= 0;
  }
  return false;
}

// C0 controls but tab, LF and CR; DEL and the C1 controls.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The message's text when its bytes are UTF-8 text (no control characters but tab and line breaks), else undefined. */
export function solanaMessageText(message: Uint8Array): string | undefined {
  let text: string;
  try {
    text = decoder.decode(message);
  } catch {
    return undefined;
  }
  return CONTROL.test(text) ? undefined : text;
}

/** Throws ERR_WALLET_REQUEST_UNSAFE for bytes a Solana runtime would take as a transaction, and for bytes that are not text. */
export function assertSignableSolanaMessage(message: Uint8Array): void {
  if (isSolanaTransactionBytes(message)) {
    throw new LatchError('ERR_WALLET_REQUEST_UNSAFE', 'The message is a Solana transaction: signing it would sign the transaction.');
  }
  if (solanaMessageText(message) === undefined) {
    throw new LatchError('ERR_WALLET_REQUEST_UNSAFE', 'The message is not text: only text messages are signed.');
  }
}
