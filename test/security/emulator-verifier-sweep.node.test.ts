// The emulator's verifiers swept with hostile fields (issue 39, item 2), over real HTTP: one
// field of a genuine X-Stamp, X-Stamp-Webauthn, X-Stamp-Attested, oauth_login or otp_login
// request is replaced by an empty, short, zero, oversized, wrong-type or duplicated value, and
// the answer must be the service's error shape with the verifier's status and code, the state
// snapshot unchanged. Then the liveness check (timestampMs) and the webhook consumer, the latter
// against @turnkey/crypto's verifyTurnkeyWebhookSignature on the same deliveries.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createStamp } from '../../src/stamp/create-stamp.ts';
import { fromBase64Url, toBase64Url } from '../../src/encoding/base64url.ts';
import { fromHex, toHex } from '../../src/encoding/hex.ts';
import { utf8Decode, utf8Encode } from '../../src/encoding/utf8.ts';
import { hpkeSeal } from '../../src/bundles/hpke-suite.ts';
import { verifyEnvelope } from '../../src/bundles/enclave-envelope.ts';
import { oidcNonce } from '../../src/tokens/oidc-nonce.ts';
import { createLoginClientSignature } from '../../src/tokens/client-signature.ts';
import { parseVerificationToken } from '../../src/tokens/verification-token.ts';
import { issueIdToken, subjectFor } from '../../demo/emulator/oauth/id-token.ts';
import { checkTimestamp, DEFAULT_TIMESTAMP_WINDOW } from '../../demo/emulator/api/timestamp-window.ts';
import { newTestKey, startFixture, type Answer, type Fixture } from '../emulator/support/emulator-fixture.ts';
import { assertServiceError } from '../emulator/support/assertions.ts';
import { latestCodeFor, otpSignupAndLogin, proxyClient } from '../emulator/support/otp-flow.ts';
import { SoftAuthenticator } from '../emulator/support/soft-authenticator.ts';
import { signedWebhookDelivery } from '../emulator/support/webhook-delivery.ts';
import { hostileField, hostileString, sweepParams, describe as show, type Hostile } from './hostile-fields.ts';

type Refusal = readonly [status: number, grpc: number, code: string];

