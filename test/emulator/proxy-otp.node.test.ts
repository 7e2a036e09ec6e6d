// OTP through the auth proxy: sign-up and login end to end with the core's ProxyClient,
// ActivityClient, client signatures and session verification; the OTP rules (length, alphabet,
// expiry, attempt and resend caps, outbox, dev flag); and the refusals.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { holdsSecret } from '../support/secret-probes.ts';
import { readFile } from 'node:fs/promises';
import { verifyOtpVerificationToken } from '@turnkey/crypto';
import { ActivityClient } from '../../src/clients/activity-client.ts';
import { ApiKeyStamper } from '../../src/stamp/api-key-stamper.ts';
import { verifySessionJwt } from '../../src/tokens/session-jwt.ts';
import { parseVerificationToken, verifyVerificationToken } from '../../src/tokens/verification-token.ts';
import { createLoginClientSignature } from '../../src/tokens/client-signature.ts';
import { decodeJwt } from '../../src/tokens/jwt.ts';
import { startFixture, getJson, newTestKey } from './support/emulator-fixture.ts';
import { assertServiceError, assertNoStateChange } from './support/assertions.ts';
import { latestCode, latestCodeFor, otpSignupAndLogin, proxyClient } from './support/otp-flow.ts';
import type { Fixture } from './support/emulator-fixture.ts';

