import type { StoredKey } from '../keys/key-store.ts';
import type { Stamp, Stamper } from './stamper.ts';
import { createStamp } from './create-stamp.ts';

/** Stamps Activity API bodies with a P-256 API key (a session key or a short-lived signup key). */
export class ApiKeyStamper implements Stamper {
  readonly #key: Pick<StoredKey, 'id' | 'privateKey'>;

  constructor(key: Pick<StoredKey, 'id' | 'privateKey'>) {
    this.#key = key;
  }

  /** The compressed public key hex that the stamps carry. */
  get publicKey(): string {
    return this.#key.id;
  }

  async stamp(body: string): Promise<Stamp> {
    return { stampHeaderName: 'X-Stamp', stampHeaderValue: await createStamp(body, this.#key) };
  }
}
