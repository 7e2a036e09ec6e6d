// A recording stamper for the client tests: the project's ApiKeyStamper over a fresh
// non-extractable P-256 key, keeping every body string it stamped so a test can compare them
// with the bytes the server received.
import type { Stamp, Stamper } from '../../../src/stamp/stamper.ts';
import { ApiKeyStamper } from '../../../src/stamp/api-key-stamper.ts';
import { compressPublicKey } from '../../../src/crypto/p256.ts';
import { toHex } from '../../../src/encoding/hex.ts';

export class RecordingStamper implements Stamper {
  readonly stamped: string[] = [];
  private constructor(private readonly inner: ApiKeyStamper) {}

  get publicKey(): string {
    return this.inner.publicKey;
  }

  static async create(): Promise<RecordingStamper> {
    const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
    const id = toHex(compressPublicKey(new Uint8Array(await crypto.subtle.exportKey('raw', keys.publicKey))));
    return new RecordingStamper(new ApiKeyStamper({ id, privateKey: keys.privateKey }));
  }

  stamp(body: string): Promise<Stamp> {
    this.stamped.push(body);
    return this.inner.stamp(body);
  }
}

/** Signs other bytes than it is given: the server must refuse its stamps. */
export class LyingStamper implements Stamper {
  constructor(private readonly inner: Stamper) {}
  stamp(body: string): Promise<Stamp> {
    return this.inner.stamp(body + ' ');
  }
}
