// The OTP email as rendered by the emulator (issue 15, part 2): every field of init_otp /
// init_otp_auth (hosted V3 intents) and of the proxy configuration reaches the message in the
// outbox; interpolated values are HTML-escaped; URLs are https or loopback http; the hosted
// ranges (otpLength 6 to 9, expirationSeconds at most 600) and defaults (9 characters,
// Crockford base32) hold; a refused request has the service's error shape and changes nothing.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startFixture, getJson, resultOf } from './support/emulator-fixture.ts';
import { assertNoStateChange, assertServiceError } from './support/assertions.ts';
import { proxyClient } from './support/otp-flow.ts';
import { escapeHtml } from '../../demo/emulator/otp/email-message.ts';
import { parseProxyConfig } from '../../demo/emulator/config/proxy-config.ts';
import type { Fixture } from './support/emulator-fixture.ts';

interface Message {
  id: string;
  otpId: string;
  code: string;
  channel: string;
  subject?: string;
  from?: string;
  replyTo?: string;
  html?: string;
  text: string;
  magicLink?: string;
  appName?: string;
  logoUrl?: string;
  templateId?: string;
  templateVariables?: Record<string, string>;
  expiresAt?: number;
  createdAt: number;
}

const MAGIC = 'https://shop.example/login#otpCode=%s';

