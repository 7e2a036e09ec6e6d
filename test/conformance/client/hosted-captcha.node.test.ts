// The hosted service's own client against the emulator's captcha mode: `@turnkey/core`'s
// httpClient, unchanged, in Node over real HTTP, reads the Turnstile site key from
// wallet_kit_client_params and sends its captchaToken argument as X-Captcha-Token on
// proxyInitOtp / proxyInitOtpV2 / proxySignupV2, the calls it takes one on; without a token, or
// with one the configuration's Turnstile test secret refuses, its call fails with the
// emulator's 403 answer (TurnkeyRequestError) and nothing changes.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { TurnkeyClient } from '@turnkey/core';
import { startFixture, newTestKey } from '../../emulator/support/emulator-fixture.ts';
import { assertNoStateChange } from '../../emulator/support/assertions.ts';
import type { Fixture } from '../../emulator/support/emulator-fixture.ts';

const DUMMY = 'XXXX.DUMMY.TOKEN.XXXX';

describe('hosted client: captcha tokens', () => {
  let f: Fixture;
  const client = (configId: string): TurnkeyClient => {
    const tk = new TurnkeyClient({ apiBaseUrl: f.urls.apiUrl, authProxyUrl: f.urls.proxyUrl, authProxyConfigId: configId, organizationId: f.demoOrgId });
    tk.httpClient = tk.createHttpClient();
    return tk;
  };
  before(async () => {
    f = await startFixture({ proxyConfigs: [{ id: 'hosted-captcha', captchaEnabled: true }, { id: 'hosted-captcha-fail', turnstileSecretKey: '2x0000000000000000000000000000000AA' }] });
  });
  after(() => f?.stop());

  it('proxyGetWalletKitClientParams: the Turnstile site key', async () => {
    assert.deepEqual(await client('hosted-captcha').httpClient.proxyGetWalletKitClientParams({}), { turnstileSiteKey: '1x00000000000000000000AA' });
  });

  it('proxyInitOtp, proxyInitOtpV2 and proxySignupV2 with the dummy token: accepted', async () => {
    const { httpClient } = client('hosted-captcha');
    const v1 = await httpClient.proxyInitOtp({ otpType: 'OTP_TYPE_EMAIL', contact: 'hosted.captcha.1@example.com' }, DUMMY);
    const v2 = await httpClient.proxyInitOtpV2({ otpType: 'OTP_TYPE_EMAIL', contact: 'hosted.captcha.2@example.com' }, DUMMY);
    assert.ok(v1.otpId && v2.otpEncryptionTargetBundle);
    const key = await newTestKey();
    const signup = await httpClient.proxySignupV2(
      { userName: 'hosted captcha', apiKeys: [{ apiKeyName: 'k', publicKey: key.id, curveType: 'API_KEY_CURVE_P256' }], authenticators: [], oauthProviders: [] },
      DUMMY,
    );
    assert.ok(signup.organizationId);
  });

  it('without a token, or with the dummy token under the always-fail secret: refused, nothing changed', async () => {
    await assertNoStateChange(f.emulator, async () => {
      await assert.rejects(client('hosted-captcha').httpClient.proxyInitOtpV2({ otpType: 'OTP_TYPE_EMAIL', contact: 'hosted.captcha.3@example.com' }), /captcha/);
      await assert.rejects(client('hosted-captcha-fail').httpClient.proxyInitOtp({ otpType: 'OTP_TYPE_EMAIL', contact: 'hosted.captcha.4@example.com' }, DUMMY), /captcha/);
    });
  });
});
