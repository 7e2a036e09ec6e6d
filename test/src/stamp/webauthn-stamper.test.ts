import { describe, it, expect, expectCode, runtime } from '../../support/harness.ts';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { WebAuthnError, type AuthenticationResponseJSON, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { WebauthnStamper, mapWebauthnError, webauthnChallengeForBody } from '../../../src/stamp/webauthn-stamper.ts';
import { LatchError } from '../../../src/errors/latch-error.ts';
import { fromBase64Url, toBase64Url } from '../../../src/encoding/base64url.ts';
import { toHex } from '../../../src/encoding/hex.ts';
import { concatBytes, utf8Decode, utf8Encode } from '../../../src/encoding/utf8.ts';
import { generateTestKey } from '../crypto/test-keys.ts';

type Captured = { optionsJSON: PublicKeyCredentialRequestOptionsJSON };

/** A software authenticator: signs authenticatorData || SHA-256(clientDataJSON) like a real one. */
async function softwareAuthenticator(captured: Captured[]) {
  const key = await generateTestKey();
  const authenticate = async (options: Captured): Promise<AuthenticationResponseJSON> => {
    captured.push(options);
    const clientData = utf8Encode(JSON.stringify({ type: 'webauthn.get', challenge: options.optionsJSON.challenge, origin: 'http://localhost:8000' }));
    const rpIdHash = nobleSha256(utf8Encode(options.optionsJSON.rpId ?? ''));
    const authenticatorData = concatBytes(rpIdHash, Uint8Array.of(0x05, 0, 0, 0, 1));
    const signed = concatBytes(authenticatorData, nobleSha256(clientData));
    const signature = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key.privateKey, signed.slice()));
    const rawId = toBase64Url(Uint8Array.of(1, 2, 3, 250, 251, 252));
    return {
      id: rawId,
      rawId,
      type: 'public-key',
      clientExtensionResults: {},
      // WebAuthn signatures are DER; the raw form is enough to check the mapping here.
      response: { authenticatorData: toBase64Url(authenticatorData), clientDataJSON: toBase64Url(clientData), signature: toBase64Url(signature) },
    };
  };
  return { key, authenticate };
}