describe('OTP email rendering', () => {
  let f: Fixture;
  before(async () => {
    f = await startFixture({
      proxyConfigs: [
        {
          id: 'shop',
          appName: 'Shop & Co',
          otpLength: 8,
          otpAlphanumeric: true,
          otpExpirationSeconds: 120,
          emailCustomization: { logoUrl: 'https://shop.example/logo.png', magicLinkTemplate: MAGIC, templateVariables: '{"greeting":"Hi <b>there</b>"}', templateId: 'tmpl-config' },
          sendFromEmailAddress: 'hello@shop.example',
          sendFromEmailSenderName: 'Shop "Support"',
          replyToEmailAddress: 'help@shop.example',
        },
      ],
    });
  });
  after(() => f.stop());

  async function messageOf(otpId: string): Promise<Message> {
    const { json } = await getJson(`${f.urls.apiUrl}/__outbox`);
    const found = (json.messages as Message[]).find((m) => m.otpId === otpId);
    assert.ok(found, `no message for ${otpId}`);
    return found;
  }

  const init = (parameters: Record<string, unknown>) =>
    f.submit('init_otp_auth', f.demoOrgId, { otpType: 'OTP_TYPE_EMAIL', contact: 'render@example.com', appName: 'Render', ...parameters });

  it('puts each request field in the message: app name, logo, sender, reply-to, template id and variables, magic link, length, alphabet, expiry', async () => {
    const answer = await init({
      appName: 'Acme',
      otpLength: 7,
      alphanumeric: false,
      expirationSeconds: '540',
      emailCustomization: { logoUrl: 'https://acme.example/logo.png', magicLinkTemplate: 'https://acme.example/auth?code=%s', templateVariables: '{"name":"Ana","n":3,"vip":true}', templateId: 'tmpl-1' },
      sendFromEmailAddress: 'auth@acme.example',
      sendFromEmailSenderName: 'Acme Auth',
      replyToEmailAddress: 'support@acme.example',
      userIdentifier: 'hash-of-ip',
    });
    const m = await messageOf(resultOf(answer).otpId as string);
    assert.match(m.code, /^\d{7}$/);
    assert.equal(m.subject, 'Your Acme code');
    assert.equal(m.from, '"Acme Auth" <auth@acme.example>');
    assert.equal(m.replyTo, 'support@acme.example');
    assert.equal(m.appName, 'Acme');
    assert.equal(m.logoUrl, 'https://acme.example/logo.png');
    assert.equal(m.templateId, 'tmpl-1');
    assert.deepEqual(m.templateVariables, { name: 'Ana', n: '3', vip: 'true' });
    assert.equal(m.magicLink, `https://acme.example/auth?code=${m.code}`);
    assert.equal(m.expiresAt! - m.createdAt, 540_000);
    for (const body of [m.text, m.html!]) {
      assert.ok(body.includes(m.code), 'the code');
      assert.ok(body.includes('Acme'), 'the app name');
      assert.ok(body.includes('9 minutes'), 'the expiry');
      assert.ok(body.includes('tmpl-1'), 'the template id');
      assert.ok(body.includes('Ana') && body.includes('vip'), 'the template variables');
    }
    assert.ok(m.text.includes(m.magicLink!));
    assert.ok(m.html!.includes(`<img src="https://acme.example/logo.png" alt="Acme"`));
    assert.ok(m.html!.includes(`<a href="https://acme.example/auth?code=${m.code}"`));
    // The email's own page: the same HTML under a policy that runs nothing.
    const page = await fetch(`${f.urls.apiUrl}/__outbox/${m.id}`);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type')!, /^text\/html/);
    assert.match(page.headers.get('content-security-policy')!, /default-src 'none'.*sandbox/);
    assert.equal(await page.text(), m.html);
  });

  it('takes the hosted defaults: 9 Crockford base32 characters, 5 minutes, sender "Notifications", no reply-to or link', async () => {
    const m = await messageOf(resultOf(await init({})).otpId as string);
    assert.match(m.code, /^[0-9A-HJKMNP-TV-Z]{9}$/);
    assert.equal(m.expiresAt! - m.createdAt, 300_000);
    assert.match(m.from!, /^"Notifications" </);
    assert.equal(m.replyTo, undefined);
    assert.equal(m.magicLink, undefined);
    assert.ok(!m.html!.includes('<a '));
    assert.ok(!m.html!.includes('<img'));
    // Crockford's alphabet over many codes: never I, L, O or U.
    for (let i = 0; i < 4; i++) {
      const { code } = await messageOf(resultOf(await init({ otpLength: 9, contact: `crockford${i}@example.com` })).otpId as string);
      assert.doesNotMatch(code, /[ILOU]/);
    }
  });

  it('HTML-escapes every interpolated value and URL-encodes the code in the link', async () => {
    const evil = '<script>alert(1)</script>"\'&';
    const answer = await init({
      appName: `Evil ${evil}`,
      emailCustomization: { templateVariables: JSON.stringify({ x: evil, y: '"><img src=x onerror=alert(1)>' }), templateId: `t${evil}`, magicLinkTemplate: 'https://evil.example/a?b="&c=%s' },
      sendFromEmailSenderName: `Name ${evil}`,
    });
    const m = await messageOf(resultOf(answer).otpId as string);
    const html = m.html!;
    assert.ok(!html.includes('<script'), html);
    assert.ok(!html.includes('<img src=x'), html);
    assert.ok(!html.includes('onerror=alert(1)>'), html);
    assert.ok(html.includes(escapeHtml(evil)));
    assert.ok(html.includes(`href="https://evil.example/a?b=&quot;&amp;c=${m.code}"`));
    // Only the HTML is escaped: the text body and the header fields carry the values as they are.
    assert.ok(m.text.includes(`x: ${evil}`));
    assert.equal(m.from, `"Name <script>alert(1)</script>\\"'&" <notifications@latchkey-emulator.invalid>`);
    assert.equal(m.magicLink, `https://evil.example/a?b="&c=${encodeURIComponent(m.code)}`);
    assert.match(html, /<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;/);
  });

  it('refuses what the service refuses, with its error shape, and changes nothing', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ otpLength: 5 }, 'parameters.otpLength'],
      [{ otpLength: 10 }, 'parameters.otpLength'],
      [{ otpLength: 'six' }, 'parameters.otpLength'],
      [{ expirationSeconds: '601' }, 'parameters.expirationSeconds'],
      [{ expirationSeconds: '-1' }, 'parameters.expirationSeconds'],
      [{ alphanumeric: 'yes' }, 'parameters.alphanumeric'],
      [{ appName: '' }, 'parameters.appName'],
      [{ appName: 'A\r\nBcc: x@example.com' }, 'parameters.appName'],
      [{ emailCustomization: { logoUrl: 'http://shop.example/logo.png' } }, 'logoUrl'],
      [{ emailCustomization: { logoUrl: 'javascript:alert(1)' } }, 'logoUrl'],
      [{ emailCustomization: { magicLinkTemplate: 'https://shop.example/login' } }, 'magicLinkTemplate'],
      [{ emailCustomization: { magicLinkTemplate: 'https://shop.example/%s/%s' } }, 'magicLinkTemplate'],
      [{ emailCustomization: { magicLinkTemplate: 'javascript:alert("%s")' } }, 'magicLinkTemplate'],
      [{ emailCustomization: { magicLinkTemplate: 'http://evil.example/?c=%s' } }, 'magicLinkTemplate'],
      [{ emailCustomization: { templateVariables: 'not json' } }, 'templateVariables'],
      [{ emailCustomization: { templateVariables: '["a"]' } }, 'templateVariables'],
      [{ emailCustomization: { templateVariables: '{"a":{"b":1}}' } }, 'templateVariables'],
      [{ emailCustomization: 'x' }, 'parameters.emailCustomization'],
      [{ sendFromEmailAddress: 'not an address' }, 'sendFromEmailAddress'],
      [{ replyToEmailAddress: 'a@b.example\r\nBcc: c@d.example' }, 'replyToEmailAddress'],
      [{ sendFromEmailSenderName: 'A\nB' }, 'sendFromEmailSenderName'],
    ];
    await assertNoStateChange(f.emulator, async () => {
      for (const [parameters, field] of bad) {
        assertServiceError(await init(parameters), 400, 3, 'REQUEST_INVALID', field);
      }
      const noApp = await f.submit('init_otp_auth', f.demoOrgId, { otpType: 'OTP_TYPE_EMAIL', contact: 'render@example.com' });
      assertServiceError(noApp, 400, 3, 'REQUEST_INVALID', 'parameters.appName');
      assertServiceError(await f.submit('init_otp', f.demoOrgId, { otpType: 'OTP_TYPE_EMAIL', contact: 'render@example.com', appName: 'A', otpLength: 12 }), 400, 3, 'REQUEST_INVALID', 'parameters.otpLength');
    });
  });

  it('loopback http is allowed for the logo and the link (a developer\'s own page)', async () => {
    const answer = await init({ emailCustomization: { logoUrl: 'http://localhost:5173/logo.png', magicLinkTemplate: 'http://127.0.0.1:5173/#otpCode=%s' } });
    const m = await messageOf(resultOf(answer).otpId as string);
    assert.equal(m.magicLink, `http://127.0.0.1:5173/#otpCode=${m.code}`);
  });

  it('through the auth proxy, both generations: the configuration\'s customization reaches the email; the request picks only the template', async () => {
    const client = proxyClient(f, 'shop');
    const v1 = await client.otpInit({ otpType: 'OTP_TYPE_EMAIL', contact: 'buyer@example.com' });
    const v2 = await client.otpInitV2({ otpType: 'OTP_TYPE_EMAIL', contact: 'buyer2@example.com' });
    for (const otpId of [v1.otpId, v2.otpId]) {
      const m = await messageOf(otpId);
      assert.match(m.code, /^[0-9A-HJKMNP-TV-Z]{8}$/);
      assert.equal(m.subject, 'Your Shop & Co code');
      assert.ok(m.html!.includes('Shop &amp; Co'));
      assert.equal(m.from, '"Shop \\"Support\\"" <hello@shop.example>');
      assert.equal(m.replyTo, 'help@shop.example');
      assert.equal(m.logoUrl, 'https://shop.example/logo.png');
      assert.equal(m.templateId, 'tmpl-config');
      assert.deepEqual(m.templateVariables, { greeting: 'Hi <b>there</b>' });
      assert.ok(m.html!.includes('Hi &lt;b&gt;there&lt;/b&gt;'));
      assert.equal(m.magicLink, `https://shop.example/login#otpCode=${m.code}`);
      assert.equal(m.expiresAt! - m.createdAt, 120_000);
    }
    // ProxyTInitOtpBody's emailCustomization is {templateId}: it overrides the configuration's;
    // a link or a logo in it is not taken (a page cannot point the email elsewhere).
    const chosen = await f.proxy('otp_init', { otpType: 'OTP_TYPE_EMAIL', contact: 'buyer3@example.com', emailCustomization: { templateId: 'tmpl-request', magicLinkTemplate: 'https://evil.example/%s', logoUrl: 'https://evil.example/x.png' } }, { 'X-Auth-Proxy-Config-Id': 'shop' });
    assert.equal(chosen.status, 200, JSON.stringify(chosen.json));
    const m = await messageOf(chosen.json.otpId as string);
    assert.equal(m.templateId, 'tmpl-request');
    assert.equal(m.magicLink, `https://shop.example/login#otpCode=${m.code}`);
    assert.equal(m.logoUrl, 'https://shop.example/logo.png');
    await assertNoStateChange(f.emulator, async () => {
      assertServiceError(await f.proxy('otp_init', { otpType: 'OTP_TYPE_EMAIL', contact: 'buyer4@example.com', emailCustomization: { templateId: 7 } }, { 'X-Auth-Proxy-Config-Id': 'shop' }), 400, 3, 'REQUEST_INVALID');
    });
  });

  it('refuses a configuration whose email settings init_otp would refuse (with the reason as its cause)', () => {
    const cases = [
      { emailCustomization: { magicLinkTemplate: 'https://shop.example/login' } },
      { emailCustomization: { logoUrl: 'ftp://shop.example/logo.png' } },
      { sendFromEmailAddress: 'nobody' },
      { emailCustomizationParams: { magicLinkTemplate: 'http://shop.example/%s' } },
      { otpExpirationSeconds: 601 },
    ];
    for (const extra of cases) {
      assert.throws(() => parseProxyConfig({ id: 'x', ...extra }, 0), (error: { code?: string }) => error.code === 'ERR_CONFIG_INVALID', JSON.stringify(extra));
    }
    // The hosted name of the field is taken too.
    const config = parseProxyConfig({ id: 'x', emailCustomizationParams: { magicLinkTemplate: MAGIC } }, 0);
    assert.equal(config.emailCustomization?.magicLinkTemplate, MAGIC);
  });

  it('an SMS keeps its template and carries no email fields', async () => {
    const answer = await f.submit('init_otp_auth', f.demoOrgId, { otpType: 'OTP_TYPE_SMS', contact: '+15555550199', appName: 'Texty', smsCustomization: { template: '{{.AppName}} code {{.OtpCode}}' } });
    const m = await messageOf(resultOf(answer).otpId as string);
    assert.equal(m.text, `Texty code ${m.code}`);
    assert.equal(m.html, undefined);
    assert.equal(m.from, undefined);
  });
});
