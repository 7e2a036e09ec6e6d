import { describe, it, expect, expectCode, before, type Refusal } from '../../support/harness.ts';
import { p256 } from '@noble/curves/nist.js';
import {
  createLoginClientSignature,
  createSignupClientSignature,
  verifyClientSignature,
  type ClientSignature,
} from '../../../src/tokens/client-signature.ts';
import { P256_N, bigIntToBytes, bytesToBigInt } from '../../../src/crypto/p256.ts';
import { rawToDer } from '../../../src/crypto/der.ts';
import { fromHex, toHex } from '../../../src/encoding/hex.ts';
import { concatBytes, utf8Encode } from '../../../src/encoding/utf8.ts';
import { generateTestKey, type TestKey } from '../crypto/test-keys.ts';

describe('client signatures', () => {
  let otpKey: TestKey;
  let sessionKey: TestKey;
  const tokenId = 'verification-token-id';
  before(async () => {
    otpKey = await generateTestKey();
    sessionKey = await generateTestKey();
  });

  const login = () => createLoginClientSignature({ tokenId, sessionPublicKey: sessionKey.id, signingKey: otpKey });
  const expectLogin = () => ({ expectedPublicKey: otpKey.id, expectedType: 'USAGE_TYPE_LOGIN' as const, expectedTokenId: tokenId });

  it('login: the exact message of docs/protocol.md §2, signed as raw r||s hex by the bound key', async () => {
    const cs = await login();
    expect(cs.message).to.equal(`{"login":{"publicKey":"${sessionKey.id}"},"tokenId":"${tokenId}","type":"USAGE_TYPE_LOGIN"}`);
    expect(cs.message).to.equal(JSON.stringify({ login: { publicKey: sessionKey.id }, tokenId, type: 'USAGE_TYPE_LOGIN' }));
    expect(cs.publicKey).to.equal(otpKey.id);
    expect(cs.scheme).to.equal('CLIENT_SIGNATURE_SCHEME_API_P256');
    expect(cs.signature).to.match(/^[0-9a-f]{128}$/);
    expect(p256.verify(fromHex(cs.signature), utf8Encode(cs.message), fromHex(otpKey.id), { prehash: true, lowS: false })).to.equal(true);
  });

  it("signup: the hosted SDK's signupV2 message (its own test case), whatever order the fields come in", async () => {
    const cs = await createSignupClientSignature({
      tokenId,
      signup: { email: 'alice@example.com', oauthProviders: [], authenticators: [], apiKeys: [] },
      signingKey: otpKey,
    });
    expect(cs.message).to.equal(
      JSON.stringify({ signupV2: { apiKeys: [], authenticators: [], oauthProviders: [], email: 'alice@example.com' }, tokenId: 'verification-token-id', type: 'USAGE_TYPE_SIGNUP' }),
    );
    expect(p256.verify(fromHex(cs.signature), utf8Encode(cs.message), fromHex(otpKey.id), { prehash: true, lowS: false })).to.equal(true);
  });

  it('signup: leaves out fields that were not given, keeps phoneNumber last', async () => {
    const apiKey = { apiKeyName: 'k', publicKey: sessionKey.id, curveType: 'API_KEY_CURVE_P256', expirationSeconds: '60' };
    const cs = await createSignupClientSignature({ tokenId, signup: { phoneNumber: '+15555550100', apiKeys: [apiKey] }, signingKey: otpKey });
    expect(cs.message).to.equal(JSON.stringify({ signupV2: { apiKeys: [apiKey], phoneNumber: '+15555550100' }, tokenId, type: 'USAGE_TYPE_SIGNUP' }));
  });

  it('verifyClientSignature returns the parsed login message', async () => {
    const cs = await login();
    expect(await verifyClientSignature(cs, expectLogin())).to.deep.equal({ login: { publicKey: sessionKey.id }, tokenId, type: 'USAGE_TYPE_LOGIN' });
  });

  it('verifyClientSignature returns the parsed signup message', async () => {
    const cs = await createSignupClientSignature({ tokenId, signup: { email: 'a@b.c', apiKeys: [] }, signingKey: otpKey });
    const parsed = await verifyClientSignature(cs, { expectedPublicKey: otpKey.id, expectedType: 'USAGE_TYPE_SIGNUP', expectedTokenId: tokenId });
    expect(parsed).to.deep.equal({ signupV2: { apiKeys: [], email: 'a@b.c' }, tokenId, type: 'USAGE_TYPE_SIGNUP' });
  });

  it('accepts the expected key in uncompressed form', async () => {
    await verifyClientSignature(await login(), { ...expectLogin(), expectedPublicKey: toHex(otpKey.publicKeyBytes) });
  });

  it('accepts the high-S twin of a valid signature', async () => {
    const cs = await login();
    const raw = fromHex(cs.signature);
    const twin = concatBytes(raw.subarray(0, 32), bigIntToBytes(P256_N - bytesToBigInt(raw.subarray(32))));
    await verifyClientSignature({ ...cs, signature: toHex(twin) }, expectLogin());
  });

  it('verifies the message BYTES: a re-serialised equal message fails with ERR_SIGNATURE_INVALID', async () => {
    const cs = await login();
    const spaced = JSON.stringify(JSON.parse(cs.message), null, 1);
    await expectCode(() => verifyClientSignature({ ...cs, message: spaced }, expectLogin()), 'ERR_SIGNATURE_INVALID');
    const otherSession = cs.message.replace(sessionKey.id, otpKey.id);
    await expectCode(() => verifyClientSignature({ ...cs, message: otherSession }, expectLogin()), 'ERR_SIGNATURE_INVALID');
  });

  it('refuses a tampered or mis-encoded signature with ERR_SIGNATURE_INVALID', async () => {
    const cs = await login();
    const raw = fromHex(cs.signature);
    raw[5]! ^= 0x10;
    await expectCode(() => verifyClientSignature({ ...cs, signature: toHex(raw) }, expectLogin()), 'ERR_SIGNATURE_INVALID');
    await expectCode(() => verifyClientSignature({ ...cs, signature: toHex(rawToDer(fromHex(cs.signature))) }, expectLogin()), 'ERR_SIGNATURE_INVALID');
    await expectCode(() => verifyClientSignature({ ...cs, signature: cs.signature.slice(2) }, expectLogin()), 'ERR_SIGNATURE_INVALID');
    await expectCode(() => verifyClientSignature({ ...cs, signature: 'xyz' }, expectLogin()), 'ERR_SIGNATURE_INVALID');
  });

  it('refuses a signature by another key with ERR_SIGNATURE_INVALID', async () => {
    const bySession = await createLoginClientSignature({ tokenId, sessionPublicKey: sessionKey.id, signingKey: sessionKey });
    await expectCode(() => verifyClientSignature(bySession, expectLogin()), 'ERR_SIGNATURE_INVALID');
    // Claiming the bound key while signing with another.
    await expectCode(() => verifyClientSignature({ ...bySession, publicKey: otpKey.id }, expectLogin()), 'ERR_SIGNATURE_INVALID');
  });

  it('refuses another usage type or token id with ERR_INPUT_INVALID (after the signature checks out)', async () => {
    const cs = await login();
    await expectCode(() => verifyClientSignature(cs, { ...expectLogin(), expectedType: 'USAGE_TYPE_SIGNUP' }), 'ERR_INPUT_INVALID');
    await expectCode(() => verifyClientSignature(cs, { ...expectLogin(), expectedTokenId: 'another-token' }), 'ERR_INPUT_INVALID');
  });

  it('refuses a validly signed message that is not the expected JSON with ERR_INPUT_INVALID', async () => {
    const signed = async (message: string): Promise<ClientSignature> => {
      const raw = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, otpKey.privateKey, utf8Encode(message).slice()));
      return { publicKey: otpKey.id, scheme: 'CLIENT_SIGNATURE_SCHEME_API_P256', message, signature: toHex(raw) };
    };
    // Each with what its refusal says.
    const cases: Array<[string, RegExp]> = [
      ['not json', /is not JSON/],
      ['[1,2]', /not a JSON object/],
      [JSON.stringify({ tokenId, type: 'USAGE_TYPE_LOGIN' }), /no login.publicKey/],
      [JSON.stringify({ login: {}, tokenId, type: 'USAGE_TYPE_LOGIN' }), /no login.publicKey/],
      [JSON.stringify({ login: { publicKey: 1 }, tokenId, type: 'USAGE_TYPE_LOGIN' }), /no login.publicKey/],
      [JSON.stringify({ login: null, tokenId, type: 'USAGE_TYPE_LOGIN' }), /no login.publicKey/],
      ['null', /not a JSON object/],
      [JSON.stringify({ login: { publicKey: sessionKey.id }, tokenId: 'another', type: 'USAGE_TYPE_LOGIN' }), /another verification token/],
      [JSON.stringify({ login: { publicKey: sessionKey.id }, tokenId, type: 'USAGE_TYPE_SIGNUP' }), /another usage type/],
    ];
    for (const [message, says] of cases) {
      const refusal = await expectCode(async () => verifyClientSignature(await signed(message), expectLogin()), 'ERR_INPUT_INVALID');
      expect(refusal.message, message).to.match(says);
      // Only the JSON parser's own failure is kept as the cause.
      expect(refusal.cause instanceof SyntaxError, `${message}: a SyntaxError as cause`).to.equal(message === 'not json');
    }
    for (const signupV2 of [undefined, null, [], 'x']) {
      const signup = await signed(JSON.stringify({ signupV2, tokenId, type: 'USAGE_TYPE_SIGNUP' }));
      const refusal = await expectCode(() => verifyClientSignature(signup, { ...expectLogin(), expectedType: 'USAGE_TYPE_SIGNUP' }), 'ERR_INPUT_INVALID');
      expect(refusal.message).to.match(/no signupV2 object/);
    }
  });

  it('refuses a signature by the bound key that names another key (it must be from the key it says)', async () => {
    const cs = await login();
    const refusal = await expectCode(() => verifyClientSignature({ ...cs, publicKey: sessionKey.id }, expectLogin()), 'ERR_SIGNATURE_INVALID');
    expect(refusal.message).to.match(/not from the key bound/);
  });

  it('compares a well-formed compressed key as written: x >= p is another key, not a malformed one', async () => {
    // 02 ff…ff has the compressed shape but no point: it is not the bound key, which is what it is told.
    const refusal = await expectCode(() => login().then((cs) => verifyClientSignature({ ...cs, publicKey: '02' + 'ff'.repeat(32) }, expectLogin())), 'ERR_SIGNATURE_INVALID');
    expect(refusal.message).to.match(/not from the key bound/);
  });

  it('each refusal says what is wrong, and keeps what caused it', async () => {
    const cs = await login();
    const says = async (change: Record<string, unknown>, code: string, pattern: RegExp): Promise<Refusal> => {
      const refusal = await expectCode(() => verifyClientSignature({ ...cs, ...change } as unknown as ClientSignature, expectLogin()), code);
      expect(refusal.message, JSON.stringify(change)).to.match(pattern);
      return refusal;
    };
    await says({ message: undefined }, 'ERR_INPUT_INVALID', /needs publicKey, scheme, message and signature/);
    await says({ scheme: 'SIGNATURE_SCHEME_TK_API_P256' }, 'ERR_INPUT_INVALID', /scheme is not CLIENT_SIGNATURE_SCHEME_API_P256/);
    const notHexKey = await says({ publicKey: 'nothex' }, 'ERR_INPUT_INVALID', /public key is not a P-256 key/);
    expect((notHexKey.cause as Refusal | undefined)?.code, 'the key refusal keeps its cause').to.equal('ERR_ENCODING_HEX');
    const notHexSignature = await says({ signature: 'xyz' }, 'ERR_SIGNATURE_INVALID', /not hex/);
    expect((notHexSignature.cause as Refusal | undefined)?.code, 'the signature refusal keeps its cause').to.equal('ERR_ENCODING_HEX');
    await says({ signature: cs.signature.slice(2) }, 'ERR_SIGNATURE_INVALID', /does not match its message/);
  });

  it('refuses what is not a client signature object, however it is passed', async () => {
    for (const given of [undefined, 'signature', 7]) {
      const refusal = await expectCode(() => verifyClientSignature(given as unknown as ClientSignature, expectLogin()), 'ERR_INPUT_INVALID');
      expect(refusal.message).to.match(/needs publicKey/);
    }
    // The bound key as a String object: text-like, but not the string the protocol sends.
    const cs = await login();
    await expectCode(() => verifyClientSignature({ ...cs, publicKey: new String(cs.publicKey) } as unknown as ClientSignature, expectLogin()), 'ERR_INPUT_INVALID');
  });

  it('refuses a malformed client signature with ERR_INPUT_INVALID', async () => {
    const cs = await login();
    await expectCode(() => verifyClientSignature({ ...cs, scheme: 'SIGNATURE_SCHEME_TK_API_P256' } as unknown as ClientSignature, expectLogin()), 'ERR_INPUT_INVALID');
    await expectCode(() => verifyClientSignature({ ...cs, message: undefined } as unknown as ClientSignature, expectLogin()), 'ERR_INPUT_INVALID');
    await expectCode(() => verifyClientSignature(null as unknown as ClientSignature, expectLogin()), 'ERR_INPUT_INVALID');
    await expectCode(() => verifyClientSignature({ ...cs, publicKey: 'nothex' }, expectLogin()), 'ERR_INPUT_INVALID');
    // The key exactly a compressed key: nothing before or after it.
    await expectCode(() => verifyClientSignature({ ...cs, publicKey: `x${cs.publicKey}` }, expectLogin()), 'ERR_INPUT_INVALID');
    await expectCode(() => verifyClientSignature({ ...cs, publicKey: `${cs.publicKey}00` }, expectLogin()), 'ERR_INPUT_INVALID');
    await expectCode(() => verifyClientSignature({ ...cs, signature: 7 } as unknown as ClientSignature, expectLogin()), 'ERR_INPUT_INVALID');
  });
});