describe('webauthnChallengeForBody', () => {
  it('is the lowercase hex SHA-256 of the UTF-8 body (FIPS 180-2 vectors)', async () => {
    expect(await webauthnChallengeForBody('')).to.equal('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(await webauthnChallengeForBody('abc')).to.equal('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('hashes UTF-8 bytes, not UTF-16 code units', async () => {
    const body = '{"name":"Zoë 🔑"}';
    expect(await webauthnChallengeForBody(body)).to.equal(toHex(nobleSha256(utf8Encode(body))));
  });
});

describe('WebauthnStamper', () => {
  const body = JSON.stringify({ type: 'ACTIVITY_TYPE_STAMP_LOGIN', timestampMs: '1700000000000', organizationId: 'org', parameters: {} });

  it('asks for an assertion over the ASCII of the hex digest, with the given options', async () => {
    const captured: Captured[] = [];
    const { authenticate } = await softwareAuthenticator(captured);
    const stamper = new WebauthnStamper({ rpId: 'localhost', allowCredentials: ['AQID', { id: 'BAUG', type: 'public-key', transports: ['internal'] }], timeout: 1234, userVerification: 'required', authenticate });
    await stamper.stamp(body);
    const { optionsJSON } = captured[0]!;
    const challengeBytes = fromBase64Url(optionsJSON.challenge);
    expect(challengeBytes.length).to.equal(64);
    expect(utf8Decode(challengeBytes)).to.equal(await webauthnChallengeForBody(body));
    expect(optionsJSON.rpId).to.equal('localhost');
    expect(optionsJSON.allowCredentials).to.deep.equal([
      { id: 'AQID', type: 'public-key' },
      { id: 'BAUG', type: 'public-key', transports: ['internal'] },
    ]);
    expect(optionsJSON.timeout).to.equal(1234);
    expect(optionsJSON.userVerification).to.equal('required');
  });

  it('defaults to any credential, a 5 minute timeout and preferred user verification', async () => {
    const captured: Captured[] = [];
    const { authenticate } = await softwareAuthenticator(captured);
    await new WebauthnStamper({ rpId: 'example.com', authenticate }).stamp(body);
    expect(captured[0]!.optionsJSON).to.include({ rpId: 'example.com', timeout: 300000, userVerification: 'preferred' });
    expect(captured[0]!.optionsJSON.allowCredentials).to.deep.equal([]);
  });

  it('sends plain JSON {authenticatorData, clientDataJson, credentialId, signature} that verifies against the body', async () => {
    const { key, authenticate } = await softwareAuthenticator([]);
    const stamp = await new WebauthnStamper({ rpId: 'localhost', authenticate }).stamp(body);
    expect(stamp.stampHeaderName).to.equal('X-Stamp-Webauthn');
    const header = JSON.parse(stamp.stampHeaderValue) as Record<string, string>;
    expect(Object.keys(header)).to.deep.equal(['authenticatorData', 'clientDataJson', 'credentialId', 'signature']);
    expect(header.credentialId).to.equal(toBase64Url(Uint8Array.of(1, 2, 3, 250, 251, 252)));
    // What a verifier does: the challenge in clientData must be base64url(ASCII hex SHA-256(body)).
    const clientData = JSON.parse(utf8Decode(fromBase64Url(header.clientDataJson!))) as { challenge: string };
    expect(utf8Decode(fromBase64Url(clientData.challenge))).to.equal(toHex(nobleSha256(utf8Encode(body))));
    const signed = concatBytes(fromBase64Url(header.authenticatorData!), nobleSha256(fromBase64Url(header.clientDataJson!)));
    expect(await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key.publicKey, fromBase64Url(header.signature!).slice(), signed.slice())).to.equal(true);
  });

  it('maps a refused ceremony to ERR_PASSKEY_CANCELLED and keeps the browser error as cause', async () => {
    const refusal = new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError');
    const stamper = new WebauthnStamper({ rpId: 'localhost', authenticate: () => Promise.reject(new WebAuthnError({ message: refusal.message, code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', cause: refusal })) });
    let caught: unknown;
    try {
      await stamper.stamp(body);
    } catch (error) {
      caught = error;
    }
    expect(caught).to.be.instanceOf(LatchError);
    expect((caught as LatchError).code).to.equal('ERR_PASSKEY_CANCELLED');
    expect(((caught as LatchError).cause as Error).cause).to.equal(refusal);
  });

  it('refuses an empty assertion with ERR_PASSKEY_FAILED', async () => {
    const stamper = new WebauthnStamper({ rpId: 'localhost', authenticate: async () => null as unknown as AuthenticationResponseJSON });
    await expectCode(() => stamper.stamp(body), 'ERR_PASSKEY_FAILED');
  });

  if (runtime === 'node') {
    it('reports ERR_PASSKEY_UNSUPPORTED where WebAuthn does not exist (Node)', async () => {
      await expectCode(() => new WebauthnStamper({ rpId: 'localhost' }).stamp(body), 'ERR_PASSKEY_UNSUPPORTED');
    });
  }
});

describe('mapWebauthnError', () => {
  const cases: Array<[string, unknown, string]> = [
    ['NotAllowedError', new DOMException('denied', 'NotAllowedError'), 'ERR_PASSKEY_CANCELLED'],
    ['AbortError', new DOMException('aborted', 'AbortError'), 'ERR_PASSKEY_CANCELLED'],
    ['InvalidStateError', new DOMException('exists', 'InvalidStateError'), 'ERR_PASSKEY_EXISTS'],
    ['NotSupportedError', new DOMException('no platform authenticator', 'NotSupportedError'), 'ERR_PASSKEY_UNSUPPORTED'],
    ['SecurityError', new DOMException('rp id', 'SecurityError'), 'ERR_PASSKEY_FAILED'],
    ['UnknownError', new DOMException('?', 'UnknownError'), 'ERR_PASSKEY_FAILED'],
    ['a TypeError', new TypeError('bad options'), 'ERR_PASSKEY_FAILED'],
    ['a string', 'boom', 'ERR_PASSKEY_FAILED'],
    ['undefined', undefined, 'ERR_PASSKEY_FAILED'],
    ["SimpleWebAuthn's unsupported error", new Error('WebAuthn is not supported in this browser'), 'ERR_PASSKEY_UNSUPPORTED'],
    [
      "SimpleWebAuthn's ceremony abort",
      new WebAuthnError({ message: 'aborted', code: 'ERROR_CEREMONY_ABORTED', cause: new DOMException('aborted', 'AbortError') }),
      'ERR_PASSKEY_CANCELLED',
    ],
    [
      "SimpleWebAuthn's previously registered",
      new WebAuthnError({ message: 'registered', code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED', cause: new DOMException('exists', 'InvalidStateError') }),
      'ERR_PASSKEY_EXISTS',
    ],
    [
      "SimpleWebAuthn's invalid RP id",
      new WebAuthnError({ message: 'rp', code: 'ERROR_INVALID_RP_ID', cause: new DOMException('rp', 'SecurityError') }),
      'ERR_PASSKEY_FAILED',
    ],
  ];
  for (const [name, error, code] of cases) {
    it(`maps ${name} to ${code} with the original as cause`, () => {
      const mapped = mapWebauthnError(error);
      expect(mapped).to.be.instanceOf(LatchError);
      expect(mapped.code).to.equal(code);
      expect(mapped.cause).to.equal(error);
      expect(mapped.message).to.not.include(String((error as { message?: string } | undefined)?.message ?? 'boom'));
    });
  }

  it('passes a LatchError through unchanged', () => {
    const original = new LatchError('ERR_PASSKEY_UNSUPPORTED', 'x');
    expect(mapWebauthnError(original)).to.equal(original);
  });
});
