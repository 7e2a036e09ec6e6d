// E3 frame-ancestors-per-tenant, in a real browser: the on-ramp provider page (the one emulator
// page meant to be embedded) may be framed by the tenant's allowed origins only. A page on an
// allowed origin shows it in an iframe; the same page on another origin (another host name,
// same port) gets nothing; every other emulator page refuses every embedder.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createEmulator, type Emulator } from '../../demo/emulator/emulator.ts';
import { ActivityClient } from '../../src/clients/activity-client.ts';
import { ApiKeyStamper } from '../../src/stamp/api-key-stamper.ts';
import { newTestKey } from '../emulator/support/emulator-fixture.ts';
import { launchBrowser, type Browser } from './support/browser.ts';

const ONRAMP = {
  onrampProvider: 'FIAT_ON_RAMP_PROVIDER_COINBASE',
  network: 'FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_ETHEREUM',
  cryptoCurrencyCode: 'FIAT_ON_RAMP_CRYPTO_CURRENCY_ETH',
  walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
} as const;

describe('E3 frame-ancestors-per-tenant', { timeout: 120_000 }, () => {
  let emulator: Emulator;
  let embedder: Server;
  let port: number;
  let browser: Browser;
  let onRampUrl: string;
  let subOnRampUrl: string;

  before(async () => {
    const root = await newTestKey();
    // The embedding page is served on 127.0.0.1:<port>; only that origin is the tenant's.
    embedder = createServer((request, response) => {
      const src = new URL(request.url ?? '/', 'http://x').searchParams.get('src') ?? '';
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><title>embedder</title><iframe id="frame" src="${src.replace(/"/g, '&quot;')}"></iframe>`);
    });
    await new Promise<void>((resolve) => embedder.listen(0, '127.0.0.1', resolve));
    port = (embedder.address() as AddressInfo).port;
    emulator = createEmulator({
      host: '127.0.0.1',
      port: 0,
      proxyPort: 0,
      quiet: true,
      rootApiKeys: [root.id],
      proxyConfigs: [{ id: 'demo', allowedOrigins: [`http://127.0.0.1:${port}`] }],
    });
    const urls = await emulator.start();
    const organizationId = emulator.state.read.proxyBindings.get('demo')!.organizationId;
    const client = new ActivityClient({ apiBaseUrl: urls.apiUrl, stamper: new ApiKeyStamper(root) });
    const activity = await client.submit('init_fiat_on_ramp', {
      organizationId,
      parameters: ONRAMP,
    });
    onRampUrl = client.result(activity).onRampUrl;
    // A user's on-ramp lives in their sub-organization: it follows the parent's configuration.
    const sub = await client.submit('create_sub_organization', {
      organizationId,
      parameters: { subOrganizationName: 'user', rootUsers: [{ userName: 'u', apiKeys: [], authenticators: [], oauthProviders: [] }], rootQuorumThreshold: 1 },
    });
    const subActivity = await client.submit('init_fiat_on_ramp', { organizationId: client.result(sub).subOrganizationId, parameters: ONRAMP });
    subOnRampUrl = client.result(subActivity).onRampUrl;
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await emulator?.stop();
    await new Promise((resolve) => embedder?.close(resolve));
  });

  /** The text of #onramp-status inside the iframe, or null when the frame shows no such page. */
  async function framedStatus(host: string, src: string): Promise<string | null> {
    const page = await browser.newPage();
    try {
      await page.goto(`http://${host}:${port}/?src=${encodeURIComponent(src)}`, { waitUntil: 'load' });
      const frame = page.frames().find((f) => f !== page.mainFrame());
      if (!frame) return null;
      try {
        return await frame.evaluate(() => document.querySelector('#onramp-status')?.textContent ?? null);
      } catch {
        return null; // an error page the engine will not let us into: nothing was shown
      }
    } finally {
      await page.close();
    }
  }

  it('E3 frame-ancestors-per-tenant: the CSP lists exactly the tenant origins; an unknown on-ramp page says none', async () => {
    for (const url of [onRampUrl, subOnRampUrl]) {
      const page = await fetch(url);
      assert.match(page.headers.get('content-security-policy') ?? '', new RegExp(`; frame-ancestors http://127\\.0\\.0\\.1:${port}$`));
    }
    const unknown = await fetch(new URL('/__onramp/no-such-transaction', onRampUrl));
    assert.equal(unknown.status, 404);
    assert.match(unknown.headers.get('content-security-policy') ?? '', /; frame-ancestors 'none'$/);
  });

  it('an allow-listed embedder shows the on-ramp page in its iframe', async () => {
    assert.equal(await framedStatus('127.0.0.1', onRampUrl), 'PENDING');
  });

  it('the same page on another origin (localhost, same port) is refused the frame', async () => {
    assert.equal(await framedStatus('localhost', onRampUrl), null);
  });
});
