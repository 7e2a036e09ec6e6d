import { describe, it, expect } from '../../support/harness.ts';
import { utf8Decode, utf8Encode, withUtf8 } from '../../../src/encoding/utf8.ts';

const ECDSA = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const ECDSA_SHA256 = { name: 'ECDSA', hash: 'SHA-256' } as const;

describe('withUtf8', () => {
  it('passes the UTF-8 bytes of the text, ASCII or not, and returns what `use` returns', () => {
    for (const text of ['', '{"a":1}', 'Zoë 🔑 鍵', 'x'.repeat(5000)]) {
      expect(withUtf8(text, (bytes) => [...bytes])).to.deep.equal([...utf8Encode(text)]);
      expect(withUtf8(text, (bytes) => utf8Decode(bytes))).to.equal(text);
    }
  });

  it('zeroes the shared bytes once `use` returns, and also when it throws', () => {
    let seen: Uint8Array | undefined;
    withUtf8('secret-ish body', (bytes) => void (seen = bytes));
    expect(seen!.length).to.equal(15);
    expect(seen!.every((b) => b === 0)).to.equal(true);
    expect(() => withUtf8('another body', (bytes) => ((seen = bytes), assertNever()))).to.throw('thrown by use');
    expect(seen!.every((b) => b === 0)).to.equal(true);
  });

  it('gives a nested call bytes of its own instead of overwriting the outer ones', () => {
    const result = withUtf8('outer', (outer) => {
      const inner = withUtf8('INNER', (bytes) => utf8Decode(bytes));
      return `${utf8Decode(outer)}+${inner}`;
    });
    expect(result).to.equal('outer+INNER');
  });

  it('gives a text too large for the shared buffer a buffer of its own, left as it is', () => {
    const big = 'é'.repeat(30_000); // 60,000 bytes: over the shared buffer's limit
    let seen: Uint8Array | undefined;
    expect(withUtf8(big, (bytes) => ((seen = bytes), bytes.length))).to.equal(60_000);
    expect(utf8Decode(seen!)).to.equal(big);
  });

  // What the stamp path relies on: WebCrypto copies its input when sign() is called, so the
  // bytes may be zeroed (or reused by the next stamp) before the signature is ready.
  it('WebCrypto sign reads the bytes when called: the signature is over the text, not the zeroes', async () => {
    const pair = await crypto.subtle.generateKey(ECDSA, false, ['sign', 'verify']);
    const bodies = ['{"type":"ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2"}', 'Zoë', 'b'.repeat(2000)];
    const signatures = await Promise.all(bodies.map((body) => withUtf8(body, (bytes) => crypto.subtle.sign(ECDSA_SHA256, pair.privateKey, bytes))));
    for (const [i, body] of bodies.entries()) {
      expect(await crypto.subtle.verify(ECDSA_SHA256, pair.publicKey, signatures[i]!, utf8Encode(body))).to.equal(true);
      expect(await crypto.subtle.verify(ECDSA_SHA256, pair.publicKey, signatures[i]!, new Uint8Array(utf8Encode(body).length))).to.equal(false);
    }
  });
});

function assertNever(): never {
  throw new Error('thrown by use');
}
