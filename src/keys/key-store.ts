/**
 * Where the client's P-256 keys live. Private keys are NON-extractable WebCrypto CryptoKeys;
 * the public key is kept beside the private one because the HPKE suite (its AAD holds the
 * receiver's public key, which a non-extractable private key cannot give) and the
 * compressed-key id need it (docs/toolchain.md pitfall 1). The id of a key is its compressed public key in hex.
 */
export interface StoredKey {
  /** Compressed public key, lowercase hex (33 bytes): the key's id everywhere on the wire. */
  readonly id: string;
  readonly privateKey: CryptoKey;
  readonly publicKey: CryptoKey;
  /** Milliseconds since epoch. */
  readonly createdAt: number;
  /** What the key is for, e.g. 'session' or 'otp'. Free text, never secret. */
  readonly purpose?: string;
  /** When the credential this key backs expires, in milliseconds since epoch, if known. */
  readonly expiresAt?: number;
}

export interface KeyMetadata {
  purpose?: string;
  expiresAt?: number;
}

export interface KeyStore {
  /** Generates a new non-extractable ECDSA P-256 key pair and stores it. */
  create(metadata?: KeyMetadata): Promise<StoredKey>;
  /**
   * Stores an existing pair (for example one imported from a decrypted credential bundle).
   * The private key must be non-extractable; an extractable one is refused with
   * ERR_STORE_EXTRACTABLE and nothing is written.
   */
  put(pair: CryptoKeyPair, metadata?: KeyMetadata): Promise<StoredKey>;
  get(id: string): Promise<StoredKey | undefined>;
  list(): Promise<StoredKey[]>;
  delete(id: string): Promise<void>;
  clear(): Promise<void>;
}
