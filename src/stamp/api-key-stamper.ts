import type { StoredKey } from '../keys/key-store.ts';
import type { Stamp, Stamper } from './stamper.ts';
import { stampHeaderPrefix, stampWithPrefix } from './create-stamp.ts';

/** Stamps Activity API bodies with a P-256 API key (a session key or a short-lived signup key). */
export class ApiKeyStamper implements Stamper {
  readonly #key: Pick<StoredKey, 'id' | 'privateKey'>;
  /** What every stamp of this key starts with; made on the first stamp, so a bad id rejects there. */
  #prefix: string | undefined;

  constructor(key: Pick<StoredKey, 'id' | 'privateKey'>) {
    this.#key = key;
  }

  /** The compressed public key hex that the stamps carry. */
  get publicKey(): string {
    return this.#key.id;
  }

  async stamp(body: string): Promise<Stamp> {
    this.#prefix ??= stampHeaderPrefix(this.#key.id);
    return { stampHeaderName: 'X-Stamp', stampHeaderValue: await stampWithPrefix(this.#prefix, this.#key.privateKey, body) };
  }
}
