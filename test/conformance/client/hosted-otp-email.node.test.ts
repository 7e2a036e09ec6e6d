// The hosted service's own client sends init-otp with the fields its generated proxy types allow
// (`ProxyTInitOtpBody` / `ProxyTInitOtpV2Body`: otpType, contact, emailCustomization {templateId})
// through `@turnkey/core`'s httpClient (proxyInitOtp, proxyInitOtpV2), unchanged, in Node over
// real HTTP: the emulator accepts both, the template id reaches the email, and the rest of the
// email comes from the proxy configuration (app name, logo, sender, reply-to, magic link).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { TurnkeyClient } from '@turnkey/core';
import { startFixture, getJson } from '../../emulator/support/emulator-fixture.ts';
import type { Fixture } from '../../emulator/support/emulator-fixture.ts';

interface Email {
  otpId: string;
  code: string;
  subject: string;
  from: string;
  replyTo?: string;
  templateId?: string;
  logoUrl?: string;
  magicLink?: string;
}

describe('hosted client: init-otp with email customization', () => {
  let f: Fixture;
  let tk: TurnkeyClient;
  before(async () => {
    f = await startFixture({
      proxyConfigs: [
        {
          id: 'hosted-email',
          appName: 'Hosted Shop',
          emailCustomizationParams: { logoUrl: 'https://shop.example/logo.png', magicLinkTemplate: 'https://shop.example/login#otpCode=%s', templateId: 'config-template' },
          sendFromEmailAddress: 'hello@shop.example',
          sendFromEmailSenderName: 'Hosted Shop',
          replyToEmailAddress: 'help@shop.example',
        },
      ],
    });
    tk = new TurnkeyClient({ apiBaseUrl: f.urls.apiUrl, authProxyUrl: f.urls.proxyUrl, authProxyConfigId: 'hosted-email', organizationId: f.demoOrgId });
    tk.httpClient = tk.createHttpClient();
  });
  after(() => f?.stop());

  async function email(otpId: string): Promise<Email> {
    const messages = (await getJson(`${f.urls.apiUrl}/__outbox`)).json.messages as Email[];
    const found = messages.find((m) => m.otpId === otpId);
    assert.ok(found);
    return found;
  }

  it('proxyInitOtp and proxyInitOtpV2 with emailCustomization {templateId}: accepted; the email carries that template and the configuration\'s customization', async () => {
    const v1 = await tk.httpClient.proxyInitOtp({ otpType: 'OTP_TYPE_EMAIL', contact: 'hosted.email.1@example.com', emailCustomization: { templateId: 'request-template' } });
    const v2 = await tk.httpClient.proxyInitOtpV2({ otpType: 'OTP_TYPE_EMAIL', contact: 'hosted.email.2@example.com', emailCustomization: { templateId: 'request-template' } });
    assert.ok(v2.otpEncryptionTargetBundle);
    for (const otpId of [v1.otpId, v2.otpId]) {
      const m = await email(otpId);
      assert.equal(m.templateId, 'request-template');
      assert.equal(m.subject, 'Your Hosted Shop code');
      assert.equal(m.from, '"Hosted Shop" <hello@shop.example>');
      assert.equal(m.replyTo, 'help@shop.example');
      assert.equal(m.logoUrl, 'https://shop.example/logo.png');
      assert.equal(m.magicLink, `https://shop.example/login#otpCode=${m.code}`);
    }
    // Without a template id the configuration's is used.
    const plain = await tk.httpClient.proxyInitOtp({ otpType: 'OTP_TYPE_EMAIL', contact: 'hosted.email.3@example.com' });
    assert.equal((await email(plain.otpId)).templateId, 'config-template');
  });
});
