// The kit's `captcha` option against the emulator's captcha mode: X-Captcha-Token only on the
// calls that need one and only when the option is set; a function provider asked once per such
// call (tokens are single-use); the provider's failure is ERR_CAPTCHA_FAILED before anything is
// sent; the service's refusal of the token is ERR_CAPTCHA_REFUSED; an OAuth sign-up sends one.
import { describe, it, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { createEmulator } from '../../../demo/emulator/emulator.ts';
import { LatchKit, type LatchKitOptions } from '../../../src/kit/latch-kit.ts';
import { MemoryKeyStore } from '../../../src/keys/memory-key-store.ts';
import { sessionStoragePendingStore } from '../../../src/flows/oauth-flow.ts';
import type { PopupHost, PopupWindow } from '../../../src/flows/oauth-popup.ts';
import { setSession } from '../../../src/state/session-state.ts';
import { $flow, endFlow } from '../../../src/state/flow-state.ts';
import { isLatchError, type LatchError } from '../../../src/errors/latch-error.ts';
import { consent, latestCode, record, type TestEmulator, emulatorKitOptions } from './kit-emulator-support.ts';

const DUMMY = 'XXXX.DUMMY.TOKEN.XXXX';
let t: TestEmulator;
let n = 0;
const nextEmail = () => `captcha.${++n}.${Date.now()}@example.com`;

/** Every proxy request the kit sends: its endpoint and its X-Captcha-Token (undefined when absent). */
function recordingFetch(): { fetch: typeof fetch; sent: { endpoint: string; token: string | undefined }[] } {
  const sent: { endpoint: string; token: string | undefined }[] = [];
  return {
    sent,
    fetch: (input, init) => {
      const url = String(input);
      if (url.startsWith(t.urls.proxyUrl)) {
        const headers = new Headers(init?.headers);
        sent.push({ endpoint: url.slice(url.lastIndexOf('/') + 1), token: headers.get('x-captcha-token') ?? undefined });
      }
      return fetch(input, init);
    },
  };
}

const options = (overrides: Partial<LatchKitOptions>): LatchKitOptions => emulatorKitOptions(t, overrides);

async function otpLogin(kit: LatchKit, contact: string) {
  const { otpId } = await kit.startOtp('OTP_TYPE_EMAIL', contact);
  return kit.completeOtp({ otpType: 'OTP_TYPE_EMAIL', contact, otpId, otpCode: await latestCode(t.urls, contact) });
}

async function rejection(promise: Promise<unknown>): Promise<LatchError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(isLatchError(error), String(error));
    return error;
  }
  assert.fail('expected a rejection');
}

