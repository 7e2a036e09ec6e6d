// X-Stamp-Attested on stamp_login (docs/protocol.md §9) and the current OTP generation, from the
// refusing side: what the reference-client conformance test shows working must not open
// anything else. A token bound to another key, a tampered body, an attested stamp on any other
// route, a used or expired token, a bundle sealed to the wrong target: each is refused with the
// service's error shape and changes nothing.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createStamp } from '../../src/stamp/create-stamp.ts';
import { fromBase64Url, toBase64Url } from '../../src/encoding/base64url.ts';
import { utf8Decode, utf8Encode } from '../../src/encoding/utf8.ts';
import { hpkeSeal } from '../../src/bundles/hpke-suite.ts';
import { fromHex, toHex } from '../../src/encoding/hex.ts';
import { verifyEnvelope } from '../../src/bundles/enclave-envelope.ts';
import { parseVerificationToken } from '../../src/tokens/verification-token.ts';
import { newTestKey, startFixture, type Answer, type Fixture, type TestKey } from './support/emulator-fixture.ts';
import { assertNoStateChange, assertServiceError } from './support/assertions.ts';
import { latestCodeFor, otpSignupAndLogin } from './support/otp-flow.ts';

describe('X-Stamp-Attested and the current OTP generation: refusals', () => {
  let f: Fixture;
  let signer: string;

  before(async () => {
    f = await startFixture();
    signer = ((await (await fetch(`${f.urls.apiUrl}/__keys`)).json()) as { otpEncryptionSignerPublicKey: string }).otpEncryptionSignerPublicKey;
  });
  after(() => f.stop());

  /** A verification token bound to `key`, through otp_init_v2 / otp_verify_v2. */
  async function tokenFor(email: string, key: TestKey): Promise<string> {
    const init = await f.proxy('otp_init_v2', { otpType: 'OTP_TYPE_EMAIL', contact: email });
    assert.equal(init.status, 200);
    const { otpId, otpEncryptionTargetBundle } = init.json as { otpId: string; otpEncryptionTargetBundle: string };
    const target = await verifyEnvelope(otpEncryptionTargetBundle, signer);
    const { enc, ciphertext } = await hpkeSeal(utf8Encode(JSON.stringify({ otp_code: await latestCodeFor(f, otpId), public_key: key.id })), fromHex(target.targetPublic as string));
    const verified = await f.proxy('otp_verify_v2', { otpId, encryptedOtpBundle: JSON.stringify({ encappedPublic: toHex(enc), ciphertext: toHex(ciphertext) }) });
    assert.equal(verified.status, 200, JSON.stringify(verified.json));
    return (verified.json as { verificationToken: string }).verificationToken;
  }

  /** POSTs `body` to `route` with an X-Stamp-Attested made by `key` over exactly those bytes. */
  async function attested(route: string, body: Record<string, unknown>, key: TestKey, attestation: string, tamper?: (text: string) => string): Promise<Answer> {
    const text = JSON.stringify(body);
    const stamp = JSON.parse(utf8Decode(fromBase64Url(await createStamp(text, key)))) as { publicKey: string; signature: string };
    const header = toBase64Url(utf8Encode(JSON.stringify({ publicKeyAttestation: attestation, scheme: 'STAMP_ATTESTED_SCHEME_P256_VERIFICATION_TOKEN', publicKey: stamp.publicKey, signature: stamp.signature })));
    const response = await fetch(`${f.urls.apiUrl}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', 'X-Stamp-Attested': header }, body: tamper ? tamper(text) : text });
    const json = (await response.json()) as Record<string, unknown>;
    return { status: response.status, headers: response.headers, json };
  }

  it('the token in the current format logs its own key in once; every other use is refused and changes nothing', async () => {
    const email = `attested.${Date.now()}@example.com`;
    const account = await otpSignupAndLogin(f, email);
    const key = await newTestKey();
    const token = await tokenFor(email, key);
    assert.match(String(parseVerificationToken(token).exp), /^\d+$/);
    const login = (k: TestKey, publicKey = k.id) => f.body('stamp_login', f.demoOrgId, { publicKey, expirationSeconds: '900' });
    const stranger = await newTestKey();
    await assertNoStateChange(f.emulator, async () => {
      // Stamped by a key the token is not bound to.
      assertServiceError(await attested('/public/v1/submit/stamp_login', login(stranger), stranger, token), 401, 16, 'SIGNATURE_INVALID');
      // The body changed after stamping.
      assertServiceError(await attested('/public/v1/submit/stamp_login', login(key), key, token, (t) => t.replace('"900"', '"901"')), 401, 16, 'SIGNATURE_INVALID');
      // A session for another key than the attested one.
      assertServiceError(await attested('/public/v1/submit/stamp_login', login(key, stranger.id), key, token), 400, 3);
      // Any other route: an attested stamp is not a credential.
      assertServiceError(await attested('/public/v1/submit/create_wallet', f.body('create_wallet', account.organizationId, { walletName: 'x', accounts: [] }), key, token), 401, 16, 'SIGNATURE_INVALID');
      assertServiceError(await attested('/public/v1/query/whoami', { organizationId: account.organizationId }, key, token), 401, 16, 'SIGNATURE_INVALID');
      // Not a token at all.
      assertServiceError(await attested('/public/v1/submit/stamp_login', login(key), key, 'x.y.z'), 401, 16);
    });
    const ok = await attested('/public/v1/submit/stamp_login', login(key), key, token);
    assert.equal(ok.status, 200, JSON.stringify(ok.json));
    // Used once for login: the same token again is refused.
    assertServiceError(await attested('/public/v1/submit/stamp_login', f.body('stamp_login', f.demoOrgId, { publicKey: key.id, expirationSeconds: '600' }), key, token), 401, 16);
  });

  it('an expired token is refused', async () => {
    const email = `attested.expired.${Date.now()}@example.com`;
    await otpSignupAndLogin(f, email);
    const key = await newTestKey();
    const token = await tokenFor(email, key);
    f.advance(2 * 3600_000);
    try {
      assertServiceError(await attested('/public/v1/submit/stamp_login', f.body('stamp_login', f.demoOrgId, { publicKey: key.id }), key, token), 401, 16);
    } finally {
      f.advance(-2 * 3600_000);
    }
  });

  it('otp_verify_v2 refuses a bundle sealed to another target, a malformed one, and a v1 OTP, without spending the code', async () => {
    const email = `sealed.${Date.now()}@example.com`;
    const init = await f.proxy('otp_init_v2', { otpType: 'OTP_TYPE_EMAIL', contact: email });
    const { otpId } = init.json as { otpId: string };
    const key = await newTestKey();
    const code = await latestCodeFor(f, otpId);
    // Sealed to an import target of ours, not to this OTP's.
    const other = await newTestKey();
    const { enc, ciphertext } = await hpkeSeal(utf8Encode(JSON.stringify({ otp_code: code, public_key: key.id })), fromHex(other.id));
    await assertNoStateChange(f.emulator, async () => {
      assertServiceError(await f.proxy('otp_verify_v2', { otpId, encryptedOtpBundle: JSON.stringify({ encappedPublic: toHex(enc), ciphertext: toHex(ciphertext) }) }), 400, 3);
      assertServiceError(await f.proxy('otp_verify_v2', { otpId, encryptedOtpBundle: '{"encappedPublic":"04"}' }), 400, 3);
      assertServiceError(await f.proxy('otp_verify_v2', { otpId }), 400, 3);
    });
    // The code was not spent: sealed to this OTP's own target, it verifies.
    const target = await verifyEnvelope((init.json as { otpEncryptionTargetBundle: string }).otpEncryptionTargetBundle, signer);
    const right = await hpkeSeal(utf8Encode(JSON.stringify({ otp_code: code, public_key: key.id })), fromHex(target.targetPublic as string));
    const verified = await f.proxy('otp_verify_v2', { otpId, encryptedOtpBundle: JSON.stringify({ encappedPublic: toHex(right.enc), ciphertext: toHex(right.ciphertext) }) });
    assert.equal(verified.status, 200, JSON.stringify(verified.json));
    const v1 = await f.proxy('otp_init', { otpType: 'OTP_TYPE_EMAIL', contact: email });
    const v1Id = (v1.json as { otpId: string }).otpId;
    assertServiceError(await f.proxy('otp_verify_v2', { otpId: v1Id, encryptedOtpBundle: JSON.stringify({ encappedPublic: toHex(enc), ciphertext: toHex(ciphertext) }) }), 400, 3);
  });
});