describe('auth proxy OTP', () => {
  let f: Fixture;
  let keys: Record<string, string>;
  const lines: string[] = [];
  before(async () => {
    f = await startFixture({
      quiet: false,
      log: (line) => lines.push(line),
      proxyConfigs: [
        { id: 'alnum', otpLength: 8, otpAlphanumeric: true, sessionExpirationSeconds: 120 },
        { id: 'email-only', enabledProviders: ['email'] },
        { id: 'strict-lookup', requireVerificationTokenOnAccountLookup: true },
      ],
    });
    keys = (await getJson(`${f.urls.apiUrl}/__keys`)).json as Record<string, string>;
  });
  after(() => f.stop());

  it('signs up and logs in end to end; the session is signed by the published notarizer key and stamps work', async () => {
    const email = 'end.to.end@example.com';
    const login = await otpSignupAndLogin(f, email);
    assert.ok(login.userId);
    const claims = await verifySessionJwt(login.session, { notarizerPublicKey: keys.notarizerPublicKey });
    assert.equal(claims.public_key, login.key.id);
    assert.equal(claims.organization_id, login.organizationId);
    assert.equal(claims.user_id, login.userId);
    assert.equal(claims.session_type, 'SESSION_TYPE_READ_WRITE');
    assert.ok(claims.exp * 1000 - f.now() <= 900_000 && claims.exp * 1000 - f.now() > 890_000);
    // The session key now stamps Activity API calls for the new sub-organization.
    const client = new ActivityClient({ apiBaseUrl: f.urls.apiUrl, stamper: new ApiKeyStamper(login.key) });
    const who = await client.query('whoami', { organizationId: login.organizationId });
    assert.equal(who.userId, login.userId);
    // A second login (new key) finds the existing account instead of signing up again.
    const again = await otpSignupAndLogin(f, email);
    assert.equal(again.organizationId, login.organizationId);
    assert.equal(again.userId, '');
  });

  it('delivers codes of the configured length to the outbox (JSON, newest first) and one console line each, without the code (E7 no-secret-logging)', async () => {
    const client = proxyClient(f);
    const before = lines.length;
    const first = await client.otpInit({ otpType: 'OTP_TYPE_SMS', contact: '+15555550100' });
    const second = await client.otpInit({ otpType: 'OTP_TYPE_SMS', contact: '+15555550100' });
    const { json } = await getJson(`${f.urls.apiUrl}/__outbox?to=${encodeURIComponent('+15555550100')}`);
    const messages = json.messages as { otpId: string; code: string; channel: string; text: string }[];
    assert.deepEqual(messages.map((m) => m.otpId), [second.otpId, first.otpId]);
    assert.match(messages[0]!.code, /^\d{6}$/);
    assert.equal(messages[0]!.channel, 'SMS');
    assert.ok(messages[0]!.text.includes(messages[0]!.code));
    const otpLines = lines.slice(before).filter((l) => l.startsWith('OTP '));
    assert.equal(otpLines.length, 2);
    assert.ok(!otpLines.some((line) => holdsSecret(line, messages[0]!.code) || holdsSecret(line, messages[1]!.code)), otpLines.join('\n'));
    assert.ok(otpLines[1]!.includes(`${f.urls.apiUrl}/__outbox?to=${encodeURIComponent('+15555550100')}`));
  });

  it('uses the configuration\'s length and alphabet and session lifetime', async () => {
    const client = proxyClient(f, 'alnum');
    const { otpId } = await client.otpInit({ otpType: 'OTP_TYPE_EMAIL', contact: 'alnum@example.com' });
    assert.match(await latestCodeFor(f, otpId), /^[0-9A-Z]{8}$/);
    const login = await otpSignupAndLogin(f, 'alnum2@example.com', client);
    const claims = await verifySessionJwt(login.session, { notarizerPublicKey: keys.notarizerPublicKey });
    assert.ok(claims.exp * 1000 - f.now() <= 120_000);
  });

  it('binds the public key into the verification token (snake_case input accepted)', async () => {
    const key = await newTestKey();
    const { otpId } = await proxyClient(f).otpInit({ otpType: 'OTP_TYPE_EMAIL', contact: 'bind@example.com' });
    const answer = await f.proxy('otp_verify', { otp_id: otpId, otp_code: await latestCodeFor(f, otpId), public_key: key.id });
    assert.equal(answer.status, 200);
    const claims = await verifyVerificationToken(answer.json.verificationToken as string, keys.verificationTokenPublicKey, { now: f.now() });
    assert.equal(claims.public_key, key.id);
    assert.equal(claims.contact, 'bind@example.com');
    assert.equal(claims.verification_type, 'OTP_TYPE_EMAIL');
  });

  it('otp_verify (v1) issues the hosted service\'s older token format: the claims of a real one (exp a number of seconds), plus public_key when bound', async () => {
    const real = JSON.parse(await readFile(new URL('../vectors/legacy-verification-token.json', import.meta.url), 'utf8')) as { token: string };
    const claimsOf = (token: string) => decodeJwt(token).payload;
    const names = Object.keys(claimsOf(real.token)).sort();
    const issue = async (contact: string, publicKey?: string) => {
      const { otpId } = await proxyClient(f).otpInit({ otpType: 'OTP_TYPE_EMAIL', contact });
      return (await proxyClient(f).otpVerify({ otpId, otpCode: await latestCodeFor(f, otpId), ...(publicKey ? { publicKey } : {}) })).verificationToken;
    };
    const unbound = claimsOf(await issue('older.format@example.com'));
    assert.deepEqual(Object.keys(unbound).sort(), names);
    assert.equal(typeof unbound.exp, 'number');
    assert.ok((unbound.exp as number) * 1000 > f.now() && (unbound.exp as number) * 1000 <= f.now() + 600_000);
    const key = await newTestKey();
    const boundToken = await issue('older.format.bound@example.com', key.id);
    assert.deepEqual(Object.keys(claimsOf(boundToken)).sort(), [...names, 'public_key'].sort());
    // @turnkey/crypto (the current, enclave format's check) refuses it as it refuses the real one.
    await assert.rejects(verifyOtpVerificationToken(boundToken, keys.verificationTokenPublicKey), /missing required 'organization_id' claim/);
  });

  it('D5 otp-rate-limits: refuses a wrong code with "Invalid OTP code", burns the OTP after the attempt cap', async () => {
    const client = proxyClient(f);
    const { otpId } = await client.otpInit({ otpType: 'OTP_TYPE_EMAIL', contact: 'attempts@example.com' });
    const code = await latestCodeFor(f, otpId);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 3; i++) assertServiceError(await f.proxy('otp_verify', { otpId, otpCode: wrong }), 400, 3, undefined, 'Invalid OTP code');
    // The fourth try, even with the right code, fails: the OTP is burned.
    await assertNoStateChange(f.emulator, async () => assertServiceError(await f.proxy('otp_verify', { otpId, otpCode: code }), 400, 3, undefined, 'Invalid OTP code'));
  });

  it('refuses an expired code and a code used twice', async () => {
    const client = proxyClient(f);
    const a = await client.otpInit({ otpType: 'OTP_TYPE_EMAIL', contact: 'expiry@example.com' });
    const code = await latestCodeFor(f, a.otpId);
    f.advance(301_000);
    try {
      await assertNoStateChange(f.emulator, async () => assertServiceError(await f.proxy('otp_verify', { otpId: a.otpId, otpCode: code }), 400, 3, undefined, 'Invalid OTP code'));
    } finally {
      f.advance(-301_000);
    }
    const b = await client.otpInit({ otpType: 'OTP_TYPE_EMAIL', contact: 'twice@example.com' });
    const codeB = await latestCodeFor(f, b.otpId);
    assert.equal((await f.proxy('otp_verify', { otpId: b.otpId, otpCode: codeB })).status, 200);
    assertServiceError(await f.proxy('otp_verify', { otpId: b.otpId, otpCode: codeB }), 400, 3, undefined, 'Invalid OTP code');
  });

  it('D5 otp-rate-limits: a resend supersedes the older code; only the newest works', async () => {
    const client = proxyClient(f);
    const first = await client.otpInit({ otpType: 'OTP_TYPE_EMAIL', contact: 'resend@example.com' });
    const firstCode = await latestCodeFor(f, first.otpId);
    const second = await client.otpInit({ otpType: 'OTP_TYPE_EMAIL', contact: 'Resend@example.com' });
    const secondCode = await latestCodeFor(f, second.otpId);
    await assertNoStateChange(f.emulator, async () =>
      assertServiceError(await f.proxy('otp_verify', { otpId: first.otpId, otpCode: firstCode }), 400, 3, undefined, 'Invalid OTP code'));
    assert.equal((await f.proxy('otp_verify', { otpId: second.otpId, otpCode: secondCode })).status, 200);
  });

  it('D5 otp-rate-limits: caps resends per contact with "Max number of OTPs have been initiated"', async () => {
    const client = proxyClient(f);
    for (let i = 0; i < 5; i++) await client.otpInit({ otpType: 'OTP_TYPE_EMAIL', contact: 'spam@example.com' });
    await assertNoStateChange(f.emulator, async () =>
      assertServiceError(await f.proxy('otp_init', { otpType: 'OTP_TYPE_EMAIL', contact: 'SPAM@example.com' }), 429, 8, 'RATE_LIMIT_EXCEEDED', 'Max number of OTPs have been initiated'));
    // Another contact is not affected.
    assert.equal((await f.proxy('otp_init', { otpType: 'OTP_TYPE_EMAIL', contact: 'other@example.com' })).status, 200);
  });

  it('refuses bad OTP requests without changing anything', async () => {
    await assertNoStateChange(f.emulator, async () => {
      assertServiceError(await f.proxy('otp_init', { otpType: 'OTP_TYPE_EMAIL' }), 400, 3);
      assertServiceError(await f.proxy('otp_init', { otpType: 'OTP_TYPE_PIGEON', contact: 'a@example.com' }), 400, 3);
      assertServiceError(await f.proxy('otp_init', { otpType: 'OTP_TYPE_EMAIL', contact: 'not-an-email' }), 400, 3);
      assertServiceError(await f.proxy('otp_init', { otpType: 'OTP_TYPE_SMS', contact: '5555550100' }), 400, 3);
      assertServiceError(await f.proxy('otp_init', '{"otpType":'), 400, 3);
      assertServiceError(await f.proxy('otp_init', { otpType: 'OTP_TYPE_SMS', contact: '+15555550100' }, { 'X-Auth-Proxy-Config-Id': 'email-only' }), 403, 7);
      assertServiceError(await f.proxy('otp_verify', { otpId: crypto.randomUUID(), otpCode: '123456' }), 400, 3, undefined, 'Invalid OTP code');
      assertServiceError(await f.proxy('otp_verify', { otpId: 5, otpCode: '123456' }), 400, 3);
    });
  });

  describe('otp_login checks', () => {
    const prepare = async (email: string) => {
      const login = await otpSignupAndLogin(f, email);
      const key = await newTestKey();
      const client = proxyClient(f);
      const { otpId } = await client.otpInit({ otpType: 'OTP_TYPE_EMAIL', contact: email });
      const { verificationToken } = await client.otpVerify({ otpId, otpCode: await latestCodeFor(f, otpId), publicKey: key.id });
      return { login, key, verificationToken, tokenId: parseVerificationToken(verificationToken).id };
    };

    it('requires the client signature of the bound key, naming this session key and token', async () => {
      const { key, verificationToken, tokenId, login } = await prepare('sig@example.com');
      const other = await newTestKey();
      const goodSig = await createLoginClientSignature({ tokenId, sessionPublicKey: key.id, signingKey: key });
      await assertNoStateChange(f.emulator, async () => {
        assertServiceError(await f.proxy('otp_login', { verificationToken, publicKey: key.id }), 400, 3);
        const byOther = await createLoginClientSignature({ tokenId, sessionPublicKey: key.id, signingKey: other });
        assertServiceError(await f.proxy('otp_login', { verificationToken, publicKey: key.id, clientSignature: { ...byOther, publicKey: key.id } }), 401, 16, 'SIGNATURE_INVALID');
        const otherSession = await createLoginClientSignature({ tokenId, sessionPublicKey: other.id, signingKey: key });
        assertServiceError(await f.proxy('otp_login', { verificationToken, publicKey: key.id, clientSignature: otherSession }), 400, 3);
        const otherToken = await createLoginClientSignature({ tokenId: 'another-token', sessionPublicKey: key.id, signingKey: key });
        assertServiceError(await f.proxy('otp_login', { verificationToken, publicKey: key.id, clientSignature: otherToken }), 400, 3);
        assertServiceError(await f.proxy('otp_login', { verificationToken: verificationToken.slice(0, -4) + 'AAAA', publicKey: key.id, clientSignature: goodSig }), 401, 16);
      });
      const ok = await f.proxy('otp_login', { verificationToken, publicKey: key.id, clientSignature: goodSig });
      assert.equal(ok.status, 200);
      const claims = await verifySessionJwt(ok.json.session as string, { notarizerPublicKey: keys.notarizerPublicKey });
      assert.equal(claims.organization_id, login.organizationId);
      // A verification token logs in once.
      await assertNoStateChange(f.emulator, async () =>
        assertServiceError(await f.proxy('otp_login', { verificationToken, publicKey: key.id, clientSignature: goodSig }), 401, 16, undefined, 'already used'));
    });

    it('refuses an expired verification token and a login for an unknown contact', async () => {
      const { key, verificationToken, tokenId } = await prepare('late@example.com');
      const sig = await createLoginClientSignature({ tokenId, sessionPublicKey: key.id, signingKey: key });
      f.advance(601_000);
      try {
        await assertNoStateChange(f.emulator, async () =>
          assertServiceError(await f.proxy('otp_login', { verificationToken, publicKey: key.id, clientSignature: sig }), 401, 16, undefined, 'expired'));
      } finally {
        f.advance(-601_000);
      }
      const client = proxyClient(f);
      const { otpId } = await client.otpInit({ otpType: 'OTP_TYPE_EMAIL', contact: 'nobody@example.com' });
      const token = (await client.otpVerify({ otpId, otpCode: await latestCodeFor(f, otpId) })).verificationToken;
      await assertNoStateChange(f.emulator, async () => assertServiceError(await f.proxy('otp_login', { verificationToken: token, publicKey: key.id }), 404, 5));
    });

    it('refuses an organizationId outside the configuration\'s organization', async () => {
      const { key, verificationToken, tokenId } = await prepare('foreign@example.com');
      const sig = await createLoginClientSignature({ tokenId, sessionPublicKey: key.id, signingKey: key });
      await assertNoStateChange(f.emulator, async () => {
        assertServiceError(await f.proxy('otp_login', { verificationToken, publicKey: key.id, clientSignature: sig, organizationId: crypto.randomUUID() }), 404, 5, 'ORGANIZATION_NOT_FOUND');
        // Another configuration's organization: the demo proxy user may not act there.
        const alnum = await proxyClient(f, 'alnum').walletKitConfig();
        assertServiceError(await f.proxy('otp_login', { verificationToken, publicKey: key.id, clientSignature: sig, organizationId: alnum.organizationId }), 403, 7);
      });
    });
  });

  it('looks accounts up by contact, checking a given verification token is for that contact', async () => {
    const login = await otpSignupAndLogin(f, 'lookup@example.com');
    assert.equal((await f.proxy('account', { filterType: 'EMAIL', filterValue: 'LOOKUP@example.com' })).json.organizationId, login.organizationId);
    assert.deepEqual((await f.proxy('account', { filterType: 'EMAIL', filterValue: 'unknown@example.com' })).json, {});
    assert.equal((await f.proxy('account', { filterType: 'PUBLIC_KEY', filterValue: login.key.id })).json.organizationId, login.organizationId);
    assert.equal((await f.proxy('account', { filterType: 'USERNAME', filterValue: 'lookup@example.com' })).json.organizationId, login.organizationId);
    const client = proxyClient(f);
    const { otpId } = await client.otpInit({ otpType: 'OTP_TYPE_EMAIL', contact: 'someone.else@example.com' });
    const { verificationToken } = await client.otpVerify({ otpId, otpCode: await latestCodeFor(f, otpId) });
    await assertNoStateChange(f.emulator, async () => {
      assertServiceError(await f.proxy('account', { filterType: 'EMAIL', filterValue: 'lookup@example.com', verificationToken }), 403, 7);
      assertServiceError(await f.proxy('account', { filterType: 'EMAIL', filterValue: 'lookup@example.com', verificationToken: 'a.b.c' }), 401, 16);
      assertServiceError(await f.proxy('account', { filterType: 'SHOE_SIZE', filterValue: '42' }), 400, 3);
      assertServiceError(await f.proxy('account', { filterType: 'OIDC_TOKEN', filterValue: 'not-a-token' }), 401, 16, 'INVALID_OIDC_TOKEN');
    });
  });

  it('D5 otp-rate-limits: with requireVerificationTokenOnAccountLookup, an email or phone lookup needs a verification token for that contact', async () => {
    const strict = { 'X-Auth-Proxy-Config-Id': 'strict-lookup' };
    const client = proxyClient(f, 'strict-lookup');
    const { otpId } = await client.otpInit({ otpType: 'OTP_TYPE_EMAIL', contact: 'strict@example.com' });
    const { verificationToken } = await client.otpVerify({ otpId, otpCode: await latestCodeFor(f, otpId) });
    await assertNoStateChange(f.emulator, async () => {
      // Whether or not an account exists, the answer without a proof is the same refusal.
      for (const filterValue of ['strict@example.com', 'lookup@example.com', 'nobody@example.com']) {
        assertServiceError(await f.proxy('account', { filterType: 'EMAIL', filterValue }, strict), 401, 16, undefined, 'requires a verification token');
      }
      assertServiceError(await f.proxy('account', { filterType: 'PHONE_NUMBER', filterValue: '+15555550123' }, strict), 401, 16);
      assertServiceError(await f.proxy('account', { filterType: 'EMAIL', filterValue: 'other@example.com', verificationToken }, strict), 403, 7);
    });
    const answer = await f.proxy('account', { filterType: 'EMAIL', filterValue: 'strict@example.com', verificationToken }, strict);
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.json, {});
    // Lookups that are not by contact are unaffected; the default configuration keeps the open lookup.
    assert.equal((await f.proxy('account', { filterType: 'USERNAME', filterValue: 'x' }, strict)).status, 200);
    assert.equal((await f.proxy('account', { filterType: 'EMAIL', filterValue: 'nobody@example.com' })).status, 200);
  });

  it('F5 emulator-parity-contract: gives every OTP the fixed code only with the dev flag', async () => {
    const dev = await startFixture({ devFixedOtp: '424242' });
    try {
      const { otpId } = await proxyClient(dev).otpInit({ otpType: 'OTP_TYPE_EMAIL', contact: 'dev@example.com' });
      assert.equal(await latestCodeFor(dev, otpId), '424242');
    } finally {
      await dev.stop();
    }
    assert.notEqual(await latestCode(f, 'end.to.end@example.com'), undefined);
  });
});