describe('LatchKit captcha option', () => {
  before(async () => {
    const emulator = createEmulator({
      host: '127.0.0.1',
      port: 0,
      proxyPort: 0,
      quiet: true,
      proxyConfigs: [
        { id: 'guarded', captchaEnabled: true },
        { id: 'failing', turnstileSecretKey: '2x0000000000000000000000000000000AA' },
      ],
    });
    const urls = await emulator.start();
    const keys = (await (await fetch(`${urls.apiUrl}/__keys`)).json()) as TestEmulator['keys'];
    t = { emulator, urls, keys };
  });
  after(() => t.emulator.stop());
  beforeEach(() => {
    endFlow();
    setSession(null);
  });

  it('without the option: no X-Captcha-Token on any call', async () => {
    const { fetch, sent } = recordingFetch();
    const outcome = await otpLogin(new LatchKit(options({ fetch })), nextEmail());
    assert.equal(outcome.created, true);
    assert.ok(sent.length >= 4);
    assert.deepEqual(sent.filter((s) => s.token !== undefined), []);
  });

  it('a function provider: asked once per code sent, its token on otp_init only (the sign-up carries a verification token)', async () => {
    const { fetch, sent } = recordingFetch();
    let asked = 0;
    const kit = new LatchKit(options({ configId: 'guarded', fetch, captcha: async () => (asked++, DUMMY) }));
    const contact = nextEmail();
    const first = await kit.startOtp('OTP_TYPE_EMAIL', contact);
    const { otpId } = await kit.startOtp('OTP_TYPE_EMAIL', contact); // a resend: a fresh token
    assert.notEqual(otpId, first.otpId);
    const outcome = await kit.completeOtp({ otpType: 'OTP_TYPE_EMAIL', contact, otpId, otpCode: await latestCode(t.urls, contact) });
    assert.equal(outcome.created, true);
    assert.equal(asked, 2);
    assert.deepEqual(
      sent.filter((s) => s.token !== undefined),
      [
        { endpoint: 'otp_init', token: DUMMY },
        { endpoint: 'otp_init', token: DUMMY },
      ],
    );
    assert.ok(sent.some((s) => s.endpoint === 'signup'), 'signed up without a captcha token');
  });

  it('the current OTP generation sends it on otp_init_v2', async () => {
    const { fetch, sent } = recordingFetch();
    const { otpEncryptionSignerPublicKey: signer } = (await (await globalThis.fetch(`${t.urls.apiUrl}/__keys`)).json()) as { otpEncryptionSignerPublicKey: string };
    const kit = new LatchKit(options({ configId: 'guarded', fetch, captcha: async () => DUMMY, otpEncryptionSignerPublicKey: signer }));
    await kit.startOtp('OTP_TYPE_EMAIL', nextEmail());
    assert.deepEqual(sent, [{ endpoint: 'otp_init_v2', token: DUMMY }]);
  });

  it('a provider that fails, or gives no token: ERR_CAPTCHA_FAILED, nothing sent, reported like any flow failure', async () => {
    for (const captcha of [() => Promise.reject(new Error('widget crashed')), async () => '']) {
      const { fetch, sent } = recordingFetch();
      const kit = new LatchKit(options({ configId: 'guarded', fetch, captcha }));
      const events = record(kit);
      const error = await rejection(kit.startOtp('OTP_TYPE_EMAIL', nextEmail()));
      assert.equal(error.code, 'ERR_CAPTCHA_FAILED');
      assert.deepEqual(sent, [], 'no otp_init without a token');
      assert.deepEqual(events.map((e) => e.type === 'error' && e.detail.code), ['ERR_CAPTCHA_FAILED']);
      assert.equal($flow.get()?.error?.code, 'ERR_CAPTCHA_FAILED');
      endFlow();
    }
    const error = await rejection(new LatchKit(options({ configId: 'guarded', captcha: () => Promise.reject(new Error('x')) })).startOtp('OTP_TYPE_EMAIL', nextEmail()));
    assert.equal((error.cause as Error).message, 'x', 'the provider failure is the cause');
  });

  it('a token the service refuses: ERR_CAPTCHA_REFUSED with the service answer kept', async () => {
    for (const [configId, token] of [
      ['guarded', 'not-the-dummy'],
      ['failing', DUMMY],
    ] as const) {
      const error = await rejection(new LatchKit(options({ configId, captcha: async () => token })).startOtp('OTP_TYPE_EMAIL', nextEmail()));
      assert.equal(error.code, 'ERR_CAPTCHA_REFUSED');
      assert.equal(error.status, 403);
      assert.equal(error.serviceCode, 7);
      assert.equal((error.cause as LatchError).code, 'ERR_SERVICE_FORBIDDEN');
    }
    // With `captcha: false` the same refusal is the service's own error.
    assert.equal((await rejection(new LatchKit(options({ configId: 'guarded', captcha: false })).startOtp('OTP_TYPE_EMAIL', nextEmail()))).code, 'ERR_SERVICE_FORBIDDEN');
  });

  describe('the site key the proxy hands out (wallet_kit_client_params)', () => {
    // Turnstile's explicit-rendering API as the page's script defines it; here in Node, so the
    // widget goes into a container the kit is given. It records the site key it was rendered with
    // and answers as Turnstile's test keys do: 1x… a token after each render or reset, 2x… its
    // error callback.
    type Params = { sitekey: string; callback(token: string): void; 'error-callback'(code: string): void };
    const rendered: string[] = [];
    const widgets = new Map<string, Params>();
    const run = (params: Params) => queueMicrotask(() => (params.sitekey.startsWith('2x') ? params['error-callback']('600010') : params.callback(DUMMY)));
    before(() => {
      (globalThis as { turnstile?: unknown }).turnstile = {
        render(_container: unknown, params: Params) {
          rendered.push(params.sitekey);
          const id = `widget-${rendered.length}`;
          widgets.set(id, params);
          run(params);
          return id;
        },
        reset: (id: string) => run(widgets.get(id)!),
        remove: (id: string) => widgets.delete(id),
      };
    });
    after(() => delete (globalThis as { turnstile?: unknown }).turnstile);
    beforeEach(() => (rendered.length = 0));
    const container = (): HTMLElement => ({ isConnected: true, dataset: {} }) as unknown as HTMLElement;

    it('Turnstile without a site key takes the proxy\'s, asked once per kit before the first code, and the code is sent with its token', async () => {
      const { fetch, sent } = recordingFetch();
      const kit = new LatchKit(options({ configId: 'guarded', fetch, captcha: { container: container() } }));
      assert.deepEqual(sent, [], 'nothing asked before a code is');
      await kit.startOtp('OTP_TYPE_EMAIL', nextEmail());
      await kit.startOtp('OTP_TYPE_EMAIL', nextEmail());
      assert.deepEqual(rendered, ['1x00000000000000000000AA'], 'one widget, reset for the second code');
      assert.deepEqual(sent, [
        { endpoint: 'wallet_kit_client_params', token: undefined },
        { endpoint: 'otp_init', token: DUMMY },
        { endpoint: 'otp_init', token: DUMMY },
      ]);
    });

    it('unset: the same, with the proxy\'s always-fail key failing as Turnstile does (ERR_CAPTCHA_FAILED, no code sent)', async () => {
      const { fetch, sent } = recordingFetch();
      const kit = new LatchKit(options({ configId: 'failing', fetch }));
      // Unset means the default container, <latch-auth>'s slot: a page. Node has none, so the
      // widget fails to mount: still ERR_CAPTCHA_FAILED, and still nothing sent.
      assert.equal((await rejection(kit.startOtp('OTP_TYPE_EMAIL', nextEmail()))).code, 'ERR_CAPTCHA_FAILED');
      assert.deepEqual(sent, [{ endpoint: 'wallet_kit_client_params', token: undefined }]);
      const keyed = recordingFetch();
      const failing = new LatchKit(options({ configId: 'failing', fetch: keyed.fetch, captcha: { container: container() } }));
      assert.equal((await rejection(failing.startOtp('OTP_TYPE_EMAIL', nextEmail()))).code, 'ERR_CAPTCHA_FAILED');
      assert.deepEqual(rendered, ['2x00000000000000000000AB']);
      assert.deepEqual(keyed.sent, [{ endpoint: 'wallet_kit_client_params', token: undefined }]);
    });

    it('a proxy that names no key: no captcha, one question per kit; a page key, a function or false: nothing asked', async () => {
      const plain = recordingFetch();
      const kit = new LatchKit(options({ fetch: plain.fetch }));
      await kit.startOtp('OTP_TYPE_EMAIL', nextEmail());
      await kit.startOtp('OTP_TYPE_EMAIL', nextEmail());
      assert.deepEqual(plain.sent, [
        { endpoint: 'wallet_kit_client_params', token: undefined },
        { endpoint: 'otp_init', token: undefined },
        { endpoint: 'otp_init', token: undefined },
      ]);
      assert.deepEqual(rendered, []);
      for (const captcha of [{ turnstileSiteKey: '1x00000000000000000000AA', container: container() }, async () => DUMMY, false as const]) {
        const { fetch, sent } = recordingFetch();
        await new LatchKit(options({ configId: captcha ? 'guarded' : 'demo', fetch, captcha })).startOtp('OTP_TYPE_EMAIL', nextEmail());
        assert.deepEqual(sent.map((s) => s.endpoint), ['otp_init']);
      }
    });

    it('a question that fails is not kept: the call goes without a token (the service judges), and the next call asks again', async () => {
      let down = true;
      const { fetch: recording, sent } = recordingFetch();
      const fetch: typeof globalThis.fetch = (input, init) =>
        down && String(input).endsWith('/wallet_kit_client_params') ? Promise.resolve(new Response('{"code":5,"message":"Not Found"}', { status: 404 })) : recording(input, init);
      const kit = new LatchKit(options({ configId: 'guarded', fetch, captcha: { container: container() } }));
      assert.equal((await rejection(kit.startOtp('OTP_TYPE_EMAIL', nextEmail()))).code, 'ERR_SERVICE_FORBIDDEN');
      down = false;
      await kit.startOtp('OTP_TYPE_EMAIL', nextEmail());
      assert.deepEqual(sent, [
        { endpoint: 'otp_init', token: undefined },
        { endpoint: 'wallet_kit_client_params', token: undefined },
        { endpoint: 'otp_init', token: DUMMY },
      ]);
    });
  });

  it('an OAuth sign-up sends a token with its signup; the login after it sends none', async () => {
    const opened: { url: string; popup: PopupWindow & { location: { href: string } } }[] = [];
    const host: PopupHost = {
      open(url) {
        const popup = { closed: false, location: { href: 'about:blank' }, close() {} };
        opened.push({ url, popup });
        return popup;
      },
      assign() {},
    };
    const { fetch, sent } = recordingFetch();
    let asked = 0;
    const kit = new LatchKit(
      options({
        configId: 'guarded',
        fetch,
        captcha: async () => (asked++, DUMMY),
        keyStore: new MemoryKeyStore(),
        popupHost: host,
        oauthRedirectUri: 'http://localhost:8000/oauth/callback',
        oauthAuthorizeUrls: { google: `${t.urls.oauthUrl}/google/authorize` },
        pendingStore: sessionStoragePendingStore(undefined),
      }),
    );
    const pending = await kit.prepareOAuth('google');
    const launch = kit.launchOAuth(pending);
    const finished = kit.finishOAuth(pending, launch);
    opened[0]!.popup.location.href = await consent(pending.url, nextEmail());
    const outcome = await finished;
    assert.equal(outcome?.created, true);
    assert.equal(asked, 1);
    assert.deepEqual(
      sent.filter((s) => s.token !== undefined),
      [{ endpoint: 'signup', token: DUMMY }],
    );
  });
});
