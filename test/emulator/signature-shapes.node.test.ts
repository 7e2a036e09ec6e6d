// B2 pinned for the emulator's verifiers (issue 39): every signature a request or a delivery
// carries (X-Stamp by an API key, X-Stamp-Attested, a wallet's X-Stamp, X-Stamp-Webauthn, the
// OIDC token of oauth_login, the verification token and client signature of otp_login, a
// webhook's signature) is refused when it is empty, cut short, all zero or over-long, over the
// signed bytes and over changed ones: the service's error shape and status, and no state change.
// A refactor to `if (signature.length > 0 && !verify(…))` in any of them fails here.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { WalletStamper } from '@turnkey/wallet-stamper';
import { createStamp } from '../../src/stamp/create-stamp.ts';
import { derToRaw } from '../../src/crypto/der.ts';
import { fromBase64Url, toBase64Url } from '../../src/encoding/base64url.ts';
import { fromHex, toHex } from '../../src/encoding/hex.ts';
import { utf8Decode, utf8Encode } from '../../src/encoding/utf8.ts';
import { hpkeSeal } from '../../src/bundles/hpke-suite.ts';
import { verifyEnvelope } from '../../src/bundles/enclave-envelope.ts';
import { decodeJwt } from '../../src/tokens/jwt.ts';
import { oidcNonce } from '../../src/tokens/oidc-nonce.ts';
import { createLoginClientSignature } from '../../src/tokens/client-signature.ts';
import { parseVerificationToken } from '../../src/tokens/verification-token.ts';
import { issueIdToken, subjectFor } from '../../demo/emulator/oauth/id-token.ts';
import { derSignatureShapes, rawSignatureShapes, type Shape } from '../support/signature-shapes.ts';
import { newTestKey, plainPost, startFixture, type Answer, type Fixture } from './support/emulator-fixture.ts';
import { assertNoStateChange, assertServiceError } from './support/assertions.ts';
import { signedWebhookDelivery } from './support/webhook-delivery.ts';
import { latestCodeFor, otpSignupAndLogin, proxyClient } from './support/otp-flow.ts';
import { SoftAuthenticator } from './support/soft-authenticator.ts';
import { TestEthereumWallet, testSolanaWallet } from './support/test-wallets.ts';

type Stamp = { publicKey: string; scheme: string; signature: string };
const decodeStamp = (header: string): Stamp => JSON.parse(utf8Decode(fromBase64Url(header))) as Stamp;
const encodeStamp = (stamp: Record<string, unknown>): string => toBase64Url(utf8Encode(JSON.stringify(stamp)));
const segment = (value: unknown): string => toBase64Url(utf8Encode(JSON.stringify(value)));

/** A JWT's signature replaced (and its payload, when given). */
function retoken(token: string, payload: Record<string, unknown> | undefined, signature: Uint8Array | string): string {
  const [header, body] = token.split('.') as [string, string];
  return `${header}.${payload ? segment(payload) : body}.${typeof signature === 'string' ? signature : toBase64Url(signature)}`;
}

/** Every DER shape, then every raw r‖s shape of the same signature, as hex. */
const derAndRawHex = (der: Uint8Array): Shape[] => [...derSignatureShapes(der), ...rawSignatureShapes(derToRaw(der)).map(([n, b]) => [`raw ${n}`, b] as const)];

