// The captcha mode of a proxy configuration (proxy/captcha-gate.ts): otp_init, otp_init_v2 and a
// sign-up without a verification token need X-Captcha-Token; Turnstile's published test secrets
// decide (the always-pass secret accepts the dummy token, the always-fail one refuses it); a
// refusal is the proxy's 403 shape and changes nothing; other calls and other configurations
// are untouched.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startFixture, getJson, newTestKey } from './support/emulator-fixture.ts';
import { assertServiceError, assertNoStateChange } from './support/assertions.ts';
import { otpSignupAndLogin, proxyClient } from './support/otp-flow.ts';
import { parseProxyConfig, resolveProxyConfigs } from '../../demo/emulator/config/proxy-config.ts';
import { TURNSTILE_DUMMY_TOKEN } from '../../demo/emulator/proxy/captcha-gate.ts';
import { ProxyClient } from '../../src/clients/proxy-client.ts';
import type { Fixture } from './support/emulator-fixture.ts';

const PASS_SECRET = '1x0000000000000000000000000000000AA';
const FAIL_SECRET = '2x0000000000000000000000000000000AA';

describe('auth proxy captcha mode', () => {
  let f: Fixture;
  before(async () => {
    f = await startFixture({
      proxyConfigs: [
        { id: 'guarded', captchaEnabled: true },
        { id: 'failing', turnstileSecretKey: FAIL_SECRET },
        { id: 'keyed', turnstileSecretKey: PASS_SECRET, turnstileSiteKey: '0x4AAAAAAAsitekey' },
      ],
    });
  });
  after(() => f.stop());

  const as = (configId: string, token?: string): Record<string, string> => ({
    'X-Auth-Proxy-Config-Id': configId,
    ...(token === undefined ? {} : { 'X-Captcha-Token': token }),
  });
  const outboxSize = async () => ((await getJson(`${f.urls.apiUrl}/__outbox`)).json.messages as unknown[]).length;
  const keySignup = async () => {
    const key = await newTestKey();
    return { userName: 'bot?', apiKeys: [{ apiKeyName: 'k', publicKey: key.id, curveType: 'API_KEY_CURVE_P256' }], authenticators: [], oauthProviders: [] };
  };

  it('wallet_kit_client_params hands out the site key of the mode, and none without it', async () => {
    assert.deepEqual((await f.proxy('wallet_kit_client_params', {}, as('guarded'))).json, { turnstileSiteKey: '1x00000000000000000000AA' });
    assert.deepEqual((await f.proxy('wallet_kit_client_params', {}, as('failing'))).json, { turnstileSiteKey: '2x00000000000000000000AB' });
    assert.deepEqual((await f.proxy('wallet_kit_client_params', {}, as('keyed'))).json, { turnstileSiteKey: '0x4AAAAAAAsitekey' });
    assert.deepEqual((await f.proxy('wallet_kit_client_params', {}, as('demo'))).json, {});
  });

  it('refuses otp_init and otp_init_v2 without a token or with another token, changing nothing', async () => {
    const body = { otpType: 'OTP_TYPE_EMAIL', contact: 'refused@example.com' };
    await assertNoStateChange(f.emulator, async () => {
      for (const endpoint of ['otp_init', 'otp_init_v2']) {
        assertServiceError(await f.proxy(endpoint, body, as('guarded')), 403, 7, 'FORBIDDEN', 'captcha');
        assertServiceError(await f.proxy(endpoint, body, as('guarded', '')), 403, 7, 'FORBIDDEN', 'captcha');
        assertServiceError(await f.proxy(endpoint, body, as('guarded', 'a-real-looking.token')), 403, 7, 'FORBIDDEN', 'captcha');
      }
    });
    assert.deepEqual((await getJson(`${f.urls.apiUrl}/__outbox?to=refused%40example.com`)).json.messages, []);
  });

  it('accepts the dummy token under the always-pass secret: the code is sent', async () => {
    const before = await outboxSize();
    const v1 = await f.proxy('otp_init', { otpType: 'OTP_TYPE_EMAIL', contact: 'human@example.com' }, as('guarded', TURNSTILE_DUMMY_TOKEN));
    assert.equal(v1.status, 200, JSON.stringify(v1.json));
    assert.equal(typeof v1.json.otpId, 'string');
    const v2 = await f.proxy('otp_init_v2', { otpType: 'OTP_TYPE_EMAIL', contact: 'human@example.com' }, as('guarded', TURNSTILE_DUMMY_TOKEN));
    assert.equal(v2.status, 200, JSON.stringify(v2.json));
    assert.equal(typeof v2.json.otpEncryptionTargetBundle, 'string');
    assert.equal(await outboxSize(), before + 2);
  });

  it('refuses the dummy token under the always-fail secret, changing nothing', async () => {
    await assertNoStateChange(f.emulator, async () => {
      assertServiceError(await f.proxy('otp_init', { otpType: 'OTP_TYPE_EMAIL', contact: 'x@example.com' }, as('failing', TURNSTILE_DUMMY_TOKEN)), 403, 7, 'FORBIDDEN', 'captcha');
      assertServiceError(await f.proxy('signup', await keySignup(), as('failing', TURNSTILE_DUMMY_TOKEN)), 403, 7, 'FORBIDDEN', 'captcha');
    });
  });

  it('a sign-up without a verification token needs a token (signup and signup_v2); with one it creates the account', async () => {
    const body = await keySignup();
    await assertNoStateChange(f.emulator, async () => {
      assertServiceError(await f.proxy('signup', body, as('guarded')), 403, 7, 'FORBIDDEN', 'captcha');
      assertServiceError(await f.proxy('signup_v2', body, as('guarded', 'nope')), 403, 7, 'FORBIDDEN', 'captcha');
    });
    const created = await f.proxy('signup_v2', body, as('guarded', TURNSTILE_DUMMY_TOKEN));
    assert.equal(created.status, 200, JSON.stringify(created.json));
    assert.equal(typeof created.json.organizationId, 'string');
  });

  it('an OTP sign-up and login need a token only to send the code (the verification token stands for it after)', async () => {
    // Only otp_init carries the token (a subclass: ProxyClient's state is private to its instances).
    class Guarded extends ProxyClient {
      override otpInit(...[request, options]: Parameters<ProxyClient['otpInit']>): ReturnType<ProxyClient['otpInit']> {
        return super.otpInit(request, { ...options, captchaToken: TURNSTILE_DUMMY_TOKEN });
      }
    }
    const guarded = new Guarded({ authProxyUrl: f.urls.proxyUrl, configId: 'guarded' });
    const session = await otpSignupAndLogin(f, 'otp-human@example.com', guarded);
    assert.ok(session.session.split('.').length === 3);
  });

  it('configurations without the mode need no token', async () => {
    const session = await otpSignupAndLogin(f, 'no-captcha@example.com', proxyClient(f));
    assert.ok(session.organizationId);
    const created = await f.proxy('signup', await keySignup(), as('demo'));
    assert.equal(created.status, 200);
  });

  it('takes only Turnstile test secrets, captchaEnabled as the hosted configuration names it, and false to turn it off', () => {
    assert.throws(() => parseProxyConfig({ id: 'real', turnstileSecretKey: '0x4AAAAAAAreal-secret' }, 0), /test secrets/);
    assert.deepEqual(parseProxyConfig({ id: 'on', captchaEnabled: true }, 0).captcha, { turnstileSecretKey: PASS_SECRET, turnstileSiteKey: '1x00000000000000000000AA' });
    assert.equal(parseProxyConfig({ id: 'off', captchaEnabled: false, turnstileSecretKey: PASS_SECRET }, 0).captcha, undefined);
    assert.equal(resolveProxyConfigs([]).get('demo')!.captcha, undefined);
  });
});