describe('the emulator\'s verifiers refuse hostile fields, changing nothing (issue 39 sweep)', () => {
  let f: Fixture;
  before(async () => {
    f = await startFixture();
  });
  after(() => f.stop());

  async function post(url: string, text: string, headers: Record<string, string>): Promise<Answer> {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: text });
    return { status: response.status, headers: response.headers, json: (await response.json()) as Record<string, unknown> };
  }

  /** The refusals seen, by verifier (LATCHKEY_SWEEP_REPORT=1 prints them: SECURITY.md's table). */
  const seen = new Map<string, Set<string>>();
  after(() => {
    if (process.env.LATCHKEY_SWEEP_REPORT) for (const [name, codes] of seen) console.log(`${name}: ${[...codes].sort().join(', ')}`);
  });

  /** Sends, and asserts one of `allowed` refusals in the service's shape with the state untouched. */
  async function refused(send: () => Promise<Answer>, allowed: readonly Refusal[], input: { field?: string; kind?: string } | string, verifier = 'request'): Promise<void> {
    const before = f.emulator.state.snapshot();
    const answer = await send();
    const detail = (answer.json.details as { turnkeyErrorCode?: string }[] | undefined)?.[0];
    const match = allowed.find(([status, grpc, code]) => answer.status === status && answer.json.code === grpc && detail?.turnkeyErrorCode === code);
    assert.ok(match, `${answer.status} ${JSON.stringify(answer.json).slice(0, 300)} for ${show(input)}`);
    assertServiceError(answer, match[0], match[1], match[2]);
    const codes = seen.get(verifier) ?? new Set<string>();
    codes.add(`${match[0]} ${match[2]}`);
    seen.set(verifier, codes);
    assert.equal(f.emulator.state.snapshot(), before, `the state changed for ${show(input)}`);
  }

  const SIGNATURE_INVALID: Refusal = [401, 16, 'SIGNATURE_INVALID'];
  /** Oversized header values stay under Node's 16 KiB header limit (base64url grows them by a third). */
  const HEADER_MAX = 8_192;
  /** organizationId is optional in oauth_login and otp_login: empty or null reads as absent (the account is found by the credential). */
  const optionalAbsent = (h: { field: string; value: unknown }) => !(h.field === 'organizationId' && (h.value === '' || h.value === null || h.value === undefined));
  const userParams = (name: string) => ({ users: [{ userName: name, userEmail: `${name}@example.com`, apiKeys: [], authenticators: [], oauthProviders: [], userTags: [] }] });
  const encode = (value: unknown): string => toBase64Url(utf8Encode(JSON.stringify(value)));
  /** A JSON object with `field` named twice: the genuine value first, the hostile one last (JSON.parse keeps the last). */
  const twice = (object: Record<string, unknown>, field: string, value: unknown): string => `${JSON.stringify(object).slice(0, -1)},${JSON.stringify(field)}:${JSON.stringify(value) ?? '""'}}`;

  it('X-Stamp: a hostile publicKey, scheme or signature (or one named twice), or a hostile header → 401 SIGNATURE_INVALID', async () => {
    const url = `${f.urls.apiUrl}/public/v1/submit/create_users`;
    const text = JSON.stringify(f.body('create_users', f.demoOrgId, userParams('sweep')));
    const header = await createStamp(text, f.root);
    const stamp = JSON.parse(utf8Decode(fromBase64Url(header))) as Record<'publicKey' | 'scheme' | 'signature', string>;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          hostileField(stamp, ['publicKey', 'scheme', 'signature'], HEADER_MAX).map((h) => ({ ...h, header: encode({ ...stamp, [h.field]: h.value }) })),
          hostileField(stamp, ['publicKey', 'scheme', 'signature'], HEADER_MAX).map((h) => ({ ...h, kind: 'duplicated', header: toBase64Url(utf8Encode(twice(stamp, h.field, h.value))) })),
          hostileString(header, HEADER_MAX).filter((h) => String(h.value) !== header).map((h) => ({ ...h, field: 'X-Stamp', header: String(h.value) })),
        ),
        async (h) => refused(() => post(url, text, { 'X-Stamp': h.header }), [SIGNATURE_INVALID], h, 'X-Stamp'),
      ),
      sweepParams(25),
    );
    // Two stamps at once, one of them genuine.
    await refused(() => post(url, text, { 'X-Stamp': header, 'X-Stamp-Webauthn': '{}' }), [SIGNATURE_INVALID], 'two stamps');
    // Past Node's 16 KiB of headers the HTTP layer answers 431 before the service reads anything.
    const before = f.emulator.state.snapshot();
    const huge = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'X-Stamp': encode({ ...stamp, signature: stamp.signature.repeat(300) }) }, body: text });
    assert.equal(huge.status, 431);
    assert.equal(f.emulator.state.snapshot(), before);
  });

  it('X-Stamp-Webauthn: a hostile authenticatorData, clientDataJson, credentialId or signature (or one named twice) → 401', async () => {
    const passkey = await SoftAuthenticator.create();
    const signup = await f.proxy('signup', { userName: 'sweep', apiKeys: [], authenticators: [await passkey.register()], oauthProviders: [] });
    assert.equal(signup.status, 200, JSON.stringify(signup.json));
    const org = signup.json.organizationId as string;
    const url = `${f.urls.apiUrl}/public/v1/submit/create_users`;
    const text = JSON.stringify(f.body('create_users', org, userParams('sweep-passkey')));
    const stamp = JSON.parse(await passkey.stamp(text)) as Record<'authenticatorData' | 'clientDataJson' | 'credentialId' | 'signature', string>;
    const fields = ['authenticatorData', 'clientDataJson', 'credentialId', 'signature'] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          hostileField(stamp, fields, HEADER_MAX).map((h) => ({ ...h, header: JSON.stringify({ ...stamp, [h.field]: h.value }) })),
          hostileField(stamp, fields, HEADER_MAX).map((h) => ({ ...h, kind: 'duplicated', header: twice(stamp, h.field, h.value) })),
        ),
        // An unknown credential id is the same refusal as a bad signature: nothing says which.
        async (h) => refused(() => post(url, text, { 'X-Stamp-Webauthn': h.header }), [SIGNATURE_INVALID, [401, 16, 'PUBLIC_KEY_NOT_FOUND']], h, 'X-Stamp-Webauthn'),
      ),
      sweepParams(25),
    );
    assert.equal((await post(url, text, { 'X-Stamp-Webauthn': JSON.stringify(stamp) })).status, 200);
  });

  it('X-Stamp-Attested and otp_login: hostile fields of the attested stamp, the verification token, the session key or the client signature → 400 or 401', async () => {
    const email = `sweep.${Date.now()}@example.com`;
    const login = await otpSignupAndLogin(f, email);
    const key = await newTestKey();
    const client = proxyClient(f);
    const { otpId } = await client.otpInit({ otpType: 'OTP_TYPE_EMAIL', contact: email });
    const { verificationToken } = await client.otpVerify({ otpId, otpCode: await latestCodeFor(f, otpId), publicKey: key.id });
    const cs = await createLoginClientSignature({ tokenId: parseVerificationToken(verificationToken).id, sessionPublicKey: key.id, signingKey: key });
    const request = { verificationToken, publicKey: key.id, organizationId: login.organizationId };
    const LOGIN_REFUSALS: Refusal[] = [[400, 3, 'REQUEST_INVALID'], [401, 16, 'UNAUTHENTICATED'], SIGNATURE_INVALID, [404, 5, 'NOT_FOUND'], [404, 5, 'ORGANIZATION_NOT_FOUND'], [403, 7, 'FORBIDDEN']];
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          hostileField(request, ['verificationToken', 'publicKey', 'organizationId']).filter(optionalAbsent).map((h) => ({ ...h, body: { ...request, [h.field]: h.value, clientSignature: cs } })),
          hostileField(cs as unknown as Record<'publicKey' | 'scheme' | 'message' | 'signature', string>, ['publicKey', 'scheme', 'message', 'signature']).map((h) => ({ ...h, body: { ...request, clientSignature: { ...cs, [h.field]: h.value } } })),
          hostileString(JSON.stringify(cs)).map((h) => ({ ...h, field: 'clientSignature', body: { ...request, clientSignature: h.value } })),
        ),
        async (h) => refused(() => f.proxy('otp_login', h.body), LOGIN_REFUSALS, h, `otp_login ${h.field}`),
      ),
      sweepParams(25),
    );

    // The attested stamp of the same kind of login (the current token generation).
    const signer = ((await (await fetch(`${f.urls.apiUrl}/__keys`)).json()) as { otpEncryptionSignerPublicKey: string }).otpEncryptionSignerPublicKey;
    const init = await f.proxy('otp_init_v2', { otpType: 'OTP_TYPE_EMAIL', contact: email });
    const v2 = init.json as { otpId: string; otpEncryptionTargetBundle: string };
    const target = await verifyEnvelope(v2.otpEncryptionTargetBundle, signer);
    const sealed = await hpkeSeal(utf8Encode(JSON.stringify({ otp_code: await latestCodeFor(f, v2.otpId), public_key: key.id })), fromHex(target.targetPublic as string));
    const token = ((await f.proxy('otp_verify_v2', { otpId: v2.otpId, encryptedOtpBundle: JSON.stringify({ encappedPublic: toHex(sealed.enc), ciphertext: toHex(sealed.ciphertext) }) })).json as { verificationToken: string }).verificationToken;
    const text = JSON.stringify(f.body('stamp_login', f.demoOrgId, { publicKey: key.id, expirationSeconds: '900' }));
    const signed = JSON.parse(utf8Decode(fromBase64Url(await createStamp(text, key)))) as { publicKey: string; signature: string };
    const attested = { publicKeyAttestation: token, scheme: 'STAMP_ATTESTED_SCHEME_P256_VERIFICATION_TOKEN', publicKey: signed.publicKey, signature: signed.signature };
    const fields = ['publicKeyAttestation', 'scheme', 'publicKey', 'signature'] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          hostileField(attested, fields, HEADER_MAX).map((h) => ({ ...h, header: encode({ ...attested, [h.field]: h.value }) })),
          hostileField(attested, fields, HEADER_MAX).map((h) => ({ ...h, kind: 'duplicated', header: toBase64Url(utf8Encode(twice(attested, h.field, h.value))) })),
        ),
        async (h) => refused(() => post(`${f.urls.apiUrl}/public/v1/submit/stamp_login`, text, { 'X-Stamp-Attested': h.header }), [SIGNATURE_INVALID, [401, 16, 'UNAUTHENTICATED']], h, `X-Stamp-Attested ${h.field}`),
      ),
      sweepParams(25),
    );
    assert.equal((await post(`${f.urls.apiUrl}/public/v1/submit/stamp_login`, text, { 'X-Stamp-Attested': encode(attested) })).status, 200);
  });

  it('oauth_login: a hostile OIDC token (whole or one part), public key or organization → 400 or 401 INVALID_OIDC_TOKEN', async () => {
    const key = await newTestKey();
    const email = `sweep.oidc.${Date.now()}@example.com`;
    const token = await issueIdToken(f.emulator.context, { provider: 'google', clientId: 'latchkey-demo-google', subject: await subjectFor('google', email), email }, await oidcNonce(key.id));
    const signup = await f.proxy('signup', { userEmail: email, apiKeys: [], authenticators: [], oauthProviders: [{ providerName: 'google', oidcToken: token }] });
    assert.equal(signup.status, 200, JSON.stringify(signup.json));
    const request = { oidcToken: token, publicKey: key.id, organizationId: signup.json.organizationId as string };
    const parts = token.split('.');
    const partOf = (index: number, h: Hostile) => parts.map((p, i) => (i === index ? String(h.value) : p)).join('.');
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          hostileField(request, ['oidcToken', 'publicKey', 'organizationId']).filter(optionalAbsent).map((h) => ({ ...h, body: { ...request, [h.field]: h.value } })),
          fc.nat({ max: 2 }).chain((index) => hostileString(parts[index]!).filter((h) => String(h.value) !== parts[index]).map((h) => ({ ...h, field: `oidcToken part ${index}`, body: { ...request, oidcToken: partOf(index, h) } }))),
        ),
        async (h) => refused(() => f.proxy('oauth_login', h.body), [[400, 3, 'REQUEST_INVALID'], [401, 16, 'INVALID_OIDC_TOKEN'], [404, 5, 'ORGANIZATION_NOT_FOUND'], [403, 7, 'FORBIDDEN']], h, `oauth_login ${h.field.startsWith('oidcToken') ? 'oidcToken' : h.field}`),
      ),
      sweepParams(25),
    );
    assert.equal((await f.proxy('oauth_login', request)).status, 200);
  });

  it('timestampMs (the liveness check every activity passes): anything but canonical decimal milliseconds inside the window → INVALID_TIME; seconds never pass', () => {
    const now = 1_796_650_000_000;
    const invalidTime = (value: unknown): boolean => {
      try {
        checkTimestamp(value, now, DEFAULT_TIMESTAMP_WINDOW);
        return false;
      } catch (error) {
        return (error as { turnkeyErrorCode?: string; errorCode?: string; details?: { turnkeyErrorCode?: string }[] }).details?.[0]?.turnkeyErrorCode === 'INVALID_TIME' || /INVALID_TIME/.test(JSON.stringify(error));
      }
    };
    const inWindow = fc.integer({ min: now - DEFAULT_TIMESTAMP_WINDOW.pastMs, max: now + DEFAULT_TIMESTAMP_WINDOW.futureMs });
    fc.assert(
      fc.property(inWindow, (ms) => {
        assert.equal(checkTimestamp(String(ms), now, DEFAULT_TIMESTAMP_WINDOW), String(ms));
        const seconds = Math.floor(ms / 1000);
        for (const odd of [String(seconds), seconds, `0${ms}`, ` ${ms}`, `${ms} `, `+${ms}`, `-${ms}`, `${ms}.0`, `${ms / 1000}e3`, `0x${ms.toString(16)}`, ms + 0.5, String(ms).slice(0, 12), [String(ms)], { ms }])
          assert.ok(invalidTime(odd), `accepted ${show(odd)}`);
      }),
      sweepParams(200),
    );
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[0-9]{1,12}$/), fc.integer(), fc.double()), (value) => {
        const canonical = typeof value === 'string' ? /^[1-9]\d{0,15}$/.test(value) : Number.isSafeInteger(value) && value > 0;
        const ms = Number(value);
        if (!canonical || ms < now - DEFAULT_TIMESTAMP_WINDOW.pastMs || ms > now + DEFAULT_TIMESTAMP_WINDOW.futureMs) assert.ok(invalidTime(value), `accepted ${show(value)}`);
      }),
      sweepParams(500),
    );
  });

  it('a webhook delivery: each header hostile, or the body changed → refused by the sample consumer and by @turnkey/crypto, for the same reason; no event applied', async () => {
    const { body, headers, events, consumer, hosted } = signedWebhookDelivery(f, 'evt-sweep');
    const signed = ['X-Turnkey-Event-Id', 'X-Turnkey-Timestamp', 'X-Turnkey-Signature-Key-Id', 'X-Turnkey-Signature-Algorithm', 'X-Turnkey-Signature-Version', 'X-Turnkey-Signature'] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          hostileField(headers as Record<(typeof signed)[number], string>, signed).filter((h) => String(h.value) !== headers[h.field]).map((h) => ({ ...h, forged: { ...headers, [h.field]: String(h.value) }, raw: body })),
          hostileString(utf8Decode(body)).filter((h) => String(h.value) !== utf8Decode(body)).map((h) => ({ ...h, field: 'body', forged: headers, raw: utf8Encode(String(h.value)) })),
        ),
        async (h) => {
          const { forged, raw } = h;
          const ours = await consumer.handle(forged, raw);
          const theirs = hosted(forged, raw);
          assert.equal(ours.ok, false, `consumer accepted ${show(h)}`);
          assert.equal(theirs.ok, false, `hosted accepted ${show(h)}`);
          assert.equal(ours.ok === false && ours.reason, theirs.ok === false && theirs.reason, `the same reason for ${show(h)}`);
          const codes = seen.get(`webhook ${h.field}`) ?? new Set<string>();
          if (ours.ok === false) codes.add(ours.reason);
          seen.set(`webhook ${h.field}`, codes);
        },
      ),
      sweepParams(60),
    );
    assert.deepEqual(events, []);
  });
});