describe('B2 appproof-mutations (the emulator\'s verifiers): no signature is optional', () => {
  let f: Fixture;
  before(async () => {
    f = await startFixture();
  });
  after(() => f.stop());

  async function post(route: string, text: string, headers: Record<string, string>): Promise<Answer> {
    const response = await fetch(`${f.urls.apiUrl}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: text });
    return { status: response.status, headers: response.headers, json: (await response.json()) as Record<string, unknown> };
  }

  const userParams = (name: string) => ({ users: [{ userName: name, userEmail: `${name}@example.com`, apiKeys: [], authenticators: [], oauthProviders: [], userTags: [] }] });

  it('X-Stamp (an API key): every DER and raw shape, over the body and a changed one → 401 SIGNATURE_INVALID, nothing changes', async () => {
    const text = JSON.stringify(f.body('create_users', f.demoOrgId, userParams('shape')));
    const changed = text.replace('"shape"', '"shapf"');
    const stamp = decodeStamp(await createStamp(text, f.root));
    await assertNoStateChange(f.emulator, async () => {
      for (const body of [text, changed]) {
        for (const [name, bytes] of derAndRawHex(fromHex(stamp.signature))) {
          const answer = await post('/public/v1/submit/create_users', body, { 'X-Stamp': encodeStamp({ ...stamp, signature: toHex(bytes) }) });
          assert.equal(answer.status, 401, name);
          assertServiceError(answer, 401, 16, 'SIGNATURE_INVALID');
        }
        for (const signature of [undefined, null, 0, [], {}]) assertServiceError(await post('/public/v1/submit/create_users', body, { 'X-Stamp': encodeStamp({ ...stamp, signature }) }), 401, 16, 'SIGNATURE_INVALID');
      }
    });
    assert.equal((await post('/public/v1/submit/create_users', text, { 'X-Stamp': encodeStamp(stamp) })).status, 200);
  });

  it('X-Stamp of a wallet (secp256k1 EIP-191 DER, Ed25519 hex): every shape, over the body and a changed one → 401 SIGNATURE_INVALID, nothing changes', async () => {
    for (const [curveType, wallet] of [['API_KEY_CURVE_SECP256K1', new TestEthereumWallet()], ['API_KEY_CURVE_ED25519', testSolanaWallet()]] as const) {
      const stamper = new WalletStamper(wallet);
      const text = JSON.stringify(f.body('stamp_login', f.demoOrgId, { publicKey: (await newTestKey()).id, expirationSeconds: '900' }));
      const stamp = decodeStamp((await stamper.stamp(text)).stampHeaderValue);
      const signup = await plainPost(`${f.urls.proxyUrl}/v1/signup_v2`, { userName: 'Wallet user', apiKeys: [{ apiKeyName: `wallet-auth:${stamp.publicKey}`, publicKey: stamp.publicKey, curveType }], authenticators: [], oauthProviders: [] }, { 'X-Auth-Proxy-Config-Id': 'demo' });
      assert.equal(signup.status, 200, JSON.stringify(signup.json));
      const genuine = fromHex(stamp.signature);
      const shapes = curveType === 'API_KEY_CURVE_ED25519' ? rawSignatureShapes(genuine) : derAndRawHex(genuine);
      await assertNoStateChange(f.emulator, async () => {
        for (const body of [text, text.replace('"900"', '"901"')]) {
          for (const [name, bytes] of shapes) {
            const answer = await post('/public/v1/submit/stamp_login', body, { 'X-Stamp': encodeStamp({ ...stamp, signature: toHex(bytes) }) });
            assert.equal(answer.status, 401, `${curveType}: ${name}`);
            assertServiceError(answer, 401, 16, 'SIGNATURE_INVALID');
          }
        }
      });
      assert.equal((await post('/public/v1/submit/stamp_login', text, { 'X-Stamp': encodeStamp(stamp) })).status, 200, curveType);
    }
  });

  it('X-Stamp-Attested (a real verification token): every shape, over the body and a changed one → 401 SIGNATURE_INVALID, nothing changes', async () => {
    const email = `attested.shape.${Date.now()}@example.com`;
    await otpSignupAndLogin(f, email);
    const signer = ((await (await fetch(`${f.urls.apiUrl}/__keys`)).json()) as { otpEncryptionSignerPublicKey: string }).otpEncryptionSignerPublicKey;
    const key = await newTestKey();
    const init = await f.proxy('otp_init_v2', { otpType: 'OTP_TYPE_EMAIL', contact: email });
    const { otpId, otpEncryptionTargetBundle } = init.json as { otpId: string; otpEncryptionTargetBundle: string };
    const target = await verifyEnvelope(otpEncryptionTargetBundle, signer);
    const { enc, ciphertext } = await hpkeSeal(utf8Encode(JSON.stringify({ otp_code: await latestCodeFor(f, otpId), public_key: key.id })), fromHex(target.targetPublic as string));
    const verified = await f.proxy('otp_verify_v2', { otpId, encryptedOtpBundle: JSON.stringify({ encappedPublic: toHex(enc), ciphertext: toHex(ciphertext) }) });
    const token = (verified.json as { verificationToken: string }).verificationToken;
    const text = JSON.stringify(f.body('stamp_login', f.demoOrgId, { publicKey: key.id, expirationSeconds: '900' }));
    const stamp = decodeStamp(await createStamp(text, key));
    const header = (signature: unknown) => ({ 'X-Stamp-Attested': encodeStamp({ publicKeyAttestation: token, scheme: 'STAMP_ATTESTED_SCHEME_P256_VERIFICATION_TOKEN', publicKey: stamp.publicKey, signature }) });
    await assertNoStateChange(f.emulator, async () => {
      for (const body of [text, text.replace('"900"', '"901"')]) {
        for (const [name, bytes] of derAndRawHex(fromHex(stamp.signature))) {
          const answer = await post('/public/v1/submit/stamp_login', body, header(toHex(bytes)));
          assert.equal(answer.status, 401, name);
          assertServiceError(answer, 401, 16, 'SIGNATURE_INVALID');
        }
      }
    });
    assert.equal((await post('/public/v1/submit/stamp_login', text, header(stamp.signature))).status, 200);
  });

  it('X-Stamp-Webauthn: every DER shape of the assertion signature, over the body and a changed one → 401 SIGNATURE_INVALID, nothing changes', async () => {
    const passkey = await SoftAuthenticator.create();
    const signup = await f.proxy('signup', { userName: 'pat', apiKeys: [], authenticators: [await passkey.register()], oauthProviders: [] });
    assert.equal(signup.status, 200, JSON.stringify(signup.json));
    const org = signup.json.organizationId as string;
    const text = JSON.stringify(f.body('create_users', org, userParams('bypasskey')));
    const stamp = JSON.parse(await passkey.stamp(text)) as Record<string, string>;
    await assertNoStateChange(f.emulator, async () => {
      for (const body of [text, text.replace('"bypasskey"', '"bypasskez"')]) {
        for (const [name, bytes] of derSignatureShapes(fromBase64Url(stamp.signature!))) {
          const answer = await post('/public/v1/submit/create_users', body, { 'X-Stamp-Webauthn': JSON.stringify({ ...stamp, signature: toBase64Url(bytes) }) });
          assert.equal(answer.status, 401, name);
          assertServiceError(answer, 401, 16, 'SIGNATURE_INVALID');
        }
      }
    });
    assert.equal((await post('/public/v1/submit/create_users', text, { 'X-Stamp-Webauthn': JSON.stringify(stamp) })).status, 200);
  });

  it('oauth_login\'s OIDC token: every shape, "=" and "==", over its claims and changed ones → 401 INVALID_OIDC_TOKEN, nothing changes', async () => {
    const key = await newTestKey();
    const email = `oidc.shape.${Date.now()}@example.com`;
    const who = { provider: 'google' as const, clientId: 'latchkey-demo-google', subject: await subjectFor('google', email), email };
    const token = await issueIdToken(f.emulator.context, who, await oidcNonce(key.id));
    const signup = await f.proxy('signup', { userEmail: email, apiKeys: [], authenticators: [], oauthProviders: [{ providerName: 'google', oidcToken: token }] });
    assert.equal(signup.status, 200, JSON.stringify(signup.json));
    const organizationId = signup.json.organizationId as string;
    const { payload, signature } = decodeJwt(token);
    await assertNoStateChange(f.emulator, async () => {
      for (const claims of [undefined, { ...payload, sub: 'someone-else' }, { ...payload, nonce: await oidcNonce((await newTestKey()).id) }]) {
        for (const [name, part] of [...rawSignatureShapes(signature), ['"="', '='], ['"=="', '==']] as const) {
          const answer = await f.proxy('oauth_login', { oidcToken: retoken(token, claims, part), publicKey: key.id, organizationId });
          assert.equal(answer.status, 401, name);
          assertServiceError(answer, 401, 16, 'INVALID_OIDC_TOKEN');
        }
      }
    });
    assert.equal((await f.proxy('oauth_login', { oidcToken: token, publicKey: key.id, organizationId })).status, 200);
  });

  it('otp_login: every shape of the verification token\'s signature and of the client signature, over signed and changed bytes → 401, nothing changes', async () => {
    const email = `otp.shape.${Date.now()}@example.com`;
    const login = await otpSignupAndLogin(f, email);
    const key = await newTestKey();
    const client = proxyClient(f);
    const { otpId } = await client.otpInit({ otpType: 'OTP_TYPE_EMAIL', contact: email });
    const { verificationToken } = await client.otpVerify({ otpId, otpCode: await latestCodeFor(f, otpId), publicKey: key.id });
    const tokenId = parseVerificationToken(verificationToken).id;
    const goodSig = await createLoginClientSignature({ tokenId, sessionPublicKey: key.id, signingKey: key });
    const { payload, signature } = decodeJwt(verificationToken);
    const stranger = await newTestKey();
    await assertNoStateChange(f.emulator, async () => {
      for (const claims of [undefined, { ...payload, public_key: stranger.id }]) {
        for (const [name, part] of [...rawSignatureShapes(signature), ['"="', '='], ['"=="', '==']] as const) {
          const answer = await f.proxy('otp_login', { verificationToken: retoken(verificationToken, claims, part), publicKey: key.id, organizationId: login.organizationId, clientSignature: goodSig });
          assert.equal(answer.status, 401, name);
          assertServiceError(answer, 401, 16, 'UNAUTHENTICATED');
        }
      }
      const otherSession = (await newTestKey()).id;
      for (const message of [goodSig.message, goodSig.message.replace(key.id, otherSession)]) {
        for (const [name, bytes] of rawSignatureShapes(fromHex(goodSig.signature))) {
          const answer = await f.proxy('otp_login', { verificationToken, publicKey: key.id, organizationId: login.organizationId, clientSignature: { ...goodSig, message, signature: toHex(bytes) } });
          assert.equal(answer.status, 401, name);
          assertServiceError(answer, 401, 16, 'SIGNATURE_INVALID');
        }
      }
    });
    assert.equal((await f.proxy('otp_login', { verificationToken, publicKey: key.id, organizationId: login.organizationId, clientSignature: goodSig })).status, 200);
  });

  it('a webhook delivery: every shape of X-Turnkey-Signature, over the body and a changed one, is refused by the sample consumer and by @turnkey/crypto alike', async () => {
    const { body, headers, events, consumer, hosted } = signedWebhookDelivery(f, 'evt-shape');
    const changed = utf8Encode(JSON.stringify({ type: 'ACTIVITY_UPDATES', msg: { id: 'a-2' } }));
    for (const raw of [body, changed]) {
      for (const [name, bytes] of rawSignatureShapes(fromHex(headers['X-Turnkey-Signature']!))) {
        const forged = { ...headers, 'X-Turnkey-Signature': toHex(bytes) };
        const ours = await consumer.handle(forged, raw);
        const theirs = hosted(forged, raw);
        assert.equal(ours.ok, false, name);
        assert.equal(theirs.ok, false, name);
        assert.equal(ours.ok === false && ours.reason, theirs.ok === false && theirs.reason, `${name}: the same reason`);
      }
    }
    assert.deepEqual(events, [], 'no event applied');
    assert.equal((await consumer.handle(headers, body)).ok, true);
    assert.equal(hosted(headers, body).ok, true);
  });
});
