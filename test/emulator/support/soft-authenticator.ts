/**
 * A software WebAuthn authenticator for Node tests: ES256 credentials with "none" attestation,
 * and assertions over the emulator's stamp challenge (ASCII hex SHA-256 of the body). The
 * browser tests use Chrome's virtual authenticator; this one lets the emulator's passkey
 * paths run over plain HTTP.
 */
import { rawToDer } from '../../../src/crypto/der.ts';
import { toBase64Url } from '../../../src/encoding/base64url.ts';
import { toHex } from '../../../src/encoding/hex.ts';
import { concatBytes, utf8Encode } from '../../../src/encoding/utf8.ts';

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, n: number): Uint8Array {
  if (n < 24) return new Uint8Array([(major << 5) | n]);
  if (n < 256) return new Uint8Array([(major << 5) | 24, n]);
  return new Uint8Array([(major << 5) | 25, n >> 8, n & 0xff]);
}

function cbor(value: Cbor): Uint8Array {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = utf8Encode(value);
    return concatBytes(head(3, bytes.length), bytes);
  }
  if (value instanceof Uint8Array) return concatBytes(head(2, value.length), value);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return concatBytes(...parts);
}

const sha256 = async (data: Uint8Array) => new Uint8Array(await crypto.subtle.digest('SHA-256', data.slice()));

export interface Registration {
  authenticatorName: string;
  challenge: string;
  attestation: { credentialId: string; clientDataJson: string; attestationObject: string; transports: string[] };
}

export class SoftAuthenticator {
  counter = 0;
  private constructor(
    readonly credentialId: Uint8Array,
    private readonly keys: CryptoKeyPair,
    readonly rpId: string,
    readonly origin: string,
  ) {}

  static async create(rpId = 'localhost', origin = 'http://localhost:8000'): Promise<SoftAuthenticator> {
    const keys = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])) as CryptoKeyPair;
    return new SoftAuthenticator(crypto.getRandomValues(new Uint8Array(16)), keys, rpId, origin);
  }

  get id(): string {
    return toBase64Url(this.credentialId);
  }

  private async authData(flags: number, extra: Uint8Array = new Uint8Array(0)): Promise<Uint8Array> {
    const count = new Uint8Array(4);
    new DataView(count.buffer).setUint32(0, this.counter);
    return concatBytes(await sha256(utf8Encode(this.rpId)), new Uint8Array([flags]), count, extra);
  }

  /** What a sign-up or create_users sends for this passkey. */
  async register(challenge = toBase64Url(crypto.getRandomValues(new Uint8Array(32))), origin = this.origin): Promise<Registration> {
    const raw = new Uint8Array(await crypto.subtle.exportKey('raw', this.keys.publicKey));
    const cose = cbor(new Map<Cbor, Cbor>([[1, 2], [3, -7], [-1, 1], [-2, raw.subarray(1, 33)], [-3, raw.subarray(33)]]));
    const idLength = new Uint8Array([0, this.credentialId.length]);
    const attested = concatBytes(new Uint8Array(16), idLength, this.credentialId, cose);
    const authData = await this.authData(0x45, attested);
    const attestationObject = cbor(new Map<Cbor, Cbor>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]));
    const clientData = JSON.stringify({ type: 'webauthn.create', challenge, origin, crossOrigin: false });
    return {
      authenticatorName: 'soft passkey',
      challenge,
      attestation: { credentialId: this.id, clientDataJson: toBase64Url(utf8Encode(clientData)), attestationObject: toBase64Url(attestationObject), transports: ['AUTHENTICATOR_TRANSPORT_INTERNAL'] },
    };
  }

  /** The X-Stamp-Webauthn header value for `body`. */
  async stamp(body: string, options: { origin?: string; challengeBody?: string } = {}): Promise<string> {
    this.counter += 1;
    const challenge = toBase64Url(utf8Encode(toHex(await sha256(utf8Encode(options.challengeBody ?? body)))));
    const clientData = utf8Encode(JSON.stringify({ type: 'webauthn.get', challenge, origin: options.origin ?? this.origin, crossOrigin: false }));
    const authData = await this.authData(0x05);
    const signed = concatBytes(authData, await sha256(clientData));
    const signature = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, this.keys.privateKey, signed.slice()));
    return JSON.stringify({
      authenticatorData: toBase64Url(authData),
      clientDataJson: toBase64Url(clientData),
      credentialId: this.id,
      signature: toBase64Url(rawToDer(signature)),
    });
  }
}
